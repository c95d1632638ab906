import { createRequire } from "node:module";
import path from "node:path";
import { PassThrough } from "node:stream";
import { createElement } from "react";
import type { renderToPipeableStream as RenderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";

/**
 * Every byte React's stream renderer sends is the page's own (issue 22 item 4). React 18.3.1's
 * Node writer flushed its whole 2,048-byte buffer when a multi-byte character ("₹", 3 bytes) did
 * not fit at its end, sending the unused bytes as NULs (facebook/react#31134); /collection carried
 * one at byte 30,719. patches/react-dom+18.3.1.patch writes only the bytes encoded.
 */

const require = createRequire(import.meta.url);
const cjs = path.join(path.dirname(require.resolve("react-dom/package.json")), "cjs");
/** The server renderer's two builds: the production one the store runs, the development one. */
const BUILDS: [string, typeof RenderToPipeableStream][] = [
  ["production", require(path.join(cjs, "react-dom-server.node.production.min.js")).renderToPipeableStream],
  ["development", require(path.join(cjs, "react-dom-server.node.development.js")).renderToPipeableStream],
];

/** The bytes `renderToPipeableStream` sends for `element`. */
function renderBytes(renderToPipeableStream: typeof RenderToPipeableStream, element: ReturnType<typeof createElement>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on("data", (chunk: Buffer) => chunks.push(chunk));
    sink.on("end", () => resolve(Buffer.concat(chunks)));
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(sink), onError: reject });
  });
}

describe.each(BUILDS)("the stream renderer's bytes (%s build)", (_name, renderToPipeableStream) => {
  it("sends prices in rupees across every buffer boundary with no NUL byte and no character lost", async () => {
    // Short chunks ("₹" and a price) shifted one byte at a time meet the 2,048-byte boundary at every offset.
    for (let shift = 0; shift < 3; shift++) {
      const prices = Array.from({ length: 600 }, (_, i) => createElement("li", { key: i }, "x".repeat(shift), "₹", `${1000 + i}`));
      const bytes = await renderBytes(renderToPipeableStream, createElement("ul", null, prices));
      expect(bytes.includes(0)).toBe(false);
      const html = bytes.toString("utf8");
      expect(html.match(/₹/g)).toHaveLength(600);
      expect(html).toContain(`<li>${"x".repeat(shift)}${shift ? "<!-- -->" : ""}₹<!-- -->1599</li>`);
    }
  });
});
