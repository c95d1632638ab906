/**
 * `npm run bench`: how fast the production server answers, on this machine, over loopback.
 *
 * 1. builds the app into build-bench/ (BUILD_SUFFIX=bench, so other builds are left alone);
 * 2. creates a throwaway SQLite database and imports a generated catalogue of 10,000 products
 *    through the store's own import path (importCatalogue);
 * 3. starts remix-serve on a free loopback port (SEED_DEMO_CATALOGUE=false) and waits for /healthz;
 * 4. for the home page, a filtered collection page, a product page and a static file of the same
 *    server (the reference), measures HTML bytes (raw and gzipped), the gzipped JavaScript the page
 *    loads (its module scripts and modulepreload links) and, with autocannon, requests/s and p50/p99
 *    latency (50 connections, 10 s each, `accept-encoding: gzip` like a browser);
 * 5. checks that a collection page carries only its own products (≤ 25), never the catalogue;
 * 6. stops the server and deletes the database. Exit code 1 if a check failed.
 *
 * Options: --skip-build (reuse build-bench/), --duration=SECONDS, --connections=N, --products=N.
 * Client and server share the machine's cores; compare pages with the static file of the same run.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { generateDemoCatalogue } from "~/db/demo-catalogue";
import { createDatabase, migrateToLatest } from "~/db/db.server";
import { PAGE_SIZE } from "~/lib/constants";
import { importCatalogue } from "~/services/catalogue.server";

const SUFFIX = "bench";
const COLLECTION_PATH = "/collection?category=Men&brand=Casio&sort=low-high&page=2";
/** A collection page above this size would suggest it carries more than its own products. */
const COLLECTION_HTML_LIMIT = 300 * 1024;

