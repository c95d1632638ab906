/**
 * `npm run bench`: how fast the production server answers, on this machine, over loopback
 * (docs/decisions/0104-bench.md). Both modes build the app into build-bench/ (BUILD_SUFFIX=bench,
 * so other builds are left alone), serve it with remix-serve on a free loopback port
 * (SEED_DEMO_CATALOGUE=false) and load it with autocannon (`accept-encoding: gzip`).
 *
 * Pages mode (the default; scripts/bench/pages.ts): imports 10,000 generated products into a
 * throwaway SQLite file; for the home page, a filtered collection page, a product page and a static
 * file (the reference) measures HTML and JavaScript weight, requests/s and p50/p99 latency
 * (50 connections, 10 s each) and a logged-in shopper's collection page; the gzipped JavaScript of
 * each page's document load from the build manifest; Lighthouse 12 (mobile, Debian Chromium) on
 * home, a filtered collection and a product page (median of --lighthouse-runs, default 1). Checks:
 * anonymous pages ≥ 0.5× the static file's rate, ≤ 100 KB of gzipped JavaScript a page (checkout
 * aside), Lighthouse performance ≥ 0.95 and the other categories 1.0, a collection page carries
 * only its own products (≤ 25).
 *
 *   npm run bench [-- --products=N --connections=N --duration=SECONDS --lighthouse-runs=N --no-lighthouse --skip-build]
 *
 * Scale mode (a list of sizes; scripts/bench/scale.ts): for each database (a SQLite file; a throwaway
 * PostgreSQL database `bench_<hex>` beside TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)
 * and each size, a fresh database, the generated catalogue imported through
 * `scripts/catalogue-import.ts` (timed, start to exit), the server on it, then a product page and a
 * filtered collection page at 20 connections and a search matching ~1.5% of names at 1 connection.
 * Prints a table per database and PASS/FAIL for DESIGN.md §15's targets (largest size against the
 * smallest): pages at ≥ 0.5× the rate, collection p99 < 1 s, search p50 ≤ 3×, import < 60 s.
 *
 *   npm run bench -- --products 1000,100000 [--databases sqlite,postgres] [--connections=N --duration=SECONDS --skip-build]
 *
 * Every run starts with the PIN directory's lookup time (scripts/bench/pins.ts; issue 13 item 1);
 * `npm run bench -- --pins` prints only that.
 *
 *   npm run bench -- --pins
 *
 * Backup mode (scripts/bench/backup.ts; issue 46 item 1): backup and restore times and sizes at 1,000
 * and 100,000 products with 10,000 orders, on SQLite (and PostgreSQL with --databases), no server.
 *
 *   npm run bench -- --backup [--databases sqlite,postgres]
 *
 * Cluster mode (scripts/bench/cluster.ts; issue 49 item 5; docs/decisions/1023-cluster-bench.md):
 * the stores behind HAProxy and PgBouncer as tests/setup/cluster.ts runs them (the shipped deploy/
 * files; PostgreSQL at TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres; Debian's
 * haproxy and pgbouncer), built once into build-benchc/, `--products` generated products (2,000 by
 * default) imported into each cluster's fresh database. Load by Debian's wrk when installed (else
 * autocannon; the output says which): 8 filtered collections and 8 product pages in rotation,
 * `--connections` (50) for `--duration` s (15) after a warm-up in 5 s rounds until steady
 * (scripts/bench/scaling.ts), through the balancer.
 * (1) One store and two, PAGE_CACHE_MB=0, both clusters up and measured in turn 1, 2, 2, 1, 1, 2:
 * pages served a second (answers below 400), p50/p99, failures, where the CPU went (from /proc),
 * the ceiling the cores allow, and PASS if the pairs' median two/one ≥ 1.5×. (2) Two stores with the
 * page cache on, 8 signed-in shoppers' session cookies in rotation: PASS if p99 < 150 ms. (3) During
 * (2), 20 price changes through the back office's `updateProduct`, each store's product page polled
 * directly every 20 ms: the lag from commit to new price, p50/p99/max per store. About 4 minutes.
 *
 *   npm run bench -- --cluster [--products=N --connections=N --duration=SECONDS --skip-build]
 *
 * Exit code 1 if a check failed, 2 for a wrong option. Client and server share the machine's cores:
 * compare figures of the same run, not with another machine's.
 */
import { runBackupBench } from "./bench/backup";
import { runClusterBench } from "./bench/cluster";
import { runPagesBench } from "./bench/pages";
import { runPinsBench } from "./bench/pins";
import { runScaleBench, type DatabaseKind } from "./bench/scale";
import { buildForBench } from "./bench/server";
import { buildProofApp } from "../tests/setup/production-build";

