/**
 * The store's backup (issue 46 item 1; docs/decisions/1001-backups.md):
 *
 *   npm run backup [-- --dir DIR]
 *
 * takes a consistent copy of DATABASE_URL's database while the store runs — SQLite: the online
 * backup (never a file copy); PostgreSQL: `pg_dump -Fc` in one snapshot with its counts — with the
 * uploaded files (product media, problem-report videos, review and return photos), checks it
 * (integrity_check and counts / pg_restore reading it whole) and writes manifest.json, into
 * DIR (default BACKUP_DIR, else `backups/` beside the SQLite file, `data/backups` on PostgreSQL).
 * Prints the folder, its size, counts and time; exit 1 with the reason when anything fails
 * (nothing half-written is left).
 */
import { parseArgs } from "node:util";
import { backupDirFor, backupStore, storeBackupSource } from "~/services/backups.server";

const USAGE = "Usage: npm run backup [-- --dir DIR]";

/** "12.3 MB" for a size in bytes. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function main(): Promise<number> {
  let values: { dir?: string };
  try {
    ({ values } = parseArgs({ args: process.argv.slice(2), options: { dir: { type: "string" } } }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  const source = storeBackupSource();
  const dir = values.dir ?? backupDirFor(source.url);
  const { dir: folder, manifest } = await backupStore(source, dir);
  const { counts, files } = manifest;
  console.log(
    [
      `Backup written and checked: ${folder}`,
      `  database: ${manifest.kind}, ${formatBytes(manifest.database.bytes)} (${manifest.database.file}, sha256 ${manifest.database.sha256.slice(0, 16)}…)`,
      `  counts at ${manifest.createdAt}: ${counts.orders} orders, ${counts.users} users, ${counts.products} products`,
      `  uploaded files: ${files.count} (${formatBytes(files.bytes)})`,
      `  took ${(manifest.durationMs / 1000).toFixed(2)} s`,
    ].join("\n"),
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
