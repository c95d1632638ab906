import { sql } from "kysely";
import { createDatabase } from "~/db/db.server";

/**
 * Vitest global set-up: drops the throwaway `t_…` schemas the PostgreSQL tests made, after the
 * whole run. Dropping them while other test files run would break Kysely's migrator, which scans
 * every schema's tables.
 */
export default function setup() {
  return async function teardown() {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const admin = createDatabase(url);
    try {
      const { rows } = await sql<{ nspname: string }>`select nspname from pg_namespace where nspname like 't\\_%'`.execute(admin);
      for (const { nspname } of rows) {
        if (/^t_[0-9a-f]{12}$/.test(nspname)) await sql`drop schema if exists ${sql.id(nspname)} cascade`.execute(admin);
      }
    } finally {
      await admin.destroy();
    }
  };
}
