import { json } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { DEFAULT_COLLECTION_PARAMS } from "~/schemas/collection-params";

/**
 * Liveness and readiness: answers 200 once the catalogue can be read, with the number of products
 * a shopper sees on /collection (one counting query, never the whole catalogue).
 */
export async function loader() {
  const { total } = await getBackend().queryCatalogue({ ...DEFAULT_COLLECTION_PARAMS, max: 1_000_000_000 });
  return json({ ok: true, products: total }, { headers: { "cache-control": "no-store" } });
}
