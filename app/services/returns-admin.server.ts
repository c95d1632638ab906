import crypto from "node:crypto";
import type { Selectable } from "kysely";
import type { DB, Executor } from "~/db/db.server";
import type { ReturnLinesTable, ReturnRequestsTable } from "~/db/schema";
import { BackendError } from "~/lib/errors";
import { paidForUnits } from "~/lib/discounts";
import { formatPaise } from "~/lib/money";
import { FINAL_RETURN_STATUSES, legalNextReturnStatuses, type ReturnRejectReason, type ReturnStatus } from "~/lib/returns";
import { rejectReasonWords, RETURN_STATUS_WORDS, returnStepDetails, type ReturnStep, type ReturnStepFacts } from "~/lib/returns-office";
import type { OrderEmailFacts } from "~/lib/order-emails";
import type { PaymentGateway } from "~/payments/gateway.server";
import {
  exchangeShipmentSchema,
  fullPayout,
  maskedPayout,
  payoutReferenceSchema,
  payoutSchema,
  pickupSchema,
  readPayout,
  receivedSchema,
  shopperMaskedPayout,
  rejectReturnSchema,
  type Payout,
} from "~/schemas/returns-office";
import { requireAccount } from "~/services/accounts.server";
import { recordAudit, type Actor } from "~/services/audit.server";
import { issueCreditNote } from "~/services/credit-notes.server";
import { enqueueOrderEmail, nudgeOrderEmails } from "~/services/order-emails.server";
import { findOrderRow, rowToOrder, type OrderRow } from "~/services/orders.server";
import { issueRefund, refundsOf, type AdminRefund } from "~/services/refunds.server";
import { releaseExchangeStock } from "~/services/returns.server";

/**
 * The back office's side of returns and exchanges (issue 45 items 3 and 4; DESIGN.md §26;
 * docs/decisions/0984, 0985): the queue with its deadlines (acknowledge within 48 hours, resolve
 * within a month — Consumer Protection (E-Commerce) Rules 2020, rule 4(5)), and every staff step
 * along lib/returns.ts' status machine — approve, reject with a reason, schedule the reverse
 * pickup, mark received and inspected, refund (Cashfree's refund API for an online order, made
 * elsewhere to the shopper's UPI ID or bank account for cash on delivery) or ship the exchange.
 *
 * Every step is one conditional UPDATE on the status it read (two staff at once: one wins, the
 * other gets BackendError 409), an `order_events` row (kind `return`, details `{ returnId, step, …
 * }`), an audit row (entity `order`) and the shopper's email in the request's language through
 * the outbox, in one transaction. The first step sets `acknowledged_at`; a final one `resolved_at`.
 * Money in integer paise, times in ms since epoch. Failures are BackendErrors with a sentence for
 * staff: 400 bad input, 404 unknown return, 409 not allowed now.
 */

type ReturnRow = Selectable<ReturnRequestsTable>;
type LineRow = Selectable<ReturnLinesTable>;

/** One row of the returns queue. `deadline`: acknowledge_by until acknowledged, then resolve_by; `overdue` when it has passed. */
export type ReturnQueueRow = {
  id: string;
  orderId: string;
  status: string;
  statusWords: string;
  resolution: string;
  reason: string;
  customerEmail: string | null;
  createdAt: number;
  acknowledgeBy: number;
  acknowledgedAt: number | null;
  resolveBy: number;
  deadline: number;
  deadlineKind: "acknowledge" | "resolve";
  overdue: boolean;
  units: number;
};

/**
 * The open requests (not rejected, refunded or exchanged), overdue first, then by their next
 * deadline (acknowledge_by until the first step, then resolve_by), oldest first on a tie. `now` in
 * ms. Source: issue 45 item 3 ("a queue with deadlines").
 */
