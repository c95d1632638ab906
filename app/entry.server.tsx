// First: a refused configuration stops the server before any module reads it (issue 46 item 2).
import { startupEnv } from "~/config/startup-check.server";
import { redirectInLanguage } from "~/i18n/language";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, HandleDataRequestFunction, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { getBackend, getStoreDb } from "~/backend/index.server";
import { MAX_FORM_BODY_BYTES, MAX_WEBHOOK_BODY_BYTES } from "~/http/body.server";
import { pageBody } from "~/http/page-body.server";
import { adminProductBodyBytes } from "~/constants/media";
import { reportBodyBytes } from "~/constants/problem-reports";
import { returnBodyBytes } from "~/constants/returns";
import { getEnv } from "~/config/env.server";
import { installHttpGuard } from "~/utils/http-guard.server";
import { errorFields, log } from "~/observability/log.server";
import { answerMetrics } from "~/observability/metrics.server";
import { storeReadiness } from "~/utils/readiness.server";
import { countAnsweredRequest, logAnsweredRequest } from "~/utils/request-log.server";
import { registerStoreMetrics } from "~/utils/store-metrics.server";
import { isPublicPageRequest, startStorePageCache, type StorePageCache } from "~/utils/store-page-cache.server";
import { NonceProvider } from "~/utils/nonce";
import { isForeignOriginHeaders } from "~/utils/origin.server";
import { closeRateLimitStore } from "~/utils/rate-limit.server";
import {
  BARE_PAGE_CSP,
  isCheckoutPath,
  contentSecurityPolicy,
  everyResponseHeaders,
  documentReferrerPolicy,
  isPersonalResponse,
  newNonce,
  PERSONAL_CACHE_CONTROL,
} from "~/utils/security-headers.server";

/** The Cashfree webhook: the one body allowed above the form cap (DESIGN.md §16). */
const WEBHOOK_PATH = "/api/webhooks/cashfree";

/** What a public page says to browsers and CDNs when its route sets nothing (DESIGN.md §17). */
const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

declare global {
  // One page cache per process; a dev rebuild replaces it (a new build's pages).
  var __storePageCache: StorePageCache | null | undefined;
}

// Bad configuration has already stopped the server (config/startup-check.server.ts, imported
// first, with its fatal line); the database is created, migrated and seeded at start-up below.
// The full-page cache of anonymous pages (DESIGN.md §17), one per server build: a rebuild's pages
// are never answered with the previous build's.
void globalThis.__storePageCache?.close();
const pageCache = startStorePageCache();
globalThis.__storePageCache = pageCache;
// Before express and Remix see a request: graceful SIGTERM, 413 on a declared body above the cap,
// 403 page for cross-site page posts, nosniff/HSTS on every response (app/utils/http-guard.server.ts).
installHttpGuard({
  // The back office's product pages take pictures and catalogue files (constants/media.ts); a
  // problem report takes an unboxing video of up to 100 MB (constants/problem-reports.ts).
  maxBodyBytes: (pathname) =>
    pathname === WEBHOOK_PATH ? MAX_WEBHOOK_BODY_BYTES : (adminProductBodyBytes(pathname) ?? reportBodyBytes(pathname) ?? returnBodyBytes(pathname) ?? MAX_FORM_BODY_BYTES),
  isForeignOrigin: isForeignOriginHeaders,
  responseHeaders: everyResponseHeaders(),
  // A Hindi page's redirects stay in Hindi (issue 27; docs/decisions/0850).
  redirectTarget: redirectInLanguage,
  pageCsp: BARE_PAGE_CSP,
  storeName: startupEnv.STORE_NAME,
  graceMs: 9_000,
  exitDeadlineMs: 10_000,
  // Issue 49 item 3: behind a balancer that probes /readyz, keep serving while it takes us out.
  drainMs: startupEnv.SHUTDOWN_DRAIN_MS,
  // The email in flight first (it marks its outbox row), then the database and the rate limits'
  // own PostgreSQL pool, if one was opened.
  onClosed: async () => {
    await Promise.all([getBackend().own?.process.stop(), closeRateLimitStore(), pageCache?.close()]);
  },
  exit: (code) => process.exit(code),
  front: pageCache?.front,
  // Issue 46: a trusted proxy's X-Request-Id is kept; one log line and the metrics per request;
  // /readyz and /metrics answered before anything else (docs/decisions/1000–1003).
  trustRequestId: getEnv().TRUST_PROXY,
  // The page cache's loopback renders carry their shopper request's id (decision 1002).
  isInternalRequest: pageCache?.isRenderRequest,
  onAnswered: (answered) => {
    logAnsweredRequest(answered);
    countAnsweredRequest(answered);
  },
  ready: storeReadiness,
  own: (req, res) => answerMetrics(req, res, getEnv().METRICS_TOKEN),
});
// The store's gauges (outbox, refunds due, stock holds, page cache), read at scrape time (decision 1002).
registerStoreMetrics();
// A store with its own data (docs/decisions/0680: the backend says so) opens it at start-up and
// runs its background work: order emails from the outbox (issue 14 item 4) and the sweep of
// interrupted report uploads (issue 21 item 1).
if (getBackend().own) {
  getStoreDb().catch((error) => {
    log.fatal({ err: error }, "Could not open the database");
    process.exit(1);
  });
  getBackend().own?.process.start();
}

