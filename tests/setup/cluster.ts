import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startFakeCashfree, type FakeCashfree } from "../fakes/cashfree-server";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp-server";
import { buildProofApp, createProofDatabase, freePortInRange, proofServer, type ProofDatabase, type ProofServer } from "./proof-server";

/**
 * Several store processes on one PostgreSQL, as an owner runs them (issue 49 items 3–5; README
 * "A large catalogue, several processes"; docs/decisions/1022-load-balancer.md):
 *
 *   shoppers → HAProxy (deploy/haproxy.cfg) → store 1, store 2 (the production build, remix-serve)
 *                                              ├─ DATABASE_URL → PgBouncer, transaction mode (deploy/pgbouncer.ini) → PostgreSQL
 *                                              └─ DATABASE_LISTEN_URL → PostgreSQL (the catalogue listener's session)
 *
 * plus what the stores talk to: a fresh PostgreSQL database (createProofDatabase), an SMTP server
 * (tests/fakes/smtp-server.ts) and one Cashfree stand-in for both (tests/fakes/cashfree-server.ts:
 * the store's in-process payment simulator keeps its sessions in the process that made them, so
 * a cluster pays through Cashfree — here its stand-in — as a real one does).
 *
 * The balancer and the pooler run the shipped files themselves, with only their addresses,
 * ports and (the pooler's) authentication changed, so the test proves what the README tells an
 * owner to run. Needs TEST_DATABASE_URL, Debian's haproxy and pgbouncer.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** The stores' Cashfree credentials (the stand-in's). */
export const CLUSTER_CASHFREE = { clientId: "cluster_app", clientSecret: "cluster_secret" };
/** How long a store keeps serving after SIGTERM while /readyz says 503 (the README's value), ms. */
export const CLUSTER_DRAIN_MS = 2_000;

/** One store process of the cluster (a restartable proof server behind the balancer). */
export type ClusterStore = ProofServer & {
  /** `store1`, `store2`: its name in the balancer's configuration. */
  name: string;
};

export type Cluster = {
  /** The balancer's origin (http://127.0.0.1:PORT): the stores' PUBLIC_URL, where shoppers go. */
  url: string;
  /** The database, directly (for reading what the stores stored: `database.open()`). */
  database: ProofDatabase;
  /** The same database through PgBouncer (the stores' DATABASE_URL). */
  poolerUrl: string;
  smtp: FakeSmtp;
  cashfree: FakeCashfree;
  stores: ClusterStore[];
  /** What HAProxy says of a store now: "UP", "DOWN", "MAINT", … (its stats, CSV). */
  balancerState: (store: ClusterStore) => Promise<string>;
  /** Waits (up to `limitMs`) until HAProxy reads `state` for `store`; throws with what it read last. */
  waitForBalancer: (store: ClusterStore, state: "UP" | "DOWN", limitMs?: number) => Promise<void>;
  /** HAProxy's log lines (one per request, `option httplog`). */
  balancerLog: () => string;
  /** PgBouncer's log. */
  poolerLog: () => string;
  /** Stops everything it started and drops the database. Never throws. */
  close: () => Promise<void>;
};

/** The shipped configuration files (deploy/), read as the owner would copy them. */
export function shippedConfig(name: "haproxy.cfg" | "pgbouncer.ini"): string {
  return fs.readFileSync(path.join(ROOT, "deploy", name), "utf8");
}

/** Replaces each whole line matching a pattern; throws when one matches no line (the shipped file changed shape). */
function replaceLines(text: string, replacements: [RegExp, string][]): string {
  let out = text;
  for (const [pattern, line] of replacements) {
    const global = new RegExp(pattern.source, "gm");
    if (!global.test(out)) throw new Error(`the shipped configuration has no line matching ${pattern}`);
    out = out.replace(new RegExp(pattern.source, "gm"), line);
  }
  return out;
}

/**
 * deploy/haproxy.cfg for the test: `bind` on `port`, the two `server` lines at the stores' ports,
 * and a stats listener on `statsPort` (the test reads which stores are in rotation).
 */
export function renderHaproxyConfig(port: number, storePorts: number[], statsPort: number): string {
  const shipped = shippedConfig("haproxy.cfg");
  const servers = storePorts.map((p, i) => `    server store${i + 1} 127.0.0.1:${p}`).join("\n");
  const body = replaceLines(shipped, [
    [/^    bind :80$/, `    bind 127.0.0.1:${port}`],
    [/^    server store2 .*$/, ""],
    [/^    server store1 .*$/, servers],
  ]);
  return `${body}\nfrontend stats\n    bind 127.0.0.1:${statsPort}\n    stats enable\n    stats uri /stats\n    stats refresh 1s\n`;
}

/**
 * deploy/pgbouncer.ini for the test: every database name to the local PostgreSQL, its own port,
 * trust authentication (the machine's PostgreSQL trusts loopback), no Unix socket, and — started
 * as root here — dropping to the `postgres` user.
 */
export function renderPgbouncerConfig(port: number, authFile: string): string {
  return `${replaceLines(shippedConfig("pgbouncer.ini"), [
    [/^chrono = .*$/, "* = host=127.0.0.1 port=5432"],
    [/^listen_port = .*$/, `listen_port = ${port}`],
    [/^auth_type = .*$/, "auth_type = trust"],
    [/^auth_file = .*$/, `auth_file = ${authFile}`],
  ])}\nunix_socket_dir =\nuser = postgres\nadmin_users = postgres\n`;
}

type Child = { process: ChildProcess; output: () => string; stop: () => Promise<void> };

