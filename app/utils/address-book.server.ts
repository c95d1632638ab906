import { z } from "zod";
import { getStoreDb } from "~/backend/index.server";
import { getEnv } from "~/config/env.server";
import type { DB } from "~/db/db.server";
import { BackendError } from "~/lib/errors";
import { ADDRESS_FIELDS, type AddressField } from "~/schemas/checkout-rules";
import { requireAccount, type Account } from "~/services/accounts.server";
import { expiredSessionRedirect, getSessionToken, requireUserToken } from "~/utils/session.server";

/**
 * The pages' way to a shopper's saved addresses (issue 13 item 5; docs/decisions/0623): the
 * store's database and the logged-in account. Only a store with its own database keeps an
 * address book (no BACKEND_URL: the session token then belongs to another server's accounts).
 */

/** What /profile and /place-order read and write the address book with. */
export type AddressBook = { db: DB; account: Account };

/**
 * For a loader: the logged-in shopper's address book, or null when logged out, when the session is
 * no longer accepted (the root loader logs the browser out) or when the store's data lives elsewhere.
 */
export async function optionalAddressBook(request: Request): Promise<AddressBook | null> {
  if (getEnv().BACKEND_URL) return null;
  const token = await getSessionToken(request);
  if (!token) return null;
  const db = await getStoreDb();
  try {
    return { db, account: await requireAccount(db, token) };
  } catch (error) {
    if (error instanceof BackendError && error.status === 401) return null;
    throw error;
  }
}

/**
 * For an action: the logged-in shopper's address book. Throws a 303 to /login (and back to
 * `returnTo`) when logged out or the session has expired, and 404 when the store keeps no address
 * book (BACKEND_URL).
 */
export async function requireAddressBook(request: Request, returnTo: string): Promise<AddressBook> {
  const token = await requireUserToken(request);
  if (getEnv().BACKEND_URL) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const db = await getStoreDb();
  try {
    return { db, account: await requireAccount(db, token) };
  } catch (error) {
    if (error instanceof BackendError && error.status === 401) throw await expiredSessionRedirect(request, returnTo);
    throw error;
  }
}

/** An address form's nine fields as posted (text only, each cut at 500 characters; a missing one reads ""). */
export function addressFormValues(formData: FormData): Record<AddressField, string> {
  return Object.fromEntries(
    ADDRESS_FIELDS.map((field) => {
      const value = formData.get(field);
      return [field, typeof value === "string" ? value.slice(0, 500) : ""];
    }),
  ) as Record<AddressField, string>;
}

/** /profile's mutations (STYLE.md habit 4): one `intent` field. */
const profileIntentSchema = z.enum(["add", "edit", "delete", "make-default"]);
export type ProfileIntent = z.output<typeof profileIntentSchema>;

/**
 * A /profile form post (hostile): its `intent`, the `addressId` it acts on (as posted; the
 * service parses it) and the address's fields. Null for an unknown intent (the action answers 400).
 */
export function parseProfileForm(formData: FormData): { intent: ProfileIntent; addressId: string; values: Record<AddressField, string> } | null {
  const intent = profileIntentSchema.safeParse(formData.get("intent"));
  if (!intent.success) return null;
  const addressId = formData.get("addressId");
  return { intent: intent.data, addressId: typeof addressId === "string" ? addressId.slice(0, 20) : "", values: addressFormValues(formData) };
}
