import crypto from "node:crypto";
import fs from "node:fs";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { DEFAULT_SIZE_KEY } from "~/constants/store";
import { buildProofApp, createProofDatabase, proofServer, type ProofDatabase, type ProofServer } from "../setup/proof-server";
import { ADDRESS } from "../fixtures/address";

/**
 * Hostile-input fuzz (issue 8 item 17, DESIGN.md §16 "Proof"): fast-check generates requests to
 * every form action and every /api/* route of the production build — wrong types, huge and
 * unicode strings, NUL bytes and other control characters, repeated keys, bad and missing content
 * types, multipart (with files), chunked bodies, invalid UTF-8, foreign/null/malformed Origin, bad
 * cookies and token headers, odd methods — with and without a valid session and token (the
 * session is an owner's, so the back office's actions are fuzzed too; issue 12). Each
 * request goes to a server on SQLite and (with TEST_DATABASE_URL) one on PostgreSQL, one at a
 * time, and after each one:
 * - the answer is not a 5xx, and shows no stack trace;
 * - nothing was written (row counts of users, sessions, orders by status, cart lines and their
 *   quantities, payment events) unless the request may write and succeeded: a valid session or
 *   token, sign-up/login, or the simulator's pay page, answered below 400;
 * and at the end each server still answers /healthz and logs a shopper in (API and login form).
 * FUZZ_RUNS sets the number of requests (default 5,000); FUZZ_SEED replays a run.
 */

const SUFFIX = "proof-fuzz";
const RUNS = Number(process.env.FUZZ_RUNS ?? 5_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

const databases: ("sqlite" | "postgres")[] = ["sqlite", ...(process.env.TEST_DATABASE_URL ? (["postgres"] as const) : [])];

type Fixtures = {
  token: string;
  /** `__session=…` of a logged-in browser. */
  cookie: string;
  email: string;
  password: string;
  /** An account the fuzz never touches: the health check logs it in at the end. */
  reserved: { email: string; password: string };
  orderId: string;
  sessionId: string;
};

type Target = { kind: "sqlite" | "postgres"; database: ProofDatabase; server: ProofServer; db: DB; fixtures: Fixtures };

const targets: Target[] = [];
/** Products shared by every target (the demo catalogue is the same everywhere). */
let catalogue: { withColours: { id: string; colours: string[] }; plain: string };

beforeAll(async () => {
  buildProofApp(SUFFIX);
  await Promise.all(
    databases.map(async (kind) => {
      const database = await createProofDatabase(kind);
      const server = await proofServer({
        suffix: SUFFIX,
        database,
        env: {
          ENABLE_COD: "true",
          RATE_LIMIT_LOGIN_FAILURES_PER_MIN: "1000000",
          RATE_LIMIT_ADDRESS_PER_MIN: "1000000",
        },
      });
      const target = { kind, database, server, db: database.open() } as Target;
      targets.push(target);
      await server.start();
      target.fixtures = await makeFixtures(target);
    }),
  );
}, 300_000);

afterAll(async () => {
  for (const target of targets) {
    await target.db.destroy();
    await target.server.stop();
    await target.database.cleanup();
  }
}, 60_000);

describe("hostile input", () => {
  it(`answers ${RUNS} generated requests without a 5xx or an unintended write, and stays healthy`, async () => {
    const findings = new Map<string, { detail: string; originGuard: boolean }>();
    const samples = fc.sample(requestArbitrary(), { numRuns: RUNS, seed: SEED });
    let clientErrors = 0;
    const statuses = new Map<number, number>();
    const timings = new Map<string, [number, number]>();
    const routeStatuses = new Map<string, number>();

    const probe = async (target: Target, request: FuzzRequest) => {
      const label = `${target.kind} ${request.method} ${request.route}`;
      // Remix's own check refuses foreign-Origin page POSTs with a 500 until the request guard of
      // issue 8 item 13 answers 403 first; reported apart so other findings are not lost among them.
      const originGuard = !API_ROUTES.has(request.route) && request.origin !== "none" && request.origin !== "same";
      const before = await rowCounts(target.db);
      const started = performance.now();
      const outcome = await send(target, request);
      const timing = timings.get(request.route) ?? [0, 0];
      timings.set(request.route, [timing[0] + 1, timing[1] + performance.now() - started]);
      const after = await rowCounts(target.db);
      if (outcome.kind === "client-error") {
        clientErrors += 1;
        if (!(await healthy(target))) findings.set(`${label} killed the server`, { detail: `${outcome.error}\n${describeRequest(request)}`, originGuard: false });
        return;
      }
      statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
      const byRoute = `${request.route} ${outcome.status}${request.query ? ` ?${request.query[0]}` : ""}`;
      routeStatuses.set(byRoute, (routeStatuses.get(byRoute) ?? 0) + 1);
      if (outcome.status >= 500) {
        findings.set(`${label} → ${outcome.status}${originGuard ? ` (Origin ${request.origin})` : ""}`, {
          detail: `${outcome.body.slice(0, 200)}\n${describeRequest(request)}`,
          originGuard,
        });
      }
      if (/\n\s+at .+:\d+:\d+\)?\n/.test(outcome.body)) {
        findings.set(`${label} → ${outcome.status} shows a stack trace`, { detail: `${outcome.body.slice(0, 300)}\n${describeRequest(request)}`, originGuard: false });
      }
      const mayWrite = (request.credentials === "valid" || MAY_WRITE_WITHOUT_SESSION.has(request.route)) && outcome.status < 400;
      if (!mayWrite && before !== after) {
        findings.set(`${label} → ${outcome.status} wrote without leave`, { detail: `${before} → ${after}\n${describeRequest(request)}`, originGuard: false });
      }
    };
    // The known cases first, on every server: NUL in a name, a cart key, an address line.
    for (const request of regressions()) await Promise.all(targets.map((target) => probe(target, request)));
    // Each server takes every n-th input on LANES lanes. A request that may write runs alone, so a
    // write is its own; requests that must not write run side by side (any write is a finding).
    await Promise.all(
      targets.map(async (target, t) => {
        const gate = createGate();
        let next = t;
        await Promise.all(
          Array.from({ length: LANES }, async () => {
            while (next < samples.length) {
              const request = samples[next];
              next += targets.length;
              const mayWrite = request.credentials === "valid" || MAY_WRITE_WITHOUT_SESSION.has(request.route);
              await (mayWrite ? gate.exclusive(() => probe(target, request)) : gate.shared(() => probe(target, request)));
            }
          }),
        );
      }),
    );

    console.info(
      `hostile input: ${RUNS} requests over ${targets.map((t) => t.kind).join(" and ")} (FUZZ_SEED=${SEED}); ` +
        `statuses ${JSON.stringify(Object.fromEntries(statuses))}; ${clientErrors} refused by the client`,
    );
    if (process.env.FUZZ_TIMINGS) console.info([...routeStatuses].sort().map(([k, n]) => `${k}: ${n}`).join("\n"));
    if (process.env.FUZZ_TIMINGS) console.info([...timings].map(([k, [n, ms]]) => `${k}: ${n} × ${(ms / n).toFixed(1)} ms`).join("\n"));
    for (const target of targets) {
      expect(await healthy(target), `${target.kind}: /healthz after the fuzz`).toBe(true);
      const login = await fetch(`${target.server.baseUrl}/api/user/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.200" },
        body: JSON.stringify(target.fixtures.reserved),
      });
      expect(login.status, `${target.kind}: a normal login after the fuzz`).toBe(200);
      const pageLogin = await fetch(`${target.server.baseUrl}/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: target.server.baseUrl, "x-forwarded-for": "192.0.2.201" },
        body: new URLSearchParams(target.fixtures.reserved).toString(),
        redirect: "manual",
      });
      expect(pageLogin.status, `${target.kind}: a normal login form after the fuzz`).toBe(303);
      expect(pageLogin.headers.getSetCookie().some((cookie) => cookie.startsWith("__session="))).toBe(true);
    }
    const report = [...findings]
      .sort(([, a], [, b]) => Number(a.originGuard) - Number(b.originGuard))
      .map(([key, { detail }]) => `${key}\n${detail}`);
    if (process.env.FUZZ_REPORT) fs.writeFileSync(process.env.FUZZ_REPORT, report.join("\n\n"));
    expect(report.slice(0, 30), `FUZZ_SEED=${SEED}: ${report.length} findings`).toEqual([]);
  }, 900_000);
});

