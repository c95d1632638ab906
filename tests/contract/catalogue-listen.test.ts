import pg from "pg";
import { describe, expect, it } from "vitest";
import { listenForCatalogueChanges } from "~/db/catalogue-listen.server";
import { CATALOGUE_CHANNEL } from "~/db/products.server";

/**
 * The page cache hears of another process's catalogue change at once on PostgreSQL (DESIGN.md §15,
 * §17): `NOTIFY catalogue_changed` reaches the listener, once on connecting and once per change.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("listenForCatalogueChanges (PostgreSQL)", () => {
  it("calls back on connecting and on each notification, and stops when closed", async () => {
    const url = process.env.TEST_DATABASE_URL!;
    let calls = 0;
    const listener = listenForCatalogueChanges(url, () => calls++);
    await expect.poll(() => calls, { timeout: 5_000 }).toBe(1);

    const other = new pg.Client({ connectionString: url });
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
});