function startChild(command: string, args: string[], cwd: string): Child {
  const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  return {
    process: child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}

async function waitFor(label: string, limitMs: number, check: () => Promise<boolean>, failure: () => string): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${label} not within ${limitMs} ms: ${failure()}`);
}

/**
 * Starts the cluster (see the file's docstring): `stores` store processes (default 2) on build
 * `suffix` (built unless the run shares one), each with `env` on top of the cluster's settings;
 * ports from [portFrom, portTo] for the balancer, its stats and the pooler. Resolves when every
 * store is UP at the balancer. Throws (after stopping what it started) when a part fails to start.
 * `build: false` skips the build: the caller made `suffix`'s build already (the cluster bench
 * starts three clusters on one build).
 */
export async function startCluster(options: {
  suffix: string;
  stores?: number;
  env?: Record<string, string>;
  portFrom?: number;
  portTo?: number;
  build?: boolean;
}): Promise<Cluster> {
  const portFrom = options.portFrom ?? 3850;
  const portTo = options.portTo ?? 3899;
  if (options.build !== false) buildProofApp(options.suffix);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cluster-"));
  fs.chmodSync(dir, 0o755);
  const cleanups: (() => Promise<void>)[] = [async () => fs.rmSync(dir, { recursive: true, force: true })];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    cleanups.length = 0;
  };
  try {
    const database = await createProofDatabase("postgres");
    cleanups.push(database.cleanup);
    const smtp = await startFakeSmtp();
    cleanups.push(smtp.close);
    const cashfree = await startFakeCashfree(CLUSTER_CASHFREE);
    cleanups.push(cashfree.close);

    // PgBouncer in transaction mode in front of the database.
    const poolerPort = await freePortInRange(portFrom, portTo);
    const authFile = path.join(dir, "userlist.txt");
    fs.writeFileSync(authFile, '"postgres" ""\n', { mode: 0o644 });
    const poolerConfig = path.join(dir, "pgbouncer.ini");
    fs.writeFileSync(poolerConfig, renderPgbouncerConfig(poolerPort, authFile), { mode: 0o644 });
    const pooler = startChild("/usr/sbin/pgbouncer", [poolerConfig], dir);
    cleanups.push(pooler.stop);
    const poolerUrl = new URL(database.url);
    poolerUrl.port = String(poolerPort);
    await waitFor("PgBouncer listening", 10_000, async () => pooler.output().includes("listening on"), pooler.output);

    // The balancer's port first: it is every store's PUBLIC_URL.
    const balancerPort = await freePortInRange(portFrom, portTo);
    const statsPort = await freePortInRange(portFrom, portTo);
    const url = `http://127.0.0.1:${balancerPort}`;

    const count = options.stores ?? 2;
    const stores: ClusterStore[] = [];
    for (let i = 0; i < count; i += 1) {
      const server = await proofServer({
        suffix: options.suffix,
        database: { ...database, url: poolerUrl.href },
        env: {
          PUBLIC_URL: url,
          DATABASE_URL: poolerUrl.href,
          DATABASE_LISTEN_URL: database.url,
          SMTP_URL: smtp.url,
          MAIL_FROM: "Chrono India <orders@chrono.example>",
          CASHFREE_APP_ID: CLUSTER_CASHFREE.clientId,
          CASHFREE_SECRET_KEY: CLUSTER_CASHFREE.clientSecret,
          CASHFREE_ENV: "sandbox",
          CASHFREE_API_BASE: cashfree.apiBase,
          ENABLE_COD: "true",
          TRUST_PROXY: "true",
          SHUTDOWN_DRAIN_MS: String(CLUSTER_DRAIN_MS),
          LOG_LEVEL: "warn",
          ...options.env,
        },
      });
      const store = Object.assign(server, { name: `store${i + 1}` });
      stores.push(store);
      cleanups.push(() => store.stop());
    }
    // One at a time: the first migrates and seeds the database, the others find it ready.
    for (const store of stores) await store.start();

    const balancerConfig = path.join(dir, "haproxy.cfg");
    fs.writeFileSync(balancerConfig, renderHaproxyConfig(balancerPort, stores.map((s) => Number(new URL(s.baseUrl).port)), statsPort));
    const balancer = startChild("/usr/sbin/haproxy", ["-db", "-f", balancerConfig], dir);
    cleanups.push(balancer.stop);

    const statsOf = async (): Promise<Map<string, string>> => {
      const response = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`, { signal: AbortSignal.timeout(2_000) });
      const rows = (await response.text()).split("\n").map((line) => line.split(","));
      const header = rows[0] ?? [];
      const status = header.indexOf("status");
      return new Map(rows.filter((row) => row[0] === "stores").map((row) => [row[1], row[status]]));
    };
    const balancerState = async (store: ClusterStore) => (await statsOf()).get(store.name) ?? "unknown";
    const waitForBalancer = async (store: ClusterStore, state: "UP" | "DOWN", limitMs = 15_000) => {
      let last = "";
      await waitFor(
        `${store.name} ${state} at the balancer`,
        limitMs,
        async () => {
          last = await balancerState(store);
          return last.startsWith(state);
        },
        () => `last read ${last}; ${balancer.output().slice(-2000)}`,
      );
    };
    for (const store of stores) await waitForBalancer(store, "UP", 20_000);

    return {
      url,
      database,
      poolerUrl: poolerUrl.href,
      smtp,
      cashfree,
      stores,
      balancerState,
      waitForBalancer,
      balancerLog: balancer.output,
      poolerLog: pooler.output,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
