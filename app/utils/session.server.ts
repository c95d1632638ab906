import { createCookieSessionStorage, redirect, type SessionStorage } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { BackendError } from "~/backend/types";
import { cartItemCount } from "~/lib/cart-lines";
import { SESSION_TTL_MS, type CartData } from "~/schemas/api";
import { loginPath } from "~/utils/safe-redirect";
import { getSessionSecret } from "~/config/secret.server";
import { cookieName, servedOverHttps } from "~/config/env.server";
import { log } from "~/observability/log.server";

const TOKEN_KEY = "token";

/** The session cookie's name: `__Host-session` on https, `__session` on http (DESIGN.md §16). */
export function sessionCookieName(): string {
  return cookieName("session").replace(/^session$/, "__session");
}

let storage: SessionStorage | undefined;

/**
 * The storefront's session (DESIGN.md §7, §16): a signed cookie holding the backend's opaque
 * token. httpOnly (scripts cannot read the token), SameSite=Lax (with no mutation in a GET, this
 * is the CSRF defence together with the Origin check). When PUBLIC_URL is https it is `Secure` and
 * named `__Host-session`; a local trial on http gets a plain `__session` that every browser,
 * text browsers included, sends back over http. Lives 30 days, like the token.
 */
function sessionStorage(): SessionStorage {
  storage ??= createCookieSessionStorage({
    cookie: {
      name: sessionCookieName(),
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: servedOverHttps(),
      secrets: [getSessionSecret()],
      maxAge: SESSION_TTL_MS / 1000,
    },
  });
  return storage;
}

/** The session token of this request's cookie, or null when logged out. Never throws. */
export async function getSessionToken(request: Request): Promise<string | null> {
  const session = await sessionStorage().getSession(request.headers.get("cookie"));
  const token = session.get(TOKEN_KEY);
  return typeof token === "string" && token !== "" ? token : null;
}

/**
 * The token of a logged-in shopper; for a logged-out visitor throws a redirect to
 * `/login?redirectTo=<this path and query>` (STYLE.md habit 6). Begin protected loaders and
 * actions with it.
 */
export async function requireUserToken(request: Request): Promise<string> {
  const token = await getSessionToken(request);
  if (!token) throw redirect(loginPath(pathAndQuery(request)), 303);
  return token;
}

/**
 * The redirect for a session the backend no longer accepts (BackendError 401: revoked or expired
 * token): clears the cookie and goes to login, back to this page afterwards.
 */
export async function expiredSessionRedirect(request: Request, redirectTo = pathAndQuery(request)): Promise<Response> {
  return redirect(loginPath(redirectTo), { status: 303, headers: { "Set-Cookie": await commitLogout(request) } });
}

/** The Set-Cookie value that logs this browser in with `token`. */
export async function commitLogin(request: Request, token: string): Promise<string> {
  const session = await sessionStorage().getSession(request.headers.get("cookie"));
  session.set(TOKEN_KEY, token);
  return sessionStorage().commitSession(session);
}

/** The Set-Cookie value that forgets this browser's session. */
export async function commitLogout(request: Request): Promise<string> {
  const session = await sessionStorage().getSession(request.headers.get("cookie"));
  return sessionStorage().destroySession(session);
}

/**
 * What the header knows of the visitor (SPEC.md §2): null when logged out, and the cart's item
 * count, a promise while the catalogue is still being asked (the root loader defers it).
 */
export type Shopper = { user: { name: string; staff: boolean } | null; cartCount: Promise<number> | number };

/**
 * The root loader's view of the visitor: logged in or not, and the cart's item count (the sum of
 * quantities of lines whose product is in the catalogue; docs/decisions/0201). The account menu
 * greets with SPEC.md's words 'Hello User' (docs/decisions/0203), so `user.name` is "User".
 *
 * The token is checked now (the backend's `getCart`): a token it refuses (revoked, expired) logs
 * the browser out, and `setCookie` clears it, so the cookie goes out with the response's head.
 * Only the count is left to settle (a promise that never rejects; docs/decisions/0510): it needs
 * the products of the cart's lines. When the backend cannot be reached, the visitor stays logged
 * in with a count of 0.
 */
export async function getShopper(request: Request): Promise<Shopper & { setCookie?: string }> {
  const token = await getSessionToken(request);
  if (!token) return { user: null, cartCount: 0 };
  const backend = getBackend();
  let cart: CartData;
  try {
    cart = await backend.getCart(token);
  } catch (error) {
    if (error instanceof BackendError && error.status === 401) {
      return { user: null, cartCount: 0, setCookie: await commitLogout(request) };
    }
    log.error({ err: error }, "Could not read the cart for the header");
    return { user: { name: "User", staff: false }, cartCount: 0 };
  }
  const user = { name: "User", staff: await isStaffSession(token) };
  const productIds = Object.keys(cart);
  if (productIds.length === 0) return { user, cartCount: 0 };
  const cartCount = backend.getProducts(productIds).then(
    (products) => cartItemCount(cart, products),
    (error: unknown) => {
      log.error({ err: error }, "Could not read the cart's products for the header");
      return 0;
    },
  );
  return { user, cartCount };
}

/**
 * True when the session belongs to staff (issue 12), so the account menu links the back office.
 * Only a store with a back office knows (capabilities); false on any failure.
 */
async function isStaffSession(token: string): Promise<boolean> {
  const { own, capabilities } = getBackend();
  if (!capabilities.backOffice || !own) return false;
  try {
    return Boolean((await own.accounts.requireAccount(token)).role);
  } catch {
    return false;
  }
}

function pathAndQuery(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  url.searchParams.delete("index");
  return `${url.pathname}${url.search}`;
}
