import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  cookieName,
  isLoopbackUrl,
  parseEnv,
  paymentSimulatorEnabled,
  publicUrl,
  servedOverHttps,
} from "~/config/env.server";

const LIVE = { CASHFREE_APP_ID: "app", CASHFREE_SECRET_KEY: "secret" };
const LONG_SECRET = "s".repeat(32);

describe("configuration fails closed (DESIGN.md §16, issue 8 items 1, 6, 7, 10)", () => {
  it("refuses a public store without Cashfree credentials, naming them", () => {
    expect(() => parseEnv({ PUBLIC_URL: "https://watches.example" })).toThrow(/CASHFREE_APP_ID: .*CASHFREE_APP_ID\/CASHFREE_SECRET_KEY/);
    expect(() => parseEnv({ PUBLIC_URL: "http://203.0.113.7:3000" })).toThrow(/CASHFREE_APP_ID/);
  });

  it("runs the simulator only for a local trial or an explicit PAYMENT_SIMULATOR=true", () => {
    expect(paymentSimulatorEnabled(parseEnv({}))).toBe(true);
    expect(paymentSimulatorEnabled(parseEnv({ PUBLIC_URL: "http://localhost:3000" }))).toBe(true);
    expect(paymentSimulatorEnabled(parseEnv({ PUBLIC_URL: "http://127.0.0.9:8080" }))).toBe(true);
    expect(paymentSimulatorEnabled(parseEnv({ PUBLIC_URL: "http://[::1]:3000" }))).toBe(true);
    expect(paymentSimulatorEnabled(parseEnv({ PUBLIC_URL: "https://staging.example", PAYMENT_SIMULATOR: "true" }))).toBe(true);
    expect(paymentSimulatorEnabled(parseEnv({ PUBLIC_URL: "https://watches.example", ...LIVE }))).toBe(false);
    expect(paymentSimulatorEnabled(parseEnv({ ...LIVE }))).toBe(false);
  });

  it("never runs the simulator beside credentials", () => {
    expect(() => parseEnv({ PAYMENT_SIMULATOR: "true", ...LIVE })).toThrow(/PAYMENT_SIMULATOR/);
  });

  it("lets a storefront in front of a backend start without keys (the backend takes the money)", () => {
    expect(() => parseEnv({ PUBLIC_URL: "https://watches.example", BACKEND_URL: "https://api.watches.example" })).not.toThrow();
  });

  it("knows loopback hosts from public ones", () => {
    for (const url of ["http://localhost", "http://shop.localhost:3000", "http://127.0.0.1", "http://127.1.2.3", "http://[::1]"]) {
      expect(isLoopbackUrl(url), url).toBe(true);
    }
    for (const url of ["http://localhost.evil.example", "http://128.0.0.1", "https://watches.example", "http://[::2]", "http://10.0.0.1"]) {
      expect(isLoopbackUrl(url), url).toBe(false);
    }
  });

  it("builds absolute URLs from PUBLIC_URL, else http://localhost:$PORT — never from a request", () => {
    expect(publicUrl(parseEnv({ PORT: "4123" }))).toBe("http://localhost:4123");
    expect(publicUrl(parseEnv({ PUBLIC_URL: "https://watches.example/", ...LIVE }))).toBe("https://watches.example");
  });

  it("refuses a short SESSION_SECRET in production, naming it", () => {
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x" })).toThrow(/SESSION_SECRET: must be at least 32 characters/);
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(31) })).toThrow(/SESSION_SECRET/);
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: LONG_SECRET })).not.toThrow();
    expect(() => parseEnv({ NODE_ENV: "development", SESSION_SECRET: "x" })).not.toThrow();
  });

  it("refuses a non-http PUBLIC_URL", () => {
    expect(() => parseEnv({ PUBLIC_URL: "javascript:alert(1)" })).toThrow(/PUBLIC_URL/);
  });

  it("uses Secure __Host- cookies on https only", () => {
    const https = parseEnv({ PUBLIC_URL: "https://watches.example", ...LIVE });
    const http = parseEnv({ PUBLIC_URL: "http://localhost:3000" });
    expect(servedOverHttps(https)).toBe(true);
    expect(cookieName("toast-session", https)).toBe("__Host-toast-session");
    expect(servedOverHttps(http)).toBe(false);
    expect(cookieName("toast-session", http)).toBe("toast-session");
  });
});

describe("generated session secret file (issue 8 item 7)", () => {
  const cwd = process.cwd();
  const saved = process.env.SESSION_SECRET;
  let dir = "";

  afterEach(async () => {
    process.chdir(cwd);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    if (saved === undefined) delete process.env.SESSION_SECRET;
    else process.env.SESSION_SECRET = saved;
    const { resetEnv } = await import("~/config/env.server");
    const { resetSessionSecret } = await import("~/config/secret.server");
    resetEnv();
    resetSessionSecret();
  });

  async function secretIn(fileContent: string | null) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-"));
    process.chdir(dir);
    if (fileContent !== null) {
      fs.mkdirSync("data");
      fs.writeFileSync("data/session-secret", fileContent);
    }
    delete process.env.SESSION_SECRET;
    const { resetEnv } = await import("~/config/env.server");
    const { getSessionSecret, resetSessionSecret } = await import("~/config/secret.server");
    resetEnv();
    resetSessionSecret();
    return getSessionSecret;
  }

  it("generates a 64-character secret when none exists, and keeps it", async () => {
    const getSessionSecret = await secretIn(null);
    const secret = getSessionSecret();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.readFileSync("data/session-secret", "utf8")).toBe(secret);
  });

  it.each([[""], ["\n"], ["short-secret"]])("refuses a stored secret of %j", async (content) => {
    const getSessionSecret = await secretIn(content);
    expect(() => getSessionSecret()).toThrow(/SESSION_SECRET: .*fewer than 32/);
    // Never silently replaced: the file is left for the owner to look at.
    expect(fs.readFileSync("data/session-secret", "utf8")).toBe(content);
  });
});

describe("safe redirects refuse encoded escapes too (GHSA-wrjc-x8rr-h8h6)", () => {
  it.each([
    ["/%5Cevil.example", "/"],
    ["/%5cevil.example", "/"],
    ["/%2F%2Fevil.example", "/"],
    ["%2F%2Fevil.example", "/"],
    ["/%E0%A4%A", "/"],
    ["/collection?q=steel%20watch", "/collection?q=steel%20watch"],
  ])("%j → %j", async (to, expected) => {
    const { safeRedirect } = await import("~/utils/safe-redirect");
    expect(safeRedirect(to)).toBe(expected);
  });
});
