import { createCookieSessionStorage, type SessionStorage } from "@remix-run/node";
import { cookieNamesOf } from "~/http/cookies.server";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { cookieName, servedOverHttps } from "~/config/env.server";
import { getSessionSecret } from "~/config/secret.server";

type ToastUtils = ReturnType<typeof createToastUtilsWithCustomSession>;

/** The toast cookie's name: `__Host-toast-session` on https, `toast-session` on http (DESIGN.md §16). */
export function toastCookieName(): string {
  return cookieName("toast-session");
}

let utils: ToastUtils | undefined;
let storage: SessionStorage | undefined;

function toastStorage(): SessionStorage {
  storage ??= createCookieSessionStorage({
    cookie: {
      name: toastCookieName(),
      secrets: [getSessionSecret()],
      httpOnly: true,
      sameSite: "lax",
      secure: servedOverHttps(),
      path: "/",
    },
  });
  return storage;
}

/**
 * remix-toast on a cookie session of our own, signed with SESSION_SECRET (DESIGN.md §10):
 * remix-toast 1.2.2's built-in cookie is never signed, whatever secrets it is given (its `sign`
 * appends nothing), so a shopper could forge any toast text for their own browser.
 */
function toastUtils(): ToastUtils {
  utils ??= createToastUtilsWithCustomSession(toastStorage());
  return utils;
}

/**
 * The toast flashed to this request, if any, and the headers that clear it. Clearing deletes the
 * cookie (remix-toast would keep it, an empty session): a browser carrying any toast cookie gets
 * every page rendered for it alone, never from the page cache (docs/decisions/0800). A request
 * with the cookie but no toast (an empty one, from before) gets the deletion too.
 */
export async function getToast(request: Request): Promise<{ toast: Awaited<ReturnType<ToastUtils["getToast"]>>["toast"]; headers: Headers }> {
  const cookie = request.headers.get("cookie");
  const { toast } = await toastUtils().getToast(request);
  if (!toast && !cookieNamesOf(cookie).has(toastCookieName())) return { toast, headers: new Headers() };
  const headers = new Headers({ "Set-Cookie": await toastStorage().destroySession(await toastStorage().getSession(cookie)) });
  return { toast, headers };
}

/** 303 redirect that flashes a success toast (SPEC.md §8 texts). */
export function redirectWithSuccess(url: string, message: string, init?: ResponseInit) {
  return toastUtils().redirectWithSuccess(url, message, { status: 303, ...init });
}

/** 303 redirect that flashes an error toast (SPEC.md §8 texts). */
export function redirectWithError(url: string, message: string, init?: ResponseInit) {
  return toastUtils().redirectWithError(url, message, { status: 303, ...init });
}

/** JSON answer that flashes an error toast. */
export function jsonWithError<T>(data: T, message: string, init?: ResponseInit) {
  return toastUtils().jsonWithError(data, message, init);
}

/** JSON answer that flashes a success toast. */
export function jsonWithSuccess<T>(data: T, message: string, init?: ResponseInit) {
  return toastUtils().jsonWithSuccess(data, message, init);
}
