import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createDatabase, isSqlite, migrateToLatest, type DB } from "~/db/db.server";
import { testDatabases } from "../setup/databases";

// The data-layer tests' databases are copies of a template migrated once per worker
// (tests/setup/databases.ts, issue 22 item 2): each must be what running the migrations gives.

/** Tables, columns, constraints, indexes and the rows the migrations write, with the schema's name blanked. */
async function shape(db: DB): Promise<unknown> {
  const rows = async (query: ReturnType<typeof sql>) => (await query.execute(db)).rows;
  const bookkeeping = {
    migrations: await rows(sql`select name from kysely_migration order by name`),
    lock: await rows(sql`select * from kysely_migration_lock`),
    catalogue: await rows(sql`select id, version from catalogue_state`),
  };
  if (isSqlite(db)) return { ...bookkeeping, objects: await rows(sql`select type, name, tbl_name, sql from sqlite_master order by name`) };
  const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0].schema;
  const catalogue = {
    columns: await rows(sql`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns where table_schema = current_schema() order by 1, 2`),
    constraints: await rows(sql`select c.relname, k.conname, pg_get_constraintdef(k.oid) from pg_constraint k join pg_class c on c.oid = k.conrelid where c.relnamespace = current_schema()::regnamespace order by 1, 2`),
    indexes: await rows(sql`select tablename, indexname, indexdef from pg_indexes where schemaname = current_schema() order by 1, 2`),
    sequences: await rows(sql`select sequence_name, data_type, start_value from information_schema.sequences where sequence_schema = current_schema() order by 1`),
  };
  return JSON.parse(JSON.stringify({ ...bookkeeping, ...catalogue }).replaceAll(schema, "SCHEMA"));
}

/** A database migrated the slow way, as before the templates. */
async function migratedDirectly(name: "sqlite" | "postgres"): Promise<{ db: DB; cleanup: () => Promise<void> }> {
  if (name === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-direct-"));
    const db = createDatabase(`file:${path.join(dir, "store.db")}`);
    await migrateToLatest(db);
    return { db, cleanup: async () => (await db.destroy(), fs.rmSync(dir, { recursive: true, force: true })) };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${crypto.randomBytes(6).toString("hex")}`;
  const admin = createDatabase(url);
  await sql`create schema ${sql.id(schema)}`.execute(admin);
  await admin.destroy();
  const db = createDatabase(url, { pgSchema: schema });
  await migrateToLatest(db, { pgSchema: schema });
  return { db, cleanup: () => db.destroy() };
}

describe.each(testDatabases())("test databases on $name", ({ name, create }) => {
  it("each is empty, of its own and the same as a freshly migrated one", async () => {
    const direct = await migratedDirectly(name);
    const [first, second] = [await create(), await create()];
    try {
      expect(await shape(first.db)).toEqual(await shape(direct.db));
      await first.db.insertInto("users").values({ name: "Asha", email: "asha@example.in", password_hash: "x", created_at: 0 }).execute();
      expect(await second.db.selectFrom("users").selectAll().execute()).toEqual([]);
      const { id } = await second.db.insertInto("users").values({ name: "Ravi", email: "ravi@example.in", password_hash: "x", created_at: 0 }).returning("id").executeTakeFirstOrThrow();
      expect(id).toBe(1);
      await migrateToLatest(second.db, name === "postgres" ? { pgSchema: (await sql<{ s: string }>`select current_schema() as s`.execute(second.db)).rows[0].s } : {});
    } finally {
      await Promise.all([direct.cleanup(), first.cleanup(), second.cleanup()]);
    }
  });

  it("one given back and handed out again is empty and the same as a freshly migrated one, its ids from 1 again", async () => {
    const direct = await migratedDirectly(name);
    const used = await create();
    const schemaOf = async (db: DB) => (isSqlite(db) ? null : (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0].s);
    const usedSchema = await schemaOf(used.db);
    await used.db.insertInto("users").values({ name: "Asha", email: "asha@example.in", password_hash: "x", created_at: 0 }).execute();
    await used.db.insertInto("users").values({ name: "Ravi", email: "ravi@example.in", password_hash: "x", created_at: 0 }).execute();
    await used.db.updateTable("catalogue_state").set({ version: 41 }).execute();
    await used.cleanup();
    const again = await create();
    try {
      // PostgreSQL hands the same schema out again (tests/setup/databases.ts); SQLite makes a new file.
      if (name === "postgres") expect(await schemaOf(again.db)).toBe(usedSchema);
      expect(await shape(again.db)).toEqual(await shape(direct.db));
      expect(await again.db.selectFrom("users").selectAll().execute()).toEqual([]);
      const { id } = await again.db.insertInto("users").values({ name: "Meera", email: "meera@example.in", password_hash: "x", created_at: 0 }).returning("id").executeTakeFirstOrThrow();
      expect(id).toBe(1);
    } finally {
      await Promise.all([direct.cleanup(), again.cleanup()]);
    }
  });
});
