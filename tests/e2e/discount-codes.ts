import path from "node:path";
import SQLite from "better-sqlite3";
import { STORE_PORT } from "./servers";

/**
 * Test set-up for the discount code specs (issue 47 items 2, 5): codes written straight into the
 * e2e store's SQLite database (tests/setup/e2e-server.sh, tests/.tmp/e2e-PORT/store.db), as the
 * owner's back office would save them, and what the store made of them read back. Each test makes
 * codes of its own (uniqueCode), so tests running in parallel never share a code's uses.
 */

/** The e2e store's database (or `file`: another test server's), opened for one call (WAL: the server keeps writing meanwhile). */
function withDb<T>(work: (db: SQLite.Database) => T, file = `tests/.tmp/e2e-${STORE_PORT}/store.db`): T {
  const db = new SQLite(path.resolve(file));
  db.pragma("busy_timeout = 5000");
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** A code text no other test uses: `PREFIX` and a random tail, at most 32 characters. */
export function uniqueCode(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase().slice(0, 32);
}

export type TestCode = {
  code: string;
  kind?: "percent" | "fixed";
  /** percent: basis points (1000 = 10 %). */
  percentBp?: number;
  valuePaise?: number;
  scope?: "all" | "brands" | "categories" | "products";
  scopeValues?: string[];
  minSubtotalPaise?: number;
  totalLimit?: number | null;
  usesTaken?: number;
  perShopperLimit?: number | null;
  startsAt?: number | null;
  endsAt?: number | null;
  status?: "active" | "paused";
  public?: boolean;
};

/** Saves a code (10 % off the whole order, active, private, no limits unless told) in the e2e store's database or `file`; answers its id. */
export function insertCode(code: TestCode, file?: string): number {
  return withDb((db) => {
    const now = Date.now();
    const kind = code.kind ?? "percent";
    const result = db
      .prepare(
        `insert into discount_codes (code, code_key, kind, percent_bp, value_paise, scope, scope_json, min_subtotal_paise, total_limit,
           per_shopper_limit, uses_taken, starts_at, ends_at, status, public, created_at, created_by, updated_at, updated_by)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'e2e', ?, 'e2e')`,
      )
      .run(
        code.code,
        code.code.replace(/\s+/g, "").toUpperCase(),
        kind,
        kind === "percent" ? (code.percentBp ?? 1000) : null,
        kind === "fixed" ? (code.valuePaise ?? 50000) : null,
        code.scope ?? "all",
        JSON.stringify(code.scopeValues ?? []),
        code.minSubtotalPaise ?? 0,
        code.totalLimit ?? null,
        code.perShopperLimit ?? null,
        code.usesTaken ?? 0,
        code.startsAt ?? null,
        code.endsAt ?? null,
        code.status ?? "active",
        code.public ? 1 : 0,
        now,
        now,
      );
    return Number(result.lastInsertRowid);
  }, file);
}

/** Puts `quantity` of watch `productId` (no colours) in the cart of the account `email`, in the database `file`. */
export function putInCart(file: string, email: string, productId: string, quantity = 1): void {
  withDb((db) => {
    const user = db.prepare("select id from users where email = ?").get(email.toLowerCase()) as { id: number };
    db.prepare("insert into cart_lines (user_id, product_id, size_key, quantity) values (?, ?, 'default', ?)").run(user.id, productId, quantity);
  }, file);
}

/** Records a use of code `codeId` taken by the account `email` (an earlier order of theirs), for the per-shopper limit. */
export function recordUseBy(codeId: number, email: string): void {
  withDb((db) => {
    const user = db.prepare("select id from users where email = ?").get(email.toLowerCase()) as { id: number };
    db.prepare(
      `insert into discount_code_uses (code_id, order_id, user_id, email, phone, discount_paise, lines_json, state, taken_at, given_back_at)
       values (?, ?, ?, ?, '', 100, '[]', 'taken', ?, null)`,
    ).run(codeId, `e2e-earlier-${codeId}-${Date.now()}`, user.id, email.toLowerCase(), Date.now());
  });
}

/** The orders of the account `email`, newest first: amount (paise), the code and its discount. */
export function ordersOf(email: string): { id: string; amountPaise: number; discountCode: string | null; discountPaise: number }[] {
  return withDb((db) =>
    (
      db
        .prepare(
          `select o.id, o.amount_paise, o.discount_code, o.discount_paise from orders o join users u on u.id = o.user_id
           where u.email = ? order by o.created_at desc`,
        )
        .all(email.toLowerCase()) as { id: string; amount_paise: number; discount_code: string | null; discount_paise: number | null }[]
    ).map((row) => ({ id: row.id, amountPaise: Number(row.amount_paise), discountCode: row.discount_code, discountPaise: Number(row.discount_paise ?? 0) })),
  );
}

/** Sets code `codeId`'s uses taken (another shopper's orders took them). */
export function setUsesTaken(codeId: number, uses: number): void {
  withDb((db) => db.prepare("update discount_codes set uses_taken = ? where id = ?").run(uses, codeId));
}

/** The uses taken of code `codeId` (its `uses_taken`). */
export function usesTaken(codeId: number): number {
  return withDb((db) => Number((db.prepare("select uses_taken from discount_codes where id = ?").get(codeId) as { uses_taken: number }).uses_taken));
}

/**
 * 10 % of `pricePaise`, as the store's rule states it (docs/decisions/1011: round half up of
 * subtotal × basis points / 10,000) — written here, not imported, so the test checks the store.
 */
export function tenPercentOf(pricePaise: number): number {
  return Math.floor((pricePaise * 1000 + 5000) / 10000);
}

/** Rupees as the store writes them ("₹1,234", "₹1,234.50"; en-IN grouping). */
export function rupees(paise: number): string {
  const whole = new Intl.NumberFormat("en-IN").format(Math.floor(paise / 100));
  return paise % 100 === 0 ? `₹${whole}` : `₹${whole}.${String(paise % 100).padStart(2, "0")}`;
}
