import crypto from "node:crypto";
import { isUniqueViolation, type DB, type Executor } from "~/db/db.server";
import { BackendError } from "~/lib/errors";
import { formatPaise } from "~/lib/money";
import { CashfreeError, type CashfreeRefund } from "~/payments/cashfree.server";
import { getPaymentGateway, type PaymentGateway } from "~/payments/gateway.server";
import { recordAudit, type Actor } from "~/services/audit.server";
import { enqueueOrderEmail, nudgeOrderEmails } from "~/services/order-emails.server";
import { findOrderRow, parseGatewayRef, refundPaymentsOf, rowToOrder, type OrderRow, type RefundDuePayment } from "~/services/orders.server";
import { log } from "~/observability/log.server";

/**
 * Refunds of an order in the back office (issue 12 item 1; DESIGN.md §18; docs/decisions/0600):
 * of its own payment, through Cashfree's refund API (Cashfree PG 2025-01-01) or recorded as made
 * elsewhere, and of double payments — payments that arrived after the order was paid (decision
 * 0310). Money in integer paise, times in ms since epoch. Every refund writes a `refunds` row, an
 * `order_events` row and an audit row in the transaction of the change, and puts the shopper's
 * "refund recorded" email in the outbox (issue 14 item 4). Failures are BackendErrors (400 bad
 * input, 404 unknown order or refund, 409 not allowed now or refused by Cashfree, 502/504 Cashfree
 * unreachable) with a sentence for staff.
 */

/** A refund as the order page shows it. Money in paise. */
export type AdminRefund = {
  id: string;
  amountPaise: number;
  reference: string | null;
  note: string | null;
  via: "cashfree" | "manual";
  gatewayRefundId: string | null;
  status: string;
  actorEmail: string | null;
  createdAt: number;
  updatedAt: number;
  /** The double payment it refunds (refund_payments' paymentId), or null for the order's own payment. */
  extraPaymentId: string | null;
};

const FAILED_REFUND = new Set(["FAILED", "CANCELLED"]);
/** Refund ids: `rf_…` for the order's own payment (from the form's one-time key), `rx_…` for a double payment. */
const EXTRA_REFUND_PREFIX = "rx_";

/** The Cashfree instrument a double payment came through ("order:{id}" or "link:{id}", from its source), or null when unknown. */
export function instrumentOfExtra(payment: RefundDuePayment): string | null {
  const match = / via ((?:order|link):\S+)$/.exec(payment.source);
  return match ? match[1] : null;
}

/** The refunds of an order, oldest first, with the email of the staff member who made each ("cli" for the owner's command line). */
export async function refundsOf(db: Executor, orderId: string): Promise<AdminRefund[]> {
  const rows = await db
    .selectFrom("refunds")
    .leftJoin("users", "users.id", "refunds.actor_user_id")
    .selectAll("refunds")
    .select("users.email")
    .where("refunds.order_id", "=", orderId)
    .orderBy("refunds.created_at")
    .orderBy("refunds.id")
    .execute();
  const extra = new Map<string, string>();
  const order = await db.selectFrom("orders").select("refund_payments").where("id", "=", orderId).executeTakeFirst();
  for (const payment of order ? refundPaymentsOf(order) : []) if (payment.refundId) extra.set(payment.refundId, payment.paymentId);
  return rows.map((row) => ({
    id: row.id,
    amountPaise: Number(row.amount_paise),
    reference: row.reference,
    note: row.note,
    via: row.via === "cashfree" ? "cashfree" : "manual",
    gatewayRefundId: row.gateway_refund_id,
    status: row.status,
    actorEmail: row.email ?? (row.actor_user_id === null ? "cli" : null),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    extraPaymentId: extra.get(row.id) ?? null,
  }));
}

/** Paid amount of the order's own payment minus its refunds that did not fail (paise; 0 when unpaid). */
export function refundableOf(row: OrderRow, refunds: AdminRefund[]): number {
  if (row.payment_status !== "PAID") return 0;
  const refunded = refunds
    .filter((refund) => !refund.id.startsWith(EXTRA_REFUND_PREFIX) && !FAILED_REFUND.has(refund.status))
    .reduce((sum, refund) => sum + refund.amountPaise, 0);
  return Math.max(0, Number(row.amount_paise) - refunded);
}

/**
 * Puts the shopper's "refund recorded" email in the outbox, on the transaction that records the
 * refund (issue 14 item 4); once per refund id. Amount in paise; nothing for an amount of 0 (a
 * double payment whose amount Cashfree did not tell).
 */
