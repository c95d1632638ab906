import { createDatabase, migrateToLatest, type DB } from "~/db/db.server";
import { BackendError } from "~/lib/errors";
import { getEnv } from "~/config/env.server";

/**
 * Runs one of the store owner's terminal commands (`orders:status`, `staff:add`, `staff:remove`)
 * on the store's database (DATABASE_URL, migrated first) and exits with `run`'s code. A refusal
 * of the services (BackendError) prints its sentence and exits 1, nothing written; a malformed
 * command line (`node:util` parseArgs) prints the message and `usage`, exit 1; anything else is a
 * bug: its stack, exit 1. The database is closed in every case.
 */
export function runOwnerCommand(usage: string, run: (db: DB) => Promise<number>): void {
  const main = async (): Promise<number> => {
    const db = createDatabase(getEnv().DATABASE_URL);
    try {
      await migrateToLatest(db);
      return await run(db);
    } catch (error) {
      if (error instanceof BackendError) {
        console.error(error.message);
        return 1;
      }
      if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) {
        console.error(`${error.message}\n${usage}`);
        return 1;
      }
      throw error;
    } finally {
      await db.destroy();
    }
  };
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
