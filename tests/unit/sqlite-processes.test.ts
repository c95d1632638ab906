import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase, migrateToLatest, type DB } from "~/db/db.server";

/**
 * One SQLite file, two processes (the server and the owner's terminal command, e.g.
 * `npm run orders:status`): a transaction that reads and then writes must never fail because the
 * other process wrote in between. A deferred `begin` did (SQLITE_BUSY_SNAPSHOT: a 500 while placing
 * an order, seen in the browser tests); app/db/db.server.ts begins every transaction IMMEDIATE.
 */

/** Runs one UPDATE on `file` in another Node process with a 100 ms busy timeout; answers "written" or SQLite's error code. */
function writeFromAnotherProcess(file: string): string {
  const script = `
    const SQLite = require("better-sqlite3");
    const db = new SQLite(process.argv[1]);
    db.pragma("busy_timeout = 100");
    try { db.prepare("update catalogue_state set version = version + 1").run(); process.stdout.write("written"); }
    catch (error) { process.stdout.write(String(error.code)); }
  `;
  return execFileSync(process.execPath, ["-e", script, file], { cwd: process.cwd(), encoding: "utf8" });
}

describe("SQLite shared by two processes", () => {
  let dir: string | undefined;
  let db: DB | undefined;
  afterEach(async () => {
    await db?.destroy();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    db = dir = undefined;
  });

  it("a transaction holds the write lock from its start: the other process waits, and the transaction's own write succeeds", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "sqlite-processes-"));
    const file = path.join(dir, "store.db");
    db = createDatabase(`file:${file}`);
    await migrateToLatest(db);
    const before = (await sql<{ version: number }>`select version from catalogue_state`.execute(db)).rows[0].version;

    const meanwhile = await db.transaction().execute(async (trx) => {
      await sql`select count(*) from users`.execute(trx);
      const other = writeFromAnotherProcess(file);
      await sql`update catalogue_state set version = version + 10`.execute(trx);
      return other;
    });

    expect(meanwhile).toBe("SQLITE_BUSY");
    expect(writeFromAnotherProcess(file)).toBe("written");
    const after = (await sql<{ version: number }>`select version from catalogue_state`.execute(db)).rows[0].version;
    expect(after).toBe(before + 11);
  });
});
