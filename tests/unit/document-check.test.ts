import { describe, expect, it } from "vitest";
import { byteProblems, documentProblems, markupProblems } from "../e2e/document-check";

/**
 * The check the browser tests run on every HTML page they receive (tests/e2e/document-check.ts,
 * issue 22 item 4) reports what it is for, so it can fail.
 */

const page = (body: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Watches</title></head><body><main>${body}</main></body></html>`;
const bytes = (html: string) => new TextEncoder().encode(html);

describe("the HTML document check", () => {
  it("passes a clean page with prices in rupees", async () => {
    const html = page(`<h1 id="title">Watches</h1><p>From ₹1,999</p><label for="q">Search</label><input id="q" name="q" type="search"/>`);
    expect(await documentProblems({ url: "http://localhost/collection", status: 200, body: bytes(html) })).toEqual([]);
  });

  it("reports a NUL byte with its URL and byte offset", async () => {
    const html = page("<p>₹1,999</p>");
    const body = bytes(html);
    const offset = body.indexOf(0x3c, body.indexOf(0xe2)); // the "<" of "</p>", after the rupee sign
    body[offset - 1] = 0x00;
    expect(await documentProblems({ url: "http://localhost/collection?page=2", status: 200, body })).toEqual([
      `200 http://localhost/collection?page=2: control byte 0x00 at byte ${offset - 1}`,
    ]);
  });

  it("reports every other control byte but keeps tab, line feed and carriage return", () => {
    for (const byte of [0x01, 0x08, 0x0b, 0x0c, 0x0e, 0x1f, 0x7f]) {
      expect(byteProblems(Uint8Array.of(0x3c, byte, 0x3e))).toEqual([`control byte 0x${byte.toString(16).padStart(2, "0")} at byte 1`]);
    }
    expect(byteProblems(bytes("<p>\t\r\n</p>"))).toEqual([]);
  });

  it("reports bytes that are not UTF-8", () => {
    const body = bytes("<p>₹</p>").slice(0, 5); // "<p>" and the rupee sign cut after 2 of its 3 bytes
    expect(byteProblems(body)).toEqual(["not UTF-8 from byte 3"]);
  });

  it("reports a duplicate id", async () => {
    const html = page(`<label for="email">Email</label><input id="email" name="email"/><p id="email">Sent</p>`);
    expect(await documentProblems({ url: "http://localhost/login", status: 400, body: bytes(html) })).toEqual([
      expect.stringMatching(/^400 http:\/\/localhost\/login: no-dup-id: Duplicate ID "email"/),
    ]);
  });

  it("reports misnested elements and invalid attribute values", async () => {
    const problems = await markupProblems(page(`<p>Price<div>₹1,999</div></p><button type="link">Buy</button>`));
    expect(problems.map((problem) => problem.split(":")[0])).toEqual(["no-implicit-close", "close-order", "attribute-allowed-values"]);
  });

  it("validates a page's markup once per status, path and body, whatever its CSP nonce; a failing page every time", async () => {
    const seen = new Set<string>();
    const withNonce = (nonce: string, body: string) => bytes(page(`${body}<script nonce="${nonce}">1</script>`));
    const url = "http://localhost/about";
    const duplicateIds = `<p id="a">x</p><p id="a">y</p>`;
    expect(await documentProblems({ url, status: 200, body: withNonce("n1", duplicateIds) }, seen)).toHaveLength(1);
    expect(await documentProblems({ url, status: 200, body: withNonce("n2", duplicateIds) }, seen)).toHaveLength(1);
    expect(seen.size).toBe(0);
    const valid = `<p id="a">x</p>`;
    expect(await documentProblems({ url, status: 200, body: withNonce("n1", valid) }, seen)).toEqual([]);
    expect(await documentProblems({ url, status: 200, body: withNonce("n2", valid) }, seen)).toEqual([]);
    expect(seen.size).toBe(1);
    expect(await documentProblems({ url: `${url}?x=1`, status: 200, body: withNonce("n3", valid) }, seen)).toEqual([]);
    expect(seen.size).toBe(2);
  });
});
