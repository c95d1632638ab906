import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE_LISTEN_APPLICATION, listenForCatalogueChanges } from "~/db/catalogue-listen.server";
import { CATALOGUE_CHANNEL } from "~/db/products.server";

/**
 * The page cache hears of another process's catalogue change at once on PostgreSQL (DESIGN.md §15,
 * §17): `NOTIFY catalogue_changed` reaches the listener, once on connecting and once per change.
 * Notifications belong to a database, not a schema, and the files running beside this one change
 * catalogues in schemas of the test database: so this file listens in a database of its own
 * (with them on one database, a run counted 5 calls where 1 was due).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("listenForCatalogueChanges (PostgreSQL)", () => {
  const database = `listen_${crypto.randomBytes(6).toString("hex")}`;
  const url = new URL(process.env.TEST_DATABASE_URL ?? "postgres://unused");
  const admin = () => new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`create database "${database}"`).finally(() => client.end());
    url.pathname = `/${database}`;
  });
  afterAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists "${database}" with (force)`).finally(() => client.end());
  });

  it("calls back on connecting and on each notification, and stops when closed", async () => {
    let calls = 0;
    const listener = listenForCatalogueChanges(url.href, () => calls++);
    await expect.poll(() => calls, { timeout: 5_000 }).toBe(1);

    const other = new pg.Client({ connectionString: url.href });
    await other.connect();
    try {
      await other.query(`select pg_notify($1, '7')`, [CATALOGUE_CHANNEL]);
      await expect.poll(() => calls, { timeout: 2_000 }).toBe(2);
      await other.query(`select pg_notify('some_other_channel', '1')`);
      await listener.close();
      await other.query(`select pg_notify($1, '8')`, [CATALOGUE_CHANNEL]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(calls).toBe(2);
    } finally {
      await other.end();
    }
  });

  /** The backends of this file's database named as the listener names its connection (pg_stat_activity), by pid. */
  async function listenerBackends(client: pg.Client): Promise<number[]> {
    const { rows } = await client.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1 and application_name = $2 order by pid", [database, CATALOGUE_LISTEN_APPLICATION]);
    return rows.map((row) => row.pid);
  }

  it("a LISTEN connection killed with pg_terminate_backend is reported lost, comes back on a new backend, and hears again (issue 49 item 2)", async () => {
    const events: string[] = [];
    const listener = listenForCatalogueChanges(url.href, (tag) => events.push(tag === null ? "change" : `change ${tag}`), { onLost: () => events.push("lost") });
    const other = new pg.Client({ connectionString: url.href });
    await other.connect();
    try {
      await expect.poll(() => events).toEqual(["change"]);
      const [first, ...more] = await listenerBackends(other);
      expect(more).toEqual([]);
      expect(first).toEqual(expect.any(Number));

      await other.query("select pg_terminate_backend($1)", [first]);
      // Lost (the page cache drops its pages), then reconnected after 1 s: "change" again for what it may have missed.
      await expect.poll(() => events, { timeout: 10_000 }).toEqual(["change", "lost", "change"]);
      const again = await listenerBackends(other);
      expect(again).toHaveLength(1);
      expect(again[0]).not.toBe(first);

      // A notification's payload is the new version: the callback gets its tag (listproduct's ETag form).
      await other.query(`select pg_notify($1, '9')`, [CATALOGUE_CHANNEL]);
      await expect.poll(() => events).toEqual(["change", "lost", "change", 'change "c9"']);
    } finally {
      await listener.close();
      await other.end();
    }
    // Closing is not a loss, and leaves no backend behind.
    expect(events.filter((event) => event === "lost")).toHaveLength(1);
    const check = new pg.Client({ connectionString: url.href });
    await check.connect();
    try {
      await expect.poll(() => listenerBackends(check)).toEqual([]);
    } finally {
      await check.end();
    }
  });
});
