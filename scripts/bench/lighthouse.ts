/**
 * Lighthouse 12 on the storefront's pages (docs/decisions/0540-lighthouse.md): the default mobile
 * configuration (Moto G Power viewport, simulated slow 4G and 4× CPU throttling), the Debian
 * Chromium at /usr/bin/chromium (nothing is downloaded), one fresh headless browser per run.
 *
 *   node --import tsx scripts/bench/lighthouse.ts [baseUrl] [--runs=N] [--json-dir=DIR] [--skip-build]
 *
 * Without a base URL it builds the app into build-bench/ (BUILD_SUFFIX=bench), imports the demo
 * catalogue into a throwaway SQLite file, serves it with remix-serve on a free loopback port and
 * measures the home page, a filtered collection page and the first product's page. With a base URL
 * (e.g. http://localhost:3322) it measures that running server. Prints the median of `--runs` runs
 * (default 3) per page and the audits that failed in any run; exit code 1 when a page misses the
 * targets (performance ≥ 0.95; accessibility, best practices and SEO = 1).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { generateDemoCatalogue } from "~/db/demo-catalogue";
import { createDatabase, migrateToLatest } from "~/db/db.server";
import { importCatalogue } from "~/services/catalogue.server";
import { buildForBench, startBenchServer, type BenchServer } from "./server";

/** The browser the bench drives: Debian's Chromium, never a downloaded one. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu"];

/** A filtered collection page of the demo catalogue (URL contract: DESIGN.md §5). */
export const LIGHTHOUSE_COLLECTION_PATH = "/collection?category=Men&brand=Casio&sort=low-high";

/** The targets of issue 11 item 3. */
export const LIGHTHOUSE_TARGETS = { performance: 0.95, accessibility: 1, bestPractices: 1, seo: 1 } as const;

export type LighthouseScores = { performance: number; accessibility: number; bestPractices: number; seo: number };

/** Lab metrics of one page load: times in ms, CLS unitless. */
export type LighthouseMetrics = { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number };

export type LighthousePage = {
  path: string;
  /** Measured as a signed-in shopper (LighthouseOptions.cookie). */
  signedIn: boolean;
  /** Number of runs the figures are the median of. */
  runs: number;
  /** Category scores, 0…1 (median per category). */
  scores: LighthouseScores;
  /** Median per metric. */
  metrics: LighthouseMetrics;
  /**
   * Lighthouse's CPU benchmark of this machine during the runs (median): simulated throttling scales
   * the CPU time it observes, so a machine busy with other work (index well under ~1000) scores lower.
   */
  benchmarkIndex: number;
  /** Audits that scored below 0.9 in at least one run: `id (score)`, worst score shown. */
  failing: string[];
};

export type LighthouseOptions = {
  /** Runs per page; the figures are the per-figure medians. Default 1. */
  runs?: number;
  /** When given, each run's full report is written there as JSON (`<slug>-<run>.json`). */
  jsonDir?: string;
  /** A signed-in shopper's session cookie (`name=value`), sent with every request of the runs (issue 26 item 4). */
  cookie?: string;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const slug = (pagePath: string) => pagePath.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/** One Lighthouse run of `url` in a fresh headless Chromium; throws when Lighthouse reports a runtime error. */
async function runOnce(url: string, cookie?: string): Promise<Lhr> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", ...(cookie ? { extraHeaders: { cookie } } : {}) });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

function scoresOf(lhr: Lhr): LighthouseScores {
  const score = (id: string) => lhr.categories[id]?.score ?? 0;
  return { performance: score("performance"), accessibility: score("accessibility"), bestPractices: score("best-practices"), seo: score("seo") };
}

function metricsOf(lhr: Lhr): LighthouseMetrics {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    fcpMs: value("first-contentful-paint"),
    lcpMs: value("largest-contentful-paint"),
    tbtMs: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    speedIndexMs: value("speed-index"),
  };
}

/**
 * Runs Lighthouse (default mobile config) on `baseUrl + path` for each path, one page and one run
 * after another, and resolves with each page's median category scores (0…1), metrics (ms; CLS
 * unitless) and the audits that failed. Throws when Chromium cannot start or a page cannot load.
 */
