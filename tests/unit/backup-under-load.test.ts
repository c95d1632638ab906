import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { DEFAULT_SIZE_KEY, DELIVERY_FEE_PAISE } from "~/constants/store";
import { DEFAULT_DELIVERY_RULES } from "~/schemas/delivery";
import { MAX_COD_ORDERS_PER_HOUR } from "~/schemas/order-constants";
import type { OrderItem } from "~/schemas/orders";
import { readBackup, restoreStore } from "~/services/backups.server";
import { saveDeliveryRules } from "~/services/delivery.server";
import { ADDRESS } from "../fixtures/address";
import { buildProofApp, createProofDatabase, freePortInRange, proofBuildFolder, PROOF_SERVER_CWD, type ProofDatabase } from "../setup/proof-server";

/**
 * Backup under load (issue 46 item 1, "Done when"): the production build on SQLite and on
 * PostgreSQL (TEST_DATABASE_URL) takes cash-on-delivery orders from 8 shoppers through the Store
 * API without pause while `npm run backup` (scripts/backup.ts, a process of its own, as the owner
 * runs it) copies the database. The backup is restored (`npm run restore` on SQLite; restoreStore
 * on PostgreSQL, whose uploads folder would otherwise be the checkout's data/media) into a fresh,
 * empty store, which is started and asked through the API. Then:
 * - every order acknowledged before the backup began is in the restored store, whole: the same
 *   row, lines and amount as the live store's, its stock movements, order events and payment
 *   events all there;
 * - no order in the restored store is partial: each has lines, its amount is its lines' prices ×
 *   quantities (plus the delivery fee), and its movements and events are the live store's;
 * - each shopper's token still works on the restored store and lists the orders it had.
 */

const SUFFIX = "bk";
const SHOPPERS = 8;
/** Orders acknowledged before the backup starts. */
const ORDERS_BEFORE = 24;
/** Filler audit rows so the copy takes long enough for orders to land while it runs. */
const FILLER_ROWS = 150_000;
const databases: ("sqlite" | "postgres")[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

type Server = { baseUrl: string; stop: () => Promise<void>; output: () => string };

/** The production build served by remix-serve on a port of 4400–4499 (helper B's range) on `url`. */
async function startServer(url: string, extra: Record<string, string> = {}): Promise<Server> {
  const port = await freePortInRange(4400, 4499);
  const baseUrl = `http://127.0.0.1:${port}`;
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(CASHFREE_|PAYMENT_SIMULATOR|BACKEND_URL|DATABASE_URL|RATE_LIMIT_|BACKUP_)/.test(name)));
  const child: ChildProcess = spawn(process.execPath, [path.join(PROOF_SERVER_CWD, "node_modules/@remix-run/serve/dist/cli.js"), `./${proofBuildFolder(SUFFIX)}/index.js`], {
    cwd: PROOF_SERVER_CWD,
    env: {
      ...inherited,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: url,
      SESSION_SECRET: "backup-session-secret-0123456789abcdef0123456789",
      PUBLIC_URL: baseUrl,
      TRUST_PROXY: "true",
      ENABLE_COD: "true",
      BACKUP_EVERY: "off",
      LOG_LEVEL: "warn",
      RATE_LIMIT_LOGIN_FAILURES_PER_MIN: "1000",
      RATE_LIMIT_ADDRESS_PER_MIN: "100000",
      ...extra,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      child.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill("SIGTERM");
    });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output.slice(-3000)}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(5_000) })).ok) return { baseUrl, stop, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await stop();
  throw new Error(`the server did not become healthy:\n${output.slice(-3000)}`);
}

async function post(baseUrl: string, route: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(baseUrl + route, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(60_000) });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
  } catch {
    return { status: response.status, body: { text: text.slice(0, 200) } };
  }
}

type Shopper = { email: string; token: string; xff: string };
type Acknowledged = { orderId: string; shopper: Shopper; answeredAt: number };

