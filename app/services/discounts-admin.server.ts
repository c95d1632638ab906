import { stringify } from "csv-stringify/sync";
import { sql } from "kysely";
import { BRANDS } from "~/constants/store";
import { isSqlite, isUniqueViolation, type DB, type Executor } from "~/db/db.server";
import { formatIstDateTime } from "~/lib/admin-format";
import { codeTerms, formatPercent, type DiscountCode } from "~/lib/discounts";
import type { DiscountCodeInput } from "~/schemas/discount-codes";
import { recordAudit, type Actor } from "~/services/audit.server";
import { rowToCode } from "~/services/discounts.server";
import { paiseAsRupeeText } from "~/services/sales-export.server";

/**
 * Discount codes in the back office (issue 47 item 1; docs/decisions/1012): the list with each
 * code's figures, one code, create, edit, pause and activate, the CSV. Every change is one
 * transaction with its audit row (entity "discount_code", id the code's id, before/after the
 * stored fields). Money in integer paise, times in ms since epoch (IST on the pages). The
 * shopper's side (apply, take a use, give it back) is services/discounts.server.ts.
 */

/** A refusal of the code form, with the field it belongs next to (400 on the page). */
export class DiscountCodeInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = "DiscountCodeInputError";
  }
}

export const DISCOUNT_ADMIN_MESSAGES = {
  duplicate: (code: string) => `There is already a code ${code} (codes are matched without regard to case or spaces). Choose another code.`,
  codeUsed: "This code has been used by orders, so its text can no longer change. Make a new code instead.",
  unknownProducts: (ids: string[]) => `No product has the id ${ids.slice(0, 5).join(", ")}${ids.length > 5 ? ` and ${ids.length - 5} more` : ""}.`,
  unknownBrands: (brands: string[]) => `No watch in the catalogue is by ${brands.slice(0, 5).join(", ")}.`,
} as const;

/** One row of the list and the CSV: the code, and its figures. */
export type DiscountCodeFigures = {
  code: DiscountCode;
  /** Uses taken and not given back (live; the code's `uses_taken`). */
  usesTaken: number;
  /** Uses given back (orders cancelled, payments failed or expired). */
  usesGivenBack: number;
  /** Σ `orders.amount_paise` (after the discount) of orders holding a taken use that are paid online or cash on delivery. */
  revenuePaise: number;
  /** Σ `discount_code_uses.discount_paise` of taken uses (paid or not yet). */
  discountGivenPaise: number;
  /** What the code is at the time asked: its status, or why an active code does not work now. */
  state: "active" | "paused" | "not started" | "ended" | "used up";
  createdAt: number;
  createdBy: string;
  updatedAt: number;
};

/** An active code's state at `now` (ms): not started, ended, used up, or active; a paused code is paused. */
export function codeState(code: DiscountCode, now: number): DiscountCodeFigures["state"] {
  if (code.status === "paused") return "paused";
  if (code.startsAt !== null && now < code.startsAt) return "not started";
  if (code.endsAt !== null && now >= code.endsAt) return "ended";
  if (code.totalLimit !== null && code.usesTaken >= code.totalLimit) return "used up";
  return "active";
}

/**
 * Every code, newest first, with its figures and its state at `now` (ms; codeState):
 * - uses taken: the code's live count of uses taken and not given back;
 * - uses given back: its `given_back` use rows;
 * - revenue: the sum of `orders.amount_paise` — what the shopper pays, after the discount — of the
 *   orders whose use is `taken` and that are paid online (`payment_status` PAID) or cash on
 *   delivery (any state: a COD order that is not cancelled keeps its use; a cancelled one gave it
 *   back). Test-mode payments (simulator, sandbox) count too, as on the orders list. Refunds are
 *   not netted;
 * - discount given: the sum of the taken uses' `discount_paise`, paid or still awaiting payment.
 */
export async function listCodes(db: DB, now: number = Date.now()): Promise<DiscountCodeFigures[]> {
  return codesWithFigures(db, now);
}

