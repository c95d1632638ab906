import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
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

/** The worker's template: its schema, the script that makes a schema like it, and the one that resets one. */
type PostgresTemplate = { schema: string; script: string; reset: (schema: string) => string };

let postgresTemplate: Promise<PostgresTemplate> | undefined;
/** Schemas a test has given back, reset to the template's state on the way (createPostgres). */
const returnedSchemas: string[] = [];
/** The worker's one connection for resets; it never keeps the worker alive. */
let resetPool: pg.Pool | undefined;

/**
 * A parameter of a recorded statement as an SQL literal. The migrator sends strings (migration
 * names, timestamps) and numbers; anything else is refused rather than guessed.
 */
function sqlLiteral(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`The PostgreSQL template cannot write ${typeof value} ${String(value)} as a literal.`);
}

/** A recorded statement with its `$n` parameters written in as literals. */
function inlined(statement: Statement): string {
  if (statement.parameters.length === 0) return statement.sql;
  return statement.sql.replace(/\$(\d+)\b/g, (_, n: string) => sqlLiteral(statement.parameters[Number(n) - 1]));
}

/**
 * Migrates a template schema once per worker process and records every statement the migrator
 * sent — the migrations' own and Kysely's bookkeeping (kysely_migration and its lock table,
 * qualified with the template's name) — as one script, its parameters written in. Only Kysely's
 * introspection (selects from pg_catalog, which scan every schema's tables) is left out: it decides
 * whether the bookkeeping tables exist, which the recording already answers, and it made a
 * migration slower with every schema a run had made (120 ms at none, 850 ms at 300).
 */
function recordedMigration(url: string): Promise<PostgresTemplate> {
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
    let tables: string[];
    let sequences: string[];
    try {
      await sql`create schema ${sql.id(schema)}`.execute(db);
      statements.length = 0;
      await migrateToLatest(db, { pgSchema: schema });
      const names = (query: ReturnType<typeof sql<{ name: string }>>) => query.execute(db).then(({ rows }) => rows.map((row) => row.name));
      tables = await names(sql`select table_name as name from information_schema.tables where table_schema = ${schema} and table_type = 'BASE TABLE' order by 1`);
      sequences = await names(sql`select sequence_name as name from information_schema.sequences where sequence_schema = ${schema} order by 1`);
    } finally {
      await db.destroy();
    }
    const template = (name: string) => `"${schema}"."${name}"`;
    return {
      schema,
      script: statements.map((statement) => `${inlined(statement)};`).join("\n"),
      reset: (target) => {
        const own = (name: string) => `"${target}"."${name}"`;
        return [
          // Foreign keys are triggers, off for this session's deletes and copies (superuser only).
          "set session_replication_role = replica",
          ...tables.map((table) => `delete from ${own(table)}`),
          ...tables.map((table) => `insert into ${own(table)} select * from ${template(table)}`),
          ...sequences.map((sequence) => `select setval('${own(sequence)}', last_value, is_called) from ${template(sequence)}`),
          "set session_replication_role = origin",
        ].join(";\n");
      },
    };
  })();
  return postgresTemplate;
}

/**
 * A schema migrated like the template, empty of what any test wrote. New schemas run the recorded
 * script, with the template's name replaced, as one simple-protocol query (PostgreSQL runs a
 * multi-statement query as one transaction). Making one costs PostgreSQL 200–400 ms — 31 tables and
 * 45 indexes are catalogue rows and files — over half of the data-layer files' test time (96
 * schemas, 27 s of 49 s on five files, measured 2026-11-28). So a schema a test gives back is
 * reset and handed out again: every table emptied and refilled from the template (the migrator's
 * bookkeeping, the catalogue's version row), every sequence set to the template's, in 10–20 ms.
 * A schema whose reset fails is not reused. Every schema is dropped after the whole run
 * (tests/setup/postgres-schemas.ts).
 */
async function createPostgres(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL!;
  const template = await recordedMigration(url);
  const returned = returnedSchemas.pop();
  const schema = returned ?? newSchemaName();
  const db = createDatabase(url, { pgSchema: schema });
  if (!returned) {
    await sql.raw(`create schema "${schema}";\n${template.script.replaceAll(`"${template.schema}"`, `"${schema}"`)}`).execute(db);
  }
  return {
    db,
    // The test's pool is closed first (it waits for every query in flight), so nothing the test
    // started can write into the schema after its reset.
    cleanup: async () => {
      await db.destroy();
      resetPool ??= new pg.Pool({ connectionString: url, max: 1, allowExitOnIdle: true });
      await resetPool.query(template.reset(schema));
      returnedSchemas.push(schema);
    },
  };
}
