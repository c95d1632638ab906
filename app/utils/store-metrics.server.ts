import client from "prom-client";
import { getBackend } from "~/backend/index.server";
import { log } from "~/observability/log.server";
import { metrics } from "~/observability/metrics.server";
import { runningPageCacheStats } from "~/utils/store-page-cache.server";
import type { RefundReason, StoreFigures } from "~/backend/own/types";

/**
 * The store's state as Prometheus gauges (issue 46 item 3; docs/decisions/1002-metrics.md), read
 * from the database when `/metrics` is scraped (prom-client `collect`), one read per scrape shared
 * by every gauge. What each figure counts is StoreFigures' docstring. The event counters (page
 * cache, payments, rate limits) are observability/event-metrics.server.ts; the backup's age is
 * helper B's services/backups (`store_backup_newest_age_seconds`).
 */

declare global {
  // Registered once per process (prom-client refuses a name twice; dev rebuilds re-import this).
  var __storeGaugesRegistered: boolean | undefined;
}

/**
 * Registers the store's gauges in `metrics.registry` (once per process; later calls do nothing):
 * the page cache's bytes and entries, and — for a process with its own database
 * (`getBackend().own`) — the StoreFigures gauges, read from the database at scrape time. A read
 * that fails is logged (`warn`) and its gauges read NaN for that scrape, so the scrape itself
 * still answers. Called once by entry.server.tsx.
 */
export function registerStoreMetrics(): void {
  if (globalThis.__storeGaugesRegistered) return;
  globalThis.__storeGaugesRegistered = true;
  const registers = [metrics.registry];
  new client.Gauge({
    name: "store_page_cache_bytes",
    help: "Bytes the page cache holds (bodies, headers and personal templates).",
    registers,
    collect() {
      this.set(runningPageCacheStats()?.bytes ?? 0);
    },
  });
  new client.Gauge({
    name: "store_page_cache_entries",
    help: "Pages the page cache holds.",
    registers,
    collect() {
      this.set(runningPageCacheStats()?.entries ?? 0);
    },
  });
  const own = getBackend().own;
  if (!own) return;

  // One read per scrape: prom-client starts every gauge's collect in the same turn of the event
  // loop, so the gauges of one scrape share the read in flight; the next scrape reads again.
  let inFlight: Promise<StoreFigures | null> | null = null;
  const figures = (): Promise<StoreFigures | null> => {
    inFlight ??= own.operations
      .storeFigures(Date.now())
      .catch((error: unknown) => {
        log.warn({ err: error }, "metrics: the store's figures could not be read");
        return null;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
  const gauge = (name: string, help: string, read: (f: StoreFigures) => number) =>
    new client.Gauge({
      name,
      help,
      registers,
      async collect() {
        const read_ = await figures();
        this.set(read_ === null ? Number.NaN : read(read_));
      },
    });
  const byReason = (name: string, help: string, read: (f: StoreFigures, reason: RefundReason) => number) =>
    new client.Gauge({
      name,
      help,
      labelNames: ["reason"] as const,
      registers,
      async collect() {
        const read_ = await figures();
        if (read_ === null) this.reset();
        else for (const reason of Object.keys(read_.refunds.due) as RefundReason[]) this.set({ reason }, read(read_, reason));
      },
    });
  gauge("store_outbox_due_emails", "Emails not sent, not given up, due now.", (f) => f.outbox.due);
  gauge("store_outbox_oldest_due_age_seconds", "How long the oldest email due now has been due, seconds (0: none).", (f) => f.outbox.oldestDueAgeSeconds);
  gauge("store_outbox_retrying_emails", "Emails not sent, not given up, after at least one failed attempt.", (f) => f.outbox.retrying);
  gauge("store_outbox_failed_emails", "Emails the sender gave up on (MAIL FAILED).", (f) => f.outbox.failed);
  gauge("store_outbox_failed_attempts", "Failed send attempts of every outbox email.", (f) => f.outbox.failedAttempts);
  byReason("store_refunds_due", "Refunds owed to shoppers, by reason: extra_payment, unconfirmed, return_received.", (f, reason) => f.refunds.due[reason]);
  byReason("store_refunds_due_oldest_age_seconds", "Age of the oldest refund owed, seconds, by reason (0: none).", (f, reason) => f.refunds.oldestAgeSeconds[reason]);
  gauge("store_stock_holds_open", "Unpaid online orders holding units of stock.", (f) => f.stockHolds.open);
  gauge("store_stock_hold_oldest_age_seconds", "Age of the oldest unpaid online order holding stock, seconds (0: none).", (f) => f.stockHolds.oldestAgeSeconds);
}