async function enqueueRefundEmail(trx: Executor, row: OrderRow, refund: { id: string; amountPaise: number; reference: string | null }, now: number) {
  if (refund.amountPaise <= 0) return;
  await enqueueOrderEmail(trx, { kind: "refund_recorded", order: rowToOrder(row), refund }, { now });
}

/** A fresh one-time key for the refund form (the order page's loader puts it in a hidden input). */
export function newRefundKey(): string {
  return crypto.randomBytes(18).toString("base64url");
}

/** Our refund id for a form key: "rf_" + 24 hex characters (also Cashfree's refund_id: 3–40 of [A-Za-z0-9_-]). */
export function refundIdFor(orderId: string, key: string): string {
  return `rf_${crypto.createHash("sha256").update(`${orderId}\u0000${key}`).digest("hex").slice(0, 24)}`;
}

function extraRefundIdFor(orderId: string, paymentId: string): string {
  return `${EXTRA_REFUND_PREFIX}${crypto.createHash("sha256").update(`${orderId}\u0000${paymentId}`).digest("hex").slice(0, 24)}`;
}

/**
 * The Cashfree order a refund of money paid through `instrument` names (docs/decisions/0600):
 * "order:{id}" → that Cashfree order; "link:{id}" → the PAID order behind the payment link
 * (`GET /links/{id}/orders`, Cashfree creates one per link payment). BackendError 409 when there
 * is none, 502/504 when Cashfree cannot be asked.
 */
async function cashfreeOrderFor(gateway: PaymentGateway, orderId: string, instrument: string | null): Promise<string> {
  const ref = parseGatewayRef(instrument);
  if (!ref) throw new BackendError(409, `Order ${orderId} has no Cashfree payment to refund; record the refund as made elsewhere.`);
  if (ref.kind === "order") return ref.id;
  const orders = await gateway.client.getPaymentLinkOrders(ref.id).catch((error: unknown) => {
    throw cashfreeFailure(error);
  });
  const paid = orders.find((order) => order.status === "PAID");
  if (!paid) throw new BackendError(409, `Cashfree shows no paid order behind payment link ${ref.id}; refund it in Cashfree's dashboard and record it as made elsewhere.`);
  return paid.orderId;
}

function cashfreeFailure(error: unknown): BackendError {
  if (error instanceof BackendError) return error;
  if (error instanceof CashfreeError) {
    log.error({ kind: error.kind, ...(error.status ? { status: error.status } : {}), reason: error.message }, `Cashfree refund call failed (${error.kind}${error.status ? ` ${error.status}` : ""}): ${error.message}`);
    if (error.kind === "timeout") return new BackendError(504, "Cashfree did not answer in time. The refund is saved as requested: press “Check status” to send it again.");
    return new BackendError(502, "Cashfree could not be reached. The refund is saved as requested: press “Check status” to send it again.");
  }
  throw error;
}

/** Cashfree's refund_note: 3 to 100 characters. */
function cashfreeNote(note: string | null, orderId: string): string {
  const text = (note ?? "").trim().slice(0, 100);
  return text.length >= 3 ? text : `Refund for order ${orderId}`;
}

/** Cashfree refund statuses that mean the refund is under way or done: the shopper is told. */
const REFUND_EMAIL_STATUSES = new Set(["PENDING", "SUCCESS", "ONHOLD"]);

/**
 * Sends a requested refund to Cashfree (or reads it back when Cashfree already has it: a retry,
 * a double submit) and stores Cashfree's answer on the refunds row. Cashfree refusing it (e.g.
 * more than it holds) marks the row FAILED and throws BackendError 409 with Cashfree's reason.
 */
async function sendRefund(db: DB, gateway: PaymentGateway, input: { orderId: string; refundId: string; amountPaise: number; instrument: string | null; note: string | null; now: number }): Promise<CashfreeRefund> {
  const target = await cashfreeOrderFor(gateway, input.orderId, input.instrument);
  let refund: CashfreeRefund;
  try {
    refund = await gateway.client.createRefund({
      orderId: target,
      refundId: input.refundId,
      amountPaise: input.amountPaise,
      note: cashfreeNote(input.note, input.orderId),
    });
  } catch (error) {
    if (error instanceof CashfreeError && error.kind === "conflict") {
      refund = await gateway.client.getRefund(target, input.refundId).catch((again: unknown) => {
        throw cashfreeFailure(again);
      });
    } else if (error instanceof CashfreeError && error.kind === "rejected") {
      await db.updateTable("refunds").set({ status: "FAILED", note: error.message.slice(0, 500), updated_at: input.now }).where("id", "=", input.refundId).execute();
      throw new BackendError(409, `Cashfree refused the refund: ${error.message}`);
    } else {
      throw cashfreeFailure(error);
    }
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("refunds")
      .set({ status: refund.status, gateway_refund_id: refund.cfRefundId, updated_at: input.now })
      .where("id", "=", input.refundId)
      .execute();
    // Cashfree took the refund: the shopper hears of it once (issue 14 item 4).
    if (REFUND_EMAIL_STATUSES.has(refund.status)) {
      const stored = await trx.selectFrom("refunds").select(["amount_paise", "reference"]).where("id", "=", input.refundId).executeTakeFirstOrThrow();
      await enqueueRefundEmail(trx, await findOrderRow(trx, input.orderId), { id: input.refundId, amountPaise: Number(stored.amount_paise), reference: stored.reference }, input.now);
    }
  });
  nudgeOrderEmails();
  return refund;
}

