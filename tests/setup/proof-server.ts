import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { createDatabase, type DB } from "~/db/db.server";
import { buildProofApp, proofBuildFolder } from "./production-build";

export { buildProofApp, proofBuildFolder };

/**
 * Shared set-up of the proof tests (issue 8 items 16, 17): the production build served by
 * remix-serve on a port of 3400–3499, on a database of its own that outlives the process, so a
 * test can `kill -9` the server and start it again on the same data.
 */

/**
 * The app that is built and served: this checkout, or PROOF_APP_ROOT (another checkout with the
 * same node_modules, e.g. `git archive HEAD` unpacked while this tree is caught mid-edit).
 */
const ROOT = process.env.PROOF_APP_ROOT
  ? path.resolve(process.env.PROOF_APP_ROOT)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The proof server's working directory: its relative paths (`data/media` on PostgreSQL) are under it. */
export const PROOF_SERVER_CWD = ROOT;

export type ProofDatabase = {
  kind: "sqlite" | "postgres";
  /** The DATABASE_URL the server gets. */
  url: string;
  /** A Kysely handle on the same data, for reading what the server stored. */
  open: () => DB;
  /** Drops the PostgreSQL database or removes the SQLite folder. */
  cleanup: () => Promise<void>;
};

/**
 * A fresh, empty database for one server: a SQLite file in a temporary folder, or (with
 * TEST_DATABASE_URL) a PostgreSQL database `proof_<hex>` created beside TEST_DATABASE_URL's and
 * dropped (WITH (FORCE)) by `cleanup`. The server migrates and seeds it on first start.
 */
export async function createProofDatabase(kind: "sqlite" | "postgres"): Promise<ProofDatabase> {
  if (kind === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "proof-"));
    const url = `file:${path.join(dir, "store.db")}`;
    return { kind, url, open: () => createDatabase(url), cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `proof_${crypto.randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    url: url.href,
    open: () => createDatabase(url.href),
    cleanup: () => withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export type ProofServer = {
  /** http://127.0.0.1:PORT, also the server's PUBLIC_URL. */
  baseUrl: string;
  /** Starts the server (again) on its database and waits until /healthz answers 200. */
  start: () => Promise<void>;
  /** `kill -9`: no shutdown hooks, no flush; resolves once the process is gone. */
  kill: () => Promise<void>;
  /** SIGTERM, then SIGKILL after `killAfterMs` (5 s) if it has not exited by then. */
  stop: (killAfterMs?: number) => Promise<void>;
  /** Everything the server printed, across restarts. */
  output: () => string;
};

/**
 * A restartable production server on `database` (its build, proofBuildFolder(suffix), must exist).
 * Environment: production, a 48-character SESSION_SECRET, PUBLIC_URL = its own loopback origin
 * (so payments go to the in-process simulator: no Cashfree credentials), TRUST_PROXY=true, then
 * `env` on top. PROOF_NODE_ARGS in the caller's environment (space-separated) goes to node before
 * the server's script: `PROOF_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench -- --cluster`
 * profiles each store (NODE_OPTIONS refuses --cpu-prof).
 */
export async function proofServer(options: {
  suffix: string;
  database: ProofDatabase;
  env?: Record<string, string>;
  /** The port range to take one from (freePortInRange): 3400–3499 unless a file keeps to a range of its own. */
  ports?: [from: number, to: number];
}): Promise<ProofServer> {
  const [from, to] = options.ports ?? [3400, 3499];
  const port = await freePortInRange(from, to);
  const baseUrl = `http://127.0.0.1:${port}`;
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(CASHFREE_|PAYMENT_SIMULATOR|BACKEND_URL|DATABASE_URL|RATE_LIMIT_)/.test(name)),
  );
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: options.database.url,
    SESSION_SECRET: "proof-session-secret-0123456789abcdef0123456789",
    PUBLIC_URL: baseUrl,
    TRUST_PROXY: "true",
    ...options.env,
  };
  let child: ChildProcess | null = null;
  let output = "";

  const start = async () => {
    const proc = spawn(process.execPath, [...(process.env.PROOF_NODE_ARGS ?? "").split(" ").filter(Boolean), path.join(ROOT, "node_modules/@remix-run/serve/dist/cli.js"), `./${proofBuildFolder(options.suffix)}/index.js`], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = proc;
    proc.stdout?.on("data", (chunk) => (output += chunk));
    proc.stderr?.on("data", (chunk) => (output += chunk));
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`The proof server exited (${proc.exitCode ?? proc.signalCode}):\n${output.slice(-4000)}`);
      try {
        const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(5_000) });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await stopChild(proc, "SIGKILL");
    throw new Error(`The proof server did not become healthy in 90 s:\n${output.slice(-4000)}`);
  };

  return {
    baseUrl,
    start,
    kill: () => (child ? stopChild(child, "SIGKILL") : Promise.resolve()),
    stop: (killAfterMs?: number) => (child ? stopChild(child, "SIGTERM", killAfterMs) : Promise.resolve()),
    output: () => output,
  };
}

function stopChild(child: ChildProcess, signal: "SIGTERM" | "SIGKILL", killAfterMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/** How many slices a range of ports is cut into: one per Vitest worker, up to this many. */
const PORT_SLICES = 4;
/** Ports this process has handed out: each is its server's for the life of the process. */
const handedOut = new Set<number>();

/**
 * A loopback port nobody listens on, tried from a random start, in this Vitest worker's slice of
 * [from, to] (VITEST_POOL_ID 1 takes the first quarter, 2 the second, …; the whole range outside
 * Vitest). Files that start servers run two at a time (vitest.config.ts), and "free" is only true
 * when asked: a server restarted on its own port (the crash test) or two servers starting together
 * could otherwise find another file's server there and take its /healthz for their own. A port is
 * handed out once per process: two servers a file starts together (the fuzz's and the crash test's
 * SQLite and PostgreSQL servers) both found the same port free before either listened, 1 time in
 * 25, and the loser's /healthz was answered by the winner (a full run's fuzz registered its
 * shopper on the other database's server).
 */
export async function freePortInRange(rangeFrom: number, rangeTo: number): Promise<number> {
  const poolId = Number(process.env.VITEST_POOL_ID);
  const sliceSize = Math.floor((rangeTo - rangeFrom + 1) / PORT_SLICES);
  const slice = Number.isInteger(poolId) && poolId >= 1 ? (poolId - 1) % PORT_SLICES : null;
  const from = slice === null ? rangeFrom : rangeFrom + slice * sliceSize;
  const to = slice === null ? rangeTo : from + sliceSize - 1;
  const span = to - from + 1;
  const offset = crypto.randomInt(span);
  for (let i = 0; i < span; i += 1) {
    const port = from + ((offset + i) % span);
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await canListen(port)) return port;
    handedOut.delete(port);
  }
  throw new Error(`no free port in ${from}-${to}`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}
