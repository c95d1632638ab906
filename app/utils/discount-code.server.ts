import { json } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { BackendError } from "~/backend/types";
import { languageOfPath, type Language } from "~/i18n/language";
import { translatePhrase } from "~/i18n/messages.server";
import { formatIstDateTime } from "~/lib/admin-format";
import { CODE_TRIES_PER_MINUTE, DISCOUNT_MESSAGES, MAX_CODE_LENGTH, codeTerms, type DiscountCode } from "~/lib/discounts";
import { formatPaise } from "~/lib/money";
import { limitShopper } from "~/utils/rate-limit.server";
import { expiredSessionRedirect } from "~/utils/session.server";
import { redirectWithSuccess } from "~/utils/toast.server";

/**
 * The discount code box of the cart and checkout pages (issue 47 items 2, 5; DESIGN.md §27;
 * docs/decisions/1011): what the box and the totals show, and the box's two posts
 * (`intent=applyCode|removeCode`), handled by each page's own action so a refusal is on the page
 * next to the field also without JavaScript (the action's data, its 4xx status), and a Hindi page
 * stays Hindi. Only a store with its own data (`getBackend().own`) has codes; elsewhere the box is
 * not shown and the posts are 404.
 */

/** The form field that names the box's post. */
export const CODE_INTENTS = ["applyCode", "removeCode"] as const;

/** The sentence PLACE ORDER answers (409) when the total the page showed is no longer the server's. */
export const TOTAL_CHANGED = (total: string) =>
  `The total has changed to ${total} since this page was shown. Please check it and place the order again.`;

/**
 * The code on the cart as the page shows it: the code as the owner wrote it, its terms (in the
 * page's language), and either the paise it takes off now or why it is not counted now. Null: no
 * code applied. `available`: the store has codes at all (else no box).
 */
export type CodeBoxData = {
  available: boolean;
  applied: null | {
    code: string;
    terms: string[];
    applies: boolean;
    /** Paise off the order now; 0 when it does not apply. */
    discountPaise: number;
    /** Why it is not counted (page language); null when it applies. */
    reason: string | null;
  };
};

/** The code's terms in `language` (lib/discounts codeTerms, each sentence through the phrasebook). */
export function termsIn(code: DiscountCode, language: Language): string[] {
  return codeTerms(code, formatIstDateTime).map((term) => translatePhrase(language, term));
}

/**
 * The shopper's cart code for the page at `request` (its language) and `now` (ms): the box's data,
 * and the paise to take off the cart's total (0 when none or it does not apply). A store without
 * its own data: `{available: false}`. An expired session: the /login redirect is thrown.
 */
export async function loadCodeBox(request: Request, token: string, now = Date.now()): Promise<{ box: CodeBoxData; discountPaise: number }> {
  const { own } = getBackend();
  if (!own) return { box: { available: false, applied: null }, discountPaise: 0 };
  const language = languageOfPath(new URL(request.url).pathname);
  const userId = await accountOf(request, token);
  const found = await own.discounts.cartCode(userId, now);
  if (!found) return { box: { available: true, applied: null }, discountPaise: 0 };
  const discountPaise = found.applies ? found.effect.discountPaise : 0;
  return {
    box: {
      available: true,
      applied: {
        code: found.code.code,
        terms: termsIn(found.code, language),
        applies: found.applies,
        discountPaise,
        reason: found.applies ? null : translatePhrase(language, found.message),
      },
    },
    discountPaise,
  };
}

async function accountOf(request: Request, token: string): Promise<number> {
  const { own } = getBackend();
  if (!own) throw new Response("Not found", { status: 404 });
  try {
    return (await own.accounts.requireAccount(token)).id;
  } catch (error) {
    if (error instanceof BackendError && error.status === 401) throw await expiredSessionRedirect(request);
    throw error;
  }
}

/** What a refused post of the box answers: the sentence in the page's language, for the field. */
export type CodeBoxAnswer = { codeBox: { ok: boolean; message: string } };

/**
 * The box's post, if `formData` is one (`intent=applyCode` with `code`, or `intent=removeCode`; or,
 * from inside the checkout's form, an `applyCode` / `removeCode` field: the pressed control);
 * null for any other post (the page's own). Origin and session are the caller's checks. At most
 * CODE_TRIES_PER_MINUTE applies a minute per shopper (429, DISCOUNT_MESSAGES.tooManyTries).
 * Success: 303 back to `pagePath` (made Hindi for a Hindi page) with a toast — or, for the
 * hydrated page's fetcher (`enhanced=1`), `{codeBox: {ok: true}}`. A refusal (a code too long or
 * empty, unknown, not applying: services/discounts applyCartCode's 400 sentences): the page's
 * action data `{codeBox: {ok: false, message}}` with its status, nothing stored.
 */
export async function handleCodePost(request: Request, token: string, formData: FormData, pagePath: string): Promise<Response | null> {
  // `intent` from the box's own form; inside the checkout's form, the pressed control's name.
  const named = formData.has("removeCode") ? "removeCode" : formData.has("applyCode") ? "applyCode" : null;
  const intent = formData.get("intent") ?? named;
  if (intent !== "applyCode" && intent !== "removeCode") return null;
  const { own } = getBackend();
  if (!own) throw new Response("Not found", { status: 404 });
  const language = languageOfPath(new URL(request.url).pathname);
  const enhanced = formData.get("enhanced") === "1";
  const answer = (status: number, ok: boolean, message: string) =>
    json<CodeBoxAnswer>({ codeBox: { ok, message: translatePhrase(language, message) } }, { status, headers: { "cache-control": "private, no-store" } });
  const userId = await accountOf(request, token);
  if (intent === "removeCode") {
    await own.discounts.removeCartCode(userId);
    return enhanced ? answer(200, true, DISCOUNT_MESSAGES.removed) : redirectWithSuccess(pagePath, DISCOUNT_MESSAGES.removed);
  }
  const typed = formData.get("code");
  // Hostile input: anything but a short text is refused before the limiter or the database.
  if (typeof typed !== "string" || typed.trim() === "") return answer(400, false, DISCOUNT_MESSAGES.empty);
  if (typed.trim().length > MAX_CODE_LENGTH) return answer(400, false, DISCOUNT_MESSAGES.tooLong);
  const allowed = await limitShopper("discountCode", userId, CODE_TRIES_PER_MINUTE, 60);
  if (!allowed.ok) return answer(429, false, DISCOUNT_MESSAGES.tooManyTries);
  try {
    await own.discounts.applyCartCode(userId, typed, Date.now());
  } catch (error) {
    if (!(error instanceof BackendError) || error.status >= 500) throw error;
    if (error.status === 401) throw await expiredSessionRedirect(request);
    return answer(error.status, false, error.message);
  }
  return enhanced ? answer(200, true, DISCOUNT_MESSAGES.applied) : redirectWithSuccess(pagePath, DISCOUNT_MESSAGES.applied);
}

/** The 409 sentence of a shown total that differs from the server's `totalPaise`. */
export function totalChangedMessage(totalPaise: number): string {
  return TOTAL_CHANGED(formatPaise(totalPaise));
}