// ---------------------------------------------------------------------------------------------
// What is generated

type Credentials = "none" | "valid" | "tampered" | "garbage";
type FieldValue = string | number | boolean | null | unknown[] | Record<string, unknown> | { file: string };
type Body =
  | { kind: "none" }
  | { kind: "form"; pairs: [string, FieldValue][]; contentType: string | null }
  | { kind: "multipart"; pairs: [string, FieldValue][] }
  | { kind: "json"; value: unknown; contentType: string | null }
  | { kind: "bytes"; bytes: Uint8Array; contentType: string | null };
type FuzzRequest = {
  route: string;
  method: string;
  /** Path with placeholders: {product}, {colourProduct}, {order}, {session}. */
  path: string;
  /** One more query parameter (a Remix `_data` request, or hostile text), or null. */
  query: [string, string] | null;
  credentials: Credentials;
  garbageCookie: string;
  garbageToken: string;
  origin: "none" | "same" | "foreign" | "null" | "malformed" | "random";
  randomOrigin: string;
  body: Body;
  chunked: boolean;
  extraHeaders: [string, string][];
};

/** Routes whose successful answer may write without a session: sign-up, login, the pay page. */
const MAY_WRITE_WITHOUT_SESSION = new Set(["page login", "page signup", "api register", "api login", "simulator"]);

type RouteSpec = {
  route: string;
  paths: string[];
  api: boolean;
  fields: Record<string, Field>;
  /** Remix route ids a `?_data=` request of these paths names (a fetcher's submission). */
  dataRoutes?: string[];
};