export async function returnQueue(db: Executor, now = Date.now()): Promise<ReturnQueueRow[]> {
  const rows = await db
    .selectFrom("return_requests")
    .leftJoin("users", "users.id", "return_requests.user_id")
    .selectAll("return_requests")
    .select("users.email")
    .where("return_requests.status", "not in", [...FINAL_RETURN_STATUSES])
    .execute();
  const lines = rows.length
    ? await db
        .selectFrom("return_lines")
        .select(["return_id", "quantity"])
        .where(
          "return_id",
          "in",
          rows.map((row) => row.id),
        )
        .execute()
    : [];
  const units = new Map<string, number>();
  for (const line of lines) units.set(line.return_id, (units.get(line.return_id) ?? 0) + Number(line.quantity));
  return rows
    .map((row): ReturnQueueRow => {
      const acknowledgedAt = row.acknowledged_at === null ? null : Number(row.acknowledged_at);
      const deadline = acknowledgedAt === null ? Number(row.acknowledge_by) : Number(row.resolve_by);
      return {
        id: row.id,
        orderId: row.order_id,
        status: row.status,
        statusWords: RETURN_STATUS_WORDS[row.status] ?? row.status,
        resolution: row.resolution,
        reason: row.reason,
        customerEmail: row.email ?? null,
        createdAt: Number(row.created_at),
        acknowledgeBy: Number(row.acknowledge_by),
        acknowledgedAt,
        resolveBy: Number(row.resolve_by),
        deadline,
        deadlineKind: acknowledgedAt === null ? "acknowledge" : "resolve",
        // The month runs from the request whatever the acknowledgement: overdue if either deadline passed.
        overdue: deadline < now || Number(row.resolve_by) < now,
        units: units.get(row.id) ?? 0,
      };
    })
    .sort((a, b) => Number(b.overdue) - Number(a.overdue) || a.deadline - b.deadline || a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
}

/** One returned line as staff see it. Money in paise. */
export type AdminReturnLine = {
  lineIndex: number;
  productId: string;
  name: string;
  colour: string;
  quantity: number;
  unitPaise: number;
  exchangeColour: string | null;
  receivedGood: number | null;
  receivedDamaged: number | null;
};

/** One request with its lines, its order's payment facts, what the refund would be and the steps open now. */
export type AdminReturn = {
  id: string;
  orderId: string;
  status: string;
  statusWords: string;
  resolution: string;
  reason: string;
  description: string;
  photos: string[];
  late: boolean;
  language: "en" | "hi";
  rejectReason: string | null;
  rejectReasonWords: string | null;
  pickup: { courier: string; awbNumber: string } | null;
  exchangeShipment: { courier: string; awbNumber: string; trackingUrl: string | null } | null;
  refund: AdminRefund | null;
  paymentMethod: string;
  paymentStatus: string;
  /** The COD payout: masked, or in full when asked for (the refund step); null when none was given or it was erased. */
  payout: string | null;
  payoutGiven: boolean;
  /** A fingerprint of the payout details as shown (the refund form sends it back: details changed since are a 409). */
  payoutFingerprint: string | null;
  acknowledgeBy: number;
  resolveBy: number;
  acknowledgedAt: number | null;
  resolvedAt: number | null;
  createdAt: number;
  overdue: boolean;
  lines: AdminReturnLine[];
  /** Σ quantity × unit price of the lines (paise): the refund of a refund request. */
  refundPaise: number;
  nextStatuses: ReturnStatus[];
};

/**
 * The refund of a return (issue 45 item 4): Σ quantity × unit_paise of its lines — what was paid
 * for the returned units, to the paisa. Damaged units count in full (docs/decisions/0985: goods
 * that arrive defective or damaged are refunded in full, CP (E-Com) Rules 2020 rule 7(2)(b)), and
 * the received step takes every unit back before a refund (so the amount is also the credit
 * note's total, services/credit-notes.server.ts). With `discounts` (issue 47 item 3), a line of an
 * order item that had a discount (`items[lineIndex].discountPaise` > 0) refunds what those units
 * were paid after it — lib/discounts `paidForUnits(item, before, quantity)`, `before` being that
 * line's units refunded by earlier returns (`discounts.before`, by line index) — as its credit note
 * reverses; lines without a discount stay quantity × unit price.
 */
export function returnRefundPaise(
  lines: readonly { quantity: number; unitPaise: number; lineIndex?: number }[],
  discounts?: { items: readonly { pricePaise: number; quantity: number; discountPaise?: number }[]; before: ReadonlyMap<number, number> },
): number {
  return lines.reduce((sum, line) => {
    const item = discounts && line.lineIndex !== undefined ? discounts.items[line.lineIndex] : undefined;
    if (item && (item.discountPaise ?? 0) > 0) return sum + paidForUnits(item, discounts?.before.get(line.lineIndex ?? -1) ?? 0, line.quantity);
    return sum + line.quantity * line.unitPaise;
  }, 0);
}

/**
 * The refund of return `row` of `order` (paise): `returnRefundPaise` of its lines with the order's
 * discounts, counting as `before` the units of each line in the order's other returns refunded
 * earlier (all refunded ones while `row` is not yet; those resolved before it once it is). Today a
 * line is in one live return at most (return_lines' unique order_id, line_index, live), so `before`
 * is 0; it is counted as the credit notes count the units earlier notes credited, so both agree.
 */
async function refundOfReturn(db: Executor, row: ReturnRow, order: OrderRow, views: AdminReturnLine[]): Promise<number> {
  const items = rowToOrder(order).items;
  if (!items.some((item) => (item.discountPaise ?? 0) > 0)) return returnRefundPaise(views);
  let query = db
    .selectFrom("return_lines")
    .innerJoin("return_requests", "return_requests.id", "return_lines.return_id")
    .select(["return_lines.line_index", "return_lines.quantity"])
    .where("return_requests.order_id", "=", row.order_id)
    .where("return_requests.status", "=", "refunded")
    .where("return_requests.id", "!=", row.id);
  if (row.status === "refunded" && row.resolved_at !== null) query = query.where("return_requests.resolved_at", "<", Number(row.resolved_at));
  const before = new Map<number, number>();
  for (const line of await query.execute()) before.set(Number(line.line_index), (before.get(Number(line.line_index)) ?? 0) + Number(line.quantity));
  return returnRefundPaise(views, { items, before });
}

/** sha256 of the stored payout JSON, 16 hex digits; null when none is stored. */
function payoutFingerprint(json: string | null): string | null {
  return json ? crypto.createHash("sha256").update(json).digest("hex").slice(0, 16) : null;
}

async function findReturn(db: Executor, returnId: string): Promise<ReturnRow> {
  const row = await db.selectFrom("return_requests").selectAll().where("id", "=", returnId).executeTakeFirst();
  if (!row) throw new BackendError(404, `No return request ${returnId}.`);
  return row;
}

async function linesOf(db: Executor, returnId: string): Promise<LineRow[]> {
  return db.selectFrom("return_lines").selectAll().where("return_id", "=", returnId).orderBy("line_index").execute();
}

function lineViews(lines: LineRow[], order: OrderRow): AdminReturnLine[] {
  const items = rowToOrder(order).items;
  return lines.map((line) => ({
    lineIndex: Number(line.line_index),
    productId: line.product_id,
    name: items[Number(line.line_index)]?.name ?? line.product_id,
    colour: line.colour,
    quantity: Number(line.quantity),
    unitPaise: Number(line.unit_paise),
    exchangeColour: line.exchange_colour,
    receivedGood: line.received_good === null ? null : Number(line.received_good),
    receivedDamaged: line.received_damaged === null ? null : Number(line.received_damaged),
  }));
}

function parsePhotos(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/**
 * One request as the back office shows it. `revealPayout` (the refund step's form) shows the COD
 * payout in full; otherwise it is masked (docs/decisions/0985). BackendError 404.
 */
export async function loadAdminReturn(db: DB, returnId: string, options: { revealPayout?: boolean; now?: number } = {}): Promise<AdminReturn> {
  const now = options.now ?? Date.now();
  const row = await findReturn(db, returnId);
  const [order, lines, refunds] = await Promise.all([findOrderRow(db, row.order_id), linesOf(db, returnId), row.refund_id ? refundsOf(db, row.order_id) : Promise.resolve([])]);
  const views = lineViews(lines, order);
  const payout = readPayout(row.payout_json);
  const final = FINAL_RETURN_STATUSES.includes(row.status as ReturnStatus);
  return {
    id: row.id,
    orderId: row.order_id,
    status: row.status,
    statusWords: RETURN_STATUS_WORDS[row.status] ?? row.status,
    resolution: row.resolution,
    reason: row.reason,
    description: row.description,
    photos: parsePhotos(row.photos),
    late: Number(row.late) === 1,
    language: row.language === "hi" ? "hi" : "en",
    rejectReason: row.reject_reason,
    rejectReasonWords: row.reject_reason ? rejectReasonWords(row.reject_reason) : null,
    pickup: row.pickup_courier && row.pickup_awb ? { courier: row.pickup_courier, awbNumber: row.pickup_awb } : null,
    exchangeShipment: row.exchange_courier && row.exchange_awb ? { courier: row.exchange_courier, awbNumber: row.exchange_awb, trackingUrl: row.exchange_tracking_url } : null,
    refund: refunds.find((refund) => refund.id === row.refund_id) ?? null,
    paymentMethod: order.payment_method,
    paymentStatus: order.payment_status,
    payout: payout ? (options.revealPayout ? fullPayout(payout) : maskedPayout(payout)) : null,
    payoutGiven: payout !== null,
    payoutFingerprint: payoutFingerprint(row.payout_json),
    acknowledgeBy: Number(row.acknowledge_by),
    resolveBy: Number(row.resolve_by),
    acknowledgedAt: row.acknowledged_at === null ? null : Number(row.acknowledged_at),
    resolvedAt: row.resolved_at === null ? null : Number(row.resolved_at),
    createdAt: Number(row.created_at),
    overdue: !final && ((row.acknowledged_at === null && Number(row.acknowledge_by) < now) || Number(row.resolve_by) < now),
    lines: views,
    refundPaise: await refundOfReturn(db, row, order, views),
    nextStatuses: legalNextReturnStatuses(row.status, row.resolution),
  };
}

/** The requests of one order, oldest first, for the staff order page's returns section. */
export async function returnsOfOrder(db: DB, orderId: string): Promise<{ id: string; status: string; statusWords: string; resolution: string; createdAt: number; units: number }[]> {
  const rows = await db.selectFrom("return_requests").select(["id", "status", "resolution", "created_at"]).where("order_id", "=", orderId).orderBy("created_at").orderBy("id").execute();
  const lines = rows.length
    ? await db
        .selectFrom("return_lines")
        .select(["return_id", "quantity"])
        .where(
          "return_id",
          "in",
          rows.map((row) => row.id),
        )
        .execute()
    : [];
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    statusWords: RETURN_STATUS_WORDS[row.status] ?? row.status,
    resolution: row.resolution,
    createdAt: Number(row.created_at),
    units: lines.filter((line) => line.return_id === row.id).reduce((sum, line) => sum + Number(line.quantity), 0),
  }));
}