/** What a refund request came to: the row as stored after the call, and whether it was a replay of an earlier submit. */
export type RefundOutcome = { refund: AdminRefund; replay: boolean };

async function refundById(db: DB, orderId: string, refundId: string): Promise<AdminRefund> {
  const refund = (await refundsOf(db, orderId)).find((candidate) => candidate.id === refundId);
  if (!refund) throw new BackendError(404, `No refund ${refundId} on order ${orderId}.`);
  return refund;
}

/**
 * Refunds (part of) an order's own payment (issue 12 item 1). `amountPaise` must be more than 0
 * and at most the paid amount minus earlier refunds that did not fail (BackendError 400 with the
 * limit in rupees). `via: "cashfree"` issues it through Cashfree's refund API on the instrument
 * that paid the order (`paid_by`; a payment link's paid order, see cashfreeOrderFor); `manual`
 * records money returned elsewhere (cash on delivery, bank transfer, a test order) with status
 * RECORDED.
 *
 * The shopper's "refund recorded" email (issue 14 item 4) is enqueued with a `manual` refund's
 * row, and with a Cashfree refund's status once Cashfree has taken it (sendRefund).
 *
 * Idempotent: the refund id comes from the form's one-time `key` and the refunds row is inserted
 * first (primary key), with its `order_events` row (kind `refund`) and audit row, in one
 * transaction that locks the order; a double submit or a retry finds the row and at most re-sends
 * the same refund_id, which Cashfree de-duplicates. Throws BackendError 400 (amount), 404 (unknown
 * order), 409 (not paid; Cashfree asked for an order not paid through it; Cashfree refused),
 * 502/504 (Cashfree unreachable: the row stays REQUESTED and "Check status" sends it again).
 */
