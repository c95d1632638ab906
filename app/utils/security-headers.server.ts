import { languageOffer, unprefixedPath } from "~/i18n/language";
import { randomBytes } from "node:crypto";
import { getEnv, servedOverHttps, type Env } from "~/config/env.server";
import { cookieNamesOf } from "~/http/cookies.server";
import { DELIVERY_PIN_PARAM, lastPinCookieName } from "~/utils/delivery-check.server";
import { sessionCookieName } from "~/utils/session.server";
import { toastCookieName } from "~/utils/toast.server";

/** Cashfree.js v3's script origin (the npm loader @cashfreepayments/cashfree-js injects it). */
export const CASHFREE_SDK_ORIGIN = "https://sdk.cashfree.com";
/** Cashfree's API hosts, production and sandbox: the SDK calls and frames them; its checkout posts there. */
export const CASHFREE_API_ORIGINS = ["https://api.cashfree.com", "https://sandbox.cashfree.com"] as const;
/** Cashfree's hosted payment-link pages, production and test: where the no-JS checkout is redirected. */
export const CASHFREE_PAGE_ORIGINS = ["https://payments.cashfree.com", "https://payments-test.cashfree.com"] as const;

/** The one page that loads Cashfree's script and frames its checkout (DESIGN.md §9). */
export const CHECKOUT_PATH = "/place-order";

/** Whether `pathname` is the checkout, in either language (`/place-order`, `/hi/place-order`; issue 27). */
export function isCheckoutPath(pathname: string): boolean {
  return unprefixedPath(pathname) === CHECKOUT_PATH;
}

/** `Strict-Transport-Security` when PUBLIC_URL is https: 180 days, subdomains too (DESIGN.md §16, issue 8 item 8). */
export const HSTS_VALUE = "max-age=15552000; includeSubDomains";

/** The cache answer of every personal page (DESIGN.md §16, issue 8 item 9). */
export const PERSONAL_CACHE_CONTROL = "private, no-store";

/** Pages that are always about one shopper, whatever the request carries (issue 8 item 9). */
const PERSONAL_PATHS = ["/cart", "/orders", "/place-order", "/profile", "/verify", "/wishlist", "/login", "/logout", "/admin"];

/** A fresh CSP nonce: 16 random bytes, base64 (128 bits, CSP Level 3 asks for at least 128). */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The Content-Security-Policy of an HTML page (DESIGN.md §16, issue 8 item 8), for `pathname`
 * with this response's `nonce`:
 * - scripts only from the store and inline ones carrying the nonce (no `unsafe-inline`/`unsafe-eval`);
 * - styles from the store plus inline ones (`unsafe-inline`: react-hot-toast injects a `<style>` and
 *   server-renders `style` attributes; styles cannot run code);
 * - pictures from the store and `data:`, video from the store, no plugins, no `<base>` elsewhere,
 *   framed only by the store itself;
 * - forms post to the store and to Cashfree: the no-JS checkout's 303 goes to a Cashfree payment
 *   link or checkout page, and Chrome applies `form-action` to a form's redirects;
 * - on /place-order only: Cashfree.js (script, API calls, checkout frames) as its README lists.
 * `CASHFREE_API_BASE` (a fake Cashfree in tests, a proxy in front of Cashfree) is allowed wherever
 * Cashfree's own hosts are. Under `remix dev` (NODE_ENV=development) scripts and connections may
 * also come from localhost's other ports (hot updates).
 */