// ---------------------------------------------------------------------------------------------
// The steps

/** The first zod issue's sentence as a BackendError 400. */
function badInput(error: { issues: { message: string }[] }): BackendError {
  return new BackendError(400, error.issues[0]?.message ?? "Check the form and try again.");
}

type StepChange = Partial<Omit<ReturnRequestsTable, "id" | "order_id" | "user_id" | "created_at" | "late" | "language">>;

/**
 * One step inside `trx`: checks the move is legal from the status read (409 otherwise), updates
 * the request on that status (409 when someone else moved it first), writes the `order_events`
 * row, the audit row and the email. Answers the request row as read and the order row.
 */
async function step(
  trx: Executor,
  input: {
    returnId: string;
    to: ReturnStatus;
    actor: Actor;
    now: number;
    change?: StepChange;
    details?: Record<string, unknown>;
    email?: ReturnStepFacts;
    /** The email is sent by the refund itself (issueRefund's "refund recorded"): none here. */
    noEmail?: boolean;
    beforeWrite?: (row: ReturnRow, order: OrderRow) => Promise<void>;
  },
): Promise<{ row: ReturnRow; order: OrderRow }> {
  const row = await findReturn(trx, input.returnId);
  const legal = legalNextReturnStatuses(row.status, row.resolution);
  if (!legal.includes(input.to)) {
    const from = RETURN_STATUS_WORDS[row.status] ?? row.status;
    const open = legal.length ? ` It can now be ${legal.map((status) => `"${RETURN_STATUS_WORDS[status]}"`).join(" or ")}.` : " It is closed.";
    throw new BackendError(409, `Return ${row.id} is "${from}"; it cannot be marked "${RETURN_STATUS_WORDS[input.to]}".${open}`);
  }
  const order = await findOrderRow(trx, row.order_id);
  await input.beforeWrite?.(row, order);
  const final = FINAL_RETURN_STATUSES.includes(input.to);
  const result = await trx
    .updateTable("return_requests")
    .set({
      ...input.change,
      status: input.to,
      updated_at: input.now,
      ...(row.acknowledged_at === null ? { acknowledged_at: input.now } : {}),
      ...(final ? { resolved_at: input.now } : {}),
    })
    .where("id", "=", row.id)
    .where("status", "=", row.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new BackendError(409, `Return ${row.id} was changed by someone else just now. Reload it and try again.`);
  const stepName = input.to as ReturnStep;
  await trx
    .insertInto("order_events")
    .values({ order_id: row.order_id, at: input.now, kind: "return", status: null, actor: input.actor.email, details: JSON.stringify({ returnId: row.id, step: stepName, ...input.details }) })
    .execute();
  await recordAudit(trx, {
    actor: input.actor,
    entity: "order",
    entityId: row.order_id,
    action: `return ${row.id} ${RETURN_STATUS_WORDS[input.to].toLowerCase()}`,
    before: { returnStatus: row.status },
    after: { returnStatus: input.to, ...input.details },
    at: input.now,
  });
  if (!input.noEmail) {
    const language = row.language === "hi" ? "hi" : "en";
    const items = rowToOrder(order).items;
    const lines = (await linesOf(trx, row.id)).map((line) => ({
      name: items[Number(line.line_index)]?.name ?? line.product_id,
      colour: line.colour,
      quantity: Number(line.quantity),
      exchangeColour: line.exchange_colour,
    }));
    const details = returnStepDetails(stepName, { ...input.email, resolution: row.resolution }, language);
    const facts: OrderEmailFacts = { kind: "return_update", order: { ...rowToOrder(order), language }, ret: { id: row.id, step: stepName, resolution: row.resolution, lines, details } };
    await enqueueOrderEmail(trx, facts, { now: input.now });
  }
  return { row, order };
}

/** Who acts and when (ms; default now). */
type StepInput = { returnId: string; actor: Actor; now?: number };

/**
 * Approves a requested return (issue 45 item 3): `requested` → `approved`, acknowledged now; the
 * shopper's "return approved" email. BackendError 404, 409 (not `requested`; someone else moved it).
 */
export async function approveReturn(db: DB, input: StepInput): Promise<void> {
  const now = input.now ?? Date.now();
  await db.transaction().execute((trx) => step(trx, { returnId: input.returnId, to: "approved", actor: input.actor, now }));
  nudgeOrderEmails();
}

/**
 * Rejects a requested return with a reason from lib/returns `RETURN_REJECT_REASONS` (issue 45 item
 * 3): `requested` → `rejected` (final; acknowledged and resolved now); every line's `live` goes to
 * null, so the shopper may ask again for a reason the law always accepts; the exchange colour's
 * reserved stock goes back; the shopper's email says the reason in their language. BackendError
 * 400 (no or unknown reason), 404, 409.
 */
export async function rejectReturn(db: DB, input: StepInput & { reason: unknown }): Promise<void> {
  const parsed = rejectReturnSchema.safeParse({ reason: input.reason });
  if (!parsed.success) throw badInput(parsed.error);
  const reason: ReturnRejectReason = parsed.data.reason;
  const now = input.now ?? Date.now();
  await db.transaction().execute(async (trx) => {
    const { row } = await step(trx, { returnId: input.returnId, to: "rejected", actor: input.actor, now, change: { reject_reason: reason }, details: { reason }, email: { rejectReason: reason } });
    // Frees the lines (live → null) and gives back an exchange's reserved units, once (services/returns.server.ts).
    await releaseExchangeStock(trx, row.id, input.actor.email, now);
  });
  nudgeOrderEmails();
}

/**
 * Schedules the reverse pickup of an approved return (issue 45 item 3): courier and AWB as the
 * shipping form takes them; `approved` → `pickup_scheduled`; the email names courier and AWB.
 * BackendError 400 (courier or AWB missing or malformed), 404, 409.
 */
export async function scheduleReturnPickup(db: DB, input: StepInput & { pickup: unknown }): Promise<void> {
  const parsed = pickupSchema.safeParse(input.pickup);
  if (!parsed.success) throw badInput(parsed.error);
  const { courier, awbNumber } = parsed.data;
  const now = input.now ?? Date.now();
  await db.transaction().execute((trx) =>
    step(trx, { returnId: input.returnId, to: "pickup_scheduled", actor: input.actor, now, change: { pickup_courier: courier, pickup_awb: awbNumber }, details: { courier, awbNumber }, email: { courier, awbNumber } }),
  );
  nudgeOrderEmails();
}

/**
 * Marks a picked-up return received and inspected (issue 45 item 3): per returned line the good
 * and damaged units (whole numbers, good + damaged = the line's quantity — every unit back before
 * the refund or exchange, docs/decisions/0985); `pickup_scheduled` → `received`. Good units are not
 * put back on sale by this step (docs/decisions/0984: the owner does so on the product form once
 * the watch is fit to sell as new). BackendError 400 (a line missing, unknown, or more or fewer
 * units than returned), 404, 409.
 */
export async function markReturnReceived(db: DB, input: StepInput & { received: unknown }): Promise<void> {
  const parsed = receivedSchema.safeParse(input.received);
  if (!parsed.success) throw badInput(parsed.error);
  const now = input.now ?? Date.now();
  const details: Record<string, unknown> = {};
  const email: { good?: number; damaged?: number } = {};
  const checked: { lineIndex: number; good: number; damaged: number }[] = [];
  await db.transaction().execute(async (trx) => {
    await step(trx, {
      returnId: input.returnId,
      to: "received",
      actor: input.actor,
      now,
      details,
      email,
      // After the status check (an illegal move is a 409 whatever the form says), before the write.
      beforeWrite: async () => {
        const lines = await linesOf(trx, input.returnId);
        const given = new Map(parsed.data.lines.map((line) => [line.lineIndex, line]));
        if (given.size !== parsed.data.lines.length || [...given.keys()].some((index) => !lines.some((line) => Number(line.line_index) === index))) {
          throw new BackendError(400, "Enter what came back of each returned line, and of no other.");
        }
        let good = 0;
        let damaged = 0;
        for (const line of lines) {
          const number = Number(line.line_index) + 1;
          const entry = given.get(Number(line.line_index));
          if (!entry) throw new BackendError(400, `Enter what came back of line ${number}.`);
          const quantity = Number(line.quantity);
          if (entry.good + entry.damaged > quantity) throw new BackendError(400, `Line ${number} was returned with ${quantity} unit${quantity === 1 ? "" : "s"}: good and damaged together cannot be more.`);
          if (entry.good + entry.damaged < quantity) throw new BackendError(400, `Line ${number}: ${entry.good + entry.damaged} of ${quantity} units came back. Mark the return received once every unit has arrived.`);
          good += entry.good;
          damaged += entry.damaged;
          checked.push({ lineIndex: Number(line.line_index), good: entry.good, damaged: entry.damaged });
        }
        Object.assign(details, { good, damaged, lines: checked });
        Object.assign(email, { good, damaged });
      },
    });
    for (const line of checked) {
      await trx.updateTable("return_lines").set({ received_good: line.good, received_damaged: line.damaged }).where("return_id", "=", input.returnId).where("line_index", "=", line.lineIndex).execute();
    }
  });
  nudgeOrderEmails();
}

/** The deterministic refund form key of a return: a double submit, a retry or two staff at once refund once (refundIdFor). */
export function returnRefundKey(returnId: string): string {
  return `return-${returnId}`;
}

/**
 * Refunds a received refund request (issue 45 item 4): the amount is `returnRefundPaise` of its
 * lines, to the paisa, through services/refunds.server.ts `issueRefund` with the return's own key
 * (`returnRefundKey`) — `cashfree` (Cashfree's refund API, Cashfree PG 2025-01-01) for an order
 * paid through Cashfree, `manual` for cash on delivery, paid to the shopper's payout details
 * (BackendError 409 until they have given them, and when `payoutFingerprint` — the form's copy of
 * AdminReturn.payoutFingerprint — shows the shopper replaced them after the form was shown) with an
 * optional bank/UPI reference. Then, in
 * one transaction: `received` → `refunded` with the refund's id, the payout details erased, the
 * GST credit note (services/credit-notes.server.ts, CGST Act s.34), the timeline and audit rows.
 * The shopper's email is the refund's own "refund recorded" email (issueRefund; docs/decisions/
 * 0985). A refund issueRefund refuses (Cashfree unreachable 502/504, refused 409) leaves the request
 * `received`: a retry sends the same refund again. BackendError 400, 404, 409, 502, 504.
 */
export async function refundReturn(db: DB, input: StepInput & { reference?: unknown; payoutFingerprint?: unknown }, gateway?: PaymentGateway): Promise<{ refund: AdminRefund; creditNoteNumber: string | null }> {
  const now = input.now ?? Date.now();
  const reference = payoutReferenceSchema.safeParse(input.reference ?? null);
  if (!reference.success) throw badInput(reference.error);
  const row = await findReturn(db, input.returnId);
  if (!legalNextReturnStatuses(row.status, row.resolution).includes("refunded")) {
    throw new BackendError(409, `Return ${row.id} is "${RETURN_STATUS_WORDS[row.status] ?? row.status}"; it cannot be refunded${row.resolution === "exchange" ? ": the shopper asked for an exchange" : " until it has been received"}.`);
  }
  const order = await findOrderRow(db, row.order_id);
  const amountPaise = await refundOfReturn(db, row, order, lineViews(await linesOf(db, row.id), order));
  const cod = order.payment_method === "cod";
  const payout = readPayout(row.payout_json);
  if (cod && !payout) throw new BackendError(409, `The shopper has not yet given a UPI ID or bank account for the refund of return ${row.id}: it can be paid once they have.`);
  // Staff paid the details the form showed: if the shopper has replaced them since, nothing is recorded.
  if (cod && typeof input.payoutFingerprint === "string" && input.payoutFingerprint !== payoutFingerprint(row.payout_json)) {
    throw new BackendError(409, "The shopper changed their refund details after this page was loaded. Reload it, check the details and pay those.");
  }
  const { refund } = await issueRefund(
    db,
    {
      orderId: row.order_id,
      key: returnRefundKey(row.id),
      amountPaise,
      via: cod ? "manual" : "cashfree",
      reference: cod ? reference.data : null,
      note: cod && payout ? `Return ${row.id}: paid to ${maskedPayout(payout)}` : `Return ${row.id}`,
      actor: input.actor,
      now,
    },
    gateway,
  );
  const creditNoteNumber = await db.transaction().execute(async (trx) => {
    await step(trx, {
      returnId: row.id,
      to: "refunded",
      actor: input.actor,
      now,
      change: { refund_id: refund.id, payout_json: null },
      details: { amountPaise, via: refund.via, refundId: refund.id, status: refund.status },
      noEmail: true,
    });
    const note = await issueCreditNote(trx, row.id, now).catch((error: unknown) => {
      // An order without a tax invoice (none was issued: a test order) refunds without a note.
      if (error instanceof BackendError && error.status === 409 && /no tax invoice/.test(error.message)) return null;
      throw error;
    });
    return note?.number ?? null;
  });
  nudgeOrderEmails();
  return { refund, creditNoteNumber };
}

/**
 * Ships a received exchange request's reserved colour (issue 45 item 3): courier, AWB and an
 * optional tracking URL (the shipment rules of the order's shipping form); `received` →
 * `exchanged` (final); the email carries the shipment. BackendError 400, 404, 409.
 */
export async function shipReturnExchange(db: DB, input: StepInput & { shipment: unknown }): Promise<void> {
  const parsed = exchangeShipmentSchema.safeParse(input.shipment);
  if (!parsed.success) throw badInput(parsed.error);
  const { courier, awbNumber, trackingUrl } = parsed.data;
  const now = input.now ?? Date.now();
  await db.transaction().execute((trx) =>
    step(trx, {
      returnId: input.returnId,
      to: "exchanged",
      actor: input.actor,
      now,
      change: { exchange_courier: courier, exchange_awb: awbNumber, exchange_tracking_url: trackingUrl },
      details: { courier, awbNumber, trackingUrl },
      email: { courier, awbNumber, trackingUrl },
    }),
  );
  nudgeOrderEmails();
}

// ---------------------------------------------------------------------------------------------
// The cash-on-delivery shopper's payout details (issue 45 item 4)

/** What the shopper's payout form shows: whether this return takes payout details now, and those given (masked). */
export type PayoutStanding = { returnId: string; given: { kind: "upi" | "bank"; masked: string } | null };

/**
 * The payout standing of the shopper's own COD refund requests of an order: one per request that
 * still awaits its refund (not rejected, not refunded). Another shopper's order answers [] (the
 * page shows nothing). Source: issue 45 item 4.
 */
export async function payoutStandings(db: DB, userId: number, orderId: string): Promise<PayoutStanding[]> {
  const order = await db.selectFrom("orders").select(["user_id", "payment_method"]).where("id", "=", orderId).executeTakeFirst();
  if (!order || Number(order.user_id) !== userId || order.payment_method !== "cod") return [];
  const rows = await db
    .selectFrom("return_requests")
    .select(["id", "status", "payout_json"])
    .where("order_id", "=", orderId)
    .where("user_id", "=", userId)
    .where("resolution", "=", "refund")
    .where("status", "not in", ["rejected", "refunded"])
    .orderBy("created_at")
    .execute();
  return rows.map((row) => {
    const payout = readPayout(row.payout_json);
    return { returnId: row.id, given: payout ? shopperMaskedPayout(payout) : null };
  });
}

/**
 * Stores the payout details of the shopper's own COD refund request (issue 45 item 4): a UPI ID
 * or a bank account (app/schemas/returns-office `payoutSchema`), replacing earlier ones, kept only
 * until the refund is recorded (refundReturn erases them) or the account is deleted. Only the
 * order's own shopper: any other account, an unknown request or an order paid online answers
 * BackendError 404 and writes nothing; a request already refunded or rejected 409; bad details
 * 400 with the form's sentence (PAYOUT_MESSAGES). Writes an audit row (entity `order`) without
 * the details themselves.
 */
export async function savePayoutDetails(db: DB, input: { userId: number; orderId: string; returnId: string; payout: unknown; now?: number }): Promise<Payout> {
  const now = input.now ?? Date.now();
  const row = await db.selectFrom("return_requests").selectAll().where("id", "=", input.returnId).executeTakeFirst();
  const order = row ? await db.selectFrom("orders").select(["user_id", "payment_method"]).where("id", "=", row.order_id).executeTakeFirst() : undefined;
  if (!row || !order || row.order_id !== input.orderId || Number(row.user_id) !== input.userId || Number(order.user_id) !== input.userId) {
    throw new BackendError(404, "No such return on your orders.");
  }
  if (order.payment_method !== "cod" || row.resolution !== "refund") throw new BackendError(404, "No such return on your orders.");
  const parsed = payoutSchema.safeParse(input.payout);
  if (!parsed.success) throw badInput(parsed.error);
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("return_requests")
      .set({ payout_json: JSON.stringify(parsed.data), updated_at: now })
      .where("id", "=", row.id)
      .where("user_id", "=", input.userId)
      .where("status", "not in", ["rejected", "refunded"])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new BackendError(409, "This return is closed: its refund has been recorded or it was rejected.");
    await recordAudit(trx, { actor: { id: input.userId, email: "shopper" }, entity: "order", entityId: row.order_id, action: `return ${row.id} payout details given (${parsed.data.kind})`, at: now });
  });
  return parsed.data;
}

