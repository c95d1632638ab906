import * as remixToast from "remix-toast";
import { getSessionSecret } from "~/utils/secret.server";

let configured = false;

/** Signs remix-toast's flash cookie with our secret (its default is a constant; DESIGN.md §10). */
function configure() {
  if (configured) return;
  remixToast.setToastCookieOptions({
    secrets: [getSessionSecret()],
    httpOnly: true,
    sameSite: "lax",
    secure: process.env.NODE_ENV === "production" && !process.env.ALLOW_INSECURE_COOKIES,
    path: "/",
  });
  configured = true;
}

/** The toast flashed to this request, if any, and the headers that clear it. */
export function getToast(request: Request) {
  configure();
  return remixToast.getToast(request);
}

/** 303-style redirect that flashes a success toast (SPEC.md §8 texts). */
export function redirectWithSuccess(url: string, message: string, init?: ResponseInit) {
  configure();
  return remixToast.redirectWithSuccess(url, message, { status: 303, ...init });
}

/** Redirect that flashes an error toast (SPEC.md §8 texts). */
export function redirectWithError(url: string, message: string, init?: ResponseInit) {
  configure();
  return remixToast.redirectWithError(url, message, { status: 303, ...init });
}

/** JSON answer that flashes an error toast. */
export function jsonWithError<T>(data: T, message: string, init?: ResponseInit) {
  configure();
  return remixToast.jsonWithError(data, message, init);
}

/** JSON answer that flashes a success toast. */
export function jsonWithSuccess<T>(data: T, message: string, init?: ResponseInit) {
  configure();
  return remixToast.jsonWithSuccess(data, message, init);
}
