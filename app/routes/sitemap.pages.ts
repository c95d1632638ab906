import { pagesSitemap } from "~/utils/sitemap.server";

/** `GET /sitemap/pages`: home, collections and static pages (issue 11 item 4). */
export async function loader() {
  return pagesSitemap();
}
