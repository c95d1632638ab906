import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CompiledQuery, Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { createDatabase, migrateToLatest, type DB } from "~/db/db.server";
import type { Database } from "~/db/schema";

export type TestDatabase = { db: DB; cleanup: () => Promise<void> };
export type TestDatabaseKind = { name: "sqlite" | "postgres"; create: () => Promise<TestDatabase> };

/**
 * The databases the data-layer tests run on: SQLite always (a fresh file), PostgreSQL when
 * TEST_DATABASE_URL is set (a fresh schema, dropped after the run). Each `create()` gives a migrated,
 * empty database of its own. The migrations run once per worker process, into a template that each
 * `create()` copies (issue 22 item 2). Use with `describe.each(testDatabases())`.
 */
export function testDatabases(): TestDatabaseKind[] {
  const kinds: TestDatabaseKind[] = [{ name: "sqlite", create: createSqlite }];
  if (process.env.TEST_DATABASE_URL) kinds.push({ name: "postgres", create: createPostgres });
  return kinds;
}

let sqliteTemplate: Promise<Buffer> | undefined;

/**
 * The bytes of a migrated, empty SQLite database, made once per worker process. Closing the
 * template's only connection checkpoints its WAL into the main file and deletes the side files, so
 * the main file alone is the whole database.
 */
function migratedSqliteBytes(): Promise<Buffer> {
  sqliteTemplate ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-template-"));
    try {
      const file = path.join(dir, "store.db");
      const db = createDatabase(`file:${file}`);
      await migrateToLatest(db);
      await db.destroy();
      const sideFiles = fs.readdirSync(dir).filter((name) => name !== "store.db");
      if (sideFiles.length > 0) throw new Error(`The SQLite template left ${sideFiles.join(", ")} behind.`);
      return fs.readFileSync(file);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  })();
  return sqliteTemplate;
}

async function createSqlite(): Promise<TestDatabase> {
  const bytes = await migratedSqliteBytes();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-test-"));
  const file = path.join(dir, "store.db");
  fs.writeFileSync(file, bytes);
  const db = createDatabase(`file:${file}`);
  return {
    db,
    cleanup: async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A throwaway schema's name; tests/setup/postgres-schemas.ts drops every such schema after the run. */
function newSchemaName(): string {
  return `t_${crypto.randomBytes(6).toString("hex")}`;
}

/** A statement as the migrator sent it, with the template schema's quoted name to replace. */
type Statement = { sql: string; parameters: readonly unknown[] };

let postgresTemplate: Promise<{ schema: string; statements: Statement[] }> | undefined;

/**
 * Migrates a template schema once per worker process and records every statement the migrator
 * sent: the migrations' own and Kysely's bookkeeping (kysely_migration and its lock table,
 * qualified with the template's name). Only Kysely's introspection (selects from pg_catalog, which
 * scan every schema's tables) is left out: it decides whether the bookkeeping tables exist, which
 * the recording already answers, and it made a migration slower with every schema a run had made
 * (120 ms at none, 850 ms at 300).
 */
function recordedMigration(url: string): Promise<{ schema: string; statements: Statement[] }> {
  postgresTemplate ??= (async () => {
    const schema = newSchemaName();
    const statements: Statement[] = [];
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1, options: `-c search_path=${schema}` }) }),
      log: (event) => {
        const introspection = /^\s*select\b/i.test(event.query.sql) && event.query.sql.includes('"pg_catalog".');
        if (event.level === "query" && !introspection) {
          statements.push({ sql: event.query.sql, parameters: event.query.parameters });
        }
      },
    });
    try {
      await sql`create schema ${sql.id(schema)}`.execute(db);
      statements.length = 0;
      await migrateToLatest(db, { pgSchema: schema });
    } finally {
      await db.destroy();
    }
    return { schema, statements };
  })();
  return postgresTemplate;
}

async function createPostgres(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL!;
  const template = await recordedMigration(url);
  const schema = newSchemaName();
  const db = createDatabase(url, { pgSchema: schema });
  const from = `"${template.schema}"`;
  const to = `"${schema}"`;
  await db.transaction().execute(async (trx) => {
    await sql`create schema ${sql.id(schema)}`.execute(trx);
    for (const statement of template.statements) {
      await trx.executeQuery(CompiledQuery.raw(statement.sql.replaceAll(from, to), [...statement.parameters]));
    }
  });
  return {
    db,
    // The schema itself is dropped after the whole run (tests/setup/postgres-schemas.ts).
    cleanup: () => db.destroy(),
  };
}