/** A control character, NUL half the time (the one PostgreSQL refuses in text). */
const controlChar = fc.oneof(
  fc.constant("\u0000"),
  fc.integer({ min: 1, max: 0x9f }).filter((c) => c < 0x20 || c >= 0x7f).map((c) => String.fromCharCode(c)),
);
const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom(
    "\u0000",
    "Asha\u0000Rao",
    "\u0007",
    "line\r\nbreak",
    "\u001b[31mred",
    "\u202egnp.exe",
    "\ud800",
    "💥⌚️",
    "'; drop table users; --",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "%00",
    "null",
    "undefined",
    "NaN",
    "-1",
    "1e309",
    "0x10",
    " ",
    "",
  ),
  fc.tuple(fc.string({ maxLength: 8 }), controlChar, fc.string({ maxLength: 8 })).map(([a, c, b]) => a + c + b),
  fc.integer({ min: 1_000, max: 70_000 }).map((n) => "x".repeat(n)),
);
const wrongType: fc.Arbitrary<FieldValue> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

/**
 * A field: its valid values (so a request gets past the other checks), the hostile ones (one with
 * a control character spliced in, hostile text, the wrong JSON type, a file), and any of both.
 */
type Field = { valid: fc.Arbitrary<FieldValue>; bad: fc.Arbitrary<FieldValue>; any: fc.Arbitrary<FieldValue> };

function field(valid: fc.Arbitrary<string>, numeric = false): Field {
  const bad = fc.oneof(
    { arbitrary: fc.tuple(valid, controlChar, fc.nat(6)).map(([v, c, at]) => v.slice(0, at) + c + v.slice(at)), weight: 4 },
    { arbitrary: hostileString, weight: 3 },
    { arbitrary: wrongType, weight: 1 },
    { arbitrary: fc.constant({ file: "file-content" }), weight: 1 },
  );
  const typed = numeric ? valid.map(Number) : valid;
  return { valid: typed, bad, any: fc.oneof({ arbitrary: typed, weight: 1 }, { arbitrary: bad, weight: 1 }) };
}

function fixed(value: FieldValue): Field {
  return { valid: fc.constant(value), bad: wrongType, any: fc.oneof(fc.constant(value), wrongType) };
}

/** Every field valid but one, which is hostile: what reaches the deepest code. */
function oneBad(fields: Record<string, Field>): fc.Arbitrary<Record<string, FieldValue>> {
  const names = Object.keys(fields);
  const valid = fc.record(Object.fromEntries(names.map((name) => [name, fields[name].valid])));
  if (names.length === 0) return valid;
  return fc.constantFrom(...names).chain((name) => fc.tuple(valid, fields[name].bad).map(([base, bad]) => ({ ...base, [name]: bad })));
}

/** Any mix of valid and hostile fields, each maybe missing. */
function anyOf(fields: Record<string, Field>): fc.Arbitrary<Record<string, FieldValue>> {
  return fc.record(Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.any])), { requiredKeys: [] }) as fc.Arbitrary<Record<string, FieldValue>>;
}


function addressFields(): Record<string, Field> {
  return Object.fromEntries(Object.entries(ADDRESS).map(([name, value]) => [name, field(fc.constant(value))]));
}

