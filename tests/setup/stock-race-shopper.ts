/**
 * One process of the multi-process stock race (tests/unit/stock-race-processes.test.ts; issue 23
 * item 1): a Node process with a pool of its own on the test's PostgreSQL schema, placing
 * cash-on-delivery orders for its share of the shoppers, all at once, when the parent says "go".
 *
 * Run by the test with `node --import tsx` (child_process.fork), never by hand. Environment:
 * RACE_DATABASE_URL, RACE_PG_SCHEMA, RACE_SHOPPERS (JSON [[userId, idempotencyKey], …]),
 * RACE_PRODUCT_ID, RACE_NOW (ms). Messages: → { type: "ready" } once the pool's connections are
 * open; ← { type: "go" }; → { type: "results", results } (one per shopper, in order); on a failure
 * of its own → { type: "failed", message }. It exits when its parent goes away.
 */
import { sql } from "kysely";
import { createDatabase } from "~/db/db.server";
import { placeCodOrder } from "~/services/orders.server";
import { ADDRESS, orderBody } from "../fakes/shop";

export type RaceResult = { key: string; ok: true; orderId: string } | { key: string; ok: false; name: string; status: number | null; message: string };
export type RaceMessage = { type: "ready" } | { type: "results"; results: RaceResult[] } | { type: "failed"; message: string };

const send = (message: RaceMessage) => new Promise<void>((resolve) => process.send!(message, () => resolve()));

/** Set once the results are sent: the channel's close is then this process's own doing. */
let finished = false;

async function main() {
  if (!process.send) throw new Error("stock-race-shopper.ts runs only as a forked child of its test");
  process.on("disconnect", () => finished || process.exit(1));
  const shoppers = JSON.parse(process.env.RACE_SHOPPERS ?? "[]") as [number, string][];
  const productId = process.env.RACE_PRODUCT_ID!;
  const now = Number(process.env.RACE_NOW);
  const db = createDatabase(process.env.RACE_DATABASE_URL!, { pgSchema: process.env.RACE_PG_SCHEMA! });

  // Open the pool's connections (10 at most) before the start, so "go" releases every shopper at once.
  await Promise.all(shoppers.slice(0, 10).map(() => sql`select pg_sleep(0.05)`.execute(db)));
  const go = new Promise<void>((resolve) => process.on("message", (message: { type?: string }) => message?.type === "go" && resolve()));
  await send({ type: "ready" });
  await go;

  const settled = await Promise.allSettled(
    shoppers.map(([userId, key]) =>
      placeCodOrder(db, userId, { ...orderBody([{ _id: productId, size: "default", quantity: 1 }]), address: ADDRESS }, { codEnabled: true, idempotencyKey: key, now }),
    ),
  );
  const results = settled.map((outcome, i): RaceResult => {
    const key = shoppers[i][1];
    if (outcome.status === "fulfilled") return { key, ok: true, orderId: outcome.value.order.id };
    const error = outcome.reason as { name?: string; status?: unknown; message?: string };
    return { key, ok: false, name: String(error?.name), status: typeof error?.status === "number" ? error.status : null, message: String(error?.message ?? error) };
  });
  await send({ type: "results", results });
  finished = true;
  await db.destroy();
  process.disconnect();
}

main().catch(async (error: unknown) => {
  if (process.connected) await send({ type: "failed", message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
