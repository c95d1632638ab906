import { languageOfPath } from "~/i18n/language";
import { codSentence, deliveryHeadline } from "~/utils/delivery-words.server";
import { createCookie, type Cookie } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import type { Backend } from "~/backend/types";
import { cookieName, servedOverHttps } from "~/config/env.server";
import type { DeliveryAnswer } from "~/lib/delivery";
import { BackendError } from "~/lib/errors";
import { getSessionToken } from "~/utils/session.server";

/**
 * "Check delivery" on the product page and the cart (issue 13 item 3; DESIGN.md §19;
 * docs/decisions/0621): a GET form (`?pin=560001`) whose answer the page's loader computes, so it
 * works without JavaScript and the URL can be shared. The last PIN code checked is remembered in a
 * cookie (`last_pin`, a year) and prefilled, with its answer, on the next product page or cart.
 * A page rendered for a remembered PIN or a `?pin=` is personal: the cookie is one of
 * `personalCookieNames` and `?pin=` keeps a URL out of the page cache (utils/page-cache.server.ts).
 */

/** The query parameter of the check. */
export const DELIVERY_PIN_PARAM = "pin";

/** How long the last PIN code checked is remembered, seconds (a year). */
const LAST_PIN_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The cookie's name: `__Host-last_pin` on https, `last_pin` on http (like the session's; DESIGN.md §16). */
export function lastPinCookieName(): string {
  return cookieName("last_pin");
}

let cookie: Cookie | undefined;

/**
 * The remembered PIN code: not signed (it is the shopper's own PIN code, and whatever comes back is
 * parsed again by `checkDelivery`), httpOnly, SameSite=Lax, `Secure` when PUBLIC_URL is https.
 */
function lastPinCookie(): Cookie {
  cookie ??= createCookie(lastPinCookieName(), {
    httpOnly: true,
    sameSite: "lax",
    secure: servedOverHttps(),
    path: "/",
    maxAge: LAST_PIN_MAX_AGE_S,
  });
  return cookie;
}

/** What the page shows of an answer (loader data: small, no dates to parse in the browser). */
export type DeliveryCheckAnswer = {
  kind: DeliveryAnswer["kind"];
  /** The headline, word for word: "Delivery to Bengaluru, Karnataka between …", "We don't deliver to 194101 yet", or the PIN's problem. */
  message: string;
  /** Whether cash on delivery can pay, in words ("Cash on delivery available" or why not); null unless deliverable. */
  cod: string | null;
};

/** The check as the page renders it. */
export type DeliveryCheck = {
  /** The PIN code in the field: as typed in `?pin=` (up to 12 characters), else the remembered one; "" for none. */
  pin: string;
  /** The answer for `pin`, or null when nothing was asked or remembered. */
  answer: DeliveryCheckAnswer | null;
};

/**
 * Where the prefill's last fallback comes from (issue 13 item 3: "the saved address when logged
 * in"): the PIN code of the request's shopper's default saved address, or null.
 */
export type SavedAddressPin = (request: Request) => Promise<string | null>;

/**
 * The PIN code of the logged-in shopper's default saved address (`defaultAddressPin` of
 * services/addresses.server.ts, issue 13 item 5), or null: a visitor, a session the store no
 * longer accepts, no default address, or a store without an address book (capabilities).
 */
export const defaultSavedAddressPin: SavedAddressPin = async (request) => {
  const { own, capabilities } = getBackend();
  if (!capabilities.addressBook || !own) return null;
  const token = await getSessionToken(request);
  if (!token) return null;
  try {
    const account = await own.accounts.requireAccount(token);
    return await own.addresses.defaultAddressPin(account.id);
  } catch (error) {
    if (error instanceof BackendError) return null;
    throw error;
  }
};

/** Where the PIN code shown came from. */
type PinSource = "query" | "cookie" | "saved-address";

/**
 * The delivery check of a page (issue 13 item 3) for an order of `amountPaise` (the product's price
 * on the product page, the cart's total on the cart). The PIN code is, in order: `?pin=` (hostile
 * input, parsed by `checkDelivery`'s zod: anything malformed is an "invalid" answer, never an
 * error), the `last_pin` cookie, then the logged-in shopper's default saved address
 * (`options.savedAddressPin`, `defaultSavedAddressPin` unless given). A remembered or saved PIN code is answered too, not only prefilled. Returns the check
 * and the `Set-Cookie` to send when `?pin=` named a valid PIN code India Post lists (deliverable
 * or not) that is not the one remembered already; otherwise null. `now` (ms) and `backend` (this
 * process's unless given) are for tests.
 */
export async function loadDeliveryCheck(
  request: Request,
  amountPaise: number,
  options: { savedAddressPin?: SavedAddressPin; now?: number; backend?: Backend } = {},
): Promise<{ check: DeliveryCheck; setCookie: string | null }> {
  const url = new URL(request.url);
  const language = languageOfPath(url.pathname);
  const queried = url.searchParams.get(DELIVERY_PIN_PARAM);
  const remembered = await readLastPin(request);
  let pin: string | null = queried;
  let source: PinSource = "query";
  if (pin === null && remembered) [pin, source] = [remembered, "cookie"];
  if (pin === null) [pin, source] = [await (options.savedAddressPin ?? defaultSavedAddressPin)(request), "saved-address"];
  if (pin === null) return { check: { pin: "", answer: null }, setCookie: null };

  const answer = await (options.backend ?? getBackend()).checkDelivery(pin, { amountPaise, now: options.now });
  const known = answer.kind === "deliverable" || answer.kind === "unserviceable";
  // A remembered PIN that no longer checks out (a tampered cookie) shows nothing rather than a problem the shopper didn't ask about.
  if (source !== "query" && !known) return { check: { pin: "", answer: null }, setCookie: null };
  const setCookie = source === "query" && known && answer.pin !== remembered ? await lastPinCookie().serialize(answer.pin) : null;
  return {
    check: {
      pin: known ? answer.pin : pin.slice(0, 12),
      // In the page's language (issue 27): /hi/… pages word the answer in Hindi.
      answer: { kind: answer.kind, message: deliveryHeadline(answer, language), cod: codSentence(answer, language) },
    },
    setCookie,
  };
}

/** The remembered PIN code of this request's cookie: 6 digits, or null. Never throws. */
async function readLastPin(request: Request): Promise<string | null> {
  try {
    const value: unknown = await lastPinCookie().parse(request.headers.get("cookie"));
    return typeof value === "string" && /^\d{6}$/.test(value) ? value : null;
  } catch {
    return null;
  }
}