function routes(): RouteSpec[] {
  const email = fc.oneof(fc.constant("{email}"), fc.noBias(fc.uuid()).map((id) => `fuzz-${id.slice(0, 13)}@example.in`));
  const password = fc.oneof(fc.constant("{password}"), fc.constant("Fuzz-test-correct-pw-123"));
  const itemId = fc.constantFrom("{product}", "{colourProduct}", "no-such-watch");
  const size = fc.constantFrom(DEFAULT_SIZE_KEY, "{colour}", "Purple");
  // 0 removes the line: the path where a NUL key reached PostgreSQL.
  const quantity = fc.oneof(fc.constant("0"), fc.integer({ min: 1, max: 120 }).map(String));
  const orderId = fc.constantFrom("{order}", "CI000000-NOSUCHORDER");
  const item = { _id: field(fc.constant("{product}")), size: field(fc.constant(DEFAULT_SIZE_KEY)), quantity: field(fc.constant("1"), true) };
  const validItems = [{ _id: "{product}", size: DEFAULT_SIZE_KEY, quantity: 1 }];
  const itemsBad = fc.oneof(oneBad(item).map((i) => [i]), fc.array(anyOf(item), { maxLength: 3 }), wrongType) as fc.Arbitrary<FieldValue>;
  const items: Field = { valid: fc.constant(validItems), bad: itemsBad, any: fc.oneof(itemsBad, fc.constant(validItems)) };
  const addressBad = fc.oneof(oneBad(addressFields()), anyOf(addressFields()), wrongType) as fc.Arbitrary<FieldValue>;
  const address: Field = { valid: fc.constant(ADDRESS), bad: addressBad, any: fc.oneof(addressBad, fc.constant(ADDRESS)) };
  const page = (route: string, paths: string[], fields: Record<string, Field>, dataRoutes: string[]): RouteSpec => ({ route, paths, api: false, fields, dataRoutes });
  const api = (route: string, paths: string[], fields: Record<string, Field>): RouteSpec => ({ route, paths, api: true, fields });
  return [
    page("page login", ["/login", "/login?redirectTo=%2Fcart", "/login?redirectTo=%00%0d%0a//evil.example"], { email: field(email), password: field(password) }, ["routes/login"]),
    page("page signup", ["/login?mode=signup", "/login?mode=signup&redirectTo=https%3A%2F%2Fevil.example"], {
      name: field(fc.constant("Asha Rao")),
      email: field(email),
      password: field(password),
      website: field(fc.constant("")),
    }, ["routes/login"]),
    page("page cart", ["/cart", "/cart?pin=560001", "/cart?pin=%00%0d%0a", "/cart?pin=194101"], {
      intent: field(fc.constantFrom("update", "remove")),
      itemId: field(itemId),
      size: field(size),
      quantity: field(quantity),
      enhanced: field(fc.constantFrom("1", "0")),
    }, ["routes/cart"]),
    page("page product", ["/product/{product}", "/product/{colourProduct}", "/product/no-such-watch", "/product/%00", "/product/%E2%80%AE", "/product/{product}?pin=795001", "/product/{product}?pin=%EF%BC%95%00&tab=x"], {
      intent: field(fc.constant("add-to-cart")),
      size: field(size),
    }, ["routes/product.$productId"]),
    page("page place-order", ["/place-order"], {
      ...addressFields(),
      paymentMethod: field(fc.constantFrom("cashfree", "cod", "stripe", "razorpay")),
      idempotencyKey: field(fc.uuid().map((id) => `checkout-${id}`)),
      checkout: field(fc.constantFrom("modal", "redirect")),
      cartLines: field(fc.constantFrom('[["{product}","default",1]]', "[]", "{", '[["{product}","default",1e9]]')),
    }, ["routes/place-order"]),
    page("api delivery", ["/api/delivery?pin=560001&amount=100", "/api/delivery?pin=%00&amount=1e99", "/api/delivery?pin=999999&amount=-5", "/api/delivery"], {}, ["routes/api.delivery"]),
    page("page verify", ["/verify", "/verify?orderId={order}"], { orderId: field(orderId), success: field(fc.constantFrom("true", "false")) }, ["routes/verify"]),
    page("page newsletter", ["/?index", "/"], { intent: field(fc.constant("newsletter")), email: field(email) }, ["routes/_index"]),
    page("page logout", ["/logout"], {}, ["routes/logout"]),
    page("simulator", ["/payments/simulator/session/{session}", "/payments/simulator/session/nosuchsession", "/payments/simulator/link/nosuchlink", "/payments/simulator/%00"], {
      outcome: field(fc.constantFrom("pay", "fail", "drop")),
    }, ["routes/payments.simulator.$"]),
    // The back office (issue 12): the fixture shopper is an owner, so "valid" requests reach every
    // admin action's parsing; everyone else must get a 404. Staff roles are only ever given to
    // unknown emails here (the owner's own session must survive).
    page("admin lists", [
      "/admin",
      "/admin?index",
      "/admin/orders",
      "/admin/orders?status=Packing&from=2026-02-31&to=x&page=99999&q=%00",
      "/admin/products?min=-1&max=abc&page=0&show=%00",
      "/admin/orders/export.csv?from=2026-13-01",
      "/admin/products/export.json",
    ], {}, ["routes/admin", "routes/admin._index", "routes/admin.orders._index", "routes/admin.products._index"]),
    page("admin order", ["/admin/orders/{order}", "/admin/orders/CI000000-NOSUCHORDER", "/admin/orders/%00"], {
      intent: field(fc.constantFrom("status", "cod-paid", "refund", "refresh-refund", "refund-extra", "extra-elsewhere", "nonsense")),
      status: field(fc.constantFrom("Packing", "Shipped", "Cancelled", "Delivered", "Lost")),
      courier: field(fc.constant("Blue Dart")),
      awbNumber: field(fc.constant("BD12345678")),
      trackingUrl: field(fc.constantFrom("https://track.example/BD12345678", "javascript:alert(1)")),
      amount: field(fc.constantFrom("1", "1,000.50", "0", "-5", "99999999999")),
      reference: field(fc.constant("UTR 1234")),
      note: field(fc.constant("Customer asked")),
      via: field(fc.constantFrom("cashfree", "manual")),
      key: field(fc.uuid()),
      refundId: field(fc.constantFrom("RF-1", "")),
      paymentId: field(fc.constantFrom("1", "999")),
    }, ["routes/admin.orders.$orderId"]),
    page("admin product", ["/admin/products/{product}", "/admin/products/no-such-watch", "/admin/products/new"], {
      intent: field(fc.constantFrom("save", "hide", "show", "bestseller-on", "bestseller-off", "nonsense")),
      _id: field(fc.constantFrom("{product}", "fuzz-new-watch", "../etc")),
      name: field(fc.constant("Fuzz Diver")),
      category: field(fc.constantFrom("Men", "Robots")),
      subCategory: field(fc.constant("Casio")),
      price: field(fc.constantFrom("1000", "1,000.50", "-1", "")),
      discount: field(fc.constantFrom("", "1500")),
      description: field(fc.constant("A watch.")),
      features: field(fc.constant("Quartz\nSteel")),
      movement: field(fc.constant("Quartz")),
      strapMaterial: field(fc.constant("")),
      colours: field(fc.constant("")),
      bestseller: field(fc.constantFrom("on", "")),
      sold: field(fc.constantFrom("0", "-3")),
      image: field(fc.constantFrom("/images/watch/fuzz.svg", "https://evil.example/x.png")),
      video: field(fc.constant("")),
      videoPoster: field(fc.constant("")),
      upload: field(fc.constant("not a picture")),
    }, ["routes/admin.products.$productId", "routes/admin.products.new"]),
    page("admin import", ["/admin/products/import"], { file: field(fc.constantFrom("{", '[{"_id":1}]')) }, ["routes/admin.products.import"]),
    page("admin staff", ["/admin/staff"], {
      intent: field(fc.constantFrom("grant", "remove")),
      email: field(fc.noBias(fc.uuid()).map((id) => `fuzz-nobody-${id.slice(0, 8)}@example.in`)),
      role: field(fc.constantFrom("owner", "staff", "admin")),
    }, ["routes/admin.staff"]),
    page("admin delivery", ["/admin/delivery", "/admin/delivery?pin=560001&amount=30000", "/admin/delivery?pin=%00&amount=1e99"], {
      processingMin: field(fc.constantFrom("1", "1", "1", "5", "1.5")),
      processingMax: field(fc.constant("2")),
      metroMin: field(fc.constant("2")),
      metroMax: field(fc.constant("3")),
      metroCod: field(fc.constantFrom("on", "")),
      restMin: field(fc.constant("4")),
      restMax: field(fc.constant("5")),
      remoteMin: field(fc.constant("7")),
      remoteMax: field(fc.constant("9")),
      metroPlaces: field(fc.constantFrom("Delhi\nBengaluru", "Delhi\nBengaluru", "Bangalore")),
      remoteStates: field(fc.constantFrom("Ladakh", "Atlantis")),
      unserviceable: field(fc.constantFrom("", "683594, Leh", "999999")),
      codMax: field(fc.constantFrom("25000", "25,000", "₹1,00,00,000")),
      holidays: field(fc.constantFrom("2026-11-08 Diwali", "2026-11-08 Diwali", "2026-13-01", "2026-02-30")),
    }, ["routes/admin.delivery"]),
    // Problem reports (issue 14 item 3): the shopper's form (the fixture order is not delivered, so
    // only refusals), the private video route, and the back office's answer form and list.
    page("page report", ["/orders/{order}/report", "/orders/CI000000-NOSUCHORDER/report", "/orders/%00/report"], {
      kind: field(fc.constantFrom("damaged", "wrong", "lost")),
      description: field(fc.constantFrom("The glass is cracked.", "")),
      videoLink: field(fc.constantFrom("", "https://videos.example/unboxing", "javascript:alert(1)")),
      video: field(fc.constantFrom("", "not a video")),
    }, ["routes/orders_.$orderId_.report"]),
    page("report video", ["/report-videos/rp_000000000000000000000000", "/report-videos/%00", "/report-videos/..%2Fstore.db"], {}, ["routes/report-videos.$reportId"]),
    page("admin reports", ["/admin/reports", "/admin/reports/rp_000000000000000000000000", "/admin/reports/%00"], {
      answer: field(fc.constantFrom("Sorry, a replacement is on its way.", "")),
    }, ["routes/admin.reports._index", "routes/admin.reports.$reportId"]),
    api("api register", ["/api/user/register"], { name: field(fc.constant("Asha Rao")), email: field(email), password: field(password) }),
    api("api login", ["/api/user/login"], { email: field(email), password: field(password) }),
    api("api logout", ["/api/user/logout"], {}),
    api("api cart get", ["/api/cart/get"], { userId: field(fc.constant("1")) }),
    api("api cart add", ["/api/cart/add"], { itemId: field(itemId), size: field(size) }),
    api("api cart update", ["/api/cart/update"], { itemId: field(itemId), size: field(size), quantity: field(quantity, true) }),
    api("api order place", ["/api/order/place"], { address, items, amount: field(fc.constant("1"), true) }),
    api("api order cashfree", ["/api/order/cashfree"], { address, items, amount: field(fc.constant("1"), true), returnUrl: field(fc.constantFrom("{base}/verify", "https://evil.example/")) }),
    api("api order link", ["/api/order/cashfreeLink"], { address, items, returnUrl: field(fc.constantFrom("{base}/verify", "javascript:alert(1)")) }),
    api("api verify cashfree", ["/api/order/verifyCashfree"], { orderId: field(orderId) }),
    api("api verify stripe", ["/api/order/verifyStripe"], { orderId: field(orderId), success: field(fc.constantFrom("true", "false")) }),
    api("api user orders", ["/api/order/userorders"], {}),
    api("api order detail", ["/api/order/detail"], { orderId: field(orderId) }),
    api("api products", ["/api/product/listproduct"], {}),
    api("api webhook", ["/api/webhooks/cashfree"], {
      type: field(fc.constantFrom("PAYMENT_SUCCESS_WEBHOOK", "PAYMENT_LINK_EVENT")),
      data: fixed({ order: { order_id: "{order}", order_amount: 1 }, payment: { cf_payment_id: "1", payment_status: "SUCCESS", payment_amount: 1 } }),
    }),
  ];
}

