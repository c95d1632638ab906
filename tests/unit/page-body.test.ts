import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { PAGE_BODY_BURST_BYTES, pageBody } from "~/http/page-body.server";

/** Collects what the body hands on, chunk by chunk, as text. */
function reader(body: ReturnType<typeof pageBody>) {
  const chunks: string[] = [];
  body.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  const ended = new Promise<void>((resolve) => body.on("end", () => resolve()));
  return { chunks, ended };
}

describe("pageBody: what React writes in one turn goes on as one chunk (issue 49 item 5)", () => {
  it("joins the views of one turn into one chunk, in order, at the end of that turn", async () => {
    const body = pageBody();
    const { chunks } = reader(body);
    // React's Node renderer writes a page in ~2 KB views, all in one synchronous pass.
    for (let i = 0; i < 40; i++) body.write(Buffer.from(`<p>${i}</p>`));
    expect(chunks).toEqual([]);
    await nextTurn();
    expect(chunks).toEqual([Array.from({ length: 40 }, (_, i) => `<p>${i}</p>`).join("")]);
  });

  it("keeps streaming: a later burst (a Suspense boundary resolving) is a chunk of its own, sent in its own turn", async () => {
    const body = pageBody();
    const { chunks, ended } = reader(body);
    body.write(Buffer.from("<html><body>shell"));
    body.write(Buffer.from("<div>fallback</div>"));
    await nextTurn();
    expect(chunks).toEqual(["<html><body>shell<div>fallback</div>"]);
    body.write(Buffer.from("<template>resolved</template>"));
    body.end(Buffer.from("</body></html>"));
    await ended;
    expect(chunks).toEqual(["<html><body>shell<div>fallback</div>", "<template>resolved</template></body></html>"]);
  });

  it("sends a burst at once when it reaches the burst size, without waiting for the turn to end", () => {
    const body = pageBody();
    const { chunks } = reader(body);
    const view = "x".repeat(2048);
    const views = PAGE_BODY_BURST_BYTES / 2048;
    for (let i = 0; i < views + 1; i++) body.write(Buffer.from(view));
    // Flowing mode hands pushed chunks on synchronously: one full burst now, the last view later.
    expect(chunks.map((c) => c.length)).toEqual([PAGE_BODY_BURST_BYTES]);
  });

  it("ends with everything written, byte for byte (multi-byte text split across views included), and nothing after the end", async () => {
    const page = "नमस्ते — ₹12,34,567.89 ".repeat(500);
    const bytes = Buffer.from(page);
    const body = pageBody();
    const { chunks, ended } = reader(body);
    const errors: Error[] = [];
    body.on("error", (error) => errors.push(error));
    for (let at = 0; at < bytes.length; at += 2047) body.write(bytes.subarray(at, at + 2047));
    body.end();
    await ended;
    await nextTurn(); // the turn's scheduled hand-on runs after the end: it must find nothing to push
    expect(errors).toEqual([]);
    expect(chunks.join("")).toBe(page);
  });

  it("hands nothing on once destroyed (the shopper went away mid-page)", async () => {
    const body = pageBody();
    const { chunks } = reader(body);
    body.write(Buffer.from("half a page"));
    body.destroy();
    await nextTurn();
    expect(chunks).toEqual([]);
  });
});
