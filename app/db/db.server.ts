import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  DEFAULT_MIGRATION_TABLE,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  PostgresDriver,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type MigrationProvider,
  type SqliteDatabase,
  type SqliteDialectConfig,
  type Transaction,
  type TransactionSettings,
} from "kysely";
import { LRUCache } from "lru-cache";
import pg from "pg";
import { migrations } from "~/db/migrations";
import type { Database } from "~/db/schema";
import { log } from "~/observability/log.server";

// bigint (int8) columns hold paise and ms timestamps, all far below 2^53: read them as numbers.
pg.types.setTypeParser(20, (value) => Number(value));

export type DB = Kysely<Database>;
/** A database handle or an open transaction: what a query can run on. */
export type Executor = DB | Transaction<Database>;

/**
 * Kysely's SQLite driver with every transaction begun IMMEDIATE: it takes the file's write lock at
 * its start, waiting up to busy_timeout for another process (the owner's terminal commands, a
 * second server) to finish. A deferred `begin` reads from a snapshot first and fails on its first
 * write with SQLITE_BUSY_SNAPSHOT — no wait, no retry, a 500 to the shopper — when another process
 * committed in between (seen placing an order while `orders:status` ran). Within one process
 * Kysely already runs one transaction at a time on the one connection.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** Prepared statements kept per SQLite handle (Kysely's SQL uses placeholders, so texts repeat). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * `sqlite` for Kysely's dialect, its prepared statements kept by SQL text (an LRU of
 * STATEMENT_CACHE_SIZE): Kysely prepares every query anew, which was a twentieth of a cached
 * signed-in page's CPU (docs/decisions/0800). better-sqlite3 re-prepares a kept statement itself
 * after a schema change; Kysely runs one query at a time on the connection, so none is shared mid-run.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: STATEMENT_CACHE_SIZE });
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * Opens a Kysely handle for a DATABASE_URL (DESIGN.md §6):
 * `file:PATH` → SQLite through better-sqlite3 in WAL mode (the folder is created), transactions
 * begun IMMEDIATE, waiting up to 5,000 ms (busy_timeout) for another process's write lock;
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
    return new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // The restore (scripts/restore.ts) refuses while a session of this name is connected (issue 46 item 1).
    application_name: "chrono-store",
    ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
  });
  // A connection the server ended (a restart, a failover, an administrator) is an 'error' event on
  // its client — on the pool too while it is idle there; unheard, it would stop the process
  // (node-postgres; a client checked out between two statements has no listener of the pool's).
  // The query in flight fails, the pool drops the client and opens a new one for the next query;
  // until the database answers, /readyz says 503 (issue 46 item 4).
  pool.on("connect", (client) => {
    client.on("error", (error) => log.warn({ err: error }, "database: a connection was closed by the server; the next query opens a new one"));
  });
  pool.on("error", () => {
    // Logged by the client's own listener above.
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pgPools.set(db, pool);
  return db;
}

/** Each PostgreSQL handle's pool, for the migrations' own handle on it (`migrationHandle`). */
const pgPools = new WeakMap<DB, pg.Pool>();
/** The advisory lock's key Kysely's own PostgreSQL migration lock uses (its PostgresAdapter). */
const MIGRATION_LOCK_KEY = "3853314791062309107";

/**
 * Kysely's PostgreSQL adapter takes the migration lock as a *session* lock (`pg_advisory_lock`)
 * and frees it with a later statement. Through PgBouncer in transaction mode those two statements
 * may run on different server connections: the lock is never freed, and the next process to
 * start waits on it for an hour (found by tests/cluster/scale-out.test.ts; issue 49 item 3). Here
 * the lock is a transaction lock instead, taken by the migrations' transaction as its first
 * statement (`MigrationLockDriver`) and freed by its commit or rollback — on one server connection
 * whatever pools sit between, and gone with a process that dies holding it.
 */
class TransactionLockAdapter extends PostgresAdapter {
  override async acquireMigrationLock(): Promise<void> {
    // Taken by the transaction itself (MigrationLockDriver.beginTransaction).
  }

  override async releaseMigrationLock(): Promise<void> {
    // Freed by the transaction's end.
  }
}

class MigrationLockDriver extends PostgresDriver {
  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await super.beginTransaction(connection, settings);
    await connection.executeQuery(CompiledQuery.raw(`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`));
  }
}

class MigrationDialect extends PostgresDialect {
  constructor(private readonly pool: pg.Pool) {
    super({ pool });
  }

  override createDriver(): Driver {
    return new MigrationLockDriver({ pool: this.pool });
  }

  override createAdapter(): PostgresAdapter {
    return new TransactionLockAdapter();
  }
}

/**
 * The handle migrations run on: SQLite's own; for PostgreSQL a handle on the same pool whose
 * migration lock is a transaction lock (see TransactionLockAdapter). Never destroyed: the pool is `db`'s.
 */
function migrationHandle(db: DB): DB {
  const pool = pgPools.get(db);
  return pool ? new Kysely<Database>({ dialect: new MigrationDialect(pool) }) : db;
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Runs every pending migration, one process at a time (on PostgreSQL under a transaction lock,
 * safe through PgBouncer's transaction mode: see TransactionLockAdapter). `pgSchema` keeps
 * Kysely's own bookkeeping tables in that schema (otherwise it finds another schema's lock table
 * through the catalogue and fails).
 * Throws the migration's own error when one fails.
 */
export async function migrateToLatest(db: DB, options: { pgSchema?: string } = {}): Promise<void> {
  const migrator = new Migrator({
    db: migrationHandle(db),
    provider,
    ...(options.pgSchema ? { migrationTableSchema: options.pgSchema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

/**
 * Names of the migrations this build has that the database has not applied, in Kysely's order (by
 * name); empty when it is up to date; all of them when the database has no migrations table yet.
 * Readiness (issue 46 item 4; asked every 500 ms by the balancer, issue 49) and the restore
 * (scripts/restore.ts) ask it. One read of `kysely_migration` — not Kysely's `getMigrations`, whose
 * catalogue introspection took ~11 ms of PostgreSQL a probe (docs/decisions/1025). Throws when the
 * database does not answer.
 */
export async function pendingMigrations(db: DB, options: { pgSchema?: string } = {}): Promise<string[]> {
  const table = sql.table(options.pgSchema ? `${options.pgSchema}.${DEFAULT_MIGRATION_TABLE}` : DEFAULT_MIGRATION_TABLE);
  let applied: Set<string>;
  try {
    const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(db);
    applied = new Set(rows.map((row) => row.name));
  } catch (error) {
    if (!isMissingTable(error)) throw error;
    applied = new Set();
  }
  return Object.keys(migrations)
    .sort()
    .filter((name) => !applied.has(name));
}

/** True for "no such table" (SQLite) or undefined_table (PostgreSQL 42P01). */
function isMissingTable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e?.code === "42P01" || (typeof e?.message === "string" && /no such table/i.test(e.message));
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
