import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase, migrateToLatest, type DB } from "~/db/db.server";
import { createShopper, seedWatches } from "../fakes/shop";
import { placeCod } from "../setup/orders";

/**
 * Continuous replication (issue 46 item 1; docs/decisions/1001-backups.md, docs/litestream.yml):
 * the real Litestream binary (@flydotio/litestream-linux-x64, v0.3.13; an optional dependency, so skipped where it is not installed) replicates a store database to a
 * file:// replica with docs/litestream.yml itself while orders are written; `litestream restore`
 * of the replica into a new file gives a database that passes integrity_check and holds every
 * order, row for row. Skipped, with the reason printed, only where the binary cannot run.
 */

const BINARY = path.resolve("node_modules/@flydotio", `litestream-${process.platform}-${process.arch}`, "litestream");
const CONFIG = path.resolve("docs/litestream.yml");
const runs = fs.existsSync(BINARY) && spawnSync(BINARY, ["version"], { encoding: "utf8" }).status === 0;
if (!runs) console.warn(`Litestream test skipped: ${BINARY} is missing or does not run on ${process.platform}-${process.arch}`);

describe.skipIf(!runs)("Litestream file replica", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bk-litestream-"));
  let replicate: ChildProcess | undefined;
  let db: DB | undefined;
  afterAll(async () => {
    if (replicate && replicate.exitCode === null) {
      const exited = new Promise((resolve) => replicate!.once("exit", resolve));
      replicate.kill("SIGTERM");
      await exited;
    }
    await db?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("restores every order written while it replicates", async () => {
    const file = path.join(dir, "store.db");
    const env = { ...process.env, STORE_DB: file, STORE_REPLICA: path.join(dir, "replica") };
    db = createDatabase(`file:${file}`);
    await migrateToLatest(db);
    await seedWatches(db);
    const shopper = await createShopper(db);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await placeCod(db, shopper, `ls-${crypto.randomUUID()}`)).order.id);

    let output = "";
    replicate = spawn(BINARY, ["replicate", "-config", CONFIG], { env, stdio: ["ignore", "pipe", "pipe"] });
    replicate.stdout?.on("data", (chunk) => (output += chunk));
    replicate.stderr?.on("data", (chunk) => (output += chunk));
    // Orders keep coming while it replicates (a second shopper: at most 10 COD orders an hour each).
    const second = await createShopper(db);
    for (let i = 0; i < 6; i += 1) {
      ids.push((await placeCod(db, i < 3 ? shopper : second, `ls-${crypto.randomUUID()}`)).order.id);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const expected = await db.selectFrom("orders").selectAll().orderBy("id").execute();
    expect(expected.map((row) => row.id)).toEqual([...ids].sort());

    // The replica catches up within its sync interval: restore until it holds all nine (30 s at most).
    let restoredRows: unknown[] = [];
    let verdict = "";
    for (let attempt = 0; attempt < 60; attempt += 1) {
      const out = path.join(dir, `restored-${attempt}.db`);
      const restore = spawnSync(BINARY, ["restore", "-config", CONFIG, "-o", out, file], { env, encoding: "utf8" });
      if (restore.status === 0 && fs.existsSync(out)) {
        const copy = new SQLite(out, { readonly: true });
        verdict = (copy.pragma("integrity_check") as { integrity_check: string }[]).map((row) => row.integrity_check).join("; ");
        restoredRows = copy.prepare("select * from orders order by id").all();
        copy.close();
        if (restoredRows.length === expected.length) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(verdict, output).toBe("ok");
    expect(restoredRows).toEqual(expected.map((row) => ({ ...row })));
  }, 90_000);
});
