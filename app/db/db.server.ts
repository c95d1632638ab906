import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider, type Transaction } from "kysely";
import pg from "pg";
import { migrations } from "~/db/migrations";
import type { Database } from "~/db/schema";

// bigint (int8) columns hold paise and ms timestamps, all far below 2^53: read them as numbers.
pg.types.setTypeParser(20, (value) => Number(value));

export type DB = Kysely<Database>;
/** A database handle or an open transaction: what a query can run on. */
export type Executor = DB | Transaction<Database>;

/**
 * Opens a Kysely handle for a DATABASE_URL (DESIGN.md §6):
 * `file:PATH` → SQLite through better-sqlite3 in WAL mode (the folder is created);
 * `postgres://…` → PostgreSQL through a pg pool (`pgSchema` sets its search_path; tests use it).
 */
export function createDatabase(url: string, options: { pgSchema?: string } = {}): DB {
  if (url.startsWith("file:")) {
    const file = url.slice("file:".length);
    if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("synchronous = NORMAL");
    return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  }
  return new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({
        connectionString: url,
        max: 10,
        ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
      }),
    }),
  });
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Runs every pending migration. `pgSchema` keeps Kysely's own bookkeeping tables in that schema
 * (otherwise it finds another schema's lock table through the catalogue and fails).
 * Throws the migration's own error when one fails.
 */
export async function migrateToLatest(db: DB, options: { pgSchema?: string } = {}): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    ...(options.pgSchema ? { migrationTableSchema: options.pgSchema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

/** True when the handle talks to SQLite. */
export function isSqlite(db: DB): boolean {
  return db.getExecutor().adapter.constructor.name === "SqliteAdapter";
}

/** True for a unique or primary-key violation on PostgreSQL (23505) or SQLite. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return (
    e?.code === "23505" ||
    e?.code === "SQLITE_CONSTRAINT_UNIQUE" ||
    e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY" ||
    (typeof e?.message === "string" && /unique constraint/i.test(e.message))
  );
}
