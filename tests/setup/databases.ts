import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { createDatabase, migrateToLatest, type DB } from "~/db/db.server";

export type TestDatabase = { db: DB; cleanup: () => Promise<void> };
export type TestDatabaseKind = { name: "sqlite" | "postgres"; create: () => Promise<TestDatabase> };

/**
 * The databases the data-layer tests run on: SQLite always (a fresh file), PostgreSQL when
 * TEST_DATABASE_URL is set (a fresh schema, dropped after the run). Each `create()` gives a migrated,
 * empty database. Use with `describe.each(testDatabases())`.
 */
export function testDatabases(): TestDatabaseKind[] {
  const kinds: TestDatabaseKind[] = [{ name: "sqlite", create: createSqlite }];
  if (process.env.TEST_DATABASE_URL) kinds.push({ name: "postgres", create: createPostgres });
  return kinds;
}

async function createSqlite(): Promise<TestDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-test-"));
  const db = createDatabase(`file:${path.join(dir, "store.db")}`);
  await migrateToLatest(db);
  return {
    db,
    cleanup: async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function createPostgres(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${crypto.randomBytes(6).toString("hex")}`;
  const admin = createDatabase(url);
  await sql`create schema ${sql.id(schema)}`.execute(admin);
  const db = createDatabase(url, { pgSchema: schema });
  await migrateToLatest(db, { pgSchema: schema });
  return {
    db,
    // The schema itself is dropped after the whole run (tests/setup/postgres-schemas.ts).
    cleanup: async () => {
      await db.destroy();
      await admin.destroy();
    },
  };
}
