import { afterEach, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { storeFigures } from "~/services/store-figures.server";
import { openShop } from "../setup/orders";
import { testDatabases, type TestDatabase } from "../setup/databases";

/**
 * The figures the metrics' gauges report (issue 46 item 3; docs/decisions/1002-metrics.md), on a
 * fixed table of rows at a fixed instant: every expected number below is counted by hand from the
 * rows written here.
 */

/** The instant the figures are read at, ms since epoch. */
const NOW = 1_800_000_000_000;
const MINUTE = 60_000;

describe.each(testDatabases())("the store's figures on $name", ({ create }) => {
  let current: TestDatabase | undefined;
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });

  async function order(db: DB, shopper: number, id: string, fields: Record<string, unknown>) {
    await db
      .insertInto("orders")
      .values({
        id,
        user_id: shopper,
        items: "[]",
        amount_paise: 100_000,
        address: "{}",
        status: "Order Placed",
        payment_method: "cashfree",
        payment_status: "PENDING",
        gateway_order_id: null,
        idempotency_key: `key-${id}`,
        created_at: NOW - 60 * MINUTE,
        updated_at: NOW - 60 * MINUTE,
        gateway_mode: "test",
        refund_payments: null,
        paid_by: null,
        courier: null,
        awb_number: null,
        tracking_url: null,
        delivery_from: null,
        delivery_to: null,
        stock_state: null,
        ...fields,
      })
      .execute();
  }

  async function email(db: DB, id: string, fields: { attempts: number; next: number; sent?: number; failed?: number }) {
    await db
      .insertInto("outbox")
      .values({
        kind: "order_placed",
        order_id: "CI000001-AAAAAAAA",
        recipient: "asha@example.in",
        subject: "s",
        html: "h",
        text: "t",
        dedupe_key: id,
        attempts: fields.attempts,
        next_attempt_at: fields.next,
        sent_at: fields.sent ?? null,
        failed_at: fields.failed ?? null,
        last_error: fields.attempts > 0 ? "refused" : null,
        created_at: NOW - 120 * MINUTE,
        headers: null,
        campaign_id: null,
      })
      .execute();
  }

  it("an empty store: nothing due, every age 0", async () => {
    const shop = await openShop(create);
    current = shop.current;
    expect(await storeFigures(shop.db, NOW)).toEqual({
      outbox: { due: 0, oldestDueAgeSeconds: 0, retrying: 0, failed: 0, failedAttempts: 0 },
      refunds: { due: { extra_payment: 0, unconfirmed: 0, return_received: 0 }, oldestAgeSeconds: { extra_payment: 0, unconfirmed: 0, return_received: 0 } },
      stockHolds: { open: 0, oldestAgeSeconds: 0 },
    });
  });

  it("counts the outbox: due now, the oldest due's wait, retrying, given up, failed attempts", async () => {
    const shop = await openShop(create);
    current = shop.current;
    const { db } = shop;
    await email(db, "due-10min", { attempts: 0, next: NOW - 10 * MINUTE }); // due for 600 s
    await email(db, "due-1min", { attempts: 0, next: NOW - MINUTE }); // due for 60 s
    await email(db, "due-retry", { attempts: 2, next: NOW - 2 * MINUTE }); // due again, 2 failures
    await email(db, "backing-off", { attempts: 1, next: NOW + 5 * MINUTE }); // retrying, not due
    await email(db, "scheduled", { attempts: 0, next: NOW + 3 * 24 * 60 * MINUTE }); // a review invite: not due, not retrying
    await email(db, "sent-first-time", { attempts: 1, next: NOW - 30 * MINUTE, sent: NOW - 30 * MINUTE }); // 0 failures
    await email(db, "sent-third-time", { attempts: 3, next: NOW - 30 * MINUTE, sent: NOW - 20 * MINUTE }); // 2 failures
    await email(db, "given-up", { attempts: 10, next: NOW - 90 * MINUTE, failed: NOW - 90 * MINUTE }); // 10 failures
    const { outbox } = await storeFigures(db, NOW);
    // Due: due-10min, due-1min, due-retry. Retrying: due-retry, backing-off. Given up: given-up.
    // Failed attempts: 2 + 1 + 0 + 2 + 10 = 15.
    expect(outbox).toEqual({ due: 3, oldestDueAgeSeconds: 600, retrying: 2, failed: 1, failedAttempts: 15 });
  });

  it("counts refunds due by reason with the oldest's age, and unpaid online orders holding stock", async () => {
    const shop = await openShop(create);
    current = shop.current;
    const { db, shopper } = shop;
    // Two orders paid twice (issue 8 item 2): the first extra payment 3 h ago on the older one.
    await order(db, shopper, "CI000001-EXTRA001", {
      payment_status: "PAID",
      refund_due: 1,
      refund_payments: JSON.stringify([
        { paymentId: "p2", amountPaise: 100_000, source: "x", at: NOW - 180 * MINUTE },
        { paymentId: "p3", amountPaise: 100_000, source: "x", at: NOW - 30 * MINUTE },
      ]),
    });
    await order(db, shopper, "CI000002-EXTRA002", { payment_status: "PAID", refund_due: 1, refund_payments: JSON.stringify([{ paymentId: "p9", amountPaise: 1, source: "x", at: NOW - 5 * MINUTE }]) });
    // Refunds: REQUESTED 40 min ago, PENDING 20 min ago, ONHOLD 10 min ago are owed; SUCCESS, RECORDED, FAILED are not.
    await order(db, shopper, "CI000003-REFUNDED", { payment_status: "PAID", status: "Cancelled" });
    const refund = (id: string, status: string, ago: number) =>
      db
        .insertInto("refunds")
        .values({ id, order_id: "CI000003-REFUNDED", amount_paise: 1_000, reference: null, note: null, via: "cashfree", gateway_refund_id: null, status, actor_user_id: null, created_at: NOW - ago, updated_at: NOW - ago })
        .execute();
    await refund("rf_requested", "REQUESTED", 40 * MINUTE);
    await refund("rf_pending", "PENDING", 20 * MINUTE);
    await refund("rf_onhold", "ONHOLD", 10 * MINUTE);
    await refund("rf_success", "SUCCESS", 300 * MINUTE);
    await refund("rf_recorded", "RECORDED", 300 * MINUTE);
    await refund("rf_failed", "FAILED", 300 * MINUTE);
    // Returns: one for a refund received 2 h ago (owed); an exchange received, a refund approved, one refunded (not owed).
    const request = (id: string, resolution: string, status: string, ago: number) =>
      db
        .insertInto("return_requests")
        .values({
          id,
          order_id: "CI000003-REFUNDED",
          user_id: shopper,
          resolution,
          reason: "defective",
          description: "d",
          photos: "[]",
          status,
          reject_reason: null,
          pickup_courier: null,
          pickup_awb: null,
          exchange_courier: null,
          exchange_awb: null,
          exchange_tracking_url: null,
          refund_id: null,
          payout_json: null,
          acknowledge_by: NOW,
          resolve_by: NOW,
          acknowledged_at: null,
          resolved_at: null,
          created_at: NOW - 600 * MINUTE,
          updated_at: NOW - ago,
        })
        .execute();
    await request("rt_owed", "refund", "received", 120 * MINUTE);
    await request("rt_exchange", "exchange", "received", 500 * MINUTE);
    await request("rt_approved", "refund", "approved", 500 * MINUTE);
    await request("rt_refunded", "refund", "refunded", 500 * MINUTE);
    // Stock: unpaid online orders holding units 50 and 5 min old; a paid one, a COD one and a released one do not count.
    await order(db, shopper, "CI000004-HOLD0001", { stock_state: "held", created_at: NOW - 50 * MINUTE });
    await order(db, shopper, "CI000005-HOLD0002", { stock_state: "held", created_at: NOW - 5 * MINUTE });
    await order(db, shopper, "CI000006-PAIDHELD", { stock_state: "held", payment_status: "PAID", created_at: NOW - 500 * MINUTE });
    await order(db, shopper, "CI000007-CODHELD1", { stock_state: "held", payment_method: "cod", created_at: NOW - 500 * MINUTE });
    await order(db, shopper, "CI000008-RELEASED", { stock_state: "released", created_at: NOW - 500 * MINUTE });

    const figures = await storeFigures(db, NOW);
    expect(figures.refunds).toEqual({
      due: { extra_payment: 2, unconfirmed: 3, return_received: 1 },
      oldestAgeSeconds: { extra_payment: 180 * 60, unconfirmed: 40 * 60, return_received: 120 * 60 },
    });
    expect(figures.stockHolds).toEqual({ open: 2, oldestAgeSeconds: 50 * 60 });
  });
});
