import type { LoaderFunctionArgs } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";

/**
 * `GET /uploads/<sha-256>.<jpg|png|webp>`: a product picture uploaded in the back office (issue 12
 * item 2; docs/decisions/0610). The name is the hash of the bytes, so an answer never changes and
 * may be cached for a year. Served with the type its bytes were checked to be, `nosniff`, and a
 * CSP that lets nothing run if the file is opened on its own. Any other name: 404.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  // Pictures live with the store's own data (on a remote backend's server when BACKEND_URL is set).
  const image = (await getBackend().own?.products.readStoredImage(params.file ?? "")) ?? null;
  if (!image) {
    return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=60" } });
  }
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      "content-type": image.type,
      "content-length": String(image.bytes.byteLength),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
