import type { Selectable } from "kysely";
import { z } from "zod";
import { isSqlite, type DB, type Executor } from "~/db/db.server";
import type { DiscountCodesTable } from "~/db/schema";
import { BackendError } from "~/lib/errors";
import {
  DISCOUNT_MESSAGES,
  MAX_CODE_LENGTH,
  codeTerms,
  evaluateDiscount,
  normaliseCode,
  refusalMessage,
  type DiscountCode,
  type DiscountEffect,
  type DiscountKind,
  type DiscountLine,
  type DiscountRefusal,
  type DiscountScope,
  type DiscountStatus,
} from "~/lib/discounts";
import { formatIstDateTime } from "~/lib/admin-format";
import { selectCartLines } from "~/services/carts.server";

/**
 * Discount codes in the database (issue 47 items 2–3; DESIGN.md §27; docs/decisions/1011): the
 * code a shopper applies to their cart, and the code's use, taken in the order's transaction and
 * given back exactly once. `discount_codes.uses_taken` moves only by the conditional UPDATEs here,
 * under the code's row lock (PostgreSQL) or SQLite's single writer, so two shoppers racing for a
 * code's last use can't both get it. The rules themselves are lib/discounts.ts (pure).
 */

export type DiscountCodeRow = Selectable<DiscountCodesTable>;

const scopeValuesSchema = z.array(z.string());

/** A stored row → the code as lib/discounts reads it. */
export function rowToCode(row: DiscountCodeRow): DiscountCode {
  return {
    id: Number(row.id),
    code: row.code,
    kind: row.kind as DiscountKind,
    percentBp: row.percent_bp === null ? null : Number(row.percent_bp),
    valuePaise: row.value_paise === null ? null : Number(row.value_paise),
    scope: row.scope as DiscountScope,
    scopeValues: scopeValuesSchema.parse(JSON.parse(row.scope_json)),
    minSubtotalPaise: Number(row.min_subtotal_paise),
    totalLimit: row.total_limit === null ? null : Number(row.total_limit),
    usesTaken: Number(row.uses_taken),
    perShopperLimit: row.per_shopper_limit === null ? null : Number(row.per_shopper_limit),
    startsAt: row.starts_at === null ? null : Number(row.starts_at),
    endsAt: row.ends_at === null ? null : Number(row.ends_at),
    status: row.status as DiscountStatus,
    public: Number(row.public) === 1,
  };
}

/** A code typed by a shopper (hostile): trimmed, 1..MAX_CODE_LENGTH characters, then normalised. */
export const typedCodeSchema = z
  .string({ error: DISCOUNT_MESSAGES.empty })
  .trim()
  .min(1, DISCOUNT_MESSAGES.empty)
  .max(MAX_CODE_LENGTH, DISCOUNT_MESSAGES.tooLong)
  .transform(normaliseCode);