/** `payoutStandings` for the shopper of session `token` (BackendError 401 when the session is gone). */
export async function shopperPayoutStandings(db: DB, token: string, orderId: string): Promise<PayoutStanding[]> {
  const account = await requireAccount(db, token);
  return payoutStandings(db, account.id, orderId);
}

/** `savePayoutDetails` for the shopper of session `token` (BackendError 401 when the session is gone; else as savePayoutDetails). */
export async function saveShopperPayout(db: DB, token: string, input: { orderId: string; returnId: string; payout: unknown; now?: number }): Promise<Payout> {
  const account = await requireAccount(db, token);
  return savePayoutDetails(db, { ...input, userId: account.id });
}

/** The sentence the shopper's payout form answers once saved (the phrasebook's `returnPayout` group has its Hindi). */
export const PAYOUT_SAVED = "Your refund details are saved. We erase them once the refund is made.";

/** The refund's sentence for staff after `refundReturn` (rupees). */
export function refundedWords(refund: AdminRefund, creditNoteNumber: string | null): string {
  const what = refund.via === "cashfree" ? `Refund of ${formatPaise(refund.amountPaise)} sent to Cashfree (${refund.status}).` : `Refund of ${formatPaise(refund.amountPaise)} recorded.`;
  return `${what}${creditNoteNumber ? ` Credit note ${creditNoteNumber} issued.` : ""}`;
}
