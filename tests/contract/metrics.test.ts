import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { parse as parseYaml } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS } from "../fixtures/address";
import { freePort, startContractServer, type ContractServer } from "../setup/contract-server";
import { createProofDatabase, proofServer } from "../setup/proof-server";

/**
 * `/metrics` of the production server (issue 46 item 3; docs/decisions/1002-metrics.md): only with
 * `Authorization: Bearer $METRICS_TOKEN` (else the store's own 404 page); process metrics; and
 * after a known run of requests — page views, a 404, a page-cache miss and hits, a rate-limited
 * login, a cash-on-delivery order and two online orders paid and failed on the simulator — every
 * counter moved by exactly what the run made, counted here independently as it was sent.
 * The example alert rules (docs/alerts/store-alerts.yml) parse, and name only metrics the store
 * exposes. Builds `build-mt` first unless CONTRACT_SKIP_BUILD=1.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const TOKEN = "metrics-test-token-0123456789abcdef";
const FORM = "application/x-www-form-urlencoded";

/** One sample of the text format: its name and labels as one key (`name{a="1",b="2"}`, labels sorted). */
type Samples = Map<string, number>;

/** Parses Prometheus' text exposition format (prom-client's): `name{labels} value` lines; comments skipped. */
function parseExposition(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels = [...(match[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map(([, name, value]) => `${name}="${value}"`).sort();
    samples.set(labels.length > 0 ? `${match[1]}{${labels.join(",")}}` : match[1], Number(match[3]));
  }
  return samples;
}

/** The key of a sample (see Samples). */
function key(name: string, labels: Record<string, string> = {}): string {
  const parts = Object.entries(labels)
    .map(([label, value]) => `${label}="${value}"`)
    .sort();
  return parts.length > 0 ? `${name}{${parts.join(",")}}` : name;
}

/** What moved between two scrapes, for the samples of `name` (sample key → increase), zeros left out. */
function moved(before: Samples, after: Samples, name: string): Record<string, number> {
  const deltas: Record<string, number> = {};
  for (const [sample, value] of after) {
    if (sample !== name && !sample.startsWith(`${name}{`)) continue;
    const delta = value - (before.get(sample) ?? 0);
    if (delta !== 0) deltas[sample] = delta;
  }
  return deltas;
}

async function until<T>(what: string, read: () => Promise<T> | T, ok: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let server: ContractServer;

beforeAll(async () => {
  // Mail goes to an SMTP port nobody listens on: every order email fails once and waits to retry.
  server = await startContractServer(
    { METRICS_TOKEN: TOKEN, SMTP_URL: `smtp://127.0.0.1:${await freePort() /* nobody listens there */}`, ENABLE_COD: "true", RATE_LIMIT_LOGIN_FAILURES_PER_MIN: "5" },
    { buildSuffix: "mt" },
  );
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe("/metrics (issue 46 item 3)", () => {
  it("without the token, with a wrong one, or on a store without METRICS_TOKEN: the store's own 404 page", async () => {
    const notFound = await fetch(`${server.baseUrl}/no-such-page-metrics-test`);
    const notFoundPage = await notFound.text();
    expect(notFound.status).toBe(404);
    const title = /<title>([^<]*)<\/title>/.exec(notFoundPage)?.[1];
    expect(title).toBeTruthy();
    for (const authorization of [undefined, "Bearer wrong-token-0123456789abcdef", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, TOKEN]) {
      const response = await fetch(`${server.baseUrl}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(response.status, authorization).toBe(404);
      expect(response.headers.get("content-type"), authorization).toMatch(/^text\/html/);
      expect(/<title>([^<]*)<\/title>/.exec(await response.text())?.[1], authorization).toBe(title);
    }
    const bare = await startContractServer({ METRICS_TOKEN: "" }, { buildSuffix: "mt", skipBuild: true });
    try {
      for (const authorization of [undefined, `Bearer ${TOKEN}`, "Bearer ", "Bearer undefined"]) {
        const response = await fetch(`${bare.baseUrl}/metrics`, { headers: authorization ? { authorization } : {} });
        expect(response.status, authorization).toBe(404);
        expect(/<title>([^<]*)<\/title>/.exec(await response.text())?.[1], authorization).toBe(title);
      }
    } finally {
      await bare.stop();
    }
  }, 120_000);

  it("with the token: Prometheus' text format, no-store, process metrics and every store metric", async () => {
    const response = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    const samples = parseExposition(text);
    for (const name of ["process_cpu_seconds_total", "process_resident_memory_bytes", "process_start_time_seconds", "nodejs_eventloop_lag_seconds", "nodejs_heap_size_used_bytes"]) {
      expect(samples.has(name), name).toBe(true);
    }
    for (const name of STORE_METRICS) expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, "m"));
  });

  it("after a known run, each counter moved by exactly what the run made", async () => {
    /** Requests this test sent (and the simulator's webhooks they caused), by route id, method and status. */
    const sent = new Map<string, number>();
    const count = (route: string, method: string, status: number) => {
      const sample = key("store_http_requests_total", { route, method, status: String(status) });
      sent.set(sample, (sent.get(sample) ?? 0) + 1);
    };
    const scrape = async (): Promise<Samples> => {
      const response = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(200);
      const samples = parseExposition(await response.text());
      count("guard/metrics", "GET", 200);
      return samples;
    };
    const send = async (route: string, target: string, init: RequestInit = {}) => {
      const response = await fetch(`${server.baseUrl}${target}`, { redirect: "manual", ...init });
      const text = await response.text();
      count(route, init.method ?? "GET", response.status);
      return { status: response.status, headers: response.headers, text };
    };
    const api = (route: string, target: string, body: unknown, token?: string, headers: Record<string, string> = {}) =>
      send(route, target, { method: "POST", headers: { "content-type": "application/json", ...(token ? { token } : {}), ...headers }, body: JSON.stringify(body) });

    const db = new Database(server.databaseFile, { readonly: true, fileMustExist: true });
    try {
      // The page cache knows the catalogue's tag once a page is served from it (before the run).
      await until("the page cache serves", () => fetch(`${server.baseUrl}/faqs`).then((r) => r.headers.get("x-page-cache")), (state) => state === "MISS" || state === "HIT");
      const product = db
        .prepare("select id, price_paise from products where hidden = 0 and stock >= 10 and colours = '[]' order by price_paise, id limit 1")
        .get() as { id: string; price_paise: number };
      expect(product).toBeDefined();
      const ordersOf = () => db.prepare("select id, payment_status, stock_state from orders order by id").all() as { id: string; payment_status: string; stock_state: string | null }[];
      const outboxOf = () => db.prepare("select id, attempts, sent_at, failed_at from outbox").all() as { id: number; attempts: number; sent_at: number | null; failed_at: number | null }[];
      expect(ordersOf()).toEqual([]);

      const before = await scrape();

      // Three views of a public page: the first renders it (a miss), two are answered from memory.
      const views = [];
      for (let i = 0; i < 3; i += 1) views.push((await send("routes/about", "/about")).headers.get("x-page-cache"));
      expect(views).toEqual(["MISS", "HIT", "HIT"]);
      // A page that does not exist.
      expect((await send("routes/$", "/no-such-watch-anywhere")).status).toBe(404);
      // Six failed logins of one account within a minute: five wrong passwords, then refused.
      const logins = [];
      for (let i = 0; i < 6; i += 1) logins.push((await api("routes/api.user.login", "/api/user/login", { email: "nobody-metrics@example.in", password: "wrong-password-42!" })).status);
      expect(logins).toEqual([401, 401, 401, 401, 401, 429]);

      // A cash-on-delivery order and two online orders, each by a new shopper.
      const body = { address: ADDRESS, items: [{ _id: product.id, size: "default", quantity: 1, price: 1 }], amount: 1 };
      let orders = 0;
      const order = async (target: string) => {
        orders += 1;
        const registered = await api("routes/api.user.register", "/api/user/register", { name: "Asha Rao", email: `metrics-${orders}-${Date.now()}@example.in`, password: "metrics-Pa55word-zebra" });
        expect(registered.status).toBe(200);
        const token = (JSON.parse(registered.text) as { token: string }).token;
        expect((await api("routes/api.cart.add", "/api/cart/add", { itemId: product.id, size: "default" }, token)).status).toBe(200);
        const answer = await api(target === "/api/order/place" ? "routes/api.order.place" : "routes/api.order.cashfree", target, body, token, { "idempotency-key": `metrics-order-${orders}-${Date.now()}` });
        expect(answer.status, answer.text).toBe(200);
        return JSON.parse(answer.text) as { orderId?: string; order?: { payment_session_id: string; order_id: string } };
      };
      const cod = await order("/api/order/place");
      const paid = await order("/api/order/cashfree");
      const failed = await order("/api/order/cashfree");

      // Two unpaid online orders hold their units; the cash-on-delivery one is not a hold.
      const holding = await scrape();
      expect(holding.get("store_stock_holds_open")).toBe(2);
      expect(holding.get("store_stock_hold_oldest_age_seconds")).toBeGreaterThanOrEqual(0);
      expect(holding.get("store_stock_hold_oldest_age_seconds")).toBeLessThan(120);

      // The simulator's hosted page: one paid, one failed; each sends its webhook to the store.
      for (const [session, outcome] of [
        [paid.order!.payment_session_id, "pay"],
        [failed.order!.payment_session_id, "fail"],
      ] as const) {
        const answer = await send("routes/payments.simulator.$", `/payments/simulator/session/${encodeURIComponent(session)}`, {
          method: "POST",
          headers: { origin: server.baseUrl, accept: "application/json", "content-type": FORM },
          body: `outcome=${outcome}`,
        });
        expect(answer.status, answer.text).toBe(200);
        count("routes/api.webhooks.cashfree", "POST", 200);
      }
      await until(
        "the webhooks settle the orders",
        () => ordersOf().map((row) => [row.id, row.payment_status]),
        (rows) => JSON.stringify(rows) === JSON.stringify([[cod.orderId, "PENDING"], [paid.order!.order_id, "PAID"], [failed.order!.order_id, "FAILED"]].sort()),
      );
      // Every order email (the orders', the payment's) tried once against the dead SMTP port.
      const emails = await until("every email tried once", outboxOf, (rows) => rows.length > 0 && rows.every((row) => row.attempts === 1 && row.sent_at === null && row.failed_at === null));

      // The last scrape: wait until the webhooks' own requests are counted (each scrape counted too).
      const webhooks = key("store_http_requests_total", { route: "routes/api.webhooks.cashfree", method: "POST", status: "200" });
      const after = await until("the webhooks are counted", scrape, (samples) => (samples.get(webhooks) ?? 0) - (before.get(webhooks) ?? 0) >= 2);
      sent.set(key("store_http_requests_total", { route: "guard/metrics", method: "GET", status: "200" }), (sent.get(key("store_http_requests_total", { route: "guard/metrics", method: "GET", status: "200" })) ?? 1) - 1);

      expect(moved(before, after, "store_http_requests_total")).toEqual(Object.fromEntries([...sent].filter(([, n]) => n > 0).sort()));
      // The histogram counts the same requests.
      const durations = moved(before, after, "store_http_request_duration_seconds_count");
      expect(Object.fromEntries(Object.entries(durations).map(([sample, n]) => [sample.replace("store_http_request_duration_seconds_count", "store_http_requests_total"), n]))).toEqual(
        Object.fromEntries([...sent].filter(([, n]) => n > 0).sort()),
      );
      expect(moved(before, after, "store_page_cache_requests_total")).toEqual({ [key("store_page_cache_requests_total", { outcome: "miss" })]: 1, [key("store_page_cache_requests_total", { outcome: "hit" })]: 2 });
      expect(moved(before, after, "store_page_cache_renders_total")).toEqual({ store_page_cache_renders_total: 1 });
      expect(after.get("store_page_cache_entries")).toBe((before.get("store_page_cache_entries") ?? 0) + 1);
      expect(after.get("store_page_cache_bytes")).toBeGreaterThan(before.get("store_page_cache_bytes") ?? 0);
      expect(moved(before, after, "store_rate_limit_refusals_total")).toEqual({ [key("store_rate_limit_refusals_total", { limit: "login" })]: 1 });
      expect(moved(before, after, "store_payments_total")).toEqual({ [key("store_payments_total", { outcome: "paid" })]: 1, [key("store_payments_total", { outcome: "failed" })]: 1 });
      // The outbox: every email of the run failed once and waits out its back-off (60 s); none due, none given up.
      expect(after.get("store_outbox_retrying_emails")).toBe(emails.length);
      expect(after.get("store_outbox_failed_attempts")).toBe(emails.length);
      expect(after.get("store_outbox_due_emails")).toBe(0);
      expect(after.get("store_outbox_oldest_due_age_seconds")).toBe(0);
      expect(after.get("store_outbox_failed_emails")).toBe(0);
      // Paid and failed orders hold nothing any more; no refund is owed.
      expect(after.get("store_stock_holds_open")).toBe(0);
      for (const reason of ["extra_payment", "unconfirmed", "return_received"]) expect(after.get(key("store_refunds_due", { reason })), reason).toBe(0);
    } finally {
      db.close();
    }
  }, 120_000);
});

describe("one shopper request is one request, its page-cache render included (issue 46 items 2, 3)", () => {
  it("the render carries the shopper request's X-Request-Id (TRUST_PROXY off), logged at debug as render:true; one info line, one count", async () => {
    const database = await createProofDatabase("sqlite");
    const store = await proofServer({ suffix: "mt", database, env: { LOG_LEVEL: "debug", METRICS_TOKEN: TOKEN, TRUST_PROXY: "" } });
    try {
      await store.start();
      await until("the page cache serves", () => fetch(`${store.baseUrl}/faqs`).then((r) => r.headers.get("x-page-cache")), (state) => state === "MISS" || state === "HIT");
      // No trusted proxy: the store makes the shopper request's id, and its render keeps it.
      const miss = await fetch(`${store.baseUrl}/about`, { headers: { "x-request-id": "forged-by-a-client" } });
      expect(miss.headers.get("x-page-cache")).toBe("MISS");
      const id = miss.headers.get("x-request-id")!;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      await miss.text();
      const lines = () =>
        store
          .output()
          .split("\n")
          .filter((line) => line.startsWith("{"))
          .map((line) => JSON.parse(line) as { level: string; msg: string; requestId?: string; render?: boolean; path?: string; status?: number });
      const requests = await until("both request lines are written", () => lines().filter((line) => line.msg === "request" && line.requestId === id), (found) => found.length >= 2);
      expect(requests.map(({ level, path: target, status, render }) => ({ level, path: target, status, render }))).toEqual([
        { level: "debug", path: "/about", status: 200, render: true },
        { level: "info", path: "/about", status: 200, render: undefined },
      ]);
      const scraped = parseExposition(await (await fetch(`${store.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text());
      expect(scraped.get(key("store_http_requests_total", { route: "routes/about", method: "GET", status: "200" }))).toBe(1);
    } finally {
      await store.stop();
      await database.cleanup();
    }
  }, 120_000);
});

describe("the example alert rules (docs/alerts/store-alerts.yml)", () => {
  /** Metrics of Prometheus itself that a rule may name: `up` (the scrape answered). */
  const PROMETHEUS_METRICS = new Set(["up"]);
  /** PromQL words that look like metric names: functions, aggregations, keywords. */
  const PROMQL_WORDS = new Set([
    "sum", "rate", "increase", "max", "min", "avg", "count", "by", "without", "on", "ignoring", "and", "or", "unless", "clamp_min", "clamp_max",
    "histogram_quantile", "max_over_time", "min_over_time", "absent", "delta", "le", "group_left", "group_right", "bool", "offset",
  ]);

  it("parse as Prometheus rule groups, each rule with alert, expr, for, labels.severity and annotations", () => {
    const file = parseYaml(fs.readFileSync(path.join(ROOT, "docs/alerts/store-alerts.yml"), "utf8")) as { groups: { name: string; rules: Record<string, unknown>[] }[] };
    expect(Array.isArray(file.groups)).toBe(true);
    const alerts = file.groups.flatMap((group) => {
      expect(typeof group.name).toBe("string");
      expect(group.rules.length).toBeGreaterThan(0);
      return group.rules;
    });
    for (const rule of alerts) {
      expect(Object.keys(rule).every((field) => ["alert", "expr", "for", "labels", "annotations"].includes(field)), JSON.stringify(rule)).toBe(true);
      expect(rule.alert).toMatch(/^[A-Z][A-Za-z0-9]+$/);
      expect(typeof rule.expr).toBe("string");
      if (rule.for !== undefined) expect(rule.for).toMatch(/^\d+[smhd]$/);
      expect(["page", "ticket"]).toContain((rule.labels as { severity?: string }).severity);
      expect(typeof (rule.annotations as { summary?: unknown }).summary).toBe("string");
    }
    const names = new Set(alerts.map((rule) => rule.alert));
    expect(names.size).toBe(alerts.length);
    // What the issue asks alerts for: the 5xx rate, the outbox's age, refunds due, the backup's age.
    for (const metric of ["store_http_requests_total", "store_outbox_oldest_due_age_seconds", "store_refunds_due_oldest_age_seconds", "store_backup_newest_age_seconds"]) {
      expect(alerts.some((rule) => String(rule.expr).includes(metric)), metric).toBe(true);
    }
  });

  // Prometheus' own checker, where it is installed (Debian's `prometheus` package ships promtool).
  const promtool = spawnSync("promtool", ["--version"]).status === 0;
  it.skipIf(!promtool)("pass `promtool check rules` (PromQL parses, templates expand)", () => {
    const check = spawnSync("promtool", ["check", "rules", path.join(ROOT, "docs/alerts/store-alerts.yml")], { encoding: "utf8" });
    expect(check.status, `${check.stdout}${check.stderr}`).toBe(0);
    expect(check.stdout).toMatch(/SUCCESS: \d+ rules found/);
  });

  it("name only metrics a scrape of the store shows", async () => {
    const file = parseYaml(fs.readFileSync(path.join(ROOT, "docs/alerts/store-alerts.yml"), "utf8")) as { groups: { rules: { expr: string }[] }[] };
    const text = await (await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const exposed = new Set([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, name, type]) => (type === "histogram" ? [name, `${name}_bucket`, `${name}_sum`, `${name}_count`] : [name])));
    for (const { expr } of file.groups.flatMap((group) => group.rules)) {
      // Metric names: identifiers outside label matchers, strings and durations.
      const bare = expr.replace(/\{[^}]*\}/g, "").replace(/"[^"]*"/g, "").replace(/\[[^\]]*\]/g, "").replace(/\bby \([^)]*\)/g, "");
      const names = [...bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)].map(([name]) => name).filter((name) => !PROMQL_WORDS.has(name) && !/^\d/.test(name));
      expect(names.length, expr).toBeGreaterThan(0);
      for (const name of names) {
        if (PROMETHEUS_METRICS.has(name)) continue;
        expect(exposed.has(name), `${name} (in ${expr.trim()})`).toBe(true);
      }
    }
  });
});

/** Every store metric the scrape must declare (docs/decisions/1002-metrics.md). */
const STORE_METRICS = [
  "store_http_requests_total",
  "store_http_request_duration_seconds",
  "store_page_cache_requests_total",
  "store_page_cache_renders_total",
  "store_page_cache_bytes",
  "store_page_cache_entries",
  "store_payments_total",
  "store_rate_limit_refusals_total",
  "store_outbox_due_emails",
  "store_outbox_oldest_due_age_seconds",
  "store_outbox_retrying_emails",
  "store_outbox_failed_emails",
  "store_outbox_failed_attempts",
  "store_refunds_due",
  "store_refunds_due_oldest_age_seconds",
  "store_stock_holds_open",
  "store_stock_hold_oldest_age_seconds",
  // The backups' own (decision 1001).
  "store_backup_newest_age_seconds",
];
