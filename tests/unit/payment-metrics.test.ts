import { describe, expect, it } from "vitest";
import { eventMetrics } from "~/observability/event-metrics.server";
import { confirmPayment, handleCashfreeWebhook, startCashfreePayment } from "~/services/payments.server";
import { fillCart, orderBody, simulatorGateway, STORE_URL } from "../fakes/shop";
import { testDatabases } from "../setup/databases";
import { shopPerCase, STANDARD_LINES } from "../setup/orders";

/**
 * `store_payments_total{outcome}` (issue 46 item 3; docs/decisions/1002-metrics.md): each payment
 * event counted once, by the outcome settled for it, after its transaction — on SQLite and
 * PostgreSQL. The expected deltas are the events this test sends, listed by hand.
 */

const NOW = 1_800_000_000_000;

async function outcomes(): Promise<Record<string, number>> {
  return Object.fromEntries((await eventMetrics.payments.get()).values.map(({ labels, value }) => [String(labels.outcome), value]));
}

describe.each(testDatabases())("payments by outcome on $name", ({ create }) => {
  const openCase = shopPerCase(create);

  it("paid, duplicate, already paid, refund due, amount mismatch, unknown order, failed and a replayed failure", async () => {
    const { db, shopper } = await openCase();
    // One cart; an unpaid online order leaves it as it is.
    await fillCart(db, shopper, STANDARD_LINES.cart);
    const online = async (key: string) => {
      const { order } = await startCashfreePayment(db, simulatorGateway(), { id: shopper }, orderBody(STANDARD_LINES.items), { mode: "checkout", storeUrl: STORE_URL, idempotencyKey: key, now: NOW });
      return order;
    };
    const paid = await online("metrics-pay-1");
    const mismatched = await online("metrics-pay-2");
    const failed = await online("metrics-pay-3");
    const before = await outcomes();

    const payment = { orderId: paid.id, kind: "PAYMENT_SUCCESS_WEBHOOK", instrument: `order:${paid.id}`, amountPaise: paid.amountPaise, currency: "INR", payload: {}, now: NOW + 1 };
    expect(await confirmPayment(db, { ...payment, eventId: "m-pay-1" })).toBe("paid");
    expect(await confirmPayment(db, { ...payment, eventId: "m-pay-1" })).toBe("duplicate");
    expect(await confirmPayment(db, { ...payment, eventId: "m-verify-1" })).toBe("already-paid");
    expect(await confirmPayment(db, { ...payment, eventId: "m-link-1", instrument: "link:other" })).toBe("refund-due");
    expect(await confirmPayment(db, { ...payment, orderId: mismatched.id, instrument: `order:${mismatched.id}`, amountPaise: mismatched.amountPaise - 100, eventId: "m-short-1" })).toBe("amount-mismatch");
    expect(await confirmPayment(db, { ...payment, orderId: "CI000000-NOSUCHID", eventId: "m-nobody-1" })).toBe("unknown-order");
    const failure = {
      kind: "payment" as const,
      type: "PAYMENT_FAILED_WEBHOOK",
      eventId: "m-fail-1",
      orderId: failed.id,
      linkId: null,
      cfPaymentId: "cf-fail-1",
      status: "FAILED",
      amountPaise: failed.amountPaise,
      orderAmountPaise: failed.amountPaise,
      currency: "INR",
      message: "declined",
    };
    expect(await handleCashfreeWebhook(db, failure, NOW + 2)).toBe("failed");
    expect(await handleCashfreeWebhook(db, failure, NOW + 3)).toBe("failed");

    const after = await outcomes();
    const moved = Object.fromEntries(Object.keys(after).map((outcome) => [outcome, after[outcome] - (before[outcome] ?? 0)]).filter(([, delta]) => delta !== 0));
    expect(moved).toEqual({ paid: 1, duplicate: 2, already_paid: 1, refund_due: 1, amount_mismatch: 1, unknown_order: 1, failed: 1 });
  });
});
