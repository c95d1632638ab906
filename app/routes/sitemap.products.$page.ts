import type { LoaderFunctionArgs } from "@remix-run/node";
import { productsSitemap } from "~/utils/sitemap.server";

/** `GET /sitemap/products/:page`: up to 50,000 product URLs; an unknown page is a 404 (issue 11 item 4). */
export async function loader({ params }: LoaderFunctionArgs) {
  return productsSitemap(params.page);
}