export async function lighthouseScores(baseUrl: string, paths: readonly string[], options: LighthouseOptions = {}): Promise<LighthousePage[]> {
  const runs = Math.max(1, options.runs ?? 1);
  if (options.jsonDir) fs.mkdirSync(options.jsonDir, { recursive: true });
  const pages: LighthousePage[] = [];
  for (const pagePath of paths) {
    const lhrs: Lhr[] = [];
    for (let run = 1; run <= runs; run++) {
      const lhr = await runOnce(new URL(pagePath, baseUrl).href, options.cookie);
      if (options.jsonDir) fs.writeFileSync(path.join(options.jsonDir, `${slug(pagePath)}${options.cookie ? "-signed-in" : ""}-${run}.json`), JSON.stringify(lhr, null, 1));
      lhrs.push(lhr);
    }
    const scores = lhrs.map(scoresOf);
    const metrics = lhrs.map(metricsOf);
    const pick = <T, K extends keyof T>(rows: T[], key: K) => median(rows.map((row) => Number(row[key])));
    const worst = new Map<string, number>();
    for (const lhr of lhrs) {
      for (const audit of Object.values(lhr.audits)) {
        if (audit.score === null || audit.score >= 0.9 || audit.scoreDisplayMode === "informative") continue;
        worst.set(audit.id, Math.min(audit.score, worst.get(audit.id) ?? 1));
      }
    }
    pages.push({
      path: pagePath,
      signedIn: options.cookie !== undefined,
      runs,
      scores: {
        performance: pick(scores, "performance"),
        accessibility: pick(scores, "accessibility"),
        bestPractices: pick(scores, "bestPractices"),
        seo: pick(scores, "seo"),
      },
      metrics: {
        fcpMs: pick(metrics, "fcpMs"),
        lcpMs: pick(metrics, "lcpMs"),
        tbtMs: pick(metrics, "tbtMs"),
        cls: pick(metrics, "cls"),
        speedIndexMs: pick(metrics, "speedIndexMs"),
      },
      benchmarkIndex: median(lhrs.map((lhr) => lhr.environment.benchmarkIndex)),
      failing: [...worst].sort((a, b) => a[1] - b[1]).map(([id, score]) => `${id} (${score.toFixed(2)})`),
    });
  }
  return pages;
}

/** Whether a page meets LIGHTHOUSE_TARGETS. */
export const meetsTargets = ({ scores }: LighthousePage) =>
  scores.performance >= LIGHTHOUSE_TARGETS.performance &&
  scores.accessibility >= LIGHTHOUSE_TARGETS.accessibility &&
  scores.bestPractices >= LIGHTHOUSE_TARGETS.bestPractices &&
  scores.seo >= LIGHTHOUSE_TARGETS.seo;

/** The home page, LIGHTHOUSE_COLLECTION_PATH and the first listed product's page of the store at `baseUrl`. */
export async function lighthousePaths(baseUrl: string): Promise<string[]> {
  const response = await fetch(new URL("/api/product/listproduct", baseUrl));
  const list = (await response.json()) as { products?: { _id: string }[] };
  const productId = list.products?.[0]?._id;
  if (!productId) throw new Error(`${baseUrl} answered no products`);
  return ["/", LIGHTHOUSE_COLLECTION_PATH, `/product/${productId}`];
}

/** The pages as a fixed-width text table, one row per page, then the failing audits. */
export function lighthouseTable(pages: readonly LighthousePage[]): string {
  const header = ["page", "perf", "a11y", "BP", "SEO", "FCP ms", "LCP ms", "TBT ms", "CLS", "SI ms", "CPU index"];
  const rows = pages.map((page) => [
    page.signedIn ? `${page.path} (signed in)` : page.path,
    ...[page.scores.performance, page.scores.accessibility, page.scores.bestPractices, page.scores.seo].map((s) => s.toFixed(2)),
    ...[page.metrics.fcpMs, page.metrics.lcpMs, page.metrics.tbtMs].map((ms) => ms.toFixed(0)),
    page.metrics.cls.toFixed(3),
    page.metrics.speedIndexMs.toFixed(0),
    page.benchmarkIndex.toFixed(0),
  ]);
  const widths = header.map((_, i) => Math.max(header[i].length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  const out = [line(header), ...rows.map(line)];
  for (const page of pages) {
    if (page.failing.length) out.push(`${page.path} failing: ${page.failing.join(", ")}`);
  }
  return out.join("\n");
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const baseArg = args.find((arg) => !arg.startsWith("--"));
  const runs = Number(option("runs") ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive whole number`);
  const root = process.cwd();
  let server: BenchServer | undefined;
  let tmp: string | undefined;
  try {
    let base = baseArg;
    if (!base) {
      if (!args.includes("--skip-build")) {
        console.log("Building (BUILD_SUFFIX=bench)…");
        await buildForBench(root);
      }
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), "store-lighthouse-"));
      const databaseUrl = `file:${path.join(tmp, "store.db")}`;
      const db = createDatabase(databaseUrl);
      await migrateToLatest(db);
      const imported = await importCatalogue(db, generateDemoCatalogue());
      await db.destroy();
      if (!imported.ok) throw new Error("the demo catalogue is invalid");
      server = await startBenchServer(root, databaseUrl);
      base = server.base;
    }
    const paths = await lighthousePaths(base);
    console.log(`Lighthouse (mobile, ${runs} run${runs > 1 ? "s" : ""} per page, medians) on ${base}…`);
    const pages = await lighthouseScores(base, paths, { runs, jsonDir: option("json-dir") });
    console.log(lighthouseTable(pages));
    process.exitCode = pages.every(meetsTargets) ? 0 : 1;
  } finally {
    await server?.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(`Lighthouse bench failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
