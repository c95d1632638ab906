import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createShopper, fillCart, seedWatches } from "../fakes/shop";
import { testDatabases, type TestDatabase } from "../setup/databases";
import type { RaceMessage, RaceResult } from "../setup/stock-race-shopper";

/**
 * Real stock across processes (issue 23 item 1: "50 shoppers racing for the last 3 units
 * (SQLite and PostgreSQL, several processes on PostgreSQL) make exactly 3 orders, the others are
 * told plainly, and the count never goes below zero"). tests/unit/stock.test.ts races 50
 * transactions on one pool; here 4 Node processes (tests/setup/stock-race-shopper.ts), each with a
 * pool of its own on the same PostgreSQL schema, place 50 cash-on-delivery orders between them,
 * all released by one "go". Only the database's row lock and the UPDATE's `stock >= wanted` stand
 * between them: nothing in one process knows what the others do.
 *
 * PostgreSQL only (SQLite has one writer, whichever process writes): skipped when
 * TEST_DATABASE_URL is unset.
 */

const postgres = testDatabases().find((kind) => kind.name === "postgres");

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SCRIPT = path.join(ROOT, "tests/setup/stock-race-shopper.ts");
const PROCESSES = 4;
const SHOPPERS = 50;
/** Tue 24 Nov 2026, 12:00 IST, as in stock.test.ts. */
const NOW = Date.parse("2026-11-24T12:00:00+05:30");
/** What each of the 47 is told (STOCK_MESSAGES.lineSoldOut for the seeded "Casio Classic"), written out. */
const SOLD_OUT = "Casio Classic is out of stock. Remove it from your cart to place your order.";
/** How long a process may take to load the app and open its pool, or to run its shoppers. */
const STEP_MS = 25_000;

/** Rejects with `what` after `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

describe.skipIf(!postgres)("stock race across processes on PostgreSQL (needs TEST_DATABASE_URL)", () => {
  const children: ChildProcess[] = [];
  let current: TestDatabase | undefined;

  afterEach(async () => {
    // Whatever happened, no shopper process outlives the test.
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    children.length = 0;
    await current?.cleanup();
    current = undefined;
  });

  /** Forks one shopper process for `shoppers`; `ready` settles when its pool is open, `results` when it has raced. */
  function startProcess(env: Record<string, string>, shoppers: [number, string][]) {
    const child = fork(SCRIPT, [], {
      cwd: ROOT,
      execArgv: ["--import", "tsx"],
      env: { ...process.env, ...env, RACE_SHOPPERS: JSON.stringify(shoppers) },
      stdio: ["ignore", "inherit", "pipe", "ipc"],
    });
    children.push(child);
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const failure = new Promise<never>((_, reject) => {
      child.on("error", reject);
      child.on("message", (message: RaceMessage) => message.type === "failed" && reject(new Error(`shopper process failed: ${message.message}`)));
      child.on("exit", (code, signal) => reject(new Error(`shopper process exited (${code ?? signal}) before its results\n${stderr}`)));
    });
    failure.catch(() => undefined); // read through `ready` and `results`
    const once = <T extends RaceMessage["type"]>(type: T) =>
      Promise.race([
        new Promise<Extract<RaceMessage, { type: T }>>((resolve) => child.on("message", (message: RaceMessage) => message.type === type && resolve(message as never))),
        failure,
      ]);
    return { child, ready: once("ready"), results: once("results").then((message) => message.results) };
  }

  it(`${SHOPPERS} shoppers in ${PROCESSES} processes racing for the last 3 units make exactly 3 orders; the others are told plainly; stock ends at 0`, async () => {
    current = await postgres!.create();
    const { db } = current;
    await seedWatches(db);
    await db.updateTable("products").set({ stock: 3 }).where("id", "=", "w-plain").execute();
    // The test's own schema (tests/setup/databases.ts sets it as the pool's search_path): the processes use it too.
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const schema = rows[0].schema;
    expect(schema).toMatch(/^t_[0-9a-f]+$/);

    // 50 shoppers, each with one Casio Classic in the cart, dealt round the processes (13, 13, 12, 12).
    const shares: [number, string][][] = Array.from({ length: PROCESSES }, () => []);
    for (let i = 0; i < SHOPPERS; i++) {
      const shopper = await createShopper(db);
      await fillCart(db, shopper, [["w-plain", "default", 1]]);
      shares[i % PROCESSES].push([shopper, `race-proc-${String(i).padStart(4, "0")}`]);
    }

    const env = { RACE_DATABASE_URL: process.env.TEST_DATABASE_URL!, RACE_PG_SCHEMA: schema, RACE_PRODUCT_ID: "w-plain", RACE_NOW: String(NOW) };
    const processes = shares.map((share) => startProcess(env, share));
    await within(Promise.all(processes.map((p) => p.ready)), STEP_MS, "the shopper processes starting");
    for (const { child } of processes) child.send({ type: "go" });
    const perProcess = await within(Promise.all(processes.map((p) => p.results)), STEP_MS, "the race");

    expect(perProcess.map((results) => results.length)).toEqual([13, 13, 12, 12]);
    const results: RaceResult[] = perProcess.flat();
    const placed = results.filter((r) => r.ok);
    const refused = results.filter((r) => !r.ok);
    expect(placed).toHaveLength(3);
    expect(refused).toHaveLength(47);
    for (const refusal of refused) expect({ name: refusal.name, status: refusal.status, message: refusal.message }).toEqual({ name: "BackendError", status: 409, message: SOLD_OUT });

    const product = await db.selectFrom("products").select("stock").where("id", "=", "w-plain").executeTakeFirstOrThrow();
    expect(product.stock).toBe(0);
    const placedIds = placed.map((r) => (r.ok ? r.orderId : "")).sort();
    const orders = await db.selectFrom("orders").select(["id", "stock_state"]).execute();
    expect(orders.map((o) => [o.id, o.stock_state]).sort()).toEqual(placedIds.map((id) => [id, "held"]));
    const movements = await db.selectFrom("stock_movements").select(["delta", "stock_after", "reason", "order_id"]).where("product_id", "=", "w-plain").execute();
    const sales = movements.filter((m) => m.reason === "sale");
    expect(movements).toHaveLength(3);
    expect(sales).toHaveLength(3);
    // One unit each, 3 → 2 → 1 → 0 in whichever order the processes got the row: never below zero.
    expect(sales.map((m) => [Number(m.delta), Number(m.stock_after)]).sort((a, b) => b[1] - a[1])).toEqual([
      [-1, 2],
      [-1, 1],
      [-1, 0],
    ]);
    expect(sales.map((m) => m.order_id).sort()).toEqual(placedIds);
  }, 60_000);
});
