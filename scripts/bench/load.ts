import autocannon from "autocannon";

/** autocannon gives up on a request after this long and counts a timeout. */
export const REQUEST_TIMEOUT_S = 10;

export type LoadFigures = {
  /** Mean answers per second of the measured run. */
  rps: number;
  /** Answers received. */
  answered: number;
  /**
   * Latency percentiles in whole ms (autocannon's histogram resolution) over the answers; null when
   * the percentile falls among the requests that got no answer within 10 s (over half of all
   * requests for p50, over 1% for p99), where autocannon would report a figure of the fast few.
   */
  p50: number | null;
  p99: number | null;
  max: number;
  non2xx: number;
  /** Failed requests other than timeouts. */
  errors: number;
  /** Requests that waited over autocannon's 10 s timeout. */
  timeouts: number;
};

/** A latency cell: whole ms, or "> 10000" for a percentile that fell among the timeouts. */
export const latency = (ms: number | null) => (ms === null ? `> ${REQUEST_TIMEOUT_S * 1000}` : String(ms));

export type LoadPlan = {
  connections: number;
  durationS: number;
  /** A warm-up run first (JIT, caches, connection pools), not counted. */
  warmupConnections: number;
  warmupS: number;
  /** Extra request headers (e.g. a logged-in shopper's `cookie`). */
  headers?: Record<string, string>;
};

/** Loads `url` with autocannon (`accept-encoding: gzip`, like a browser): a warm-up, then the measured run. */
export async function measureLoad(url: string, plan: LoadPlan): Promise<LoadFigures> {
  const headers = { "accept-encoding": "gzip", ...plan.headers };
  if (plan.warmupS > 0) await autocannon({ url, connections: plan.warmupConnections, duration: plan.warmupS, headers });
  const result = await autocannon({ url, connections: plan.connections, duration: plan.durationS, timeout: REQUEST_TIMEOUT_S, headers });
  const answered = result.requests.total;
  const unanswered = result.timeouts / Math.max(1, answered + result.timeouts);
  return {
    rps: result.requests.average,
    answered,
    p50: unanswered > 0.5 || answered === 0 ? null : result.latency.p50,
    p99: unanswered > 0.01 || answered === 0 ? null : result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: Math.max(0, result.errors - result.timeouts),
    timeouts: result.timeouts,
  };
}

/** Rows of cells as aligned text: the first column left-aligned, the others right-aligned. */
export function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ")).join("\n");
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