const ABORT_DELAY = 5_000;

/**
 * Renders a page (DESIGN.md §16, issue 8 items 8–9): a fresh CSP nonce for every response, handed
 * to `<Scripts>`/`<ScrollRestoration>` through NonceProvider and to React's own inline scripts;
 * the page's Content-Security-Policy; `private, no-store` on personal pages, on any page
 * rendered for a session and on any page a route of which answered privately (issue 43 item 7);
 * a CDN-friendly Cache-Control on public pages that set none. The page
 * cache's own renders are rendered whole (as for bots): they are stored, not streamed.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const whole = isbot(request.headers.get("user-agent") ?? "") || pageCache?.isRender(request) === true;
  const nonce = newNonce();
  const { pathname } = new URL(request.url);
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
      </NonceProvider>,
      {
        nonce,
        [whole ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = pageBody();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, pathname));
          responseHeaders.set("X-Content-Type-Options", "nosniff");
          // A route's loader or action that answered privately makes its page private, for
          // signed-out visitors too, and a page reached by a secret link sends no Referer (issue 43 item 7).
          const answers = remixContext.staticHandlerContext;
          responseHeaders.set("Referrer-Policy", documentReferrerPolicy(answers));
          responseHeaders.set("X-Frame-Options", "SAMEORIGIN");
          if (isPersonalResponse(request, responseHeaders, answers)) responseHeaders.set("Cache-Control", PERSONAL_CACHE_CONTROL);
          else if (!responseHeaders.has("Cache-Control") && responseStatusCode === 200 && isPublicPageRequest(request)) {
            responseHeaders.set("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
          }
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered && !request.signal.aborted) log.error({ err: error }, "The page failed while it was streaming");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * Every `?_data` answer (DESIGN.md §16, issue 8 items 8–9):
 * - `private, no-store` when personal (as for pages);
 * - the checkout needs its own CSP (Cashfree.js), which only a document load brings: a client-side
 *   navigation into /place-order (its loaders' GET from another page, by the Referer) and a
 *   redirect to it are turned into a full page load (`X-Remix-Reload-Document`).
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  const url = new URL(request.url);
  if (request.method === "GET" && isCheckoutPath(url.pathname) && !isRedirect(response) && !comesFromCheckout(request)) {
    void response.body?.cancel().catch(() => {});
    url.searchParams.delete("_data");
    return new Response(null, {
      status: 302,
      headers: { Location: `${url.pathname}${url.search}`, "X-Remix-Reload-Document": "true", "Cache-Control": PERSONAL_CACHE_CONTROL },
    });
  }
  const headers = new Headers(response.headers);
  if (isPersonalResponse(request, headers)) headers.set("Cache-Control", PERSONAL_CACHE_CONTROL);
  const target = headers.get("X-Remix-Redirect") ?? headers.get("Location");
  if (target && isCheckoutPath(new URL(target, url).pathname)) headers.set("X-Remix-Reload-Document", "true");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

function isRedirect(response: Response): boolean {
  return response.headers.has("X-Remix-Redirect") || (response.status >= 300 && response.status < 400);
}

/** Whether a `?_data` request was made by the checkout page itself (a revalidation there). */
function comesFromCheckout(request: Request): boolean {
  const referer = request.headers.get("referer");
  if (!referer) return false;
  try {
    return isCheckoutPath(new URL(referer).pathname);
  } catch {
    return false;
  }
}

