import { sitemapIndex } from "~/utils/sitemap.server";

/** `GET /sitemap.xml`: the sitemap index (issue 11 item 4; utils/sitemap.server.ts). */
export async function loader() {
  return sitemapIndex();
}
