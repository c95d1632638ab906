import { z } from "zod";
import { getBackend } from "~/backend/index.server";
import type { Account, OwnStore } from "~/backend/own/types";
import { BackendError } from "~/lib/errors";
import { ADDRESS_FIELDS, type AddressField } from "~/schemas/checkout-rules";
import { expiredSessionRedirect, getSessionToken, requireUserToken } from "~/utils/session.server";
import { log } from "~/observability/log.server";

/**
 * The pages' way to a shopper's saved addresses (issue 13 item 5; docs/decisions/0623): the
 * store's address book and the logged-in account. Only a store whose backend offers an address
 * book keeps one (`capabilities.addressBook`; docs/decisions/0680).
 */

/** What /profile and /place-order read and write the address book with. */
export type AddressBook = { addresses: OwnStore["addresses"]; account: Account };

/**
 * For a loader: the logged-in shopper's address book, or null when logged out, when the session is
 * no longer accepted (the root loader logs the browser out) or when the store's data lives elsewhere.
 */
export async function optionalAddressBook(request: Request): Promise<AddressBook | null> {
  const { own, capabilities } = getBackend();
  if (!capabilities.addressBook || !own) return null;
  const token = await getSessionToken(request);
  if (!token) return null;
  try {
    return { addresses: own.addresses, account: await own.accounts.requireAccount(token) };
  } catch (error) {
    if (error instanceof BackendError && error.status === 401) return null;
    throw error;
  }
}

/**
 * For an action: the logged-in shopper's address book. Throws a 303 to /login (and back to
 * `returnTo`) when logged out or the session has expired, and 404 when the store keeps no address
 * book (capabilities).
 */
export async function requireAddressBook(request: Request, returnTo: string): Promise<AddressBook> {
  const token = await requireUserToken(request);
  const { own, capabilities } = getBackend();
  if (!capabilities.addressBook || !own) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  try {
    return { addresses: own.addresses, account: await own.accounts.requireAccount(token) };
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

/** The checkout's `savedAddressId` value for "A new address". */
const NEW_ADDRESS = "new";

/**
 * PLACE ORDER with a saved address (issue 13 item 5): when the form's `savedAddressId` names one of
 * the shopper's addresses, its nine fields are written over the posted ones (the blank new-address
 * fields are ignored), so the order is parsed, checked and placed with the full stored address.
 * Answers the chosen address's id (null for a new address, or when the store keeps no address
 * book) or the sentence for an address that is not the shopper's (deleted in another tab).
 */
export async function applySavedAddressChoice(book: AddressBook | null, formData: FormData): Promise<{ chosenId: number | null; problem: string | null }> {
  const choice = formData.get("savedAddressId");
  if (!book || typeof choice !== "string" || choice === "" || choice === NEW_ADDRESS) return { chosenId: null, problem: null };
  let saved;
  try {
    saved = await book.addresses.getSavedAddress(book.account.id, choice);
  } catch (error) {
    if (error instanceof BackendError && error.status === 404) return { chosenId: null, problem: CHECKOUT_ADDRESS_MESSAGES.savedGone };
    throw error;
  }
  for (const field of ADDRESS_FIELDS) formData.set(field, saved.address[field]);
  return { chosenId: saved.id, problem: null };
}

/** The checkout's sentences about saved addresses. */
export const CHECKOUT_ADDRESS_MESSAGES = {
  savedGone: "We couldn't find the saved address you chose. Please choose another one or enter a new address.",
} as const;

/**
 * A saved address's delivery problems at checkout (issue 13 item 5): its fields are not on show,
 * so the PIN's and the state's sentences become the form's, naming the address's PIN code; the
 * payment method's stays on its field. For `submission.reply()`.
 */
export function savedAddressProblems(problems: Partial<Record<string, string>>, zipcode: string): { formErrors: string[]; fieldErrors: Record<string, string[]> } {
  const formErrors = [problems.zipcode, problems.state].flatMap((message) => (message ? [`The address you chose (PIN code ${zipcode}): ${message}`] : []));
  return { formErrors, fieldErrors: problems.paymentMethod ? { paymentMethod: [problems.paymentMethod] } : {} };
}

/**
 * After PLACE ORDER went through (the order placed, or its payment started): a new address the
 * shopper asked to keep ("Save this address for next time", `saveAddress=on`) goes into the book
 * (issue 13 item 5). `address` is the parsed one the order used. A full book (409) or any refusal
 * only leaves the address unsaved: the order never fails for it.
 */
export async function rememberNewAddress(book: AddressBook | null, formData: FormData, chosenId: number | null, address: unknown): Promise<void> {
  if (!book || chosenId !== null || formData.get("saveAddress") !== "on") return;
  try {
    await book.addresses.addSavedAddress(book.account.id, address);
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    log.info({ status: error.status }, `A checkout address was not saved: ${error.message}`);
  }
}

/** The shopper's saved addresses as checkout offers them (the default first), or null when the store keeps no address book. */
export async function checkoutAddressChoices(request: Request) {
  const book = await optionalAddressBook(request);
  if (!book) return null;
  return (await book.addresses.listSavedAddresses(book.account.id)).map(({ id, address, isDefault }) => ({ id, address, isDefault }));
}