/** The code whose key is `codeKey`, or undefined. With `lock`, holds its row to the transaction's end (PostgreSQL). */
export async function findCodeByKey(executor: Executor, codeKey: string, lock = false): Promise<DiscountCode | undefined> {
  let query = executor.selectFrom("discount_codes").selectAll().where("code_key", "=", codeKey);
  if (lock && !isSqlite(executor as DB)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? rowToCode(row) : undefined;
}

/** Who a shopper is for a per-shopper limit: the account, and at the order the delivery email and mobile. */
export type ShopperIdentity = { userId: number; email?: string | null; phone?: string | null };

/** An email as the limit compares it: trimmed, lower case. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** A mobile number as the limit compares it: its last 10 digits. */
export function phoneKey(phone: string): string {
  return phone.replace(/\D/g, "").slice(-10);
}

/**
 * The uses of a code taken (not given back) by this shopper: by the account, or by the same
 * delivery email or mobile number on any account (issue 47 item 1). `exceptOrderId` leaves one
 * order's own use out (an order being paid again).
 */
export async function shopperUses(executor: Executor, codeId: number, who: ShopperIdentity, exceptOrderId?: string): Promise<number> {
  let query = executor
    .selectFrom("discount_code_uses")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("code_id", "=", codeId)
    .where("state", "=", "taken")
    .where((eb) => {
      const ors = [eb("user_id", "=", who.userId)];
      if (who.email) ors.push(eb("email", "=", emailKey(who.email)));
      if (who.phone) ors.push(eb("phone", "=", phoneKey(who.phone)));
      return eb.or(ors);
    });
  if (exceptOrderId) query = query.where("order_id", "<>", exceptOrderId);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The shopper's cart as discount lines (shown products only, catalogue price now), in the cart's
 * line order (product id, then colour): what a code is evaluated against before an order exists.
 * Key: `${productId}\u0000${size}` (lineKey).
 */
export async function cartDiscountLines(executor: Executor, userId: number): Promise<DiscountLine[]> {
  const lines = await selectCartLines(executor, userId);
  const ids = [...new Set(lines.map((line) => line.product_id))];
  if (ids.length === 0) return [];
  const products = await executor
    .selectFrom("products")
    .select(["id", "price_paise", "category", "sub_category"])
    .where("id", "in", ids)
    .where("hidden", "=", 0)
    .execute();
  const byId = new Map(products.map((product) => [product.id, product]));
  return lines.flatMap((line) => {
    const product = byId.get(line.product_id);
    if (!product) return [];
    return [
      {
        key: lineKey(line.product_id, line.size_key),
        productId: line.product_id,
        brand: product.sub_category,
        category: product.category,
        pricePaise: Number(product.price_paise),
        quantity: Number(line.quantity),
      },
    ];
  });
}

/** A cart or order line's key for discounts: product id and colour (or the default key). */
export function lineKey(productId: string, size: string): string {
  return `${productId}\u0000${size}`;
}

/**
 * The code applied to a cart, as the cart and checkout pages and `POST /api/cart/get` show it: the
 * code, and either its effect on the cart now or why it does not apply now (the code stays on the
 * cart, its discount is not counted, and PLACE ORDER charges the total without it).
 */
export type CartCode =
  | { code: DiscountCode; applies: true; effect: DiscountEffect }
  | { code: DiscountCode; applies: false; refusal: DiscountRefusal; message: string };

/** The code on the shopper's cart at `now`, evaluated against `lines` (default: the cart now); null when none (or it was deleted). */
export async function cartCode(executor: Executor, userId: number, now: number, lines?: DiscountLine[]): Promise<CartCode | null> {
  const applied = await executor.selectFrom("cart_codes").select("code_key").where("user_id", "=", userId).executeTakeFirst();
  if (!applied) return null;
  const code = await findCodeByKey(executor, applied.code_key);
  if (!code) return null;
  const account = await executor.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
  const uses = await shopperUses(executor, code.id, { userId, email: account?.email ?? null });
  const outcome = evaluateDiscount(code, lines ?? (await cartDiscountLines(executor, userId)), { now, shopperUses: uses });
  return outcome.ok
    ? { code, applies: true, effect: outcome.effect }
    : { code, applies: false, refusal: outcome.refusal, message: refusalMessage(outcome.refusal, formatIstDateTime) };
}

/**
 * Applies a code the shopper typed (hostile) to their cart at `now`: refused — nothing stored —
 * with BackendError 400 (empty or too long; unknown; paused; not started; ended; used up; used by
 * you; nothing it applies to; below the minimum, with the rupees short: lib/discounts
 * DISCOUNT_MESSAGES). One code per cart: a new code replaces the one applied. Answers the cart's code.
 */
export async function applyCartCode(db: DB, userId: number, typed: unknown, now: number): Promise<CartCode & { applies: true }> {
  const parsed = typedCodeSchema.safeParse(typed);
  if (!parsed.success) throw new BackendError(400, parsed.error.issues[0]?.message ?? DISCOUNT_MESSAGES.empty);
  const code = await findCodeByKey(db, parsed.data);
  if (!code) throw new BackendError(400, DISCOUNT_MESSAGES.unknown);
  const account = await db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
  const uses = await shopperUses(db, code.id, { userId, email: account?.email ?? null });
  const outcome = evaluateDiscount(code, await cartDiscountLines(db, userId), { now, shopperUses: uses });
  if (!outcome.ok) throw new BackendError(400, refusalMessage(outcome.refusal, formatIstDateTime));
  await db
    .insertInto("cart_codes")
    .values({ user_id: userId, code_key: parsed.data, applied_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ code_key: parsed.data, applied_at: now }))
    .execute();
  return { code, applies: true, effect: outcome.effect };
}

/** Removes the code from the shopper's cart (none applied: nothing happens). */
export async function removeCartCode(executor: Executor, userId: number): Promise<void> {
  await executor.deleteFrom("cart_codes").where("user_id", "=", userId).execute();
}

/** What an order took of a code (createOrder stores it on the order and its items). */
export type TakenCode = { codeId: number; code: string; effect: DiscountEffect };

/**
 * Takes a use of the code on the shopper's cart for a new order, inside the order's transaction
 * `trx` (issue 47 item 2): the code's row is locked (PostgreSQL; SQLite has one writer), the code
 * is evaluated against the order's `lines` at `now` with the shopper's uses by account, delivery
 * email and mobile, `uses_taken` moves by a conditional UPDATE that can't pass the total limit,
 * and the use is recorded for the order. Null when no code is applied, or when the order's lines
 * alone keep it from applying (nothing it applies to, below the minimum: the cart showed it not
 * counted, and the order charges that total). Throws BackendError 409
 * with the refusal's sentence when the applied code no longer applies (used up by a racing order,
 * ended, paused, the per-shopper limit): the shopper's total would differ from the one shown, so
 * no order is made and the transaction rolls back.
 */
export async function takeCodeUse(
  trx: Executor,
  input: { orderId: string; userId: number; email: string; phone: string; lines: DiscountLine[]; now: number },
): Promise<TakenCode | null> {
  const applied = await trx.selectFrom("cart_codes").select("code_key").where("user_id", "=", input.userId).executeTakeFirst();
  if (!applied) return null;
  const code = await findCodeByKey(trx, applied.code_key, true);
  if (!code) return null;
  const uses = await shopperUses(trx, code.id, { userId: input.userId, email: input.email, phone: input.phone });
  const outcome = evaluateDiscount(code, input.lines, { now: input.now, shopperUses: uses });
  if (!outcome.ok) {
    // The cart's own lines decide these two, and the cart page evaluated the same lines (priceCart
    // refuses a body whose lines differ): the page showed the code not applying and the total
    // without it, so that is what the order charges (docs/decisions/1011).
    if (CART_REFUSALS.has(outcome.refusal.reason)) return null;
    throw new BackendError(409, codeNoLongerApplies(refusalMessage(outcome.refusal, formatIstDateTime)));
  }
  const taken = await trx
    .updateTable("discount_codes")
    .set((eb) => ({ uses_taken: eb("uses_taken", "+", 1) }))
    .where("id", "=", code.id)
    .where((eb) => eb.or([eb("total_limit", "is", null), eb("uses_taken", "<", eb.ref("total_limit"))]))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 0) throw new BackendError(409, codeNoLongerApplies(DISCOUNT_MESSAGES.usedUp));
  await trx
    .insertInto("discount_code_uses")
    .values({
      code_id: code.id,
      order_id: input.orderId,
      user_id: input.userId,
      email: emailKey(input.email),
      phone: phoneKey(input.phone),
      discount_paise: outcome.effect.discountPaise,
      lines_json: JSON.stringify(outcome.effect.lines),
      state: "taken",
      taken_at: input.now,
      given_back_at: null,
    })
    .execute();
  return { codeId: code.id, code: code.code, effect: outcome.effect };
}

