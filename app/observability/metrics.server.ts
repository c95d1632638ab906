import crypto from "node:crypto";
import type http from "node:http";
import client from "prom-client";

/**
 * The store's Prometheus metrics (issue 46 item 3; docs/decisions/1002-metrics.md), in one
 * registry per process that `/metrics` exposes (prom-client's text format). Names follow
 * Prometheus' conventions: `store_` prefix, `_total` counters, base units (seconds, bytes).
 */
export type StoreMetrics = {
  registry: client.Registry;
  /** Requests answered, by route id, method and status. */
  httpRequests: client.Counter<"route" | "method" | "status">;
  /** Time to answer, seconds (until the last byte was handed to the socket), same labels. */
  httpDuration: client.Histogram<"route" | "method" | "status">;
};

declare global {
  // One registry per process, kept across dev rebuilds (prom-client refuses a name twice).
  var __storeMetrics: StoreMetrics | undefined;
}

function createStoreMetrics(): StoreMetrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequests: new client.Counter({
      name: "store_http_requests_total",
      help: "Requests answered, by route id, method and status.",
      labelNames: ["route", "method", "status"] as const,
      registers: [registry],
    }),
    httpDuration: new client.Histogram({
      name: "store_http_request_duration_seconds",
      help: "Time to answer a request, seconds, by route id, method and status.",
      labelNames: ["route", "method", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}

/** The process's metrics (see StoreMetrics). */
export const metrics: StoreMetrics = (globalThis.__storeMetrics ??= createStoreMetrics());

/**
 * Answers `GET /metrics` (issue 46 item 3) when `token` is set and the request carries
 * `Authorization: Bearer <token>` (compared in constant time): the registry in Prometheus' text
 * format, `no-store`. Returns false — the request goes on to the store, which answers 404 — for
 * any other path, when no token is set, or when the header is missing or wrong, so the endpoint's
 * existence is not told to a stranger. Gauges read from the database are collected here, at
 * scrape time (prom-client `collect`).
 */
export function answerMetrics(req: http.IncomingMessage, res: http.ServerResponse, token: string | undefined): boolean {
  if (!token || (req.method !== "GET" && req.method !== "HEAD")) return false;
  if (new URL(req.url ?? "/", "http://metrics.invalid").pathname !== "/metrics") return false;
  const offered = Buffer.from(String(req.headers.authorization ?? ""));
  const expected = Buffer.from(`Bearer ${token}`);
  if (offered.length !== expected.length || !crypto.timingSafeEqual(offered, expected)) return false;
  metrics.registry.metrics().then(
    (text) => {
      res.statusCode = 200;
      res.setHeader("Content-Type", metrics.registry.contentType);
      res.setHeader("Cache-Control", "no-store");
      res.end(req.method === "HEAD" ? undefined : text);
    },
    (error: unknown) => {
      res.statusCode = 500;
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.end(`metrics could not be collected: ${error instanceof Error ? error.message : String(error)}\n`);
    },
  );
  return true;
}
