import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildProofApp, createProofDatabase, proofServer, type ProofDatabase, type ProofServer } from "../setup/proof-server";

/**
 * `/readyz` on the production server (issue 46 item 4; docs/decisions/1003-readiness.md): 200
 * `{ready:true}` on a healthy store; 503 with the reason when migrations of the build are not
 * applied, and when the database does not answer (PostgreSQL refusing the store's connections);
 * back to 200 once fixed, without a restart. `/healthz` stays the liveness probe it was. The 503
 * from SIGTERM is tests/contract/guard-server.test.ts's. Builds `build-mt` first unless
 * CONTRACT_SKIP_BUILD=1.
 */

const SUFFIX = "mt";

beforeAll(() => {
  if (process.env.CONTRACT_SKIP_BUILD !== "1") buildProofApp(SUFFIX);
}, 180_000);

async function readyz(server: ProofServer): Promise<{ status: number; body: unknown; cacheControl: string | null }> {
  const response = await fetch(`${server.baseUrl}/readyz`);
  return { status: response.status, body: await response.json(), cacheControl: response.headers.get("cache-control") };
}

describe("/readyz on SQLite", () => {
  let database: ProofDatabase;
  let server: ProofServer;
  beforeAll(async () => {
    database = await createProofDatabase("sqlite");
    server = await proofServer({ suffix: SUFFIX, database });
    await server.start();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await database?.cleanup();
  });

  it("a healthy store is ready (200 {ready:true}, no-store); /healthz answers as before", async () => {
    expect(await readyz(server)).toEqual({ status: 200, body: { ready: true }, cacheControl: "no-store" });
    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true });
  });

  it("a migration of the build not applied: 503 'migrations pending', ready again once it is", async () => {
    const file = database.url.slice("file:".length);
    const db = new Database(file);
    try {
      const last = db.prepare("select name, timestamp from kysely_migration order by name desc limit 1").get() as { name: string; timestamp: string };
      expect(last.name).toBeTruthy();
      db.prepare("delete from kysely_migration where name = ?").run(last.name);
      expect(await readyz(server)).toEqual({ status: 503, body: { ready: false, reason: "migrations pending" }, cacheControl: "no-store" });
      // Liveness is not readiness: the process is alive and says so.
      expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
      db.prepare("insert into kysely_migration (name, timestamp) values (?, ?)").run(last.name, last.timestamp);
      expect(await readyz(server)).toEqual({ status: 200, body: { ready: true }, cacheControl: "no-store" });
    } finally {
      db.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("/readyz on PostgreSQL", () => {
  let database: ProofDatabase;
  let server: ProofServer;
  beforeAll(async () => {
    database = await createProofDatabase("postgres");
    server = await proofServer({ suffix: SUFFIX, database });
    await server.start();
  }, 120_000);
  afterAll(async () => {
    if (process.env.MT_DEBUG) (await import("node:fs")).writeFileSync("/tmp/mt/pg-readiness.log", server.output());
    await server?.stop();
    await database?.cleanup();
  });

  async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  it("the database refuses the store's connections: 503 'database unavailable'; ready again once it accepts them", async () => {
    expect(await readyz(server)).toEqual({ status: 200, body: { ready: true }, cacheControl: "no-store" });
    const name = new URL(database.url).pathname.slice(1);
    await admin(async (client) => {
      await client.query(`alter database ${name} with allow_connections false`);
      await client.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [name]);
    });
    try {
      expect(await readyz(server)).toEqual({ status: 503, body: { ready: false, reason: "database unavailable" }, cacheControl: "no-store" });
    } finally {
      await admin((client) => client.query(`alter database ${name} with allow_connections true`));
    }
    // The pool opens new connections: ready again, no restart.
    const deadline = Date.now() + 10_000;
    let answer = await readyz(server);
    while (answer.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      answer = await readyz(server);
    }
    expect(answer).toEqual({ status: 200, body: { ready: true }, cacheControl: "no-store" });
    // The cause is in the log, not in the answer. The server's output reaches this process through
    // a pipe, so on a loaded machine the line may arrive after the answer: wait for it (bounded).
    const logDeadline = Date.now() + 10_000;
    while (!/"msg":"readiness: the database does not answer"/.test(server.output()) && Date.now() < logDeadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(server.output()).toMatch(/"msg":"readiness: the database does not answer"/);
  }, 60_000);
});