const USAGE = [
  "Usage: npm run bench -- [--products=N] [--connections=N] [--duration=SECONDS] [--lighthouse-runs=N | --no-lighthouse] [--skip-build]",
  "       npm run bench -- --products A,B[,…] [--databases sqlite,postgres] [--connections=N] [--duration=SECONDS] [--skip-build]",
  "       npm run bench -- --pins",
  "       npm run bench -- --backup [--databases sqlite,postgres]",
  "       npm run bench -- --cluster [--products=N] [--connections=N] [--duration=SECONDS] [--skip-build]",
].join("\n");
const VALUE_OPTIONS = ["products", "databases", "connections", "duration", "lighthouse-runs"] as const;
const FLAGS = ["skip-build", "no-lighthouse", "pins", "backup", "cluster", "help"] as const;

type Args = { values: Partial<Record<(typeof VALUE_OPTIONS)[number], string>>; flags: Set<string> };

function usageError(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

/** `--name=value` or `--name value`, and bare flags. */
function parseArgs(argv: string[]): Args {
  const args: Args = { values: {}, flags: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!match) usageError(`Unexpected argument ${argv[i]}.`);
    const [, name, inline] = match;
    if ((FLAGS as readonly string[]).includes(name) && inline === undefined) {
      args.flags.add(name);
    } else if ((VALUE_OPTIONS as readonly string[]).includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined || value.startsWith("--")) usageError(`--${name} needs a value.`);
      args.values[name as (typeof VALUE_OPTIONS)[number]] = value;
    } else {
      usageError(`Unknown option ${argv[i]}.`);
    }
  }
  return args;
}

function wholeNumber(name: string, text: string): number {
  const value = Number(text.replace(/_/g, ""));
  if (!Number.isInteger(value) || value <= 0) usageError(`--${name} must be a positive whole number (or a list of them), not ${text}.`);
  return value;
}

async function main() {
  const started = Date.now();
  const root = process.cwd();
  const { values, flags } = parseArgs(process.argv.slice(2));
  if (flags.has("help")) {
    console.log(USAGE);
    return;
  }
  const sizes = (values.products ?? "10000").split(",").map((size) => wholeNumber("products", size.trim()));
  const scale = sizes.length > 1;
  const durationS = wholeNumber("duration", values.duration ?? "10");
  const connections = wholeNumber("connections", values.connections ?? (scale ? "20" : "50"));
  let databases: DatabaseKind[] | null = null;
  if (values.databases !== undefined) {
    if (!scale && !flags.has("backup")) usageError("--databases goes with a list of sizes (--products A,B) or --backup.");
    databases = [...new Set(values.databases.split(",").map((d) => d.trim()))].map((d) =>
      d === "sqlite" || d === "postgres" ? d : usageError(`--databases takes sqlite and/or postgres, not ${d}.`),
    );
  }

  // Backup and restore times (issue 46 item 1): alone, no build, no server.
  if (flags.has("backup")) {
    const backupOk = await runBackupBench({ databases });
    console.log(`\nDone in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
    process.exit(backupOk ? 0 : 1);
  }

  // The PIN directory's lookup time (issue 13 item 1): first in every run, and alone with --pins.
  const pinsOk = runPinsBench();
  if (flags.has("pins")) {
    process.exit(pinsOk ? 0 : 1);
  }

  // Issue 49 item 5: one store against two behind the balancer, signed-in p99, invalidation lag.
  if (flags.has("cluster")) {
    if (scale) usageError("--cluster takes one --products size, not a list.");
    if (!flags.has("skip-build")) {
      console.log("Building (BUILD_SUFFIX=benchc)…");
      buildProofApp("benchc");
    }
    const clusterOk = await runClusterBench({
      root,
      products: values.products === undefined ? 2_000 : sizes[0],
      connections,
      durationS: wholeNumber("duration", values.duration ?? "15"),
    });
    console.log(`\nDone in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
    process.exit(clusterOk && pinsOk ? 0 : 1);
  }

  if (!flags.has("skip-build")) {
    console.log("Building (BUILD_SUFFIX=bench)…");
    await buildForBench(root);
  }
  const ok = scale
    ? await runScaleBench({ root, sizes, databases, connections, durationS })
    : await runPagesBench({
        root,
        products: sizes[0],
        connections,
        durationS,
        lighthouseRuns: flags.has("no-lighthouse") ? 0 : wholeNumber("lighthouse-runs", values["lighthouse-runs"] ?? "1"),
      });
  console.log(`\nDone in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  process.exit(ok && pinsOk ? 0 : 1);
}

main().catch((error) => {
  console.error(`Bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
