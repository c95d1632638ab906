import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startContractServer, type ContractServer } from "../setup/contract-server";
import { proofBuildFolder } from "../setup/production-build";

/**
 * The production build refuses unsafe configuration and never trusts the request's Host
 * (DESIGN.md §16; issue 8 items 1, 6, 7), and error data that reaches the browser is sanitised
 * (the mitigation of GHSA-337j-9hxr-rhxg, docs/decisions/0301-router-advisories.md).
 */
const BUILD = "config";

let server: ContractServer;

// Builds the production bundle (build-config/, or the run's shared build/); the servers below are started from it.
beforeAll(async () => {
  server = await startContractServer({}, { buildSuffix: BUILD });
}, 120_000);

afterAll(async () => {
  await server?.stop();
}, 30_000);

/** Starts the already-built server with `env`; resolves with its exit code and output. */
function runUntilExit(env: Record<string, string>, timeoutMs = 20_000): Promise<{ code: number | null; output: string }> {
  const child = spawnServer(env);
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

function spawnServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [path.resolve("node_modules/@remix-run/serve/dist/cli.js"), `./${proofBuildFolder(BUILD)}/index.js`], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "3999",
      DATABASE_URL: "file:tests/.tmp/config-refused.db",
      SESSION_SECRET: "config-test-session-secret-0123456789",
      BACKEND_URL: "",
      PUBLIC_URL: "",
      CASHFREE_APP_ID: "",
      CASHFREE_SECRET_KEY: "",
      PAYMENT_SIMULATOR: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

describe("the production server refuses to start unsafely", () => {
  it("with a public PUBLIC_URL and no Cashfree credentials, naming them", async () => {
    const { code, output } = await runUntilExit({ PUBLIC_URL: "https://watches.example" });
    expect(code).not.toBe(0);
    expect(output).toMatch(/CASHFREE_APP_ID\/CASHFREE_SECRET_KEY/);
  }, 30_000);

  it("with a short SESSION_SECRET, naming it", async () => {
    const { code, output } = await runUntilExit({ SESSION_SECRET: "x" });
    expect(code).not.toBe(0);
    expect(output).toMatch(/SESSION_SECRET: must be at least 32 characters/);
  }, 30_000);
});

describe("absolute URLs come from PUBLIC_URL, never from Host (issue 8 item 6)", () => {
  it("keeps a crafted Host out of canonical links and share images when PUBLIC_URL is unset", async () => {
    // No PUBLIC_URL: a local trial on http://localhost:$PORT, whatever Host a request claims.
    const port = await freePort();
    const child = spawnServer({ PORT: String(port), DATABASE_URL: `file:tests/.tmp/config-host-${port}.db` });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    try {
      await listening(port, () => output);
      for (const pathname of ["/collection?brand=Casio", "/product/w00001"]) {
        const html = await getWithHost("127.0.0.1", port, pathname, "evil.example");
        expect(html, pathname).toMatch(/^HTTP\/1\.1 200/);
        expect(html, pathname).not.toContain("evil.example");
        expect(html, pathname).toContain(`http://localhost:${port}/`);
      }
    } finally {
      child.kill("SIGKILL");
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`tests/.tmp/config-host-${port}.db${suffix}`, { force: true });
    }
  }, 60_000);
});

describe("no shopper-controlled link or redirect target leaves the store (GHSA-wrjc-x8rr-h8h6)", () => {
  const hostile = ["/\\evil.example", "\\\\evil.example", "//evil.example", "/%5Cevil.example", "https://evil.example"];

  it("the login page renders no link or form target built from a hostile redirectTo", async () => {
    for (const target of hostile) {
      const response = await fetch(`${server.baseUrl}/login?redirectTo=${encodeURIComponent(target)}`);
      const html = await response.text();
      expect(response.status, target).toBe(200);
      expect(html, target).not.toContain("evil.example");
    }
  });

  it("logging in with a hostile redirectTo lands on the home page", async () => {
    const email = `redirect-${Date.now()}@example.com`;
    const password = "Redirect-test-pw-9f3k2m";
    const registered = await fetch(`${server.baseUrl}/api/user/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Asha Rao", email, password }),
    });
    expect(registered.status).toBe(200);
    for (const target of hostile) {
      const response = await fetch(`${server.baseUrl}/login?redirectTo=${encodeURIComponent(target)}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.baseUrl },
        body: new URLSearchParams({ email, password }),
        redirect: "manual",
      });
      expect(response.status, target).toBe(303);
      expect(response.headers.get("location"), target).toBe("/");
    }
  });
});

describe("error data sent to the browser is sanitised (GHSA-337j-9hxr-rhxg)", () => {
  it("a failing loader reaches the page as 'Unexpected Server Error', with no constructor name or stack", async () => {
    // A storefront whose backend is down: every catalogue loader throws a fetch error.
    const port = await freePort();
    const child = spawnServer({ BACKEND_URL: "http://127.0.0.1:9", PORT: String(port), PUBLIC_URL: "" });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    try {
      await listening(port, () => output);
      const response = await fetch(`http://127.0.0.1:${port}/collection`);
      expect(response.status).toBe(500);
      const html = await response.text();
      const context = html.match(/window\.__remixContext = (\{.*?\});/s)?.[1];
      expect(context).toBeDefined();
      const errors = JSON.parse(context!).state.errors as Record<string, { message: string; __subType?: string; stack?: string }>;
      const values = Object.values(errors);
      expect(values.length).toBeGreaterThan(0);
      for (const error of values) {
        expect(error.message).toBe("Unexpected Server Error");
        expect(error.__subType).toBeUndefined();
        expect(error.stack ?? "").not.toMatch(/\/work\/|node_modules|at /);
      }
      expect(html).not.toMatch(/ECONNREFUSED|fetch failed/);
    } finally {
      child.kill("SIGKILL");
    }
  }, 60_000);
});

/** GET over a raw socket so the Host header can be anything (fetch forbids setting it). */
async function getWithHost(host: string, port: number, pathname: string, hostHeader: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, host, () => {
      socket.write(`GET ${pathname} HTTP/1.1\r\nHost: ${hostHeader}\r\nConnection: close\r\nAccept: text/html\r\n\r\n`);
    });
    let data = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (data += chunk));
    socket.on("end", () => resolve(data));
    socket.on("error", reject);
  });
}

/** Resolves once remix-serve says it listens (its healthz would fail: the backend is down). */
async function listening(port: number, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (output().includes(`localhost:${port}`)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start:\n${output()}`);
}
