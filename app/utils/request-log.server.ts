import type { AnsweredRequest } from "~/utils/http-guard.server";
import { log } from "~/observability/log.server";
import { metrics } from "~/observability/metrics.server";

/** Paths a load balancer or Prometheus asks every few seconds: logged at `debug` only. */
const PROBE_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);
/** Refusals that may be an attack or a misconfigured client: `warn` rather than `info`. */
const WARN_STATUSES = new Set([401, 403, 413, 429]);
/** Methods labelled as themselves; any other (a fuzzer's) is `OTHER`, so labels stay bounded. */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The log level of an answered request: 5xx `error` (but `/readyz`'s 503 "not ready" `warn`),
 * 401/403/413/429 `warn`, probes and the page cache's own renders (`internal`: the shopper's
 * request they serve has its own line) `debug`, else `info`.
 */
export function requestLogLevel(answered: Pick<AnsweredRequest, "status" | "context"> & { internal?: boolean }): "error" | "warn" | "info" | "debug" {
  // A probe told "not ready" (503: draining, database down) is an answer, not a failure (decision 1003).
  if (answered.status === 503 && answered.context.path === "/readyz") return "warn";
  if (answered.status >= 500) return "error";
  if (answered.internal) return "debug";
  if (WARN_STATUSES.has(answered.status)) return "warn";
  if (PROBE_PATHS.has(answered.context.path)) return "debug";
  return "info";
}

/**
 * The one log line of an answered request (issue 46 item 2): `msg` "request", with requestId,
 * routeId, userId (when signed in), method, path, query (its `token`/`key` redacted by the
 * logger), status, durationMs, and `aborted` when the client left first. No stack: a 5xx's error
 * is logged with its stack by entry.server.tsx `handleError`, under the same request id.
 */
export function logAnsweredRequest(answered: AnsweredRequest): void {
  const { context } = answered;
  log[requestLogLevel(answered)](
    {
      requestId: context.id,
      routeId: context.routeId,
      ...(context.userId !== undefined ? { userId: context.userId } : {}),
      method: context.method,
      path: context.path,
      ...(Object.keys(answered.query).length > 0 ? { query: answered.query } : {}),
      status: answered.status,
      durationMs: Math.round(answered.durationMs * 10) / 10,
      ...(answered.aborted ? { aborted: true } : {}),
      ...(answered.internal ? { render: true } : {}),
    },
    "request",
  );
}

/**
 * Counts an answered request in `store_http_requests_total` and its duration in the histogram —
 * not the page cache's own renders (`internal`): the shopper's request is counted once, its
 * renders in `store_page_cache_renders_total` (docs/decisions/1002-metrics.md).
 */
export function countAnsweredRequest(answered: AnsweredRequest): void {
  if (answered.internal) return;
  const labels = {
    route: answered.context.routeId ?? "unmatched",
    method: KNOWN_METHODS.has(answered.context.method) ? answered.context.method : "OTHER",
    status: String(answered.status),
  };
  metrics.httpRequests.inc(labels);
  metrics.httpDuration.observe(labels, answered.durationMs / 1000);
}