/** The longest `reason` a 4xx line carries, characters (a fuzzer's path can be a kilobyte). */
const MAX_REASON_CHARS = 300;

/**
 * Server errors for the log (issue 8 item 13; issue 46 item 2; docs/decisions/1000): nothing for a
 * request the client abandoned (its render or loader was cut short, not broken); one `warn` line
 * for Remix's cross-site refusal should it ever be reached past the HTTP guard; one short `info`
 * line without a stack for a 4xx Remix answers itself (405 for a POST to a page without an action
 * or for OPTIONS, 404 for no route, 400 for a bad `_data`) — the client's mistake, not the
 * store's; the error with its stack (`err`) at `error` otherwise. The request id, route id and
 * user id come from the request context (log.server.ts mixin); the request's own line is
 * request-log.server.ts's.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs): void {
  if (request.signal.aborted) return;
  if (error instanceof Error && /header does not match `origin` header|headers are not provided/.test(error.message)) {
    log.warn({ status: 403, method: request.method, path: new URL(request.url).pathname }, `Refused a cross-site ${request.method}`);
    return;
  }
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  if (isRouteErrorResponse(error) && error.status < 500) {
    const said = inner instanceof Error ? inner.message : typeof error.data === "string" ? error.data : error.statusText;
    log.info({ status: error.status, reason: said.slice(0, MAX_REASON_CHARS) }, `${error.status} ${error.statusText}`.trim());
    return;
  }
  const cause = inner ?? error;
  const said = cause instanceof Error ? cause.message : isRouteErrorResponse(cause) ? `${cause.status} ${cause.statusText}`.trim() : String(cause);
  log.error({ status: isRouteErrorResponse(error) ? error.status : 500, ...errorFields(cause instanceof Error ? cause : new Error(said)) }, said);
}

declare global {
  // Installed once per process: a dev rebuild re-runs this module.
  var __storeCrashLog: boolean | undefined;
}

// Issue 46 item 2: a crash is logged as one JSON line with its stack before the process stops, as
// Node would stop it (an unhandled rejection is a crash since Node 15); Node's own warnings
// (deprecations, too many listeners) become `warn` lines instead of its plain-text stderr print.
if (!globalThis.__storeCrashLog) {
  globalThis.__storeCrashLog = true;
  process.removeAllListeners("warning");
  process.on("warning", (warning) => {
    log.warn({ warning: { name: warning.name, ...("code" in warning ? { code: warning.code } : {}) } }, `Node warning: ${warning.message}`);
  });
  process.on("uncaughtException", (error, origin) => {
    log.fatal({ ...errorFields(error), origin }, "Uncaught exception: the process stops");
    process.exit(1);
  });
  process.on("unhandledRejection", (reason) => {
    log.fatal({ ...errorFields(reason), origin: "unhandledRejection" }, "Unhandled promise rejection: the process stops");
    process.exit(1);
  });
}
