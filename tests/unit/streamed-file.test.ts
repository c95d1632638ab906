import { describe, expect, it } from "vitest";
import { BodyError } from "~/http/body.server";
import { readStreamedFile } from "~/http/streamed-file.server";

/**
 * The import page's upload reader (issue 21 item 3): the file part's bytes reach the reader as they
 * arrive, within the file and body limits; everything else about the form is refused as
 * readFormData refuses it.
 */

const LIMITS = { field: "file", maxBodyBytes: 64 * 1024, maxFileBytes: 32 * 1024 };
const BOUNDARY = "----streamed-file-test";

type Part = { name: string; value: string | Buffer; filename?: string };

/** A multipart/form-data body of `parts`, in order. */
function multipart(parts: Part[]): Buffer {
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename === undefined ? "" : `; filename="${part.filename}"`}\r\n` +
        (part.filename === undefined ? "\r\n" : "Content-Type: application/json\r\n\r\n"),
    ),
    Buffer.from(part.value),
    Buffer.from("\r\n"),
  ]);
  return Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

/** A POST of `body` sent in chunks of `chunk` bytes with no Content-Length (as a chunked upload). */
function post(body: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`, chunk = 4096): Request {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < body.length; i += chunk) controller.enqueue(new Uint8Array(body.subarray(i, i + chunk)));
      controller.close();
    },
  });
  return new Request("http://localhost/admin/products/import", { method: "POST", headers: { "content-type": contentType }, body: stream, duplex: "half" } as RequestInit);
}

/** Reads the request's file into one string, as a consumer that reads everything. */
const readAll = async (chunks: AsyncIterable<Uint8Array>) => {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(Buffer.from(chunk));
  return { text: Buffer.concat(parts).toString("utf8"), pieces: parts.length };
};

describe("readStreamedFile", () => {
  it("hands the file part's bytes over in pieces as they arrive, skipping the other fields", async () => {
    const json = JSON.stringify({ products: Array.from({ length: 400 }, (_, i) => ({ _id: `w${i}` })) });
    const found = await readStreamedFile(
      post(multipart([{ name: "note", value: "hello" }, { name: "file", filename: "c.json", value: json }, { name: "other", filename: "x.json", value: "[]" }])),
      LIMITS,
      readAll,
    );
    expect(found).toMatchObject({ kind: "file", name: "c.json", bytes: Buffer.byteLength(json), value: { text: json } });
    expect(found.kind === "file" && found.value.pieces).toBeGreaterThan(1);
  });

  it("reads and drops what the consumer leaves unread, and still gives the whole file's size", async () => {
    const json = "x".repeat(20_000);
    const found = await readStreamedFile(post(multipart([{ name: "file", filename: "c.json", value: json }])), LIMITS, async (chunks) => {
      for await (const chunk of chunks) return chunk.byteLength;
      return 0;
    });
    expect(found).toMatchObject({ kind: "file", bytes: 20_000 });
  });

  it("answers too-large for a file over the limit; the consumer never sees more than the limit", async () => {
    const found = await readStreamedFile(post(multipart([{ name: "file", filename: "big.json", value: "y".repeat(40_000) }])), LIMITS, readAll);
    expect(found).toEqual({ kind: "too-large" });
    let seen = 0;
    await readStreamedFile(post(multipart([{ name: "file", filename: "big.json", value: "y".repeat(40_000) }])), LIMITS, async (chunks) => {
      for await (const chunk of chunks) seen += chunk.byteLength;
    });
    expect(seen).toBeLessThanOrEqual(LIMITS.maxFileBytes);
  });

  it("answers none without a file, for an empty file, and for a form that is not multipart", async () => {
    expect(await readStreamedFile(post(multipart([{ name: "note", value: "hello" }])), LIMITS, readAll)).toEqual({ kind: "none" });
    expect(await readStreamedFile(post(multipart([{ name: "file", filename: "empty.json", value: "" }])), LIMITS, readAll)).toEqual({ kind: "none" });
    expect(await readStreamedFile(post(Buffer.from("file=abc"), "application/x-www-form-urlencoded"), LIMITS, readAll)).toEqual({ kind: "none" });
  });

  it("throws BodyError 413 for a body over the cap (declared or streamed) and 400 for a broken form", async () => {
    const status = (request: Request) =>
      readStreamedFile(request, LIMITS, readAll).then(
        () => "read",
        (error: unknown) => (error instanceof BodyError ? error.status : String(error)),
      );
    const huge = multipart([{ name: "note", value: "z".repeat(70_000) }]);
    expect(await status(post(huge))).toBe(413);
    const declared = new Request("http://localhost/x", {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, "content-length": String(100_000) },
      body: "x",
    });
    expect(await status(declared)).toBe(413);
    expect(await status(post(multipart([{ name: "file", filename: "c.json", value: "[1]" }]).subarray(0, 120)))).toBe(400);
    expect(await status(post(Buffer.from("no boundary here"), "multipart/form-data"))).toBe(400);
    expect(await status(post(Buffer.from("{}"), "application/json"))).toBe(400);
  });

  it("lets an error of the consumer itself through unchanged", async () => {
    const bug = new Error("a bug in the consumer");
    await expect(
      readStreamedFile(post(multipart([{ name: "file", filename: "c.json", value: "[1]" }])), LIMITS, async () => {
        throw bug;
      }),
    ).rejects.toBe(bug);
  });
});
