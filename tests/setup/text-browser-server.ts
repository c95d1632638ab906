import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePortInRange } from "./proof-server";
import { buildProofApp, proofBuildFolder } from "./production-build";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export type TextBrowserServer = {
  /** http://127.0.0.1:PORT — also the server's PUBLIC_URL. */
  baseUrl: string;
  /** Everything the server printed. */
  output: () => string;
  /** The server's SQLite file (a test's set-up may write to it, as an owner's command would). */
  databaseFile: string;
  stop: () => Promise<void>;
};

/**
 * The production build (proofBuildFolder(suffix); built here unless the run shares one) served by remix-serve on
 * a port of 3500–3599 for the text-browser tests (issue 9), as a shopper's quick start runs it:
 * a fresh SQLite database seeded with the demo catalogue, NO Cashfree credentials and PUBLIC_URL
 * its own http loopback origin — so payments go to the built-in simulator ("Test mode") and the
 * cookies are plain (not `Secure`), as on a local trial. Resolves once /healthz answers 200.
 */
export async function startTextBrowserServer(suffix = "textbrowser"): Promise<TextBrowserServer> {
  buildProofApp(suffix);
  const port = await freePortInRange(3500, 3599);
  const baseUrl = `http://127.0.0.1:${port}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "text-browser-"));
  // The quick start's environment: nothing about payments, proxies or another backend.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(CASHFREE_|PAYMENT_SIMULATOR|BACKEND_URL|DATABASE_URL|PUBLIC_URL|TRUST_PROXY|RATE_LIMIT_|ENABLE_COD|FEEDBACK_URL)/.test(name),
    ),
  );
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, "node_modules/@remix-run/serve/dist/cli.js"), `./${proofBuildFolder(suffix)}/index.js`], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${path.join(dir, "store.db")}`,
      SESSION_SECRET: "text-browser-session-secret-0123456789abcdef0123",
      PUBLIC_URL: baseUrl,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill("SIGTERM");
      });
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`The text-browser server exited (${child.exitCode ?? child.signalCode}):\n${output.slice(-4000)}`);
    }
    try {
      const health = await getFresh(`${baseUrl}/healthz`);
      if (health.status === 200) return { baseUrl, output: () => output, databaseFile: path.join(dir, "store.db"), stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`The text-browser server did not become healthy in 90 s:\n${output.slice(-4000)}`);
}

/**
 * GETs `url` over a connection of its own (no keep-alive pool) and answers its status and body text.
 * The text-browser tests run lynx with spawnSync, which blocks this process's event loop for seconds:
 * a pooled connection idle for longer than the server keeps one (65 s, patches/@remix-run+serve) would be closed unseen, and the next
 * `fetch` would reuse it and fail with "other side closed". A fresh connection cannot be stale.
 * Rejects on a network error or after `timeoutMs` (default 5,000 ms).
 */
export function getFresh(url: string, timeoutMs = 5_000): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`GET ${url}: no answer within ${timeoutMs} ms`)));
    request.on("error", reject);
  });
}

/** The demo catalogue as the Store API lists it (`GET /api/product/listproduct`), over a fresh connection (see getFresh). */
export async function listProducts<T>(baseUrl: string): Promise<T[]> {
  const answer = await getFresh(`${baseUrl}/api/product/listproduct`);
  if (answer.status !== 200) throw new Error(`GET /api/product/listproduct answered ${answer.status}`);
  return (JSON.parse(answer.text) as { products: T[] }).products;
}