/** Refusals that follow from the cart's lines alone: the order is made without the code (takeCodeUse). */
const CART_REFUSALS: ReadonlySet<DiscountRefusal["reason"]> = new Set(["nothingApplies", "belowMinimum"]);

/** The 409 sentence of an applied code that stopped applying before the order was made. */
export function codeNoLongerApplies(reason: string): string {
  return `Your discount code no longer applies: ${reason} Please check your total and try again.`;
}

/**
 * Gives an order's code use back (its order was cancelled, or its payment failed or expired),
 * exactly once: the use moves `taken` → `given_back` by a conditional UPDATE and only the call that
 * moved it lowers `uses_taken`. Answers whether a use went back. Run inside the transaction that
 * ends the order's claim (the cancel, the failure, the expiry).
 */
export async function giveBackCodeUse(trx: Executor, orderId: string, now: number): Promise<boolean> {
  const use = await trx.selectFrom("discount_code_uses").select(["code_id"]).where("order_id", "=", orderId).where("state", "=", "taken").executeTakeFirst();
  if (!use) return false;
  const moved = await trx
    .updateTable("discount_code_uses")
    .set({ state: "given_back", given_back_at: now })
    .where("order_id", "=", orderId)
    .where("state", "=", "taken")
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) return false;
  await trx
    .updateTable("discount_codes")
    .set((eb) => ({ uses_taken: eb("uses_taken", "-", 1) }))
    .where("id", "=", use.code_id)
    .where("uses_taken", ">", 0)
    .execute();
  return true;
}