export function contentSecurityPolicy(nonce: string, pathname: string, env: Env = getEnv()): string {
  const apiBase = env.CASHFREE_API_BASE ? [new URL(env.CASHFREE_API_BASE).origin] : [];
  const cashfreeForms = [...CASHFREE_PAGE_ORIGINS, ...CASHFREE_API_ORIGINS, ...apiBase];
  const checkout = isCheckoutPath(pathname);
  // `remix dev` serves hot updates and its socket from another port on this machine.
  const dev = env.NODE_ENV === "development" ? ["http://localhost:*", "ws://localhost:*"] : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, ...(checkout ? [CASHFREE_SDK_ORIGIN] : []), ...dev],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "media-src": ["'self'"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(checkout ? [...CASHFREE_API_ORIGINS, ...apiBase] : []), ...dev],
    "frame-src": ["'self'", ...(checkout ? [CASHFREE_SDK_ORIGIN, ...CASHFREE_API_ORIGINS, ...CASHFREE_PAGE_ORIGINS, ...apiBase] : [])],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "frame-ancestors": ["'self'"],
    "form-action": ["'self'", ...cashfreeForms],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(" ")}`)
    .join("; ");
}

/** The CSP of the store's own short HTML answers (403, 413, 503 pages): nothing runs, nothing loads. */
export const BARE_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/** Headers every response carries (DESIGN.md §16): `nosniff`, and HSTS when the store is on https. */
export function everyResponseHeaders(env: Env = getEnv()): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    ...(servedOverHttps(env) ? { "Strict-Transport-Security": HSTS_VALUE } : {}),
  };
}

/**
 * The cookies that make a request personal (DESIGN.md §16, §17): the session, the toast (flash)
 * cookie, and the last PIN code checked (its answer is shown on product pages and the cart;
 * issue 13 item 3).
 */
export function personalCookieNames(): string[] {
  return [sessionCookieName(), toastCookieName(), lastPinCookieName()];
}

/**
 * What the routes of a document answered, per route id (Remix's `staticHandlerContext`): the
 * headers of their loaders' and action's answers, thrown ones included.
 */
export type RouteAnswers = { loaderHeaders: Record<string, Headers>; actionHeaders: Record<string, Headers> };

/** The headers every route of `answers` answered with, loaders' then actions'. */
function routeHeaders(answers: RouteAnswers | undefined): Headers[] {
  return answers ? [...Object.values(answers.loaderHeaders), ...Object.values(answers.actionHeaders)] : [];
}

/**
 * Whether a route of the document said its answer is private (issue 43 item 7): a loader or action
 * answered `Cache-Control` with `private` or `no-store` — the route's one way to say that its page
 * shows or depends on a secret (a link's token or key) or a person. Remix gives a document only the
 * headers of routes that export `headers`, so without this the route's `?_data` answer was private
 * and its page was not.
 */
export function routesAnsweredPrivately(answers: RouteAnswers | undefined): boolean {
  return routeHeaders(answers).some((headers) => /\b(private|no-store)\b/i.test(headers.get("cache-control") ?? ""));
}

/**
 * The document's `Referrer-Policy`: `same-origin` when a route of it answered `no-referrer` (a page
 * reached by a secret link: reset, newsletter, complaint; issue 43 item 7) — no other site is ever
 * told the address with its token — else `strict-origin-when-cross-origin`. Not `no-referrer` for
 * the document itself: under it a browser posts the page's own forms with `Origin: null` (Fetch
 * standard, "serializing a request origin"), and the same-origin check refuses them without
 * JavaScript (the reset, newsletter confirmation and complaint confirmation forms).
 */
export function documentReferrerPolicy(answers: RouteAnswers | undefined): string {
  const noReferrer = routeHeaders(answers).some((headers) => (headers.get("referrer-policy") ?? "").trim().toLowerCase() === "no-referrer");
  return noReferrer ? "same-origin" : "strict-origin-when-cross-origin";
}

/**
 * Whether a page or its data is personal and must be sent `private, no-store` (DESIGN.md §16,
 * §17; issue 8 item 9): a path in PERSONAL_PATHS (or below one), a request carrying a personal
 * cookie (session, toast, remembered PIN code: the page is rendered for that browser), a page
 * offering the visitor's chosen language (issue 27) or a delivery check (`?pin=`, issue 13 item 3),
 * an answer that sets a cookie, or — for a document — a route whose loader or action answered
 * privately (`routesAnsweredPrivately`, issue 43 item 7; a `?_data` answer is its route's own).
 */
export function isPersonalResponse(request: Request, responseHeaders: Headers, answers?: RouteAnswers): boolean {
  if (routesAnsweredPrivately(answers)) return true;
  const { pathname, searchParams } = new URL(request.url);
  // A Hindi twin (/hi/cart) is as personal as its page (issue 27).
  const page = unprefixedPath(pathname);
  if (PERSONAL_PATHS.some((path) => page === path || page.startsWith(`${path}/`))) return true;
  if (searchParams.has(DELIVERY_PIN_PARAM)) return true;
  const names = cookieNamesOf(request.headers.get("cookie"));
  if (personalCookieNames().some((name) => names.has(name))) return true;
  // A page offering the language the visitor chose (issue 27; i18n/language.ts).
  if (languageOffer(pathname, request.headers.get("cookie")) !== null) return true;
  return responseHeaders.has("set-cookie");
}