/** listCodes, or only the code `onlyId`. */
async function codesWithFigures(db: DB, now: number, onlyId?: number): Promise<DiscountCodeFigures[]> {
  let codes = db.selectFrom("discount_codes").selectAll().orderBy("created_at", "desc").orderBy("id", "desc");
  if (onlyId !== undefined) codes = codes.where("id", "=", onlyId);
  const rows = await codes.execute();
  if (rows.length === 0) return [];
  let usesQuery = db
    .selectFrom("discount_code_uses")
    .leftJoin("orders", "orders.id", "discount_code_uses.order_id")
    .select((eb) => [
      "discount_code_uses.code_id as codeId",
      eb.fn.sum<number>(sql<number>`case when discount_code_uses.state = 'given_back' then 1 else 0 end`).as("givenBack"),
      eb.fn
        .sum<number>(
          sql<number>`case when discount_code_uses.state = 'taken' and (orders.payment_status = 'PAID' or orders.payment_method = 'cod') then orders.amount_paise else 0 end`,
        )
        .as("revenue"),
      eb.fn.sum<number>(sql<number>`case when discount_code_uses.state = 'taken' then discount_code_uses.discount_paise else 0 end`).as("given"),
    ])
    .groupBy("discount_code_uses.code_id");
  if (onlyId !== undefined) usesQuery = usesQuery.where("discount_code_uses.code_id", "=", onlyId);
  const uses = await usesQuery.execute();
  const byCode = new Map(uses.map((use) => [Number(use.codeId), use]));
  return rows.map((row) => {
    const figures = byCode.get(Number(row.id));
    const code = rowToCode(row);
    return {
      code,
      state: codeState(code, now),
      usesTaken: Number(row.uses_taken),
      usesGivenBack: Number(figures?.givenBack ?? 0),
      revenuePaise: Number(figures?.revenue ?? 0),
      discountGivenPaise: Number(figures?.given ?? 0),
      createdAt: Number(row.created_at),
      createdBy: row.created_by,
      updatedAt: Number(row.updated_at),
    };
  });
}

/** One code with its figures (listCodes' rule), or undefined for an unknown id. */
export async function findCode(db: DB, id: number, now: number = Date.now()): Promise<(DiscountCodeFigures & { hasUses: boolean }) | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const [figures] = await codesWithFigures(db, now, id);
  if (!figures) return undefined;
  return { ...figures, hasUses: figures.usesTaken + figures.usesGivenBack > 0 };
}

/** The brands a code may name: the store's BRANDS and every brand (`sub_category`) in the catalogue. */
export async function knownBrands(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom("products").select("sub_category").distinct().execute();
  return [...new Set([...BRANDS, ...rows.map((row) => row.sub_category)])].sort((a, b) => a.localeCompare(b));
}

/** Refuses (DiscountCodeInputError) brands no watch is by and product ids no product has. */
async function checkScope(db: Executor, input: DiscountCodeInput): Promise<void> {
  if (input.scope === "products") {
    const found = await db.selectFrom("products").select("id").where("id", "in", input.scopeValues).execute();
    const have = new Set(found.map((row) => row.id));
    const missing = input.scopeValues.filter((id) => !have.has(id));
    if (missing.length > 0) throw new DiscountCodeInputError("products", DISCOUNT_ADMIN_MESSAGES.unknownProducts(missing));
  }
  if (input.scope === "brands") {
    const known = new Set(await knownBrands(db));
    const unknown = input.scopeValues.filter((brand) => !known.has(brand));
    if (unknown.length > 0) throw new DiscountCodeInputError("brands", DISCOUNT_ADMIN_MESSAGES.unknownBrands(unknown));
  }
}

