import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/** The bench's own build folder (build-bench/), so a developer's build or a test run is left alone. */
const BUILD_SUFFIX = "bench";

/** The server bundle that `buildForBench` writes. */
export const benchServerBuild = (root: string) => path.join(root, `build-${BUILD_SUFFIX}`, "index.js");

/**
 * `remix build` into build-bench/ (NODE_ENV=production). The tree is shared with other engineers,
 * so a file caught mid-edit may break one build: it is tried again once after 5 s.
 * Throws with the compiler's output when both attempts fail.
 */
export async function buildForBench(root: string): Promise<void> {
  let output = "";
  for (let attempt = 0; attempt < 2; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, 5_000));
    try {
      execFileSync(path.join(root, "node_modules/.bin/remix"), ["build"], {
        stdio: ["ignore", "ignore", "pipe"],
        env: { ...process.env, BUILD_SUFFIX, NODE_ENV: "production" },
      });
      return;
    } catch (error) {
      output = String((error as { stderr?: Buffer }).stderr ?? error);
    }
  }
  console.error(output);
  throw new Error("the build failed");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, server: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${base}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${base}/healthz within ${timeoutMs / 1000} s`);
}

/** How long one /healthz takes, in ms (it runs the store's counting query). */
async function healthLatency(base: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(30_000) });
  await response.arrayBuffer();
  return performance.now() - started;
}

export type BenchServer = {
  /** http://127.0.0.1:PORT */
  base: string;
  /**
   * Waits (up to 2 minutes) until /healthz answers about as fast as it did when the server was
   * idle: after a load whose requests timed out, the server may still be working through the ones
   * autocannon gave up on, and would slow the next measurement. Resolves with the seconds waited.
   */
  settle: () => Promise<number>;
  /** The last 50 chunks the server wrote to standard error. */
  log: () => string;
  /** SIGTERM, then SIGKILL after 5 s; resolves when the process is gone. */
  stop: () => Promise<void>;
};

/**
 * Starts the production server (remix-serve on build-bench/) on a free loopback port and on
 * `databaseUrl`, without the demo seed, and resolves once /healthz answers 200.
 */
export async function startBenchServer(root: string, databaseUrl: string): Promise<BenchServer> {
  const serverBuild = benchServerBuild(root);
  if (!fs.existsSync(serverBuild)) throw new Error(`${serverBuild} is missing; run without --skip-build`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(path.join(root, "node_modules/.bin/remix-serve"), [serverBuild], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SEED_DEMO_CATALOGUE: "false",
      SESSION_SECRET: "bench-session-secret-not-for-production",
      PUBLIC_URL: base,
      BACKEND_URL: "",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const log: string[] = [];
  server.stderr?.on("data", (chunk: Buffer) => {
    log.push(chunk.toString());
    if (log.length > 50) log.shift();
  });
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    if (server.exitCode === null && server.signalCode === null) {
      server.kill("SIGKILL");
      await exited;
    }
  };
  let idleMs: number;
  try {
    await waitForHealth(base, server);
    const probes: number[] = [];
    for (let i = 0; i < 5; i++) probes.push(await healthLatency(base));
    idleMs = probes.sort((a, b) => a - b)[2];
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}${log.length ? `\nServer said:\n${log.join("")}` : ""}`);
  }
  const settle = async () => {
    const started = performance.now();
    const limit = Math.max(2 * idleMs, idleMs + 20);
    let quick = 0;
    while (quick < 2 && performance.now() - started < 120_000) {
      const ms = await healthLatency(base).catch(() => Infinity);
      quick = ms <= limit ? quick + 1 : 0;
      if (quick < 2) await new Promise((r) => setTimeout(r, 200));
    }
    return (performance.now() - started) / 1000;
  };
  return { base, settle, log: () => log.join(""), stop };
}