/**
 * Requests that answered 500 on PostgreSQL before plain-text fields refused control characters
 * (issue 8 item 17): NUL in a sign-up name (page and API), in a cart key (page remove, API
 * update to 0), in an order's address line and item key.
 */
function regressions(): FuzzRequest[] {
  const base = { method: "POST", query: null, credentials: "valid" as const, garbageCookie: "", garbageToken: "", origin: "same" as const, randomOrigin: "", chunked: false, extraHeaders: [] };
  const nul = "Asha\u0000Rao";
  const email = () => `fuzz-nul-${crypto.randomBytes(5).toString("hex")}@example.in`;
  const json = (value: unknown) => ({ kind: "json" as const, value, contentType: "application/json" });
  const form = (pairs: [string, FieldValue][]) => ({ kind: "form" as const, pairs, contentType: "application/x-www-form-urlencoded" });
  return [
    { ...base, route: "api register", path: "/api/user/register", credentials: "none", body: json({ name: nul, email: email(), password: "Fuzz-test-correct-pw-123" }) },
    { ...base, route: "page signup", path: "/login?mode=signup", credentials: "none", body: form([["name", nul], ["email", email()], ["password", "Fuzz-test-correct-pw-123"]]) },
    { ...base, route: "page cart", path: "/cart", body: form([["intent", "remove"], ["itemId", "{product}"], ["size", "de\u0000fault"]]) },
    { ...base, route: "page cart", path: "/cart", body: form([["intent", "remove"], ["itemId", "{product}"], ["size", "de\u0000fault"], ["enhanced", "1"]]) },
    { ...base, route: "api cart update", path: "/api/cart/update", body: json({ itemId: "{product}", size: "de\u0000fault", quantity: 0 }) },
    { ...base, route: "api order place", path: "/api/order/place", body: json({ address: { ...ADDRESS, street: nul }, items: [{ _id: "{product}", size: DEFAULT_SIZE_KEY, quantity: 1 }] }) },
    { ...base, route: "api order place", path: "/api/order/place", body: json({ address: ADDRESS, items: [{ _id: "{product}", size: "de\u0000fault", quantity: 1 }] }) },
  ];
}

