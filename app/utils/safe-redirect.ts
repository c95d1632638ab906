import { safeRedirect as remixUtilsSafeRedirect } from "remix-utils/safe-redirect";

/**
 * The one place a user-supplied redirect target goes through (STYLE.md habit 6): a path on this
 * store ("/…"), never another host ("//evil", "/\\evil", "https://…"), no "..", no control
 * characters or backslashes — percent-encoded ones included ("/%5Cevil", "/%2F%2Fevil"), so a
 * router that decodes a path can never turn it into another host (GHSA-wrjc-x8rr-h8h6,
 * docs/decisions/0301). Anything else gives `fallback`. Isomorphic.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string") return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(to);
  } catch {
    return fallback;
  }
  for (const candidate of [to, decoded]) {
    if (/[\u0000-\u001f\u007f\\]/.test(candidate) || candidate.startsWith("//")) return fallback;
  }
  return remixUtilsSafeRedirect(to, fallback);
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
