import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase, migrateToLatest, type DB } from "~/db/db.server";
import {
  BackupError,
  backupIntervalMs,
  backupStore,
  checkPgDump,
  checkSqliteFile,
  pruneBackups,
  restoreStore,
  retainedBackupTimes,
  STORE_APPLICATION_NAME,
  type BackupSource,
} from "~/services/backups.server";
import { firstBackupDelayMs } from "~/services/backup-schedule.server";
import { createShopper, seedWatches } from "../fakes/shop";
import { placeCod } from "../setup/orders";
import { createProofDatabase, type ProofDatabase } from "../setup/proof-server";

/**
 * Backups that are proven by a restore (issue 46 item 1; docs/decisions/1001-backups.md), on SQLite
 * always and on PostgreSQL with TEST_DATABASE_URL: the retention's promise as a fixed table, a
 * backup restored over a store that moved on gives back exactly what the backup held (orders and
 * uploaded files, the replaced database kept), a damaged backup (a byte flipped, a truncated file)
 * is refused with the live database untouched, and the restore refuses while a store has the
 * database open.
 */

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);

describe("retention (docs/decisions/1001)", () => {
  it("keeps the newest of each of the last N hours and of the last M IST days, and always the newest", () => {
    // Worked out by hand: IST is UTC+5:30, so 2026-12-01T20:00Z is 2 December 01:30 in India.
    const times = {
      a: at("2026-12-02T10:50:00Z"), // hour 10 UTC, IST 2 Dec — newest
      b: at("2026-12-02T10:10:00Z"), // hour 10 again: not the newest of its hour
      c: at("2026-12-02T09:30:00Z"), // hour 09
      d: at("2026-12-02T08:59:00Z"), // hour 08
      e: at("2026-12-02T07:00:00Z"), // hour 07: the 4th hour, past hourly = 3
      f: at("2026-12-01T20:00:00Z"), // IST 2 Dec 01:30: 2 December's newest is a
      g: at("2026-12-01T18:00:00Z"), // IST 1 Dec 23:30: 1 December's newest
      h: at("2026-12-01T10:00:00Z"), // IST 1 Dec 15:30: not 1 December's newest
      i: at("2026-11-30T12:00:00Z"), // IST 30 Nov: the 3rd day, past daily = 2
    };
    const kept = retainedBackupTimes(Object.values(times), { hourly: 3, daily: 2 });
    const names = Object.entries(times).filter(([, time]) => kept.has(time)).map(([name]) => name);
    expect(names).toEqual(["a", "c", "d", "g"]);
    expect([...retainedBackupTimes(Object.values(times), { hourly: 0, daily: 0 })]).toEqual([times.a]);
    expect(retainedBackupTimes([], { hourly: 24, daily: 14 }).size).toBe(0);
  });

  it("with the defaults (24 hourly, 14 daily), hourly backups over 20 days keep 24 + 12 = 36", () => {
    const start = at("2026-11-12T00:00:00Z");
    const times = Array.from({ length: 20 * 24 }, (_, i) => start + i * HOUR);
    const kept = retainedBackupTimes(times, { hourly: 24, daily: 14 });
    // The newest is 1 Dec 23:00 UTC (2 Dec 04:30 IST). The last 24 hours hold the newest of 2 Dec
    // and of 1 Dec IST (1 Dec 18:00 UTC = 23:30 IST); 30 Nov … 19 Nov IST add their newest, 12 more.
    expect(kept.size).toBe(36);
    const newest = times.at(-1)!;
    for (let i = 0; i < 24; i += 1) expect(kept.has(newest - i * HOUR)).toBe(true);
    const daily = [...kept].filter((time) => time < newest - 23 * HOUR).sort((x, y) => x - y);
    expect(daily.map((time) => new Date(time).toISOString().slice(11, 16))).toEqual(Array(12).fill("18:00"));
  });

  it("BACKUP_EVERY: durations, off, and the defaults per database", () => {
    expect(backupIntervalMs("30m", "sqlite")).toBe(30 * 60_000);
    expect(backupIntervalMs("2h", "postgres")).toBe(2 * HOUR);
    expect(backupIntervalMs("1d", "sqlite")).toBe(24 * HOUR);
    expect(backupIntervalMs("off", "sqlite")).toBeNull();
    expect(backupIntervalMs(undefined, "sqlite")).toBe(HOUR);
    expect(backupIntervalMs(undefined, "postgres")).toBeNull();
    expect(() => backupIntervalMs("hourly", "sqlite")).toThrow(/BACKUP_EVERY/);
    // The first scheduled run: the rest of the interval since the newest backup, 10 s at least.
    expect(firstBackupDelayMs(HOUR, at("2026-12-02T10:00:00Z"), at("2026-12-02T10:40:00Z"))).toBe(20 * 60_000);
    expect(firstBackupDelayMs(HOUR, at("2026-12-02T08:00:00Z"), at("2026-12-02T10:40:00Z"))).toBe(10_000);
    expect(firstBackupDelayMs(HOUR, null, 0)).toBe(5 * 60_000);
    expect(firstBackupDelayMs(2 * 60_000, null, 0)).toBe(2 * 60_000);
    expect(firstBackupDelayMs(2_000, 0, 60_000)).toBe(2_000);
  });
});

