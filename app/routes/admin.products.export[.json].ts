import type { LoaderFunctionArgs } from "@remix-run/node";
import { productToJson } from "~/schemas/product";
import { refuseAdminPost, requireStaff } from "~/utils/staff.server";

/**
 * `GET /admin/products/export.json` (issue 12 item 2): the whole catalogue as a listproduct file
 * (`{success, products}`, SPEC.md §7, rupees) to download, in catalogue order, streamed 1,000
 * products at a time. A backup: hidden products are in it, each with `"hidden": true`, which the
 * import reads back (docs/decisions/0610). Staff and owners.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { own } = await requireStaff(request);
  const encoder = new TextEncoder();
  const batches = own.products.productBatches(1000, { includeHidden: true });
  let first = true;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('{"success":true,"products":['));
    },
    async pull(controller) {
      const { done, value } = await batches.next();
      if (done) {
        controller.enqueue(encoder.encode("]}\n"));
        controller.close();
        return;
      }
      const text = value.map((product) => JSON.stringify(product.hidden ? { ...productToJson(product), hidden: true } : productToJson(product))).join(",");
      controller.enqueue(encoder.encode((first ? "" : ",") + text));
      first = false;
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="catalogue-${date}.json"`,
      "cache-control": "private, no-store",
    },
  });
}

/** Nothing to post here: 404 for anyone but staff (refuseAdminPost). */
export const action = refuseAdminPost;