export async function issueRefund(
  db: DB,
  input: { orderId: string; key: string; amountPaise: number; via: "cashfree" | "manual"; reference: string | null; note: string | null; actor: Actor; now?: number },
  gateway?: PaymentGateway,
): Promise<RefundOutcome> {
  const now = input.now ?? Date.now();
  const refundId = refundIdFor(input.orderId, input.key);
  const created = await db
    .transaction()
    .execute(async (trx) => {
      const row = await findOrderRow(trx, input.orderId, true);
      const existing = await trx.selectFrom("refunds").select("id").where("id", "=", refundId).executeTakeFirst();
      if (existing) return { row, created: false };
      if (row.payment_status !== "PAID") throw new BackendError(409, `Order ${input.orderId} has not been paid: there is nothing to refund.`);
      if (input.via === "cashfree" && (row.payment_method !== "cashfree" || !parseGatewayRef(row.paid_by))) {
        throw new BackendError(400, `Order ${input.orderId} was not paid through Cashfree: record the refund as made elsewhere (bank transfer, UPI or cash).`);
      }
      const refundable = refundableOf(row, await refundsOf(trx, input.orderId));
      if (!Number.isInteger(input.amountPaise) || input.amountPaise <= 0) throw new BackendError(400, "The refund must be more than ₹0.");
      if (input.amountPaise > refundable) {
        throw new BackendError(400, `The refund can be at most ${formatPaise(refundable)}: the order was paid ${formatPaise(Number(row.amount_paise))} and ${formatPaise(Number(row.amount_paise) - refundable)} has been refunded already.`);
      }
      await trx
        .insertInto("refunds")
        .values({
          id: refundId,
          order_id: input.orderId,
          amount_paise: input.amountPaise,
          reference: input.reference,
          note: input.note,
          via: input.via,
          gateway_refund_id: null,
          status: input.via === "cashfree" ? "REQUESTED" : "RECORDED",
          actor_user_id: input.actor.id,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const details = { refundId, amountPaise: input.amountPaise, via: input.via, reference: input.reference };
      await trx.insertInto("order_events").values({ order_id: input.orderId, at: now, kind: "refund", status: null, actor: input.actor.email, details: JSON.stringify(details) }).execute();
      await recordAudit(trx, {
        actor: input.actor,
        entity: "order",
        entityId: input.orderId,
        action: `refund ${formatPaise(input.amountPaise)} (${input.via === "cashfree" ? "through Cashfree" : "made elsewhere"})`,
        before: null,
        after: { refundId, amount: formatPaise(input.amountPaise), ...(input.reference ? { reference: input.reference } : {}), ...(input.note ? { note: input.note } : {}) },
        at: now,
      });
      if (input.via === "manual") await enqueueRefundEmail(trx, row, { id: refundId, amountPaise: input.amountPaise, reference: input.reference }, now);
      return { row, created: true };
    })
    .catch(async (error: unknown) => {
      // Two submits of one form at the same moment (PostgreSQL): the other one inserted the row.
      if (isUniqueViolation(error)) return { row: await findOrderRow(db, input.orderId), created: false };
      throw error;
    });
  if (created.created && input.via === "manual") nudgeOrderEmails();

  const stored = await refundById(db, input.orderId, refundId);
  if (stored.via === "cashfree" && stored.status === "REQUESTED") {
    await sendRefund(db, gateway ?? getPaymentGateway(), { orderId: input.orderId, refundId, amountPaise: stored.amountPaise, instrument: created.row.paid_by, note: stored.note, now });
  }
  return { refund: await refundById(db, input.orderId, refundId), replay: !created.created };
}

/**
 * Reads a Cashfree refund's current status (`GET /orders/{id}/refunds/{refund_id}`) and stores
 * it; a refund still REQUESTED (Cashfree was unreachable) is sent again with the same refund_id.
 * A status change writes an audit row. BackendError 404 (unknown order or refund), 409 (a refund
 * made elsewhere has no Cashfree status), 502/504.
 */
export async function refreshRefund(db: DB, input: { orderId: string; refundId: string; actor: Actor; now?: number }, gateway: PaymentGateway = getPaymentGateway()): Promise<AdminRefund> {
  const now = input.now ?? Date.now();
  const row = await findOrderRow(db, input.orderId);
  const before = await refundById(db, input.orderId, input.refundId);
  if (before.via !== "cashfree") throw new BackendError(409, `Refund ${input.refundId} was made outside Cashfree; there is no status to check.`);
  const instrument = before.extraPaymentId
    ? instrumentOfExtra(refundPaymentsOf(row).find((payment) => payment.paymentId === before.extraPaymentId)!)
    : row.paid_by;
  if (before.status === "REQUESTED") {
    await sendRefund(db, gateway, { orderId: input.orderId, refundId: input.refundId, amountPaise: before.amountPaise, instrument, note: before.note, now });
  } else {
    const target = await cashfreeOrderFor(gateway, input.orderId, instrument);
    const refund = await gateway.client.getRefund(target, input.refundId).catch((error: unknown) => {
      throw cashfreeFailure(error);
    });
    await db.updateTable("refunds").set({ status: refund.status, gateway_refund_id: refund.cfRefundId, updated_at: now }).where("id", "=", input.refundId).execute();
  }
  const after = await refundById(db, input.orderId, input.refundId);
  if (after.status !== before.status) {
    await recordAudit(db, { actor: input.actor, entity: "order", entityId: input.orderId, action: `refund ${input.refundId} status`, before: { status: before.status }, after: { status: after.status }, at: now });
  }
  return after;
}

// ---------------------------------------------------------------------------------------------
// Double payments (refund due, docs/decisions/0310)

/**
 * Deals with one payment that arrived after the order was paid (issue 12 item 1; decision 0310):
 * `how: "cashfree"` refunds exactly that payment's amount through Cashfree, on the instrument it
 * was paid with (refund id derived from the payment id, so a retry is the same refund);
 * `how: "elsewhere"` records that it was refunded outside the store (e.g. Cashfree's dashboard),
 * with an optional reference. Either way a refunds row (via `cashfree` or `manual`), an
 * `order_events` row (kind `refund_due_resolved`) and an audit row are written with the update of
 * `refund_payments`; when no payment remains unresolved, `refund_due` goes to 0. The shopper's
 * "refund recorded" email goes to the outbox with the refund (issue 14 item 4). Throws
 * BackendError 404 (unknown order or payment), 409 (already dealt with; amount unknown for a
 * Cashfree refund; Cashfree refused — the payment is then due again), 502/504.
 */
export async function resolveExtraPayment(
  db: DB,
  input: { orderId: string; paymentId: string; how: "cashfree" | "elsewhere"; reference: string | null; actor: Actor; now?: number },
  gateway?: PaymentGateway,
): Promise<RefundOutcome> {
  const now = input.now ?? Date.now();
  const refundId = extraRefundIdFor(input.orderId, input.paymentId);
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await findOrderRow(trx, input.orderId, true);
    const payments = refundPaymentsOf(row);
    const payment = payments.find((candidate) => candidate.paymentId === input.paymentId);
    if (!payment) throw new BackendError(404, `Order ${input.orderId} has no double payment ${input.paymentId}.`);
    if (payment.resolution) {
      if (payment.refundId === refundId) return { payment, created: false };
      throw new BackendError(409, `Payment ${input.paymentId} of order ${input.orderId} has been dealt with already.`);
    }
    const instrument = instrumentOfExtra(payment);
    if (input.how === "cashfree" && (payment.amountPaise === null || !instrument)) {
      throw new BackendError(409, `The amount or instrument of payment ${input.paymentId} is not known: refund it in Cashfree's dashboard and mark it as refunded elsewhere.`);
    }
    const resolved: RefundDuePayment = { ...payment, resolution: input.how === "cashfree" ? "refunded" : "elsewhere", refundId, reference: input.reference, resolvedAt: now, resolvedBy: input.actor.email };
    const list = payments.map((candidate) => (candidate.paymentId === input.paymentId ? resolved : candidate));
    const stillDue = list.some((candidate) => !candidate.resolution);
    await trx.updateTable("orders").set({ refund_payments: JSON.stringify(list), refund_due: stillDue ? 1 : 0, updated_at: now }).where("id", "=", input.orderId).execute();
    await trx
      .insertInto("refunds")
      .values({
        id: refundId,
        order_id: input.orderId,
        amount_paise: payment.amountPaise ?? 0,
        reference: input.reference,
        note: `Double payment ${input.paymentId}`,
        via: input.how === "cashfree" ? "cashfree" : "manual",
        gateway_refund_id: null,
        status: input.how === "cashfree" ? "REQUESTED" : "RECORDED",
        actor_user_id: input.actor.id,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column("id").doUpdateSet({ status: input.how === "cashfree" ? "REQUESTED" : "RECORDED", via: input.how === "cashfree" ? "cashfree" : "manual", reference: input.reference, updated_at: now }))
      .execute();
    const details = { paymentId: input.paymentId, refundId, amountPaise: payment.amountPaise, how: input.how, reference: input.reference };
    await trx.insertInto("order_events").values({ order_id: input.orderId, at: now, kind: "refund_due_resolved", status: null, actor: input.actor.email, details: JSON.stringify(details) }).execute();
    await recordAudit(trx, {
      actor: input.actor,
      entity: "order",
      entityId: input.orderId,
      action: input.how === "cashfree" ? "double payment refunded through Cashfree" : "double payment marked refunded elsewhere",
      before: { refundDue: Number(row.refund_due) === 1 },
      after: { refundDue: stillDue, paymentId: input.paymentId },
      at: now,
    });
    if (input.how === "elsewhere") await enqueueRefundEmail(trx, row, { id: refundId, amountPaise: payment.amountPaise ?? 0, reference: input.reference }, now);
    return { payment: resolved, created: true };
  });
  if (outcome.created && input.how === "elsewhere") nudgeOrderEmails();

  const stored = await refundById(db, input.orderId, refundId);
  if (stored.via === "cashfree" && stored.status === "REQUESTED") {
    try {
      await sendRefund(db, gateway ?? getPaymentGateway(), { orderId: input.orderId, refundId, amountPaise: stored.amountPaise, instrument: instrumentOfExtra(outcome.payment), note: `Double payment for order ${input.orderId}`, now });
    } catch (error) {
      if (error instanceof BackendError && error.status === 409) await reopenExtraPayment(db, input.orderId, input.paymentId, now);
      throw error;
    }
  }
  return { refund: await refundById(db, input.orderId, refundId), replay: !outcome.created };
}

/** Cashfree refused the refund of a double payment: it is due again. */
async function reopenExtraPayment(db: DB, orderId: string, paymentId: string, now: number) {
  await db.transaction().execute(async (trx) => {
    const row = await findOrderRow(trx, orderId, true);
    const list = refundPaymentsOf(row).map((payment) => (payment.paymentId === paymentId ? { paymentId: payment.paymentId, amountPaise: payment.amountPaise, currency: payment.currency, source: payment.source, at: payment.at } : payment));
    await trx.updateTable("orders").set({ refund_payments: JSON.stringify(list), refund_due: 1, updated_at: now }).where("id", "=", orderId).execute();
  });
}
