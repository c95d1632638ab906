import type { Insertable, Kysely } from "kysely";
import type { Database, DiscountCodesTable } from "~/db/schema";

/**
 * Discount codes set up in tests (issue 47): one row shape for every test that writes a code
 * straight into the database, and the shopper's applied code. Defaults: an active, public code of
 * 10 % off the whole order with no limits and open dates, made by "test:owner" at `at` (ms).
 * `code_key` is the code upper-cased (the codes of the tests have no spaces).
 */
export function discountCodeRow(code: string, fields: Partial<Insertable<DiscountCodesTable>> = {}, at = Date.now()): Insertable<DiscountCodesTable> {
  return {
    code,
    code_key: code.toUpperCase(),
    kind: "percent",
    percent_bp: 1000,
    value_paise: null,
    scope: "all",
    scope_json: "[]",
    min_subtotal_paise: 0,
    total_limit: null,
    per_shopper_limit: null,
    starts_at: null,
    ends_at: null,
    status: "active",
    public: 1,
    created_at: at,
    created_by: "test:owner",
    updated_at: at,
    updated_by: "test:owner",
    ...fields,
  };
}

/** Writes a code (discountCodeRow's defaults with `fields`) and answers its id. */
export async function insertDiscountCode(db: Kysely<Database>, code: string, fields: Partial<Insertable<DiscountCodesTable>> = {}, at = Date.now()): Promise<number> {
  const row = await db.insertInto("discount_codes").values(discountCodeRow(code, fields, at)).returning("id").executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Puts the code `codeKey` on the shopper's cart at `at` (ms), replacing one applied before, as applying it would. */
export async function putCodeOnCart(db: Kysely<Database>, userId: number, codeKey: string, at = Date.now()): Promise<void> {
  await db.deleteFrom("cart_codes").where("user_id", "=", userId).execute();
  await db.insertInto("cart_codes").values({ user_id: userId, code_key: codeKey, applied_at: at }).execute();
}