/**
 * Takes an order's given-back use again (`given_back` → `taken`, once): for a payment that arrived
 * after the use went back (`force`: the shopper paid the discounted amount, so the use is theirs
 * even past the limit), or a new attempt to pay an order whose payment failed (not forced: answers
 * false, taking nothing, when the code is used up meanwhile). True when the order holds its use
 * (also when it never gave it back, or has no code).
 */
export async function retakeCodeUse(trx: Executor, orderId: string, now: number, options: { force: boolean }): Promise<boolean> {
  const use = await trx.selectFrom("discount_code_uses").select(["code_id", "state"]).where("order_id", "=", orderId).executeTakeFirst();
  if (!use || use.state === "taken") return true;
  let update = trx
    .updateTable("discount_codes")
    .set((eb) => ({ uses_taken: eb("uses_taken", "+", 1) }))
    .where("id", "=", use.code_id);
  if (!options.force) update = update.where((eb) => eb.or([eb("total_limit", "is", null), eb("uses_taken", "<", eb.ref("total_limit"))]));
  const moved = await trx
    .updateTable("discount_code_uses")
    .set({ state: "taken", given_back_at: null, taken_at: now })
    .where("order_id", "=", orderId)
    .where("state", "=", "given_back")
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) return true;
  const counted = await update.executeTakeFirst();
  if (Number(counted.numUpdatedRows) === 0) {
    // Used up meanwhile: undo the move (same transaction), take nothing.
    await trx.updateTable("discount_code_uses").set({ state: "given_back", given_back_at: now }).where("order_id", "=", orderId).execute();
    return false;
  }
  return true;
}

/**
 * Gives back the code uses of online orders still unpaid `holdMs` after they were placed (an
 * abandoned or expired payment; the same hold time as the units, store settings
 * `stockHoldMinutes`), at most `limit` a call, each in its own transaction with the order re-read
 * (a payment confirmed meanwhile wins; a payment after this takes the use again, forced:
 * retakeCodeUse). Several processes may sweep at once: giveBackCodeUse moves a use once. Answers
 * how many uses went back.
 */