function option(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = arg ? Number(arg.split("=")[1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

const DURATION_S = option("duration", 10);
const CONNECTIONS = option("connections", 50);
const PRODUCTS = option("products", 10_000);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, server: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${base}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${base}/healthz within ${timeoutMs / 1000} s`);
}

type PageFigures = {
  label: string;
  path: string;
  status: number;
  htmlBytes: number;
  htmlGzip: number;
  jsGzip: number | null;
  jsFiles: number;
  productLinks: number | null;
};

const gzipSize = (bytes: Buffer) => zlib.gzipSync(bytes, { level: 6 }).length;

/** The JavaScript files a page loads: module script src, `import "…"` in inline modules, modulepreload links. */
function scriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(m[0]);
    if (href) urls.add(href[1]);
  }
  for (const script of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const m of script[1].matchAll(/(?:import|from)\s*"([^"]+\.js)"/g)) urls.add(m[1]);
  }
  return [...urls];
}

async function measurePage(base: string, label: string, pagePath: string, isHtml: boolean): Promise<PageFigures> {
  const response = await fetch(base + pagePath, { headers: { "accept-encoding": "identity" } });
  const body = Buffer.from(await response.arrayBuffer());
  const figures: PageFigures = {
    label,
    path: pagePath,
    status: response.status,
    htmlBytes: body.length,
    htmlGzip: gzipSize(body),
    jsGzip: null,
    jsFiles: 0,
    productLinks: null,
  };
  if (isHtml) {
    const html = body.toString("utf8");
    const urls = scriptUrls(html);
    let total = 0;
    for (const url of urls) {
      const js = await fetch(new URL(url, base));
      total += gzipSize(Buffer.from(await js.arrayBuffer()));
    }
    figures.jsGzip = total;
    figures.jsFiles = urls.length;
    figures.productLinks = new Set([...html.matchAll(/href="\/product\/([^"?#]+)/g)].map((m) => m[1])).size;
  }
  return figures;
}

type LoadFigures = { rps: number; p50: number; p99: number; non2xx: number; errors: number; timeouts: number };

async function load(url: string): Promise<LoadFigures> {
  // A short warm-up, then the measured run.
  await autocannon({ url, connections: 10, duration: 2, headers: { "accept-encoding": "gzip" } });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: { "accept-encoding": "gzip" } });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: Math.max(0, result.errors - result.timeouts),
    timeouts: result.timeouts,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ")).join("\n");
}

async function main() {
  const started = Date.now();
  const root = process.cwd();
  if (!process.argv.includes("--skip-build")) {
    console.log("Building (BUILD_SUFFIX=bench)…");
    try {
      execFileSync(path.join(root, "node_modules/.bin/remix"), ["build"], {
        stdio: ["ignore", "ignore", "pipe"],
        env: { ...process.env, BUILD_SUFFIX: SUFFIX, NODE_ENV: "production" },
      });
    } catch (error) {
      console.error(String((error as { stderr?: Buffer }).stderr ?? error));
      throw new Error("the build failed");
    }
  }
  const serverBuild = path.join(root, `build-${SUFFIX}`, "index.js");
  if (!fs.existsSync(serverBuild)) throw new Error(`${serverBuild} is missing; run without --skip-build`);

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "store-bench-"));
  const databaseUrl = `file:${path.join(tmp, "store.db")}`;
  let server: ChildProcess | undefined;
  const serverLog: string[] = [];
  let failed = false;
  try {
    console.log(`Importing ${PRODUCTS.toLocaleString("en-IN")} generated products into a throwaway SQLite database…`);
    const db = createDatabase(databaseUrl);
    await migrateToLatest(db);
    const imported = await importCatalogue(db, generateDemoCatalogue(PRODUCTS));
    await db.destroy();
    if (!imported.ok) throw new Error(`the generated catalogue is invalid: ${JSON.stringify(imported.errors.slice(0, 3))}`);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn(path.join(root, "node_modules/.bin/remix-serve"), [serverBuild], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        SEED_DEMO_CATALOGUE: "false",
        SESSION_SECRET: "bench-session-secret-not-for-production",
        PUBLIC_URL: base,
        BACKEND_URL: "",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    server.stderr?.on("data", (chunk: Buffer) => {
      serverLog.push(chunk.toString());
      if (serverLog.length > 50) serverLog.shift();
    });
    await waitForHealth(base, server);

    const listResponse = await fetch(`${base}/api/product/listproduct`);
    const list = (await listResponse.json()) as { products?: { _id: string }[] };
    const productId = list.products?.[0]?._id;
    if (!productId) throw new Error("the store answered no products");
    const stylesheet = /<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/.exec(await (await fetch(base + "/")).text())?.[1];

    const targets: { label: string; path: string; html: boolean }[] = [
      { label: "home", path: "/", html: true },
      { label: "collection", path: COLLECTION_PATH, html: true },
      { label: "product", path: `/product/${productId}`, html: true },
      { label: "static (reference)", path: "/favicon.svg", html: false },
    ];

    const pages: PageFigures[] = [];
    const loads: LoadFigures[] = [];
    for (const target of targets) {
      pages.push(await measurePage(base, target.label, target.path, target.html));
      process.stdout.write(`Load: ${target.path} (${CONNECTIONS} connections, ${DURATION_S} s)…\n`);
      loads.push(await load(base + target.path));
    }

    const reference = loads[loads.length - 1].rps || 1;
    const rows = [
      ["page", "status", "req/s", "vs static", "p50 ms", "p99 ms", "HTML", "HTML gz", "JS gz (files)", "product links"],
      ...pages.map((p, i) => [
        `${p.label}  ${p.path}`,
        String(p.status),
        loads[i].rps.toFixed(0),
        `${((loads[i].rps / reference) * 100).toFixed(0)}%`,
        String(loads[i].p50),
        String(loads[i].p99),
        kb(p.htmlBytes),
        kb(p.htmlGzip),
        p.jsGzip === null ? "–" : `${kb(p.jsGzip)} (${p.jsFiles})`,
        p.productLinks === null ? "–" : String(p.productLinks),
      ]),
    ];
    console.log("");
    console.log(`Catalogue: ${PRODUCTS.toLocaleString("en-IN")} products; listproduct JSON ${kb(Number(listResponse.headers.get("content-length") ?? 0) || JSON.stringify(list).length)}`);
    if (stylesheet) {
      const css = Buffer.from(await (await fetch(new URL(stylesheet, base))).arrayBuffer());
      console.log(`Stylesheet: ${stylesheet} ${kb(css.length)} (${kb(gzipSize(css))} gzipped)`);
    }
    console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per page, loopback, client and server on the same ${os.cpus().length} cores`);
    console.log("");
    console.log(table(rows));
    console.log("");

    const problems: string[] = [];
    pages.forEach((p, i) => {
      if (p.status !== 200) problems.push(`${p.path} answered ${p.status}`);
      if (loads[i].non2xx > 0 || loads[i].errors > 0) problems.push(`${p.path}: ${loads[i].non2xx} non-2xx answers and ${loads[i].errors} errors under load`);
      if (loads[i].timeouts > 0) console.log(`NOTE: ${p.path}: ${loads[i].timeouts} requests waited over 10 s (is the machine busy?)`);
    });
    const collection = pages[1];
    const carriesOnlyItsPage = collection.productLinks !== null && collection.productLinks <= PAGE_SIZE && collection.htmlBytes <= COLLECTION_HTML_LIMIT;
    console.log(
      `${carriesOnlyItsPage ? "PASS" : "FAIL"}: the collection page carries ${collection.productLinks} product links (at most ${PAGE_SIZE}) in ${kb(collection.htmlBytes)} of HTML (at most ${kb(COLLECTION_HTML_LIMIT)}), not the ${PRODUCTS.toLocaleString("en-IN")}-product catalogue.`,
    );
    if (!carriesOnlyItsPage) problems.push("the collection page carries more than its own products");
    for (const problem of problems) console.log(`FAIL: ${problem}`);
    failed = problems.length > 0;
    console.log(`\nDone in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  } catch (error) {
    failed = true;
    console.error(`Bench failed: ${error instanceof Error ? error.message : String(error)}`);
    if (serverLog.length) console.error(`Server said:\n${serverLog.join("")}`);
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      server.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (server.exitCode === null) server.kill("SIGKILL");
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(`Bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
