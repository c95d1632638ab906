import client from "prom-client";
import { metrics } from "~/observability/metrics.server";

/**
 * The store's event counters (issue 46 item 3; docs/decisions/1002-metrics.md): things that
 * happen in this process, counted as they happen, in `metrics.registry`. Each process counts its
 * own (Prometheus sums them across processes). Gauges read from the database at scrape time are
 * in utils/store-metrics.server.ts.
 */
export type EventMetrics = {
  /**
   * Page-cache answers by outcome (`outcome`: hit — served fresh; stale — served, one re-render
   * started; miss — rendered now; personal — a signed-in shopper's page spliced from the stored
   * one), and the cache's loopback renders (utils/page-cache.server.ts).
   */
  pageCache: client.Counter<"outcome">;
  pageCacheRenders: client.Counter;
  /**
   * Payment events by the outcome settled for them (services/payments.server.ts): paid, failed,
   * already_paid, refund_due, amount_mismatch, unknown_order, duplicate (a replay of an event
   * already recorded).
   */
  payments: client.Counter<"outcome">;
  /** Requests refused by a rate limit, by the limit (`limit`: login, signup, or a shopper action's name). */
  rateLimitRefusals: client.Counter<"limit">;
};

declare global {
  // One set per process, kept across dev rebuilds (prom-client refuses a name twice).
  var __storeEventMetrics: EventMetrics | undefined;
}

function createEventMetrics(): EventMetrics {
  const registers = [metrics.registry];
  return {
    pageCache: new client.Counter({
      name: "store_page_cache_requests_total",
      help: "Page-cache answers by outcome: hit, stale, miss, personal.",
      labelNames: ["outcome"] as const,
      registers,
    }),
    pageCacheRenders: new client.Counter({
      name: "store_page_cache_renders_total",
      help: "Loopback renders the page cache made (misses, stale re-renders, personal templates).",
      registers,
    }),
    payments: new client.Counter({
      name: "store_payments_total",
      help: "Payment events by the outcome settled for them: paid, failed, already_paid, refund_due, amount_mismatch, unknown_order, duplicate.",
      labelNames: ["outcome"] as const,
      registers,
    }),
    rateLimitRefusals: new client.Counter({
      name: "store_rate_limit_refusals_total",
      help: "Requests refused by a rate limit, by limit: login, signup, or a shopper action.",
      labelNames: ["limit"] as const,
      registers,
    }),
  };
}

/** The process's event counters (see EventMetrics). */
export const eventMetrics: EventMetrics = (globalThis.__storeEventMetrics ??= createEventMetrics());

/** The outcomes `store_payments_total` knows (services/payments.server.ts ConfirmOutcome, and `failed`). */
export type PaymentOutcome = "paid" | "failed" | "already-paid" | "refund-due" | "amount-mismatch" | "unknown-order" | "duplicate";

/** Counts one payment event's settled outcome (`already-paid` is labelled `already_paid`). Never throws. */
export function countPayment(outcome: PaymentOutcome): void {
  eventMetrics.payments.inc({ outcome: outcome.replace(/-/g, "_") });
}

/** Counts one request refused by the rate limit `limit`. Never throws. */
export function countRateLimitRefusal(limit: string): void {
  eventMetrics.rateLimitRefusals.inc({ limit });
}
