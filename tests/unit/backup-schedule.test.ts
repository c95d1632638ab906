import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listGoodBackups, verifyBackup } from "~/services/backups.server";
import { buildProofApp, createProofDatabase, freePortInRange, proofBuildFolder, PROOF_SERVER_CWD, type ProofDatabase } from "../setup/proof-server";

/**
 * The server's scheduled backups (issue 46 item 1, item 3's backup age): the production build on
 * SQLite with BACKUP_EVERY=2s and retention 0 hourly / 0 daily takes backups by itself into
 * `backups/` beside its database, keeps only the newest, logs each as one JSON line with its
 * figures, and /metrics reports the newest good backup's age (NaN before the first) and no failures.
 */

const SUFFIX = "bk";
const METRICS_TOKEN = "backup-metrics-token-0123456789";

function metricValue(text: string, name: string): number | null {
  const line = text.split("\n").find((one) => one.startsWith(`${name} `));
  return line === undefined ? null : Number(line.slice(name.length + 1));
}

describe("scheduled backups", () => {
  let child: ChildProcess | undefined;
  let database: ProofDatabase | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    await database?.cleanup();
  }, 30_000);

  it("takes backups on BACKUP_EVERY, keeps what retention promises, logs them and reports their age", async () => {
    buildProofApp(SUFFIX);
    database = await createProofDatabase("sqlite");
    const port = await freePortInRange(4400, 4499);
    const baseUrl = `http://127.0.0.1:${port}`;
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(CASHFREE_|PAYMENT_SIMULATOR|BACKEND_URL|DATABASE_URL|BACKUP_)/.test(name)));
    child = spawn(process.execPath, [path.join(PROOF_SERVER_CWD, "node_modules/@remix-run/serve/dist/cli.js"), `./${proofBuildFolder(SUFFIX)}/index.js`], {
      cwd: PROOF_SERVER_CWD,
      env: {
        ...inherited,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: database.url,
        SESSION_SECRET: "backup-session-secret-0123456789abcdef0123456789",
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: "info",
        METRICS_TOKEN,
        BACKUP_EVERY: "2s",
        BACKUP_KEEP_HOURLY: "0",
        BACKUP_KEEP_DAILY: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    const scrape = async () => {
      const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` }, signal: AbortSignal.timeout(5_000) });
      expect(response.status).toBe(200);
      return response.text();
    };
    const backupsDir = path.join(path.dirname(database.url.slice("file:".length)), "backups");

    // Healthy, and before any backup the age is NaN (no good backup).
    let first: string | null = null;
    for (let i = 0; i < 600 && first === null; i += 1) {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
      try {
        if ((await fetch(`${baseUrl}/healthz`)).ok) first = await scrape();
      } catch {
        // not listening yet
      }
      if (first === null) await new Promise((resolve) => setTimeout(resolve, 150));
    }
    expect(first).not.toBeNull();
    if (listGoodBackups(backupsDir).length === 0) expect(metricValue(first!, "store_backup_newest_age_seconds")).toBeNaN();

    // Three scheduled runs logged.
    const logged = () =>
      output
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.msg === "Backup written and checked");
    for (let i = 0; i < 400 && logged().length < 3; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    const lines = logged();
    expect(lines.length, output.slice(-2000)).toBeGreaterThanOrEqual(3);
    for (const line of lines) {
      expect(line.level).toBe("info");
      expect(line).toMatchObject({ kind: "sqlite", counts: { orders: 0, users: 0 } });
      expect(Number(line.bytes)).toBeGreaterThan(0);
      expect(typeof line.durationMs).toBe("number");
    }
    // Retention 0/0 keeps the newest only; each run removed the one before.
    expect((lines[2].removed as string[]).length).toBeGreaterThanOrEqual(1);
    const good = listGoodBackups(backupsDir);
    expect(good.length).toBeLessThanOrEqual(2); // the newest, and at most one being renamed into place meanwhile
    await verifyBackup(good[0]);

    const text = await scrape();
    const age = metricValue(text, "store_backup_newest_age_seconds");
    expect(age).not.toBeNull();
    expect(age!).toBeGreaterThanOrEqual(0);
    expect(age!).toBeLessThan(60);
    expect(metricValue(text, "store_backup_failures_total")).toBe(0);
    expect(output).not.toMatch(/"msg":"Backup failed"/);
  }, 180_000);
});
