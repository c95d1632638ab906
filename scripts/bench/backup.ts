/**
 * `npm run bench -- --backup [--databases sqlite,postgres]` (issue 46 item 1): backup and restore
 * times and sizes at 1,000 and 100,000 products with 10,000 orders (and 2,000 shoppers), on a
 * throwaway SQLite file and — with `postgres` — a throwaway database `bench_bk_<hex>` beside
 * TEST_DATABASE_URL (or postgres://postgres@127.0.0.1:5432/postgres). The data is written directly
 * in SQL (Kysely inserts of 500 rows), not through the store's services. Each backup is
 * `backupStore` (services/backups.server.ts: SQLite's online backup or pg_dump -Fc, checked, with
 * the manifest) and each restore `restoreStore` into a fresh, empty database (checked again, swapped
 * in, migrated). No uploaded files (their copy is a file copy; it adds their size at disk speed).
 * Times in seconds, sizes in MB; prints one table.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { createDatabase, migrateToLatest, type DB } from "~/db/db.server";
import { backupStore, restoreStore, type BackupSource } from "~/services/backups.server";

export type BackupBenchKind = "sqlite" | "postgres";

const SIZES = [1_000, 100_000];
const ORDERS = 10_000;
const SHOPPERS = 2_000;
const CHUNK = 500;

/** A throwaway database of `kind`: its URL and how to drop it. */
async function throwaway(kind: BackupBenchKind, dir: string, label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (kind === "sqlite") return { url: `file:${path.join(dir, label, "store.db")}`, drop: async () => undefined };
  const admin = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `bench_bk_${crypto.randomBytes(5).toString("hex")}`;
  const run = async (text: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => run(`drop database if exists ${name} with (force)`) };
}

async function insertChunks<T>(count: number, make: (i: number) => T, insert: (rows: T[]) => Promise<unknown>) {
  for (let from = 0; from < count; from += CHUNK) {
    await insert(Array.from({ length: Math.min(CHUNK, count - from) }, (_, j) => make(from + j)));
  }
}

/** Fills a migrated store: `products` watches, SHOPPERS shoppers, ORDERS cash-on-delivery orders of 1–3 lines with their stock movements. */
async function fill(db: DB, products: number): Promise<void> {
  const now = Date.now();
  await insertChunks(
    products,
    (i) => ({
      id: `bench-${i}`,
      position: i,
      name: `Bench Watch ${i} Automatic Steel`,
      images: JSON.stringify([`/uploads/${crypto.createHash("sha256").update(String(i)).digest("hex")}.webp`]),
      videos: "[]",
      video_poster: null,
      price_paise: 500_000 + (i % 97) * 10_000,
      original_paise: null,
      category: i % 2 ? "Men" : "Women",
      sub_category: "Automatic",
      description: `A steel automatic watch, number ${i}, with a sapphire crystal and a 40-hour power reserve.`,
      features: JSON.stringify(["Sapphire crystal", "100 m water resistance", "Exhibition case back"]),
      movement: "Automatic",
      strap_material: "Steel",
      colours: JSON.stringify(["Silver", "Black"]),
      bestseller: i % 10 === 0 ? 1 : 0,
      sold: i % 50,
      created_at: now - i * 1000,
      search_name: `bench watch ${i} automatic steel`,
      model_key: `bench-${i}`,
      model_first: 1,
      stock: 100,
      declarations: null,
      declarations_missing: null,
      name_hi: null,
      description_hi: null,
      features_hi: null,
    }),
    (rows) => db.insertInto("products").values(rows).execute(),
  );
  await insertChunks(
    SHOPPERS,
    (i) => ({ name: `Bench Shopper ${i}`, email: `bench-${i}@example.in`, password_hash: "$argon2id$v=19$m=19456,t=2,p=1$bench$bench", created_at: now, role: null, deleted_at: null, language: null }),
    (rows) => db.insertInto("users").values(rows).execute(),
  );
  const firstUser = Number((await db.selectFrom("users").select((eb) => eb.fn.min("id").as("id")).executeTakeFirstOrThrow()).id);
  const address = JSON.stringify({ name: "Bench Shopper", phone: "9876543210", line1: "12 MG Road", line2: "", city: "Bengaluru", state: "Karnataka", pin: "560001" });
  const orderItems = (i: number) =>
    Array.from({ length: 1 + (i % 3) }, (_, k) => {
      const p = (i * 7 + k * 13) % products;
      return { productId: `bench-${p}`, name: `Bench Watch ${p} Automatic Steel`, image: "", pricePaise: 500_000 + (p % 97) * 10_000, size: "Silver", quantity: 1 };
    });
  await insertChunks(
    ORDERS,
    (i) => {
      const items = orderItems(i);
      return {
        id: `BENCH${String(i).padStart(8, "0")}`,
        user_id: firstUser + (i % SHOPPERS),
        items: JSON.stringify(items),
        amount_paise: items.reduce((sum, item) => sum + item.pricePaise, 0),
        address,
        status: "Order Placed",
        payment_method: "cod",
        payment_status: "PENDING",
        gateway_order_id: null,
        idempotency_key: `bench-${i}`,
        created_at: now - i * 60_000,
        updated_at: now - i * 60_000,
        gateway_mode: null,
        refund_payments: null,
        paid_by: null,
        courier: null,
        awb_number: null,
        tracking_url: null,
        delivery_from: null,
        delivery_to: null,
        stock_state: null,
      };
    },
    (rows) => db.insertInto("orders").values(rows).execute(),
  );
  await insertChunks(
    ORDERS,
    (i) => ({ product_id: `bench-${(i * 7) % products}`, delta: -1, stock_after: 99, reason: "sale", order_id: `BENCH${String(i).padStart(8, "0")}`, colour: null, actor: "shopper", at: now - i * 60_000 }),
    (rows) => db.insertInto("stock_movements").values(rows).execute(),
  );
}