/** The stored fields of a code as its audit before/after (rupees and IST are the page's; here the stored units). */
function auditView(code: DiscountCode) {
  return {
    code: code.code,
    kind: code.kind,
    percent: code.percentBp === null ? null : `${formatPercent(code.percentBp)} %`,
    valuePaise: code.valuePaise,
    scope: code.scope,
    scopeValues: code.scopeValues,
    minSubtotalPaise: code.minSubtotalPaise,
    totalLimit: code.totalLimit,
    perShopperLimit: code.perShopperLimit,
    startsAt: code.startsAt === null ? null : `${formatIstDateTime(code.startsAt)} IST`,
    endsAt: code.endsAt === null ? null : `${formatIstDateTime(code.endsAt)} IST`,
    status: code.status,
    public: code.public,
  };
}

function columns(input: DiscountCodeInput) {
  return {
    code: input.code,
    code_key: input.codeKey,
    kind: input.kind,
    percent_bp: input.kind === "percent" ? input.percentBp : null,
    value_paise: input.kind === "fixed" ? input.valuePaise : null,
    scope: input.scope,
    scope_json: JSON.stringify(input.scope === "all" ? [] : input.scopeValues),
    min_subtotal_paise: input.minSubtotalPaise,
    total_limit: input.totalLimit,
    per_shopper_limit: input.perShopperLimit,
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    status: input.status,
    public: input.public ? 1 : 0,
  };
}

/**
 * Creates a code from the form's input (schemas/discount-codes.ts) at `now`: refuses
 * DiscountCodeInputError 400 on `code` when another code has the same normalised key (checked
 * first, and again by the unique index under a race: isUniqueViolation), on `products` for an
 * unknown product id, on `brands` for a brand no watch is by. One transaction with the audit row
 * ("created", after = the code). Answers the new code.
 */
export async function createCode(db: DB, input: DiscountCodeInput, actor: Actor, now: number = Date.now()): Promise<DiscountCode> {
  try {
    return await db.transaction().execute(async (trx) => {
      await checkScope(trx, input);
      const taken = await trx.selectFrom("discount_codes").select("code").where("code_key", "=", input.codeKey).executeTakeFirst();
      if (taken) throw new DiscountCodeInputError("code", DISCOUNT_ADMIN_MESSAGES.duplicate(taken.code));
      const row = await trx
        .insertInto("discount_codes")
        .values({ ...columns(input), created_at: now, created_by: actor.email, updated_at: now, updated_by: actor.email })
        .returningAll()
        .executeTakeFirstOrThrow();
      const code = rowToCode(row);
      await recordAudit(trx, { actor, entity: "discount_code", entityId: String(code.id), action: "created", after: auditView(code), at: now });
      return code;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DiscountCodeInputError("code", DISCOUNT_ADMIN_MESSAGES.duplicate(input.code));
    throw error;
  }
}

/** The code's row, locked to the transaction's end on PostgreSQL (SQLite has one writer). */
async function lockedCode(trx: Executor, db: DB, id: number) {
  let query = trx.selectFrom("discount_codes").selectAll().where("id", "=", id);
  if (!isSqlite(db)) query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * Saves every field of code `id` from the form's input at `now`. The code's text may change only
 * while no order has used it (no use row, taken or given back: orders keep the text they were
 * placed with, and the list's figures must stay the same code's) — else DiscountCodeInputError
 * 400 on `code`; a new text must not be another code's (400, also under a race). Unknown
 * products and brands: 400 as createCode. `uses_taken` is never written here (orders move it).
 * Lowering the total limit below the uses taken is allowed: the code is then used up. One
 * transaction with its audit row ("edited", before/after). Answers the code and whether anything
 * changed; undefined for an unknown id.
 */
export async function updateCode(
  db: DB,
  id: number,
  input: DiscountCodeInput,
  actor: Actor,
  now: number = Date.now(),
): Promise<{ code: DiscountCode; changed: boolean } | undefined> {
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await lockedCode(trx, db, id);
      if (!row) return undefined;
      const before = rowToCode(row);
      if (input.codeKey !== row.code_key) {
        const used = await trx.selectFrom("discount_code_uses").select("id").where("code_id", "=", id).limit(1).executeTakeFirst();
        if (used) throw new DiscountCodeInputError("code", DISCOUNT_ADMIN_MESSAGES.codeUsed);
        const taken = await trx.selectFrom("discount_codes").select("code").where("code_key", "=", input.codeKey).executeTakeFirst();
        if (taken) throw new DiscountCodeInputError("code", DISCOUNT_ADMIN_MESSAGES.duplicate(taken.code));
      }
      await checkScope(trx, input);
      const next = columns(input);
      const after = rowToCode({ ...row, ...next });
      if (JSON.stringify(auditView(before)) === JSON.stringify(auditView(after))) return { code: before, changed: false };
      await trx
        .updateTable("discount_codes")
        .set({ ...next, updated_at: now, updated_by: actor.email })
        .where("id", "=", id)
        .execute();
      await recordAudit(trx, { actor, entity: "discount_code", entityId: String(id), action: "edited", before: auditView(before), after: auditView(after), at: now });
      return { code: after, changed: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DiscountCodeInputError("code", DISCOUNT_ADMIN_MESSAGES.duplicate(input.code));
    throw error;
  }
}

/**
 * Pauses or activates code `id` at `now` (a paused code is refused at the cart and at PLACE
 * ORDER; orders already placed keep their discount). One transaction with its audit row
 * ("paused" / "activated", before/after status). Answers the code and whether it changed (false:
 * it already had that status); undefined for an unknown id.
 */
export async function setCodeStatus(
  db: DB,
  id: number,
  status: "active" | "paused",
  actor: Actor,
  now: number = Date.now(),
): Promise<{ code: DiscountCode; changed: boolean } | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await lockedCode(trx, db, id);
    if (!row) return undefined;
    const before = rowToCode(row);
    if (before.status === status) return { code: before, changed: false };
    await trx.updateTable("discount_codes").set({ status, updated_at: now, updated_by: actor.email }).where("id", "=", id).execute();
    await recordAudit(trx, {
      actor,
      entity: "discount_code",
      entityId: String(id),
      action: status === "paused" ? "paused" : "activated",
      before: { status: before.status },
      after: { status },
      at: now,
    });
    return { code: { ...before, status }, changed: true };
  });
}