export async function releaseExpiredCodeUses(db: DB, options: { holdMs: number; now?: number; limit?: number }): Promise<number> {
  const now = options.now ?? Date.now();
  const due = await db
    .selectFrom("discount_code_uses")
    .innerJoin("orders", "orders.id", "discount_code_uses.order_id")
    .select("orders.id")
    .where("discount_code_uses.state", "=", "taken")
    .where("orders.payment_method", "<>", "cod")
    .where("orders.payment_status", "<>", "PAID")
    .where("orders.created_at", "<", now - options.holdMs)
    .orderBy("orders.created_at")
    .limit(options.limit ?? 200)
    .execute();
  let released = 0;
  for (const { id } of due) {
    const done = await db.transaction().execute(async (trx) => {
      let query = trx.selectFrom("orders").select(["id", "payment_status"]).where("id", "=", id);
      if (!isSqlite(db)) query = query.forUpdate();
      const row = await query.executeTakeFirst();
      if (!row || row.payment_status === "PAID") return false;
      return giveBackCodeUse(trx, id, now);
    });
    if (done) released += 1;
  }
  return released;
}

/**
 * The codes the Offers page lists (issue 47 item 5): public, active, not ended at `now` (ms), with
 * uses left; those not started yet are listed too, their start stated. Ordered by end (soonest
 * first, open-ended last), then code.
 */
export async function listOfferCodes(executor: Executor, now: number): Promise<DiscountCode[]> {
  const rows = await executor
    .selectFrom("discount_codes")
    .selectAll()
    .where("public", "=", 1)
    .where("status", "=", "active")
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]))
    .where((eb) => eb.or([eb("total_limit", "is", null), eb("uses_taken", "<", eb.ref("total_limit"))]))
    .execute();
  return rows
    .map(rowToCode)
    .sort((a, b) => (a.endsAt ?? Number.MAX_SAFE_INTEGER) - (b.endsAt ?? Number.MAX_SAFE_INTEGER) || a.code.localeCompare(b.code));
}

/** The cart's code as the Store API states it (schemas/discount-api.ts `cartDiscountToJson`): paise. */
export type CartCodeSummary = {
  code: string;
  terms: string[];
  applies: boolean;
  /** Why it does not apply now (English), when it does not. */
  message?: string;
  discountPaise: number;
  lines: { productId: string; size: string; discountPaise: number }[];
  /** The cart's shown lines at today's prices, paise. */
  subtotalPaise: number;
};

/**
 * The code on the shopper's cart at `now` (ms) with its terms (lib/discounts codeTerms, IST), its
 * effect or its reason (cartCode), and the cart's subtotal in paise: what `POST /api/cart/get` and
 * `POST /api/cart/applyCode` answer (issue 47 item 6; docs/decisions/1013). Null when no code is
 * applied. Reads only.
 */
export async function cartCodeSummary(executor: Executor, userId: number, now: number): Promise<CartCodeSummary | null> {
  const lines = await cartDiscountLines(executor, userId);
  const applied = await cartCode(executor, userId, now, lines);
  if (!applied) return null;
  return summarise(applied, lines);
}

/**
 * Applies a typed code to the shopper's cart at `now` (applyCartCode: BackendError 400 with the
 * reason, nothing stored) and answers it as cartCodeSummary does. For `POST /api/cart/applyCode`.
 */
export async function applyCartCodeSummary(db: DB, userId: number, typed: unknown, now: number): Promise<CartCodeSummary> {
  const applied = await applyCartCode(db, userId, typed, now);
  return summarise(applied, await cartDiscountLines(db, userId));
}

function summarise(applied: CartCode, lines: DiscountLine[]): CartCodeSummary {
  const subtotalPaise = lines.reduce((sum, line) => sum + line.pricePaise * line.quantity, 0);
  const terms = codeTerms(applied.code, formatIstDateTime);
  if (!applied.applies) return { code: applied.code.code, terms, applies: false, message: applied.message, discountPaise: 0, lines: [], subtotalPaise };
  return {
    code: applied.code.code,
    terms,
    applies: true,
    discountPaise: applied.effect.discountPaise,
    lines: applied.effect.lines.map((line) => {
      const [productId, size] = line.key.split("\u0000");
      return { productId, size, discountPaise: line.discountPaise };
    }),
    subtotalPaise,
  };
}