const API_ROUTES = new Set(routes().filter((spec) => spec.api).map((spec) => spec.route));

function requestArbitrary(): fc.Arbitrary<FuzzRequest> {
  const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).filter((c) => c !== 0x7f).map((c) => String.fromCharCode(c)), maxLength: 60 });
  const contentType = fc.oneof(
    fc.constant(null),
    fc.constantFrom(
      "application/x-www-form-urlencoded",
      "application/json",
      "text/plain",
      "multipart/form-data",
      "multipart/form-data; boundary=nope",
      "application/json; charset=utf-16",
      "application/x-www-form-urlencoded; charset=shift_jis",
      "application/vnd.api+json",
      "text/html",
    ),
    headerText,
  );
  return fc.oneof(
    ...routes().map((spec) => {
      const names = Object.keys(spec.fields);
      const repeated = fc.oneof(
        { arbitrary: fc.constant([] as [string, FieldValue][]), weight: 3 },
        { arbitrary: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...(names.length ? names : ["x"])), hostileString), field(fc.constant("repeat")).any), { maxLength: 3 }), weight: 1 },
      );
      const pairs: fc.Arbitrary<[string, FieldValue][]> = fc
        .tuple(fc.oneof({ arbitrary: oneBad(spec.fields), weight: 4 }, { arbitrary: anyOf(spec.fields), weight: 1 }), repeated)
        .map(([base, extra]) => [...Object.entries(base), ...extra] as [string, FieldValue][]);
      const body: fc.Arbitrary<Body> = fc.oneof(
        { arbitrary: spec.api ? pairs.map((p) => ({ kind: "json" as const, value: Object.fromEntries(p), contentType: "application/json" })) : pairs.map((p) => ({ kind: "form" as const, pairs: p, contentType: "application/x-www-form-urlencoded" })), weight: 6 },
        { arbitrary: pairs.map((p) => ({ kind: "multipart" as const, pairs: p })), weight: 2 },
        { arbitrary: fc.tuple(pairs, contentType).map(([p, type]) => ({ kind: "form" as const, pairs: p, contentType: type })), weight: 2 },
        { arbitrary: fc.tuple(fc.jsonValue({ maxDepth: 3 }), contentType).map(([value, type]) => ({ kind: "json" as const, value, contentType: type })), weight: 2 },
        { arbitrary: fc.tuple(fc.uint8Array({ maxLength: 300 }), contentType).map(([bytes, type]) => ({ kind: "bytes" as const, bytes, contentType: type })), weight: 1 },
        { arbitrary: fc.constant({ kind: "none" as const }), weight: 1 },
      );
      return fc.record({
        route: fc.constant(spec.route),
        method: fc.oneof({ arbitrary: fc.constant(spec.route === "api products" ? "GET" : "POST"), weight: 9 }, { arbitrary: fc.constantFrom("PUT", "PATCH", "DELETE", "GET"), weight: 1 }),
        path: fc.constantFrom(...spec.paths),
        query: fc.oneof(
          { arbitrary: fc.constant(null), weight: 6 },
          { arbitrary: fc.tuple(fc.constantFrom("orderId", "redirectTo", "mode", "success", "q", "index"), hostileString.map((v) => v.slice(0, 2_000))), weight: 1 },
          { arbitrary: fc.tuple(fc.constant("_data"), fc.constantFrom(...(spec.dataRoutes ?? ["root", "nonsense"]))), weight: 1 },
        ),
        credentials: fc.constantFrom<Credentials>("none", "valid", "tampered", "garbage"),
        garbageCookie: headerText,
        garbageToken: headerText,
        origin: fc.oneof(
          { arbitrary: fc.constantFrom<FuzzRequest["origin"]>("none", "same"), weight: 6 },
          { arbitrary: fc.constantFrom<FuzzRequest["origin"]>("foreign", "null", "malformed", "random"), weight: 1 },
        ),
        randomOrigin: headerText,
        body,
        chunked: fc.boolean(),
        extraHeaders: fc.array(
          fc.oneof(
            fc.constant<[string, string]>(["sec-fetch-site", "cross-site"]),
            fc.constant<[string, string]>(["accept", "application/json"]),
            fc.tuple(fc.constant("x-forwarded-for"), headerText),
            fc.tuple(fc.constant("idempotency-key"), headerText),
            fc.tuple(fc.constant("content-length"), fc.constantFrom("0", "999999999", "-1", "abc")),
            fc.tuple(fc.constant("x-webhook-signature"), headerText),
            fc.tuple(fc.constant("x-webhook-timestamp"), fc.constantFrom(String(Date.now()), "0", "abc")),
          ),
          { maxLength: 2 },
        ),
      }) as fc.Arbitrary<FuzzRequest>;
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Sending

