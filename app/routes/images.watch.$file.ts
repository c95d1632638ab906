import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseWatchImageFile, renderWatchFace } from "~/lib/watch-face";

// Rendered pictures, newest last; a spec's bytes never change, so a small memo saves the work.
const MEMO_LIMIT = 500;
const memo = new Map<string, string>();

/**
 * `GET /images/watch/<brand>-<case>-<metal>-<dial>-<strap>-<index>-<complication>-<movement>-<water>-<set>-<view>.svg`
 * (and the 8-token names of stores seeded before issue 9, without movement, water and set):
 * a product picture drawn by app/lib/watch-face.ts (docs/decisions/0101, 0425). The name is parsed
 * with zod; anything that is not a known spec answers 404, never 500. The same name always gives
 * the same bytes, so the answer may be cached for a year (immutable).
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  const spec = parseWatchImageFile(file);
  if (!spec) {
    return new Response("Not found", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=300" },
    });
  }
  let svg = memo.get(file);
  if (svg === undefined) {
    svg = renderWatchFace(spec);
    if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
    memo.set(file, svg);
  }
  return new Response(svg, {
    headers: {
      "content-type": "image/svg+xml; charset=utf-8",
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      // An SVG opened on its own may not run script or load anything.
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
