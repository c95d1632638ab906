/**
 * The store's restore (issue 46 item 1; docs/decisions/1001-backups.md):
 *
 *   npm run restore -- BACKUP      a backup folder made by `npm run backup`, its manifest.json or its database file
 *
 * Refuses (exit 1, nothing changed) while a store runs on DATABASE_URL's database, and a backup
 * that fails its check (sha256 against the manifest, integrity_check / pg_restore). Restores
 * atomically — the replaced database is kept beside (`store.db.replaced-<time>`, or the schema
 * `<schema>_replaced_<time>` on PostgreSQL), the uploaded folders likewise — then runs the
 * migrations and prints the counts.
 */
import { parseArgs } from "node:util";
import { restoreStore, storeBackupSource } from "~/services/backups.server";

const USAGE = "Usage: npm run restore -- BACKUP   (a folder made by npm run backup, or its manifest.json)";

async function main(): Promise<number> {
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: {} }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  if (positionals.length !== 1) {
    console.error(USAGE);
    return 1;
  }
  const started = Date.now();
  const result = await restoreStore(positionals[0], storeBackupSource());
  console.log(
    [
      `Restored ${positionals[0]}`,
      `  the replaced database is kept as ${result.replaced ?? "(there was none)"}`,
      `  ${result.counts.orders} orders, ${result.counts.users} users, ${result.counts.products} products; ${result.filesRestored} uploaded files; ${result.migrationsRun} migration(s) run`,
      `  took ${((Date.now() - started) / 1000).toFixed(2)} s`,
    ].join("\n"),
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Restore refused or failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
