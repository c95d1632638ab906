import { getBackend } from "~/backend/index.server";
import { productToJson } from "~/schemas/product";
import { handleApi } from "~/utils/api.server";

/**
 * `GET /api/product/listproduct` (SPEC.md §7): `{success, products}` in rupees, streamed a batch of
 * products at a time (100,000 products ≈ 50 MB never sit in memory as one string; issue 10 item 3),
 * with the catalogue's version as a strong ETag: `If-None-Match` with the current tag → 304 and no
 * body. `no-cache` so every cache revalidates — cheap with the ETag.
 */
export async function loader({ request }: { request: Request }) {
  return handleApi(async () => {
    const backend = getBackend();
    const etag = await backend.catalogueTag();
    const headers = { etag, "cache-control": "public, no-cache", "content-type": "application/json; charset=utf-8" };
    if (matchesEtag(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
    const encoder = new TextEncoder();
    const batches = backend.productBatches()[Symbol.asyncIterator]();
    let first = true;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('{"success":true,"products":['));
      },
      async pull(controller) {
        const next = await batches.next();
        if (next.done) {
          controller.enqueue(encoder.encode("]}"));
          controller.close();
          return;
        }
        const items = next.value.map((product) => JSON.stringify(productToJson(product))).join(",");
        if (!items) return;
        controller.enqueue(encoder.encode(first ? items : `,${items}`));
        first = false;
      },
      async cancel() {
        await batches.return?.();
      },
    });
    return new Response(body, { status: 200, headers });
  });
}

/** `If-None-Match` (RFC 9110 §13.1.2): `*`, or a list of tags compared weakly. */
function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => bare(tag) === bare(etag));
}
