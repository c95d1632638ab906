import { robotsTxt } from "~/utils/sitemap.server";

/** `GET /robots.txt` (issue 11 item 4). */
export async function loader() {
  return robotsTxt();
}
