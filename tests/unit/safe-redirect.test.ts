import { describe, expect, it } from "vitest";
import { loginPath, MAX_REDIRECT_TARGET, safeRedirect } from "~/utils/safe-redirect";

/**
 * The one redirect parser (issue 43 item 4; docs/decisions/0940): a fixed table of targets and
 * what each becomes — a printable-ASCII path on this store, or the fallback. The answer must
 * always be a valid `Location` header: `new Headers({ Location })` would throw on anything else,
 * which is how a non-ASCII `redirectTo` answered 500 after a sign-up had been written.
 */

const TABLE: [label: string, to: string, expected: string][] = [
  ["a plain path", "/cart", "/cart"],
  ["a path with a query", "/product/w00001?colour=Black", "/product/w00001?colour=Black"],
  ["a path, a query and a fragment", "/?index#newsletter", "/?index#newsletter"],
  ["an encoded space kept", "/collection?q=steel%20watch", "/collection?q=steel%20watch"],
  ["surrounding spaces trimmed", "  /cart  ", "/cart"],
  ["a Hindi page", "/hi/collection?category=Men", "/hi/collection?category=Men"],
  // Non-ASCII: percent-encoded as UTF-8, in the path, the query and the fragment alike.
  ["an ideographic space, decoded", "/\u3000x", "/%E3%80%80x"],
  ["an ideographic space, encoded", "/%E3%80%80x", "/%E3%80%80x"],
  ["Devanagari in the query", "/collection?q=\u0918\u0921\u093c\u0940", "/collection?q=%E0%A4%98%E0%A4%A1%E0%A4%BC%E0%A5%80"],
  ["Latin-1 in the path", "/caf\u00e9", "/caf%C3%A9"],
  ["an emoji in the fragment", "/cart#\u231a", "/cart#%E2%8C%9A"],
  ["a raw space in the path", "/a b", "/a%20b"],
  ["a lone surrogate", "/x\ud800", "/x%EF%BF%BD"],
  ["quotes and angle brackets", '/x"<y>', "/x%22%3Cy%3E"],
  // Other hosts, however written.
  ["another host", "//evil.example", "/"],
  ["a backslash host", "/\\evil.example", "/"],
  ["a backslash later", "/cart\\..\\x", "/"],
  ["an absolute URL", "https://evil.example/", "/"],
  ["a scheme", "javascript:alert(1)", "/"],
  ["a relative path", "cart", "/"],
  ["a dot segment that resolves to //", "/.//evil.example", "/"],
  ["a parent segment", "/../admin", "/"],
  ["an encoded parent segment", "/%2e%2e/admin", "/"],
  ["an encoded backslash", "/%5Cevil.example", "/"],
  ["an encoded lower-case backslash", "/%5cevil.example", "/"],
  ["encoded slashes", "/%2F%2Fevil.example", "/"],
  ["encoded slashes from the start", "%2F%2Fevil.example", "/"],
  // Control characters, raw or encoded.
  ["a line break", "/cart\n/evil", "/"],
  ["a tab that the URL parser would drop", "/\t/evil.example", "/"],
  ["an encoded line break", "/cart%0d%0aSet-Cookie:x=1", "/"],
  ["an encoded NUL", "/cart%00", "/"],
  ["a raw NUL", "/cart\u0000", "/"],
  ["DEL", "/cart\u007f", "/"],
  // Not decodable, empty, too long.
  ["a broken escape", "/%E0%A4%A", "/"],
  ["an escape of invalid UTF-8", "/%FF", "/"],
  ["empty", "", "/"],
  ["spaces only", "   ", "/"],
  ["the longest taken", `/${"a".repeat(MAX_REDIRECT_TARGET - 1)}`, `/${"a".repeat(MAX_REDIRECT_TARGET - 1)}`],
  ["one character too long", `/${"a".repeat(MAX_REDIRECT_TARGET)}`, "/"],
  ["very long", `/${"\u3000".repeat(100_000)}`, "/"],
];

describe("safeRedirect", () => {
  it.each(TABLE)("%s: %j → %j", (_label, to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });

  it.each(TABLE)("%s: the answer is a valid Location header", (_label, to) => {
    const target = safeRedirect(to);
    expect(() => new Headers({ Location: target })).not.toThrow();
    expect(target).toMatch(/^\/(?!\/)[\x21-\x7e]*$/);
  });

  it("gives the fallback for a missing or non-text target", () => {
    expect(safeRedirect(null, "/cart")).toBe("/cart");
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(new File(["/cart"], "x.txt"), "/wishlist")).toBe("/wishlist");
  });

  it("never throws, whatever the text", () => {
    const refused: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      const character = String.fromCharCode(code);
      for (const to of [`/${character}`, `/x?${character}`, `/x#${character}`, `${character}/x`]) {
        try {
          new Headers({ Location: safeRedirect(to) });
        } catch {
          refused.push(to);
        }
      }
    }
    expect(refused).toEqual([]);
  });
});

describe("loginPath", () => {
  it("keeps a non-ASCII way back encoded", () => {
    expect(loginPath("/\u3000x")).toBe("/login?redirectTo=%2F%25E3%2580%2580x");
    expect(loginPath("/cart", "signup")).toBe("/login?mode=signup&redirectTo=%2Fcart");
    expect(loginPath("//evil.example")).toBe("/login");
  });
});
