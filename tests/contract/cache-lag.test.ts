import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { CATALOGUE_LISTEN_APPLICATION } from "~/db/catalogue-listen.server";
import { markCatalogueChanged } from "~/db/products.server";
import { formatPaise } from "~/lib/money";
import { buildProofApp, createProofDatabase, proofServer, type ProofDatabase, type ProofServer } from "../setup/proof-server";

/**
 * Issue 49 item 2, measured: "A price … change is visible on every process's pages within 1 s (p99
 * measured under load, not once at rest), and no stale page is served after that." Two production
 * servers (remix-serve, page cache on) on one fresh PostgreSQL database, under a background load of
 * anonymous page GETs on both; CHANGES price changes of one watch are committed on the database the
 * way the store writes them (the row and `markCatalogueChanged` in one transaction, on a Kysely
 * handle of this file's own), and both servers' product page is polled every POLL_MS until the new
 * price shows: the lag is from just before that transaction began to the answer that showed it
 * (an upper bound). The p99 of the lags must be under 1 s, and once a server has shown a price, no
 * answer to a request sent after that — poll or load — may show an older one. Then the servers'
 * LISTEN connections are killed with `pg_terminate_backend`: each drops its pages, listens again
 * on a new backend, and the next change still shows within 1 s. The second server's listener
 * connects through DATABASE_LISTEN_URL (named otherwise in its query), the first's through DATABASE_URL. Needs TEST_DATABASE_URL.
 * docs/decisions/1021-no-stale-page.md records the figures.
 */

const SUFFIX = "cachea";
/** This file's servers take their ports here (helper A's range), not the proof tests' 3400–3499. */
const PORTS: [number, number] = [3700, 3749];
const CHANGES = 50;
/** The bound, ms. */
const WITHIN_MS = 1_000;
const POLL_MS = 20;
/** How long a server is watched after it first shows a price, for an answer that goes back, ms. */
const WATCH_AFTER_MS = 300;
/** Beyond this a poll stops and the test fails: the price never showed, ms. */
const GIVE_UP_MS = 10_000;
const LOAD_LOOPS_PER_SERVER = 4;
/** The pause after a change has shown (and been watched) before the next, ms. */
const BETWEEN_CHANGES_MS = 300;
/** The product's own price (PriceBlock's data-testid="price"), as the shopper reads it. */
const PRICE = /data-testid="price"[\s\S]*?(₹[\d,]+(?:\.\d\d)?)/;

type Answer = { server: number; url: string; sentAt: number; at: number; status: number; cache: string | null; price: string | null };

let database: ProofDatabase | undefined;
let db: DB | undefined;
const servers: ProofServer[] = [];
/** Every answer for the watched product's page, from the pollers and the load alike. */
const answers: Answer[] = [];
let watched = "";
let quiet = "";
let others: string[] = [];
let basePaise = 0;

