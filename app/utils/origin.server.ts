import { json } from "@remix-run/node";
import { API_MESSAGES } from "~/schemas/api";
import { getEnv } from "~/config/env.server";

/** What the Origin rule reads of a request: its `Origin`, `Sec-Fetch-Site` and `Host` headers. */
export type OriginHeaders = { origin: string | null; secFetchSite: string | null; host: string | null };

/**
 * True when a state-changing request comes from another site (issue 3, "Abuse and safety";
 * issue 8 item 13). Allowed: no `Origin` header at all (same-site form posts in older browsers,
 * and non-browser clients such as the http adapter) unless `Sec-Fetch-Site` says `cross-site`; an
 * `Origin` whose host is the request's own `Host` (any scheme, so a TLS-terminating proxy in front
 * of remix-serve still matches); the origin of `PUBLIC_URL`. Refused: every other origin, a
 * malformed one, and `Origin: null` (sandboxed frames, some cross-site redirects).
 * The HTTP guard (app/utils/http-guard.server.ts) applies the same rule before Remix sees a page post.
 */
export function isForeignOriginHeaders({ origin, secFetchSite, host }: OriginHeaders): boolean {
  if (origin === null) return secFetchSite === "cross-site";
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return true;
  }
  if (originUrl.origin === "null") return true;
  if (host !== null && originUrl.host === host) return false;
  const publicUrl = getEnv().PUBLIC_URL;
  return !(publicUrl && new URL(publicUrl).origin === originUrl.origin);
}

/** `isForeignOriginHeaders` for a Fetch Request (its own URL's host when `Host` is absent). */
export function isForeignOrigin(request: Request): boolean {
  return isForeignOriginHeaders({
    origin: request.headers.get("origin"),
    secFetchSite: request.headers.get("sec-fetch-site"),
    host: request.headers.get("host") ?? new URL(request.url).host,
  });
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
