import { json } from "@remix-run/node";
import { API_MESSAGES } from "~/schemas/api";
import { getEnv } from "~/utils/env.server";

/**
 * True when a state-changing request comes from another site (issue 3, "Abuse and safety").
 * Allowed: no `Origin` header at all (same-site form posts in older browsers, and non-browser
 * clients such as the http adapter) unless `Sec-Fetch-Site` says `cross-site`; an `Origin` whose
 * host is the request's own `Host` (any scheme, so a TLS-terminating proxy in front of
 * remix-serve still matches); the origin of `PUBLIC_URL`. Refused: every other origin, and
 * `Origin: null` (sandboxed frames, some cross-site redirects).
 */
export function isForeignOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin === null) return request.headers.get("sec-fetch-site") === "cross-site";
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return true;
  }
  if (originUrl.origin === "null") return true;
  const ownHost = request.headers.get("host") ?? new URL(request.url).host;
  if (originUrl.host === ownHost) return false;
  const publicUrl = getEnv().PUBLIC_URL;
  return !(publicUrl && new URL(publicUrl).origin === originUrl.origin);
}

/**
 * Call first in every action and API POST: throws a 403 JSON Response
 * `{success:false, message}` when the request comes from a foreign origin. In an API route
 * handleApi answers it as is; in a page action Remix shows the error boundary with status 403.
 */
export function requireSameOrigin(request: Request): void {
  if (isForeignOrigin(request)) {
    throw json(
      { success: false, message: API_MESSAGES.foreignOrigin },
      { status: 403, statusText: "Forbidden", headers: { "cache-control": "no-store" } },
    );
  }
}