/** Runs a script of this checkout (`node --import tsx scripts/<name>.ts …`) with DATABASE_URL; resolves its exit code and output. */
function runScript(name: string, args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", `scripts/${name}.ts`, ...args], { cwd: PROOF_SERVER_CWD, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

/** An order's whole record: its row, and its stock movements, order events and payment events. */
async function orderRecord(db: DB, id: string) {
  const row = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
  const movements = await db.selectFrom("stock_movements").select(["product_id", "delta", "reason", "colour", "at"]).where("order_id", "=", id).orderBy("id").execute();
  const events = await db.selectFrom("order_events").select(["kind", "status", "actor", "at", "details"]).where("order_id", "=", id).orderBy("id").execute();
  const payments = await db.selectFrom("payment_events").select(["event_id", "kind"]).where("order_id", "=", id).orderBy("event_id").execute();
  return { row: row ? { ...row, amount_paise: Number(row.amount_paise), created_at: Number(row.created_at), updated_at: Number(row.updated_at), refund_due: Number(row.refund_due) } : null, movements, events, payments };
}

describe.each(databases)("backup under load on %s", (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }, 60_000);

  it(
    "restores every order acknowledged before the backup began, whole, and no partial order",
    async () => {
      buildProofApp(SUFFIX);
      const live: ProofDatabase = await createProofDatabase(kind);
      cleanups.push(live.cleanup);
      const server = await startServer(live.url);
      cleanups.push(server.stop);
      const db = live.open();
      cleanups.push(() => db.destroy());
      await saveDeliveryRules(db, { ...DEFAULT_DELIVERY_RULES, codMaxPaise: 100_000_000 }, { id: null, email: "test:backup" });
      await db.updateTable("products").set({ stock: 1_000_000 }).execute();
      const filler = "x".repeat(200);
      for (let i = 0; i < FILLER_ROWS; i += 2_000) {
        await db
          .insertInto("audit_log")
          .values(Array.from({ length: 2_000 }, (_, j) => ({ at: i + j, actor_user_id: null, actor_email: "filler", entity: "product", entity_id: String(i + j), action: "filler", before_json: filler, after_json: null })))
          .execute();
      }
      const products = await db.selectFrom("products").select(["id", "price_paise", "colours"]).execute();
      const lines = products
        .filter((p) => 3 * Number(p.price_paise) < 100_000_000)
        .map((p) => ({ _id: p.id, size: (JSON.parse(p.colours) as string[])[0] ?? DEFAULT_SIZE_KEY }));
      expect(lines.length).toBeGreaterThan(3);

      const shoppers: Shopper[] = [];
      let signedUp = 0;
      const signUp = async (): Promise<Shopper> => {
        const i = signedUp++;
        const random = crypto.randomBytes(5).toString("hex");
        const shopper = { email: `backup-${random}-${i}@example.in`, token: "", xff: `10.46.${Math.floor(i / 200)}.${(i % 200) + 1}` };
        const answer = await post(server.baseUrl, "/api/user/register", { name: `Backup Shopper ${i}`, email: shopper.email, password: `Backup-test-${random}-pw` }, { "x-forwarded-for": shopper.xff });
        if (answer.status !== 200) throw new Error(`sign-up answered ${answer.status} ${JSON.stringify(answer.body)}`);
        const signed = { ...shopper, token: String(answer.body.token) };
        shoppers.push(signed);
        return signed;
      };

      const acknowledged: Acknowledged[] = [];
      const failures: string[] = [];
      let stopping = false;
      // Each of SHOPPERS clients places orders without pause; a shopper placing their
      // MAX_COD_ORDERS_PER_HOUR-th order is followed by a new one (schemas/order-constants.ts).
      const shopperLoop = async (index: number) => {
        for (let n = 0; !stopping; n += 1) {
          const shopper = await signUp();
          for (let placed = 0; placed < MAX_COD_ORDERS_PER_HOUR && !stopping; placed += 1) {
            const line = lines[(index * 7 + n * 3 + placed) % lines.length];
            const headers = { token: shopper.token, "x-forwarded-for": shopper.xff };
            const added = await post(server.baseUrl, "/api/cart/add", { itemId: line._id, size: line.size }, headers);
            if (added.status !== 200) failures.push(`cart add ${added.status} ${JSON.stringify(added.body)}`);
            const answer = await post(server.baseUrl, "/api/order/place", { address: ADDRESS, items: [{ ...line, quantity: 1 }], amount: 1 }, { ...headers, "idempotency-key": `bk-${crypto.randomUUID()}` });
            if (answer.status === 200) acknowledged.push({ orderId: String(answer.body.orderId), shopper, answeredAt: Date.now() });
            else failures.push(`order ${answer.status} ${JSON.stringify(answer.body)}`);
            if (failures.length) return;
          }
        }
      };
      const load = Promise.all(Array.from({ length: SHOPPERS }, (_, i) => shopperLoop(i)));
      while (acknowledged.length < ORDERS_BEFORE && failures.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));

      // The backup begins: every order answered up to here must come back.
      const before = acknowledged.length;
      const shoppersBefore = shoppers.length;
      const beforeIds = acknowledged.slice(0, before).map((a) => a.orderId);
      const backupsDir = fs.mkdtempSync(path.join(os.tmpdir(), "bk-backups-"));
      cleanups.push(async () => fs.rmSync(backupsDir, { recursive: true, force: true }));
      const backup = await runScript("backup", ["--dir", backupsDir], { DATABASE_URL: live.url });
      const duringBackup = acknowledged.length - before;
      // A few more orders after it, then the load stops.
      const target = acknowledged.length + SHOPPERS;
      while (acknowledged.length < target && failures.length === 0 && backup.code === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      stopping = true;
      await load;
      expect(failures).toEqual([]);
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toMatch(/Backup written and checked/);
      expect(duringBackup, "orders acknowledged while the backup ran").toBeGreaterThan(0);

      const [folder] = fs.readdirSync(backupsDir).filter((name) => name.startsWith("store-"));
      const { manifest } = readBackup(path.join(backupsDir, folder));
      expect(manifest.counts.orders).toBeGreaterThanOrEqual(before);
      expect(manifest.counts.orders).toBeLessThanOrEqual(acknowledged.length);

      // Restore into a fresh, empty store.
      const fresh = await createProofDatabase(kind);
      cleanups.push(fresh.cleanup);
      if (kind === "sqlite") {
        const restored = await runScript("restore", [path.join(backupsDir, folder)], { DATABASE_URL: fresh.url });
        expect(restored.code, restored.output).toBe(0);
        expect(restored.output).toContain(`${manifest.counts.orders} orders`);
      } else {
        const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "bk-uploads-"));
        cleanups.push(async () => fs.rmSync(uploads, { recursive: true, force: true }));
        const result = await restoreStore(path.join(backupsDir, folder), {
          url: fresh.url,
          pgSchema: null,
          uploads: (["media", "report-videos", "return-photos"] as const).map((name) => ({ name, dir: path.join(uploads, name) })),
        });
        expect(result.counts.orders).toBe(manifest.counts.orders);
      }

      const restoredDb = fresh.open();
      cleanups.push(() => restoredDb.destroy());
      const restoredIds = (await restoredDb.selectFrom("orders").select("id").execute()).map((row) => row.id);
      expect(restoredIds.length).toBe(manifest.counts.orders);
      const restoredSet = new Set(restoredIds);
      const missing = beforeIds.filter((id) => !restoredSet.has(id));
      expect(missing, "orders acknowledged before the backup began, missing after the restore").toEqual([]);

      const partial: string[] = [];
      const ackedIds = new Set(acknowledged.map((a) => a.orderId));
      for (const id of restoredIds) {
        const [restored, original] = await Promise.all([orderRecord(restoredDb, id), orderRecord(db, id)]);
        if (!ackedIds.has(id)) partial.push(`${id}: in the restored store but never acknowledged`);
        const items = JSON.parse(restored.row!.items) as OrderItem[];
        const sum = items.reduce((total, item) => total + item.pricePaise * item.quantity, 0) + DELIVERY_FEE_PAISE;
        if (items.length === 0) partial.push(`${id}: no lines`);
        if (sum !== restored.row!.amount_paise) partial.push(`${id}: amount ${restored.row!.amount_paise} but its lines make ${sum}`);
        if (restored.movements.length !== items.length) partial.push(`${id}: ${restored.movements.length} stock movements for ${items.length} lines`);
        // Nothing touches these orders after they are placed: the restored record is the live one.
        if (JSON.stringify(restored) !== JSON.stringify(original)) partial.push(`${id}: restored ${JSON.stringify(restored).slice(0, 300)} ≠ live ${JSON.stringify(original).slice(0, 300)}`);
      }
      expect(partial).toEqual([]);

      // While the live store runs, the restore refuses it, and changes nothing.
      const liveCount = Number((await db.selectFrom("orders").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
      const refused = await runScript("restore", [path.join(backupsDir, folder)], { DATABASE_URL: live.url });
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/A store is (running|connected)/);
      expect(Number((await db.selectFrom("orders").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)).toBe(liveCount);
      const pidFile = kind === "sqlite" ? `${live.url.slice("file:".length)}.pid` : null;
      if (pidFile) expect(fs.existsSync(pidFile), "the running store's pid file").toBe(true);

      // Through the restored store: each shopper's token works and lists exactly its orders there.
      await server.stop();
      if (pidFile) expect(fs.existsSync(pidFile), "the pid file after a graceful stop").toBe(false);
      const restoredServer = await startServer(fresh.url);
      cleanups.push(restoredServer.stop);
      // Shoppers signed up before the backup began are all there; one signed up while it ran may be.
      const restoredEmails = new Set((await restoredDb.selectFrom("users").select("email").execute()).map((row) => row.email));
      expect(shoppers.slice(0, shoppersBefore).filter((shopper) => !restoredEmails.has(shopper.email))).toEqual([]);
      for (const shopper of shoppers.filter((one) => restoredEmails.has(one.email))) {
        const answer = await post(restoredServer.baseUrl, "/api/order/userorders", {}, { token: shopper.token, "x-forwarded-for": shopper.xff });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        const listed = new Set((answer.body.orders as { _id: string }[]).map((order) => order._id));
        const expected = acknowledged.filter((a) => a.shopper === shopper && restoredSet.has(a.orderId)).map((a) => a.orderId);
        expect([...listed].sort()).toEqual(expected.sort());
      }
      const counted = await sql<{ n: number }>`select count(*) as n from audit_log where action = 'filler'`.execute(restoredDb);
      expect(Number(counted.rows[0].n)).toBe(FILLER_ROWS);
      console.log(
        `backup under load on ${kind}: ${before} orders before the backup, ${duringBackup} while it ran, ${acknowledged.length} in all; the backup holds ${manifest.counts.orders} (${(manifest.database.bytes / 1024 / 1024).toFixed(1)} MB, ${manifest.durationMs} ms)`,
      );
    },
    400_000,
  );
});