async function fetchPage(server: number, url: string): Promise<Answer> {
  const sentAt = Date.now();
  const response = await fetch(`${servers[server].baseUrl}${url}`, { signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  return { server, url, sentAt, at: Date.now(), status: response.status, cache: response.headers.get("x-page-cache"), price: PRICE.exec(text)?.[1] ?? null };
}

/**
 * The second server's DATABASE_LISTEN_URL: the same database, its connection named otherwise, so
 * pg_stat_activity shows that the listener connects where the setting says (issue 49 item 3).
 */
const LISTEN_NAME_B = "cache-lag-b-listen";

/** The LISTEN connections on the test database, by name (the listener's own, or B's from its URL): pid and name. */
async function listenConnections(): Promise<{ pid: number; name: string }[]> {
  const client = new pg.Client({ connectionString: database!.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number; name: string }>(
      "select pid, application_name as name from pg_stat_activity where datname = current_database() and application_name in ($1, $2) order by application_name",
      [CATALOGUE_LISTEN_APPLICATION, LISTEN_NAME_B],
    );
    return rows;
  } finally {
    await client.end();
  }
}

/** The pids of listenConnections. */
async function listenBackends(): Promise<number[]> {
  return (await listenConnections()).map((row) => row.pid);
}

/** Sets the watched product's price the way the store's writes do: the row and the catalogue's version in one transaction. */
async function setPrice(paise: number): Promise<void> {
  await db!.transaction().execute(async (trx) => {
    await trx.updateTable("products").set({ price_paise: paise }).where("id", "=", watched).execute();
    await markCatalogueChanged(trx);
  });
}

/** Polls `server`'s page of the watched product until it shows `price`, then WATCH_AFTER_MS more; answers when it first showed. */
async function pollUntilShown(server: number, price: string, since: number): Promise<number> {
  let shownAt: number | null = null;
  for (;;) {
    const answer = await fetchPage(server, `/product/${watched}`);
    answers.push(answer);
    if (shownAt === null && answer.price === price) shownAt = answer.at;
    if (shownAt !== null && Date.now() - shownAt >= WATCH_AFTER_MS) return shownAt;
    if (shownAt === null && Date.now() - since > GIVE_UP_MS) throw new Error(`server ${server}: ${price} not shown after ${GIVE_UP_MS} ms (last: ${answer.price})`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The nearest-rank percentile `p` (0–100) of `values`. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("a price change on every process's pages within 1 s under load (issue 49 item 2)", () => {
  beforeAll(async () => {
    buildProofApp(SUFFIX);
    database = await createProofDatabase("postgres");
    // One after the other: the first migrates and seeds the demo catalogue; the second reads it.
    for (const seed of ["true", "false"]) {
      const listen: Record<string, string> = seed === "false" ? { DATABASE_LISTEN_URL: `${database.url}?application_name=${LISTEN_NAME_B}` } : {};
      const server = await proofServer({ suffix: SUFFIX, database, ports: PORTS, env: { SEED_DEMO_CATALOGUE: seed, LOG_LEVEL: "warn", ...listen } });
      servers.push(server);
      await server.start();
    }
    db = database.open();
    const shown = await db.selectFrom("products").select(["id", "price_paise"]).where("hidden", "=", 0).orderBy("id").limit(6).execute();
    expect(shown).toHaveLength(6);
    [watched, quiet, ...others] = shown.map((row) => row.id);
    basePaise = Number(shown[0].price_paise);
    expect(basePaise).toBeGreaterThan(CHANGES * 100);
  }, 300_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await db?.destroy();
    await database?.cleanup();
  }, 60_000);

  it(`${CHANGES} price changes show on both servers within 1 s (p99) under load, and none goes back`, async () => {
    const priceOf = (k: number) => formatPaise(basePaise - k * 100);
    // Every page the load asks for is cached; the watched product's page among them, so renders race the changes.
    const loadUrls = ["/", "/collection", "/collection?category=Men", "/collection/luxury", "/about", `/product/${watched}`, ...others.map((id) => `/product/${id}`)];
    const load = { stop: false, answers: 0, hits: 0, states: {} as Record<string, number>, failures: [] as string[] };
    const loops = servers.flatMap((_, server) =>
      Array.from({ length: LOAD_LOOPS_PER_SERVER }, async (_unused, loop) => {
        for (let i = loop; !load.stop; i++) {
          const url = loadUrls[i % loadUrls.length];
          try {
            const answer = await fetchPage(server, url);
            load.answers++;
            if (answer.cache === "HIT") load.hits++;
            load.states[answer.cache ?? "none"] = (load.states[answer.cache ?? "none"] ?? 0) + 1;
            if (answer.status !== 200) load.failures.push(`${url}: ${answer.status}`);
            if (url === `/product/${watched}`) answers.push(answer);
          } catch (error) {
            load.failures.push(`${url}: ${(error as Error).message}`);
          }
        }
      }),
    );

    const lags: number[] = [];
    /** Per server, when each change was first shown (k → ms since epoch). */
    const shownAt: Map<number, number>[] = servers.map(() => new Map());
    try {
      // The load runs a second before the first change: every page is stored and hit.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      for (let k = 1; k <= CHANGES; k++) {
        const since = Date.now();
        await setPrice(basePaise - k * 100);
        const shown = await Promise.all(servers.map((_, server) => pollUntilShown(server, priceOf(k), since)));
        shown.forEach((at, server) => {
          shownAt[server].set(k, at);
          lags.push(at - since);
        });
        // About one change a second: the load reads the new pages from the cache for a while before the next.
        await new Promise((resolve) => setTimeout(resolve, BETWEEN_CHANGES_MS));
      }
    } finally {
      load.stop = true;
      await Promise.all(loops);
    }

    // Once a server showed change k, no answer to a request sent after that shows an older price.
    const indexOf = new Map(Array.from({ length: CHANGES + 1 }, (_, k) => [priceOf(k), k]));
    const wentBack = answers.flatMap((answer) => {
      const k = indexOf.get(answer.price ?? "");
      if (k === undefined) return [`server ${answer.server}: ${answer.price} is no price of the test`];
      const newer = [...shownAt[answer.server]].filter(([j, at]) => j > k && at < answer.sentAt).map(([j]) => j);
      return newer.length > 0 ? [`server ${answer.server}: ${answer.price} (change ${k}) answered to a request sent after change ${Math.max(...newer)} showed`] : [];
    });

    const figures = { changes: CHANGES, lags: lags.length, p50: percentile(lags, 50), p99: percentile(lags, 99), max: Math.max(...lags), loadAnswers: load.answers, loadHitShare: Number((load.hits / load.answers).toFixed(2)), loadStates: load.states, watchedAnswers: answers.length };
    console.log(`cache lag under load (ms): ${JSON.stringify(figures)}; every lag, sorted: ${JSON.stringify([...lags].sort((a, b) => a - b))}`);
    expect(load.failures.slice(0, 5)).toEqual([]);
    expect(wentBack.slice(0, 5)).toEqual([]);
    // The load was answered from the cache (else the lag would say nothing about it).
    expect(load.hits / load.answers).toBeGreaterThan(0.5);
    expect(lags).toHaveLength(CHANGES * servers.length);
    expect(figures.p99).toBeLessThan(WITHIN_MS);
  }, 120_000);

  it("a LISTEN connection killed with pg_terminate_backend: each server drops its pages at once, listens again on a new backend, and still shows a change within 1 s", async () => {
    const page = `/product/${quiet}`;
    for (const server of servers.keys()) {
      await fetchPage(server, page);
      expect((await fetchPage(server, page)).cache).toBe("HIT");
    }
    // A listens on DATABASE_URL (the listener's name), B where its DATABASE_LISTEN_URL says.
    expect((await listenConnections()).map((row) => row.name)).toEqual([LISTEN_NAME_B, CATALOGUE_LISTEN_APPLICATION]);
    const before = await listenBackends();
    const admin = new pg.Client({ connectionString: database!.url });
    await admin.connect();
    try {
      await admin.query("select pg_terminate_backend(pid) from unnest($1::int[]) as pid", [before]);
    } finally {
      await admin.end();
    }

    // Dropped at once: the page renders again while no LISTEN connection is back yet (the listener waits 1 s
    // before reconnecting, and the catalogue did not change, so nothing else ends a page 2 s old).
    for (const server of servers.keys()) {
      for (let polls = 0; ; polls++) {
        const answer = await fetchPage(server, page);
        if (answer.cache === "MISS") break;
        expect(answer.cache).toBe("HIT");
        expect(polls).toBeLessThan(200);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      expect(await listenBackends()).toEqual([]);
    }

    await expect.poll(listenBackends, { timeout: 10_000 }).toHaveLength(2);
    const after = await listenBackends();
    expect(after.filter((pid) => before.includes(pid))).toEqual([]);

    const since = Date.now();
    await setPrice(basePaise - (CHANGES + 1) * 100);
    const shown = await Promise.all(servers.map((_, server) => pollUntilShown(server, formatPaise(basePaise - (CHANGES + 1) * 100), since)));
    console.log(`after the LISTEN connections came back (ms): ${JSON.stringify(shown.map((at) => at - since))}`);
    for (const at of shown) expect(at - since).toBeLessThan(WITHIN_MS);
    // Neither server crashed on the killed connection.
    for (const server of servers) expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  }, 60_000);
});