/** A text cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a leading ' (OWASP CSV injection), as the sales CSV. */
function safeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export const CODES_CSV_COLUMNS = [
  "Code",
  "Terms",
  "State",
  "Public",
  "Uses taken",
  "Total limit",
  "Uses given back",
  "Revenue (INR)",
  "Discount given (INR)",
  "Starts (IST)",
  "Ends (IST)",
  "Created (IST)",
  "Created by",
] as const;

/**
 * The list as CSV text (RFC 4180 via csv-stringify, a header row, CRLF line ends): one row per
 * code with listCodes' figures, money in rupees with two decimals, times in IST; text cells made
 * safe from spreadsheet formulas.
 */
export function codesCsv(codes: DiscountCodeFigures[]): string {
  return stringify(
    codes.map((entry) => [
      safeCell(entry.code.code),
      safeCell(codeTerms(entry.code, formatIstDateTime).join("; ")),
      entry.state,
      entry.code.public ? "yes" : "no",
      String(entry.usesTaken),
      entry.code.totalLimit === null ? "" : String(entry.code.totalLimit),
      String(entry.usesGivenBack),
      paiseAsRupeeText(entry.revenuePaise),
      paiseAsRupeeText(entry.discountGivenPaise),
      entry.code.startsAt === null ? "" : formatIstDateTime(entry.code.startsAt),
      entry.code.endsAt === null ? "" : formatIstDateTime(entry.code.endsAt),
      formatIstDateTime(entry.createdAt),
      safeCell(entry.createdBy),
    ]),
    { header: true, columns: [...CODES_CSV_COLUMNS], record_delimiter: "windows" },
  );
}
