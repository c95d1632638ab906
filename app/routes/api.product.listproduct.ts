import { json } from "@remix-run/node";
import { getCatalogue } from "~/backend/index.server";
import { productToJson } from "~/schemas/product";
import { handleApi } from "~/utils/api.server";

/** `GET /api/product/listproduct` (SPEC.md §7): `{success, products}` in rupees. */
export async function loader() {
  return handleApi(async () => {
    const { products } = await getCatalogue();
    return json(
      { success: true, products: products.map(productToJson) },
      { headers: { "cache-control": "public, max-age=30" } },
    );
  });
}
