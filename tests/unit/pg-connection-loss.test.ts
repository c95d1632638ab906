import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createDatabase } from "~/db/db.server";

/**
 * PostgreSQL ending the store's connections (a restart, a failover, `pg_terminate_backend`) does
 * not stop the process (issue 46 item 4; docs/decisions/1003-readiness.md): node-postgres emits
 * the server's "terminating connection" as an `error` event on the client, and on the pool while
 * the client is idle there — unheard, an uncaught exception (Vitest fails the run on one). Both
 * places: a connection idle in the pool, and one checked out inside a transaction between two
 * statements. The store answers again on a new connection.
 */

const URL = process.env.TEST_DATABASE_URL;

async function terminate(pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: URL });
  await admin.connect();
  try {
    await admin.query("select pg_terminate_backend($1)", [pid]);
    // Until the backend is gone, and a moment for its last message to reach the store's client.
    for (let i = 0; i < 100; i += 1) {
      const { rows } = await admin.query<{ n: string }>("select count(*) as n from pg_stat_activity where pid = $1", [pid]);
      if (Number(rows[0].n) === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, 100));
  } finally {
    await admin.end();
  }
}

describe.skipIf(!URL)("the store's PostgreSQL pool when the server ends its connections", () => {
  it("an idle pooled connection: logged, and the next query opens a new one", async () => {
    const db = createDatabase(URL!);
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      await terminate(rows[0].pid);
      const again = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      expect(again.rows[0].pid).not.toBe(rows[0].pid);
    } finally {
      await db.destroy();
    }
  });

  it("a connection checked out in a transaction between two statements: the transaction fails, the process goes on", async () => {
    const db = createDatabase(URL!);
    try {
      const outcome = await db
        .transaction()
        .execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          await terminate(rows[0].pid);
          await sql`select 1`.execute(trx);
          return "committed";
        })
        .catch((error: unknown) => `failed: ${error instanceof Error ? error.message : String(error)}`);
      expect(outcome).toMatch(/^failed: /);
      const again = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(again.rows).toEqual([{ one: 1 }]);
    } finally {
      await db.destroy();
    }
  });
});
