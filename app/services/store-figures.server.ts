import { sql } from "kysely";
import type { DB } from "~/db/db.server";

/*
 * The store's state that the metrics report (issue 46 item 3; docs/decisions/1002-metrics.md):
 * read by utils/store-metrics.server.ts at scrape time through `getBackend().own.operations`.
 */

/** Refunds owed a shopper, by why (`reason` label of store_refunds_due). */
export type RefundReason = "extra_payment" | "unconfirmed" | "return_received";
export const REFUND_REASONS: readonly RefundReason[] = ["extra_payment", "unconfirmed", "return_received"];

/** Refund statuses that mean the money is not yet confirmed back with the shopper (Cashfree's refund_status; REQUESTED: not yet taken by Cashfree). */
export const UNCONFIRMED_REFUND_STATUSES: readonly string[] = ["REQUESTED", "PENDING", "ONHOLD"];

/**
 * The figures at instant `now` (ms since epoch). Ages in seconds, 0 when there is nothing.
 * - `outbox.due`: emails not sent, not given up, due now (`next_attempt_at` ≤ now) — a working
 *   sender takes them within seconds (OUTBOX_POLL_MS); `oldestDueAgeSeconds`: how long the oldest
 *   of them has been due (now − its `next_attempt_at`); `retrying`: not sent, not given up, after
 *   at least one failed attempt (waiting out the back-off); `failed`: given up (`failed_at`);
 *   `failedAttempts`: failed send attempts of every row (a sent row's attempts minus the one that
 *   succeeded).
 * - `refunds.due[reason]`: `extra_payment` — orders with `refund_due` (a second successful payment,
 *   issue 8 item 2), aged from the first extra payment's time; `unconfirmed` — refunds rows whose
 *   status is one of UNCONFIRMED_REFUND_STATUSES, aged from `created_at`; `return_received` —
 *   return requests for a refund whose goods came back (`received`) and are not yet refunded,
 *   aged from `updated_at` (the step to received). `refunds.oldestAgeSeconds[reason]` likewise.
 * - `stockHolds.open`: unpaid online orders holding units (`stock_state` held, not cash on
 *   delivery, not PAID: what releaseExpiredHolds gives back after the hold time); `oldestAgeSeconds`
 *   from the oldest one's `created_at` — above the hold time (15 min by default) the sweep is late.
 * Rejects when the database does.
 */
export type StoreFigures = {
  outbox: { due: number; oldestDueAgeSeconds: number; retrying: number; failed: number; failedAttempts: number };
  refunds: { due: Record<RefundReason, number>; oldestAgeSeconds: Record<RefundReason, number> };
  stockHolds: { open: number; oldestAgeSeconds: number };
};

function ageSeconds(now: number, since: unknown): number {
  if (since === null || since === undefined) return 0;
  const at = Number(since);
  return Number.isFinite(at) ? Math.max(0, (now - at) / 1000) : 0;
}

/** The earliest `at` (ms) of an order's `refund_payments` JSON, or null when it has none. */
function firstExtraPaymentAt(json: string | null): number | null {
  if (!json) return null;
  try {
    const list = JSON.parse(json) as unknown;
    if (!Array.isArray(list)) return null;
    const times = list.map((entry) => Number((entry as { at?: unknown }).at)).filter((at) => Number.isFinite(at));
    return times.length > 0 ? Math.min(...times) : null;
  } catch {
    return null;
  }
}

/** The store's figures at `now` (see StoreFigures), from `db` (SQLite or PostgreSQL). */
export async function storeFigures(db: DB, now: number): Promise<StoreFigures> {
  const dueNow = sql`sent_at is null and failed_at is null and next_attempt_at <= ${now}`;
  const [outbox, extra, unconfirmed, received, holds] = await Promise.all([
    db
      .selectFrom("outbox")
      .select([
        sql<string | number | null>`sum(case when ${dueNow} then 1 else 0 end)`.as("due"),
        sql<string | number | null>`min(case when ${dueNow} then next_attempt_at end)`.as("oldest_due"),
        sql<string | number | null>`sum(case when sent_at is null and failed_at is null and attempts > 0 then 1 else 0 end)`.as("retrying"),
        sql<string | number | null>`sum(case when failed_at is not null then 1 else 0 end)`.as("failed"),
        sql<string | number | null>`sum(case when sent_at is not null and attempts > 0 then attempts - 1 else attempts end)`.as("failed_attempts"),
      ])
      .executeTakeFirst(),
    db.selectFrom("orders").select(["refund_payments", "updated_at"]).where("refund_due", "=", 1).execute(),
    db
      .selectFrom("refunds")
      .select([(eb) => eb.fn.countAll<string | number>().as("n"), (eb) => eb.fn.min("created_at").as("oldest")])
      .where("status", "in", [...UNCONFIRMED_REFUND_STATUSES])
      .executeTakeFirst(),
    db
      .selectFrom("return_requests")
      .select([(eb) => eb.fn.countAll<string | number>().as("n"), (eb) => eb.fn.min("updated_at").as("oldest")])
      .where("resolution", "=", "refund")
      .where("status", "=", "received")
      .executeTakeFirst(),
    db
      .selectFrom("orders")
      .select([(eb) => eb.fn.countAll<string | number>().as("n"), (eb) => eb.fn.min("created_at").as("oldest")])
      .where("stock_state", "=", "held")
      .where("payment_method", "<>", "cod")
      .where("payment_status", "<>", "PAID")
      .executeTakeFirst(),
  ]);
  const extraOldest = extra.reduce<number | null>((oldest, row) => {
    const at = firstExtraPaymentAt(row.refund_payments) ?? Number(row.updated_at);
    return oldest === null || at < oldest ? at : oldest;
  }, null);
  return {
    outbox: {
      due: Number(outbox?.due ?? 0),
      oldestDueAgeSeconds: ageSeconds(now, outbox?.oldest_due),
      retrying: Number(outbox?.retrying ?? 0),
      failed: Number(outbox?.failed ?? 0),
      failedAttempts: Number(outbox?.failed_attempts ?? 0),
    },
    refunds: {
      due: { extra_payment: extra.length, unconfirmed: Number(unconfirmed?.n ?? 0), return_received: Number(received?.n ?? 0) },
      oldestAgeSeconds: {
        extra_payment: ageSeconds(now, extraOldest),
        unconfirmed: ageSeconds(now, unconfirmed?.oldest),
        return_received: ageSeconds(now, received?.oldest),
      },
    },
    stockHolds: { open: Number(holds?.n ?? 0), oldestAgeSeconds: ageSeconds(now, holds?.oldest) },
  };
}