type Store = { kind: "sqlite" | "postgres"; source: BackupSource; dir: string; open: () => DB; cleanup: () => Promise<void> };

/** A migrated store with the test watches, its upload folders in a temporary folder. */
async function createStore(kind: "sqlite" | "postgres"): Promise<Store> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
  let proof: ProofDatabase | null = null;
  const url = kind === "sqlite" ? `file:${path.join(dir, "store.db")}` : (proof = await createProofDatabase("postgres")).url;
  const uploads = (["media", "report-videos", "return-photos"] as const).map((name) => ({ name, dir: path.join(dir, name) }));
  const db = createDatabase(url);
  await migrateToLatest(db);
  await seedWatches(db);
  await db.destroy();
  return {
    kind,
    source: { url, pgSchema: null, uploads },
    dir,
    open: () => createDatabase(url),
    cleanup: async () => {
      await proof?.cleanup();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Places `count` cash-on-delivery orders for a new shopper; answers their ids. */
async function placeOrders(store: Store, count: number): Promise<string[]> {
  const db = store.open();
  try {
    const shopper = await createShopper(db);
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) ids.push((await placeCod(db, shopper, `backup-${crypto.randomUUID()}`)).order.id);
    return ids;
  } finally {
    await db.destroy();
  }
}

async function orderIds(store: Store): Promise<string[]> {
  const db = store.open();
  try {
    return (await db.selectFrom("orders").select("id").orderBy("id").execute()).map((row) => row.id);
  } finally {
    await db.destroy();
  }
}

function writeUpload(store: Store, folder: string, name: string, text: string) {
  const file = path.join(store.dir, folder, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** A byte at `offset` replaced by its complement. */
function flipByte(file: string, offset: number) {
  const bytes = fs.readFileSync(file);
  bytes[offset] = 255 - bytes[offset];
  fs.writeFileSync(file, bytes);
}

const kinds: ("sqlite" | "postgres")[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

describe.each(kinds)("backup and restore on %s", (kind) => {
  let store: Store | undefined;
  let holder: ChildProcess | pg.Client | undefined;
  afterEach(async () => {
    if (holder instanceof pg.Client) await holder.end();
    else holder?.kill("SIGKILL");
    holder = undefined;
    await store?.cleanup();
    store = undefined;
  });

  it("restores exactly what the backup held, uploads included, keeping the replaced database", async () => {
    store = await createStore(kind);
    const before = await placeOrders(store, 3);
    writeUpload(store, "media", "photo.webp", "the product photo");
    writeUpload(store, "report-videos", "r1.mp4", "an unboxing video");
    writeUpload(store, "report-videos", "incoming/half.part", "an upload not yet checked");
    const backupsDir = path.join(store.dir, "backups");
    const { dir, manifest } = await backupStore(store.source, backupsDir);
    expect(manifest.counts).toEqual({ orders: 3, users: 1, products: 2 });
    // incoming/ is not backed up: two files.
    expect(manifest.files.count).toBe(2);
    expect(fs.readdirSync(backupsDir)).toEqual([path.basename(dir)]);

    const after = await placeOrders(store, 2);
    writeUpload(store, "media", "later.webp", "added after the backup");
    const result = await restoreStore(dir, store.source);
    expect(result.counts).toEqual({ orders: 3, users: 1, products: 2 });
    expect(await orderIds(store)).toEqual([...before].sort());
    expect(fs.readdirSync(path.join(store.dir, "media"))).toEqual(["photo.webp"]);
    expect(fs.readFileSync(path.join(store.dir, "report-videos", "r1.mp4"), "utf8")).toBe("an unboxing video");
    expect(result.replaced).not.toBeNull();
    // The replaced database is kept whole beside: the five orders it had.
    if (kind === "sqlite") {
      const replaced = createDatabase(`file:${result.replaced}`);
      expect((await replaced.selectFrom("orders").select("id").execute()).map((r) => r.id).sort()).toEqual([...before, ...after].sort());
      await replaced.destroy();
    } else {
      const db = store.open();
      const n = await db.selectFrom(`${result.replaced}.orders` as "orders").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(5);
      await db.destroy();
    }
    expect(fs.readdirSync(store.dir).filter((name) => name.startsWith("media.replaced-"))).toHaveLength(1);
  });

  it("refuses a backup with a byte flipped or cut short, the live database untouched", async () => {
    store = await createStore(kind);
    await placeOrders(store, 2);
    const backupsDir = path.join(store.dir, "backups");
    const { dir, manifest } = await backupStore(store.source, backupsDir);
    await placeOrders(store, 1);
    const live = await orderIds(store);
    const file = path.join(dir, manifest.database.file);
    const good = fs.readFileSync(file);

    flipByte(file, Math.floor(good.length / 2));
    await expect(restoreStore(dir, store.source)).rejects.toThrow(/does not match its manifest/);
    expect(await orderIds(store)).toEqual(live);

    fs.writeFileSync(file, good.subarray(0, Math.floor(good.length / 2)));
    await expect(restoreStore(dir, store.source)).rejects.toThrow(BackupError);
    expect(await orderIds(store)).toEqual(live);
    // The check itself, without the manifest, finds the truncated file bad.
    if (kind === "sqlite") expect(() => checkSqliteFile(file)).toThrow(BackupError);
    else await expect(checkPgDump(file)).rejects.toThrow(BackupError);

    if (kind === "sqlite") {
      // A damaged b-tree page (the second page's type byte) fails integrity_check.
      fs.writeFileSync(file, good);
      flipByte(file, good.readUInt16BE(16) * 1);
      expect(() => checkSqliteFile(file)).toThrow(/integrity|not a good store database/);
    }
    expect(fs.readdirSync(store.dir).filter((name) => name.includes("replaced") || name.includes("restoring"))).toEqual([]);
  });

  it("refuses a backup whose uploaded files changed, and a bare file without its manifest", async () => {
    store = await createStore(kind);
    await placeOrders(store, 1);
    writeUpload(store, "media", "photo.webp", "the product photo");
    const { dir, manifest } = await backupStore(store.source, path.join(store.dir, "backups"));
    const live = await orderIds(store);
    fs.writeFileSync(path.join(dir, "files", "media", "photo.webp"), "another photo");
    await expect(restoreStore(dir, store.source)).rejects.toThrow(/uploaded files .* do not match the manifest/);
    const bare = path.join(store.dir, "bare", manifest.database.file);
    fs.mkdirSync(path.dirname(bare));
    fs.copyFileSync(path.join(dir, manifest.database.file), bare);
    await expect(restoreStore(bare, store.source)).rejects.toThrow(/No readable manifest.json/);
    expect(await orderIds(store)).toEqual(live);
    expect(fs.readFileSync(path.join(store.dir, "media", "photo.webp"), "utf8")).toBe("the product photo");
  });

  it("refuses while a store has the database open, nothing changed", async () => {
    store = await createStore(kind);
    await placeOrders(store, 1);
    const { dir } = await backupStore(store.source, path.join(store.dir, "backups"));
    await placeOrders(store, 1);
    const live = await orderIds(store);
    if (kind === "sqlite") {
      const file = store.source.url.slice("file:".length);
      const child = spawn(process.execPath, ["-e", `const D=require("better-sqlite3");const d=new D(${JSON.stringify(file)});d.prepare("select 1").get();console.log("open");setInterval(()=>{},1000)`], {
        cwd: process.cwd(),
        stdio: ["ignore", "pipe", "inherit"],
      });
      holder = child;
      await new Promise((resolve) => child.stdout!.once("data", resolve));
    } else {
      const client = new pg.Client({ connectionString: store.source.url, application_name: STORE_APPLICATION_NAME });
      await client.connect();
      holder = client;
    }
    await expect(restoreStore(dir, store.source)).rejects.toThrow(/A store is (running|connected)/);
    expect(await orderIds(store)).toEqual(live);
  });

  it("retention removes what it does not keep, and half-written folders of killed runs", async () => {
    store = await createStore(kind);
    const backupsDir = path.join(store.dir, "backups");
    const first = await backupStore(store.source, backupsDir);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await backupStore(store.source, backupsDir);
    const stale = path.join(backupsDir, ".partial-store-old");
    fs.mkdirSync(stale);
    const old = (Date.now() - 2 * HOUR) / 1000;
    fs.utimesSync(stale, old, old);
    // hourly 0, daily 0: only the newest is kept.
    expect(pruneBackups(backupsDir, { hourly: 0, daily: 0 }).sort()).toEqual([".partial-store-old", path.basename(first.dir)]);
    expect(fs.readdirSync(backupsDir)).toEqual([path.basename(second.dir)]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("backup and restore of a PostgreSQL schema (search_path)", () => {
  const schema = `t_${crypto.randomBytes(6).toString("hex")}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-schema-"));
  const url = process.env.TEST_DATABASE_URL!;
  afterEach(async () => {
    const admin = createDatabase(url);
    const { rows } = await sql<{ nspname: string }>`select nspname from pg_namespace where nspname like ${`${schema}%`}`.execute(admin);
    for (const { nspname } of rows) await sql`drop schema if exists ${sql.id(nspname)} cascade`.execute(admin);
    await admin.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("dumps only the store's schema and restores it under its name, the replaced one kept beside", async () => {
    const admin = createDatabase(url);
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    await admin.destroy();
    const open = () => createDatabase(url, { pgSchema: schema });
    let db = open();
    await migrateToLatest(db, { pgSchema: schema });
    await seedWatches(db);
    const shopper = await createShopper(db);
    const before = [(await placeCod(db, shopper, `s-${crypto.randomUUID()}`)).order.id, (await placeCod(db, shopper, `s-${crypto.randomUUID()}`)).order.id];
    await db.destroy();
    const source: BackupSource = { url, pgSchema: schema, uploads: [{ name: "media", dir: path.join(dir, "media") }] };
    const { dir: backup, manifest } = await backupStore(source, path.join(dir, "backups"));
    expect(manifest).toMatchObject({ kind: "postgres", pgSchema: schema, counts: { orders: 2, users: 1, products: 2 } });

    db = open();
    await placeCod(db, shopper, `s-${crypto.randomUUID()}`);
    await db.destroy();
    const result = await restoreStore(backup, source);
    expect(result.replaced).toMatch(new RegExp(`^${schema}_replaced_`));
    db = open();
    expect((await db.selectFrom("orders").select("id").orderBy("id").execute()).map((row) => row.id)).toEqual([...before].sort());
    // The search's trigram indexes came back with the schema, as many as the replaced one has.
    const trigramIndexes = async (name: string) =>
      Number((await sql<{ n: string }>`select count(*) as n from pg_indexes where schemaname = ${name} and indexdef like '%gin_trgm_ops%'`.execute(db)).rows[0].n);
    expect(await trigramIndexes(schema)).toBeGreaterThan(0);
    expect(await trigramIndexes(schema)).toBe(await trigramIndexes(result.replaced!));
    const replaced = await sql<{ n: string }>`select count(*) as n from ${sql.id(result.replaced!, "orders")}`.execute(db);
    expect(Number(replaced.rows[0].n)).toBe(3);
    await db.destroy();
  });
});
