import { sql, type SqlBool } from "kysely";
import { jsonArrayFrom as postgresJsonArrayFrom } from "kysely/helpers/postgres";
import { jsonArrayFrom as sqliteJsonArrayFrom } from "kysely/helpers/sqlite";
import { isSqlite, type DB } from "~/db/db.server";
import { tokenSchema } from "~/schemas/api";
import { hashToken } from "~/services/accounts.server";
import { noteRequestUser } from "~/observability/request-context.server";
import { WISHLIST_LIMIT } from "~/lib/wishlist";

/*
 * What every storefront page shows of a signed-in shopper (issue 26 item 1; docs/decisions/0800):
 * the header's cart count, whether the session is staff's, the watches the shopper saved (the
 * wishlist count and the hearts), and whether a saved address prefills a product page's delivery
 * check. Read per request, for rendered and spliced pages alike.
 */

/** The header's facts for one session: cart count in units, saved product ids in catalogue order. */
export type ShopperHeaderState = {
  userId: number;
  /** A back-office role's session (issue 12): such pages render whole, not spliced. */
  staff: boolean;
  /** Sum of the quantities of the cart's lines whose product is shown (as the cart page counts). */
  cartCount: number;
  /** Ids of the shown products the shopper saved (at most WISHLIST_LIMIT): the hearts, and the header's count. */
  savedIds: string[];
  /** The shopper keeps a saved address: a product page's delivery check starts from its PIN code. */
  savedAddress: boolean;
};

const shown = sql<SqlBool>`products.hidden = 0`;

/**
 * The header's facts for a session token, or null when the token is malformed, unknown or expired
 * (the caller logs the visitor out). One statement of indexed lookups (one round trip, one parse
 * and plan: it is read for every signed-in page, issue 49 item 5): the session, its role, its cart
 * count, whether it keeps an address, and the saved ids as a JSON array (Kysely's `jsonArrayFrom`;
 * SQLite answers it as text). A staff session's idle expiry is the accounts service's
 * (`requireAccount`): callers that need it call that for `staff` sessions. `now` in ms. A live
 * session's user id is noted on the request being answered (log lines carry `userId`; issue 46).
 */
export async function shopperHeaderState(db: DB, token: string, now = Date.now()): Promise<ShopperHeaderState | null> {
  if (!tokenSchema.safeParse(token).success) return null;
  const jsonArrayFrom = isSqlite(db) ? sqliteJsonArrayFrom : postgresJsonArrayFrom;
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select((eb) => [
      "users.id",
      "users.role",
      "sessions.expires_at",
      eb
        .selectFrom("cart_lines")
        .innerJoin("products", "products.id", "cart_lines.product_id")
        .select((inner) => inner.fn.coalesce(inner.fn.sum<number | string>("cart_lines.quantity"), sql<number>`0`).as("count"))
        .whereRef("cart_lines.user_id", "=", "users.id")
        .where("cart_lines.quantity", ">", 0)
        .where(shown)
        .as("cart_count"),
      eb.selectFrom("saved_addresses").select(sql<number>`1`.as("one")).whereRef("saved_addresses.user_id", "=", "users.id").limit(1).as("saved_address"),
      jsonArrayFrom(
        eb
          .selectFrom("wishlist_items")
          .innerJoin("products", "products.id", "wishlist_items.product_id")
          .select("wishlist_items.product_id")
          .whereRef("wishlist_items.user_id", "=", "users.id")
          .where(shown)
          .orderBy("products.position")
          .limit(WISHLIST_LIMIT),
      ).as("saved"),
    ])
    .where("sessions.token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || Number(row.expires_at) <= now) return null;
  // The request's log lines carry the shopper's user id from here on (issue 46 item 2).
  noteRequestUser(Number(row.id));
  const saved = (typeof row.saved === "string" ? JSON.parse(row.saved) : row.saved) as { product_id: string }[];
  return {
    userId: Number(row.id),
    staff: row.role !== null,
    cartCount: Number(row.cart_count ?? 0),
    savedIds: saved.map((item) => item.product_id),
    savedAddress: row.saved_address !== null && row.saved_address !== undefined,
  };
}
