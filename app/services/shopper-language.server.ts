import type { DB } from "~/db/db.server";
import { BackendError } from "~/lib/errors";
import { ORDER_LANGUAGE_INVALID, ORDER_LANGUAGES, type OrderLanguage } from "~/schemas/orders";
import { requireAccount } from "~/services/accounts.server";

/**
 * The language a shopper chose, kept on the account (issue 27 item 1: "the choice is remembered
 * (a cookie, and the account)"; docs/decisions/0900): `users.language`, "en" or "hi", null until
 * they choose. Set by the header's language switch while signed in and by a sign-up on a Hindi
 * page; read at login, when the browser remembers no language yet.
 */

/**
 * Keeps `language` as the chosen language of the account behind `token`. Throws BackendError 401
 * (no, unknown or expired session; requireAccount) and 400 for a language other than "en" or "hi".
 */
export async function setShopperLanguage(db: DB, token: string | null | undefined, language: string, now = Date.now()): Promise<void> {
  if (!(ORDER_LANGUAGES as readonly string[]).includes(language)) throw new BackendError(400, ORDER_LANGUAGE_INVALID);
  const account = await requireAccount(db, token, now);
  // Written only when it changes: a switch clicked again (or a flood of them) costs no write.
  await db
    .updateTable("users")
    .set({ language })
    .where("id", "=", account.id)
    .where((eb) => eb.or([eb("language", "is", null), eb("language", "!=", language)]))
    .execute();
}

/** The chosen language of the account behind `token`, or null when it never chose. Throws BackendError 401 like requireAccount. */
export async function shopperLanguage(db: DB, token: string | null | undefined, now = Date.now()): Promise<OrderLanguage | null> {
  const account = await requireAccount(db, token, now);
  const row = await db.selectFrom("users").select("language").where("id", "=", account.id).executeTakeFirst();
  return row?.language === "en" || row?.language === "hi" ? row.language : null;
}
