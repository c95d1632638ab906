import { json } from "@remix-run/node";
import { getCatalogue } from "~/backend/index.server";

/** Liveness and readiness: answers 200 once the catalogue can be read. */
export async function loader() {
  const { products } = await getCatalogue();
  return json({ ok: true, products: products.length }, { headers: { "cache-control": "no-store" } });
}