/** Requests in flight per server. */
const LANES = 3;

/** A readers–writer gate: `exclusive` runs alone, `shared` runs beside other shared work; writers go first. */
function createGate() {
  let readers = 0;
  let writer = false;
  let waitingWriters = 0;
  let waiters: (() => void)[] = [];
  const wake = () => {
    const woken = waiters;
    waiters = [];
    for (const resume of woken) resume();
  };
  /** Waits until `take` succeeds; `take` checks and claims in one synchronous step. */
  const acquire = async (take: () => boolean) => {
    while (!take()) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  return {
    async shared<T>(work: () => Promise<T>): Promise<T> {
      await acquire(() => {
        if (writer || waitingWriters > 0) return false;
        readers += 1;
        return true;
      });
      try {
        return await work();
      } finally {
        readers -= 1;
        wake();
      }
    },
    async exclusive<T>(work: () => Promise<T>): Promise<T> {
      waitingWriters += 1;
      await acquire(() => {
        if (writer || readers > 0) return false;
        writer = true;
        waitingWriters -= 1;
        return true;
      });
      try {
        return await work();
      } finally {
        writer = false;
        wake();
      }
    },
  };
}

type Outcome = { kind: "answer"; status: number; body: string } | { kind: "client-error"; error: string };

async function send(target: Target, request: FuzzRequest): Promise<Outcome> {
  const base = target.server.baseUrl;
  const f = target.fixtures;
  const fill = (text: string) =>
    text
      .replaceAll("{product}", catalogue.plain)
      .replaceAll("{colourProduct}", catalogue.withColours.id)
      .replaceAll("{colour}", catalogue.withColours.colours[0])
      .replaceAll("{order}", f.orderId)
      .replaceAll("{session}", f.sessionId)
      .replaceAll("{email}", f.email)
      .replaceAll("{password}", f.password)
      .replaceAll("{base}", base);
  const deep = (value: unknown): unknown =>
    typeof value === "string"
      ? fill(value)
      : Array.isArray(value)
        ? value.map(deep)
        : value && typeof value === "object"
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deep(v)]))
          : value;

  const headers = new Headers();
  // Logging out the fixture's session would spoil every later "valid" request: use a dead copy.
  const credentials = request.credentials === "valid" && /logout/.test(request.route) ? "tampered" : request.credentials;
  if (credentials === "valid") {
    headers.set("cookie", f.cookie);
    headers.set("token", f.token);
  } else if (credentials === "tampered") {
    headers.set("cookie", tamper(f.cookie));
    headers.set("token", tamper(f.token));
  } else if (credentials === "garbage") {
    headers.set("cookie", request.garbageCookie);
    headers.set("token", request.garbageToken);
  }
  const origin = { none: null, same: base, foreign: "https://evil.example", null: "null", malformed: "http://[::1", random: request.randomOrigin }[request.origin];
  if (origin !== null) headers.set("origin", origin);

  let payload: Uint8Array | FormData | null = null;
  const body = request.body;
  if (body.kind === "form") {
    const params = new URLSearchParams();
    for (const [name, value] of body.pairs) params.append(fill(name), formText(deep(value)));
    payload = new TextEncoder().encode(params.toString());
    if (body.contentType !== null) headers.set("content-type", body.contentType);
  } else if (body.kind === "multipart") {
    const form = new FormData();
    for (const [name, value] of body.pairs) {
      const filled = deep(value);
      if (filled && typeof filled === "object" && "file" in filled) form.append(fill(name), new Blob([String(filled.file)]), "upload.txt");
      else form.append(fill(name), formText(filled));
    }
    payload = form;
  } else if (body.kind === "json") {
    payload = new TextEncoder().encode(JSON.stringify(deep(body.value)) ?? "");
    if (body.contentType !== null) headers.set("content-type", body.contentType);
  } else if (body.kind === "bytes") {
    payload = body.bytes;
    if (body.contentType !== null) headers.set("content-type", body.contentType);
  }
  for (const [name, value] of request.extraHeaders) {
    // A lying Content-Length would only make the client hang or fail; undici refuses to set it.
    if (name !== "content-length") headers.set(name, value);
  }

  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, redirect: "manual", signal: AbortSignal.timeout(30_000) };
  if (payload !== null && request.method !== "GET") {
    if (request.chunked && payload instanceof Uint8Array) {
      const bytes = payload;
      init.body = new ReadableStream<Uint8Array>({
        start(controller) {
          const half = Math.floor(bytes.length / 2);
          controller.enqueue(bytes.slice(0, half));
          controller.enqueue(bytes.slice(half));
          controller.close();
        },
      });
      init.duplex = "half";
    } else {
      init.body = payload as BodyInit;
    }
  }
  try {
    let url = base + fill(request.path);
    if (request.query) url += `${url.includes("?") ? "&" : "?"}${encodeURIComponent(request.query[0])}=${encodeURIComponent(request.query[1])}`;
    const response = await fetch(url, init);
    return { kind: "answer", status: response.status, body: await response.text() };
  } catch (error) {
    return { kind: "client-error", error: String((error as Error).cause ?? error) };
  }
}