type Row = { kind: BackupBenchKind; products: number; fillS: number; dbMb: number; backupS: number; backupMb: number; restoreS: number; ok: boolean };

/** Runs the backup bench; resolves true when every restore gave back the counts its backup recorded. */
export async function runBackupBench(options: { databases: BackupBenchKind[] | null }): Promise<boolean> {
  const kinds = options.databases ?? ["sqlite"];
  const rows: Row[] = [];
  for (const kind of kinds) {
    for (const products of SIZES) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-backup-"));
      const source = await throwaway(kind, dir, "live");
      const target = await throwaway(kind, dir, "restored");
      try {
        const fillStart = performance.now();
        const db = createDatabase(source.url);
        await migrateToLatest(db);
        await fill(db, products);
        const fillS = (performance.now() - fillStart) / 1000;
        const dbMb =
          kind === "sqlite"
            ? fs.statSync(source.url.slice("file:".length)).size / 1024 / 1024
            : Number((await sql<{ bytes: string }>`select pg_database_size(current_database()) as bytes`.execute(db)).rows[0].bytes) / 1024 / 1024;
        await db.destroy();
        const uploads = (label: string): BackupSource["uploads"] =>
          (["media", "report-videos", "return-photos"] as const).map((name) => ({ name, dir: path.join(dir, label, name) }));
        const backupStart = performance.now();
        const backup = await backupStore({ url: source.url, pgSchema: null, uploads: uploads("live") }, path.join(dir, "backups"));
        const backupS = (performance.now() - backupStart) / 1000;
        const restoreStart = performance.now();
        const restored = await restoreStore(backup.dir, { url: target.url, pgSchema: null, uploads: uploads("restored") });
        const restoreS = (performance.now() - restoreStart) / 1000;
        const ok = JSON.stringify(restored.counts) === JSON.stringify(backup.manifest.counts) && restored.counts.products === products && restored.counts.orders === ORDERS;
        rows.push({ kind, products, fillS, dbMb, backupS, backupMb: backup.manifest.database.bytes / 1024 / 1024, restoreS, ok });
        console.log(`  ${kind} ${products} products: backup ${backupS.toFixed(2)} s, restore ${restoreS.toFixed(2)} s${ok ? "" : " — COUNTS DIFFER"}`);
      } finally {
        await source.drop();
        await target.drop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  console.log(`\nBackup and restore, ${ORDERS.toLocaleString("en-IN")} orders, ${SHOPPERS.toLocaleString("en-IN")} shoppers (times in s, sizes in MB):`);
  console.log("database  products  fill  db size  backup  backup size  restore  counts");
  for (const row of rows) {
    console.log(
      [
        row.kind.padEnd(8),
        String(row.products).padStart(8),
        row.fillS.toFixed(1).padStart(5),
        row.dbMb.toFixed(1).padStart(7),
        row.backupS.toFixed(2).padStart(6),
        row.backupMb.toFixed(1).padStart(11),
        row.restoreS.toFixed(2).padStart(7),
        row.ok ? "  same" : "  DIFFER",
      ].join("  "),
    );
  }
  return rows.every((row) => row.ok);
}
