import { afterEach, describe, expect, it } from "vitest";
import { parseEnv, resetEnv } from "~/config/env.server";
import { contentSecurityPolicy, everyResponseHeaders, isPersonalResponse, newNonce } from "~/utils/security-headers.server";

/** The page policy and cache rules of DESIGN.md §16 (issue 8 items 8, 9), as pure functions. */

function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(";").map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

const env = parseEnv({ NODE_ENV: "test" });

describe("contentSecurityPolicy", () => {
  it("allows only the store's scripts and this response's nonce, no plugins, no foreign framing", () => {
    const d = directives(contentSecurityPolicy("abc123", "/", env));
    expect(d["script-src"]).toEqual(["'self'", "'nonce-abc123'"]);
    expect(d["object-src"]).toEqual(["'none'"]);
    expect(d["base-uri"]).toEqual(["'self'"]);
    expect(d["frame-ancestors"]).toEqual(["'self'"]);
    expect(d["img-src"]).toEqual(["'self'", "data:"]);
    expect(d["connect-src"]).toEqual(["'self'"]);
    expect(d["frame-src"]).toEqual(["'self'"]);
    expect(d["form-action"]).toEqual([
      "'self'",
      "https://payments.cashfree.com",
      "https://payments-test.cashfree.com",
      "https://api.cashfree.com",
      "https://sandbox.cashfree.com",
    ]);
  });

  it("opens Cashfree.js's script, calls and frames on /place-order only", () => {
    const d = directives(contentSecurityPolicy("n", "/place-order", env));
    expect(d["script-src"]).toEqual(["'self'", "'nonce-n'", "https://sdk.cashfree.com"]);
    expect(d["connect-src"]).toEqual(["'self'", "https://api.cashfree.com", "https://sandbox.cashfree.com"]);
    expect(d["frame-src"]).toEqual(expect.arrayContaining(["https://sdk.cashfree.com", "https://payments.cashfree.com", "https://sandbox.cashfree.com"]));
    expect(directives(contentSecurityPolicy("n", "/place-order/x", env))["script-src"]).not.toContain("https://sdk.cashfree.com");
  });

  it("adds CASHFREE_API_BASE's origin wherever Cashfree's hosts are", () => {
    const withBase = parseEnv({ NODE_ENV: "test", CASHFREE_API_BASE: "http://127.0.0.1:4010/pg" });
    expect(directives(contentSecurityPolicy("n", "/", withBase))["form-action"]).toContain("http://127.0.0.1:4010");
    const checkout = directives(contentSecurityPolicy("n", "/place-order", withBase));
    expect(checkout["connect-src"]).toContain("http://127.0.0.1:4010");
    expect(checkout["frame-src"]).toContain("http://127.0.0.1:4010");
  });

  it("never allows inline or eval'd script", () => {
    for (const path of ["/", "/place-order"]) {
      expect(directives(contentSecurityPolicy(newNonce(), path, env))["script-src"]).not.toEqual(
        expect.arrayContaining(["'unsafe-inline'"]),
      );
      expect(contentSecurityPolicy(newNonce(), path, env)).not.toContain("unsafe-eval");
    }
  });

  it("lets `remix dev`'s hot updates in only in development", () => {
    const dev = directives(contentSecurityPolicy("n", "/", parseEnv({ NODE_ENV: "development" })));
    expect(dev["connect-src"]).toEqual(["'self'", "http://localhost:*", "ws://localhost:*"]);
    expect(directives(contentSecurityPolicy("n", "/", parseEnv({ NODE_ENV: "production" })))["connect-src"]).toEqual(["'self'"]);
  });

  it("a fresh 128-bit nonce each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, () => newNonce()));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});

describe("everyResponseHeaders", () => {
  it("nosniff always; HSTS for 180 days with subdomains only on https", () => {
    expect(everyResponseHeaders(env)).toEqual({ "X-Content-Type-Options": "nosniff" });
    expect(everyResponseHeaders(parseEnv({ NODE_ENV: "test", PUBLIC_URL: "https://shop.example", PAYMENT_SIMULATOR: "true" }))).toEqual({
      "X-Content-Type-Options": "nosniff",
      "Strict-Transport-Security": "max-age=15552000; includeSubDomains",
    });
  });
});

describe("isPersonalResponse", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnv();
  });

  function personal(path: string, cookie?: string, setCookie?: string) {
    const request = new Request(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} });
    return isPersonalResponse(request, new Headers(setCookie ? { "set-cookie": setCookie } : {}));
  }

  it("personal paths always; other pages only with the session or toast cookie, or when setting a cookie", () => {
    process.env = { ...saved, NODE_ENV: "test", PUBLIC_URL: "", SESSION_SECRET: "x".repeat(40) };
    resetEnv();
    for (const path of ["/cart", "/orders", "/place-order", "/profile", "/verify?orderId=1"]) expect(personal(path), path).toBe(true);
    for (const path of ["/", "/collection", "/product/abc", "/about"]) expect(personal(path), path).toBe(false);
    expect(personal("/", "__session=abc")).toBe(true);
    expect(personal("/about", "theme=dark; toast-session=xyz")).toBe(true);
    expect(personal("/about", "theme=dark")).toBe(false);
    expect(personal("/about", undefined, "toast-session=; Max-Age=0")).toBe(true);
    expect(personal("/cartoon")).toBe(false);
  });

  it("on https the cookies are the __Host- ones", () => {
    process.env = { ...saved, NODE_ENV: "test", PUBLIC_URL: "https://shop.example", PAYMENT_SIMULATOR: "true", SESSION_SECRET: "x".repeat(40) };
    resetEnv();
    expect(personal("/", "__Host-session=abc")).toBe(true);
    expect(personal("/", "__session=abc")).toBe(false);
  });
});