function formText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "file" in value) return String((value as { file: unknown }).file);
  return JSON.stringify(value) ?? "";
}

function tamper(text: string): string {
  if (!text) return "x";
  const at = Math.floor(text.length / 2);
  return text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
}

function describeRequest(request: FuzzRequest): string {
  return JSON.stringify(request, (_key, value) =>
    typeof value === "string" && value.length > 120 ? `${value.slice(0, 60)}…(${value.length} chars)` : value instanceof Uint8Array ? `<${value.length} bytes>` : value,
  ).slice(0, 1500);
}

async function rowCounts(db: DB): Promise<string> {
  const { rows } = await sql<Record<string, unknown>>`select
      (select count(*) from users) as users,
      (select count(*) from sessions) as sessions,
      (select count(*) from cart_lines) as cart_lines,
      (select coalesce(sum(quantity), 0) from cart_lines) as quantity,
      (select count(*) from payment_events) as events,
      (select count(*) from orders where payment_status = 'PENDING') as pending,
      (select count(*) from orders where payment_status = 'PAID') as paid,
      (select count(*) from orders where payment_status = 'FAILED') as failed,
      (select count(*) from orders) as orders`.execute(db);
  return Object.entries(rows[0]).map(([name, value]) => `${name}=${Number(value)}`).join(" ");
}

async function healthy(target: Target): Promise<boolean> {
  try {
    const response = await fetch(`${target.server.baseUrl}/healthz`, { signal: AbortSignal.timeout(10_000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Fixtures

async function makeFixtures(target: Target): Promise<Fixtures> {
  const base = target.server.baseUrl;
  const rows = await target.db.selectFrom("products").select(["id", "colours"]).orderBy("id").execute();
  const withColours = rows.find((row) => (JSON.parse(row.colours) as string[]).length > 0)!;
  catalogue ??= {
    withColours: { id: withColours.id, colours: JSON.parse(withColours.colours) as string[] },
    plain: rows.find((row) => (JSON.parse(row.colours) as string[]).length === 0)!.id,
  };
  const api = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(base + path, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.1", ...(token ? { token } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (response.status !== 200) throw new Error(`fixture ${path} answered ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const random = crypto.randomBytes(6).toString("hex");
  const shopper = { name: "Fuzz Shopper", email: `fuzz-${random}@example.in`, password: `Fuzz-test-${random}-pw` };
  const reserved = { email: `fuzz-reserved-${random}@example.in`, password: `Fuzz-reserved-${random}-pw` };
  const { token } = (await api("/api/user/register", shopper)) as { token: string };
  // The fixture shopper is also the store's owner (issue 12), so the fuzz reaches the back office's
  // actions; the role goes on before the login below, whose session is then a staff session.
  await target.db.updateTable("users").set({ role: "owner" }).where("email", "=", shopper.email).execute();
  await api("/api/user/register", { name: "Reserved Shopper", ...reserved });
  await api("/api/cart/update", { itemId: catalogue.plain, size: DEFAULT_SIZE_KEY, quantity: 1 }, token);
  await api("/api/cart/update", { itemId: catalogue.withColours.id, size: catalogue.withColours.colours[0], quantity: 2 }, token);
  const created = (await api(
    "/api/order/cashfree",
    {
      address: ADDRESS,
      items: [
        { _id: catalogue.plain, size: DEFAULT_SIZE_KEY, quantity: 1 },
        { _id: catalogue.withColours.id, size: catalogue.withColours.colours[0], quantity: 2 },
      ],
    },
    token,
  )) as { order: { order_id: string; payment_session_id: string } };

  const login = await fetch(`${base}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ email: shopper.email, password: shopper.password }).toString(),
    redirect: "manual",
  });
  const cookie = (login.headers.getSetCookie().find((c) => c.startsWith("__session=")) ?? "").split(";")[0];
  if (login.status !== 303 || !cookie) throw new Error(`fixture login answered ${login.status}`);
  return {
    token,
    cookie,
    email: shopper.email,
    password: shopper.password,
    reserved,
    orderId: created.order.order_id,
    sessionId: created.order.payment_session_id,
  };
}
