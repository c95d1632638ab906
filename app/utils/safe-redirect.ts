import { safeRedirect as remixUtilsSafeRedirect } from "remix-utils/safe-redirect";

/** Longest redirect target taken, in characters (the forms' `redirectTo` fields allow 2,000). */
export const MAX_REDIRECT_TARGET = 2_000;

/** The made-up origin targets are resolved against: only a path on it is a path on this store. */
const STORE_ORIGIN = "http://store.invalid";

/** Control characters and backslashes: never in a target, raw or percent-decoded. */
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

/**
 * The one place a user-supplied redirect target goes through (STYLE.md habit 6; issue 43 item 4):
 * a path on this store ("/…", at most MAX_REDIRECT_TARGET characters), never another host
 * ("//evil", "/\\evil", "https://…"), no "..", no control characters or backslashes —
 * percent-encoded ones included ("/%5Cevil", "/%2F%2Fevil"), so a router that decodes a path can
 * never turn it into another host (GHSA-wrjc-x8rr-h8h6, docs/decisions/0301). What it answers is
 * the WHATWG URL parser's serialisation of that path, query and fragment: printable ASCII only,
 * anything else percent-encoded as UTF-8 ("/\u3000x" → "/%E3%80%80x"), so it is always a valid
 * `Location` header. Anything else gives `fallback`. Never throws (docs/decisions/0940). Isomorphic.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string") return fallback;
  const target = to.trim();
  if (target === "" || target.length > MAX_REDIRECT_TARGET) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return fallback;
  }
  // remix-utils' rules (DESIGN.md §13: "/…", not "//", "/\\" or ".."), on the target as sent and as
  // a router would decode it, and no control characters or backslashes anywhere.
  for (const candidate of [target, decoded]) {
    if (remixUtilsSafeRedirect(candidate, "") === "" || candidate.startsWith("//") || UNSAFE_CHARACTERS.test(candidate)) return fallback;
  }
  let url: URL;
  try {
    url = new URL(target, STORE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== STORE_ORIGIN) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//evil" resolves to "//evil": a path that another host could be read from is refused too.
  if (path.startsWith("//") || !/^\/[\x21-\x7e]*$/.test(path)) return fallback;
  return path;
}

/**
 * The login page's address that returns to `redirectTo` after logging in:
 * "/login?redirectTo=%2Fcart". `mode: "signup"` opens the Sign Up form.
 * A target of "/" or an unsafe one is left out.
 */
export function loginPath(redirectTo?: string | null, mode: "login" | "signup" = "login"): string {
  const params = new URLSearchParams();
  if (mode === "signup") params.set("mode", "signup");
  const target = safeRedirect(redirectTo, "/");
  if (target !== "/" && !target.startsWith("/login")) params.set("redirectTo", target);
  const query = params.toString();
  return query ? `/login?${query}` : "/login";
}
