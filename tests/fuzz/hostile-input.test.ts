import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { REPORT_POSTS_PER_HOUR } from "~/constants/problem-reports";
import { DEFAULT_SIZE_KEY } from "~/constants/store";
import { DEFAULT_DELIVERY_RULES } from "~/schemas/delivery";
import { gstRatesOn } from "~/lib/gst";
import { istDate } from "~/lib/admin-format";
import { gstinCheckChar } from "~/schemas/gstin";
import { PROOF_SERVER_CWD, buildProofApp, createProofDatabase, proofServer, type ProofDatabase, type ProofServer } from "../setup/proof-server";
import { ADDRESS } from "../fixtures/address";
import { checkServerLog } from "../setup/server-log";

/**
 * Hostile-input fuzz (issue 8 item 17, issue 21 item 4; DESIGN.md §16 "Proof"): fast-check
 * generates requests to every form action and every /api/* route of the production build — wrong
 * types, huge and unicode strings, NUL bytes and other control characters, repeated keys, bad and
 * missing content types, multipart (with files), chunked bodies, invalid UTF-8, foreign/null/
 * malformed Origin, bad cookies and token headers, odd methods — with and without a valid session
 * and token (the session is an owner's, so the back office's actions are fuzzed too; issue 12).
 * Among them: the owner's store settings, the checkout's GSTIN and business name, the catalogue
 * import's file upload, and the problem-report form. The form takes a shopper's own delivered
 * order and counts REPORT_POSTS_PER_HOUR posts a shopper, so before the fuzz up to MAX_REPORTERS
 * shoppers each get a cash-on-delivery order shipped and delivered, and the report posts take them
 * in turn: the posts reach the multipart parsing (one or two video parts, text parts over the 16 KB
 * cap, the video before the text, truncated bodies, a missing final boundary, wrong content types).
 * The review form (POST /product/:id/review, issue 23 item 2) is posted with the session of a
 * shopper whose order of the watch was delivered, so a valid review is written (and taken away
 * again after the request, so the form stays open); the back office's moderation form
 * (/admin/reviews) publishes or rejects a pending review the fuzz keeps waiting (put back to
 * pending after each request that moderated it). Issue 43 (items 4 and 5) adds the newsletter's
 * confirmation and unsubscribe links (GET and the one-click POST), the language switch
 * (`/language?to=`), non-ASCII redirect targets on every form and link that takes one, tokens,
 * ids and queries with a NUL or bytes that are not UTF-8, and bodies with such bytes spliced in
 * (forms and Store API JSON alike), beside the complaint and declaration forms already fuzzed.
 *
 * Every generated request goes to every server — one on SQLite and (with TEST_DATABASE_URL) one
 * on PostgreSQL, the two side by side — so an input that only one database refuses is found on
 * the same seed. Each server takes the requests on three lanes; a request that may write, or posts
 * to the report form, runs alone on its server. After each one:
 * - the answer is not a 5xx, and shows no stack trace;
 * - nothing was written (row counts of users, sessions, orders by payment status, cart lines and
 *   their quantities, payment events, order events, audit rows, outbox emails, invoices, problem
 *   reports, reviews by status and the products' review counts, products and their prices; the
 *   store settings' and catalogue's change stamps) unless
 *   the request may write and succeeded: a valid session or token, sign-up/login, or the
 *   simulator's pay page, answered below 400;
 * - after a post to the report form, nothing it added to the report-videos folder's `incoming/`
 *   (app/config/media.server.ts) is still there half a second after the answer.
 * After a request that ran alone, the fixtures are put back outside the counted window: an open
 * problem report is closed (so the form stays open), an emptied cart is filled again (so checkout
 * goes on past "your cart is empty"), the reviewer's reviews are deleted and the moderation
 * fixture's review is pending again. At the end each server still answers /healthz and logs a
 * shopper in (API and login form), and each server's log is JSON lines with no stack for an
 * answer below 500 and every 5xx's error line carrying its request id and stack (issue 46 item 2).
 *
 * The seed is fixed (CI_SEED), so CI sends the same requests every run; FUZZ_SEED picks another and
 * FUZZ_RUNS the number of requests (default 2,000, each to both servers: about the wall time the
 * 5,000 requests split between the two servers took before). The seed, run count and databases are
 * printed first; a finding names the seed, the request's index (FUZZ_RUNS=index+1 replays up to
 * it) and the request.
 */

/** The seed CI runs. */
const CI_SEED = 20261125;
const SUFFIX = "proof-fuzz";
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
const SEED = Number(process.env.FUZZ_SEED ?? CI_SEED);
if (!Number.isSafeInteger(SEED) || !Number.isSafeInteger(RUNS) || RUNS < 1) throw new Error(`FUZZ_SEED and FUZZ_RUNS must be integers (got ${process.env.FUZZ_SEED}, ${process.env.FUZZ_RUNS})`);

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
  userId: number;
};

/** A shopper with a cash-on-delivery order delivered just now, which the problem-report form takes. */
type Reporter = { cookie: string; token: string; orderId: string };

type Target = {
  kind: "sqlite" | "postgres";
  database: ProofDatabase;
  server: ProofServer;
  db: DB;
  fixtures: Fixtures;
  /** The server's private folder of report videos (app/config/media.server.ts `reportVideoDir`). */
  reportVideos: string;
  /** Shoppers whose report posts the form counts (REPORT_POSTS_PER_HOUR each), made before the fuzz. */
  reporters: Reporter[];
  /** Report posts sent so far with a reporter's session: the next goes to reporter ⌊n / REPORT_POSTS_PER_HOUR⌋. */
  reportPosts: number;
  /** The shopper whose session posts the review form (a delivered order of {product}), made before the fuzz. */
  reviewer: Reporter & { userId: number };
  /** A pending review of {product} by another shopper, which the moderation form's {review} names. */
  moderated: { reviewId: string };
};

const targets: Target[] = [];
/**
 * Products shared by every target (the demo catalogue is the same everywhere): one with colours,
 * one without, and both as the Store API lists them (a valid catalogue file for the import).
 */
let catalogue: { withColours: { id: string; colours: string[] }; plain: string; listed: Record<string, unknown>[] };
/** The fixture shopper's cart as made, refilled when a request empties it: [product, size, quantity]. */
let fixtureCart: [string, string, number][];

beforeAll(async () => {
  console.log(`hostile-input fuzz: seed ${SEED}, runs ${RUNS}, databases ${databases.join(" and ")} (FUZZ_SEED and FUZZ_RUNS choose others)`);
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
      const target = { kind, database, server, db: database.open(), reportVideos: reportVideoDirOf(database), reporters: [], reportPosts: 0 } as unknown as Target;
      targets.push(target);
      await server.start();
      target.fixtures = await makeFixtures(target);
    }),
  );
}, 300_000);

afterAll(async () => {
  for (const target of targets) {
    // On PostgreSQL the videos live in the checkout's data/ folder: remove the ones this run stored.
    const stored = await target.db.selectFrom("problem_reports").select("video_file").where("video_file", "is not", null).execute().catch(() => []);
    for (const { video_file } of stored) if (video_file) fs.rmSync(path.join(target.reportVideos, path.basename(video_file)), { force: true });
    await target.db.destroy();
    await target.server.stop();
    await target.database.cleanup();
  }
}, 60_000);

describe("hostile input", () => {
  it(`answers ${RUNS} generated requests on every server without a 5xx, an unintended write or a left upload, and stays healthy`, async () => {
    const findings = new Map<string, { detail: string; originGuard: boolean; times: number }>();
    const found = (key: string, detail: string, originGuard = false) => {
      const known = findings.get(key);
      if (known) known.times += 1;
      else findings.set(key, { detail, originGuard, times: 1 });
    };
    const samples = fc.sample(requestArbitrary(), { numRuns: RUNS, seed: SEED });
    // The report form counts REPORT_POSTS_PER_HOUR posts a shopper (issue 21): enough delivered
    // shoppers (at most MAX_REPORTERS) that the posts of this run reach the form's parsing.
    const reportPosts = samples.filter(isReportPost).length;
    const reporters = Math.min(MAX_REPORTERS, Math.max(1, Math.ceil(reportPosts / REPORT_POSTS_PER_HOUR)));
    await Promise.all(targets.map(async (target) => (target.reporters = await Promise.all(Array.from({ length: reporters }, () => makeReporter(target))))));
    // Issue 23 item 2: a shopper who may review {product}, and a review waiting for moderation.
    await Promise.all(
      targets.map(async (target) => {
        target.reviewer = await makeReviewer(target);
        target.moderated = await makeModeratedReview(target);
      }),
    );
    let clientErrors = 0;
    const statuses = new Map<number, number>();
    const timings = new Map<string, [number, number]>();
    const routeStatuses = new Map<string, number>();

    /** `index`: the request's place in the seed's samples (null for the regressions); `alone`: nothing else runs on this server. */
    const probe = async (target: Target, request: FuzzRequest, index: number | null, alone: boolean) => {
      const label = `${target.kind} ${request.method} ${request.route}`;
      // Remix's own check refuses foreign-Origin page POSTs with a 500 until the request guard of
      // issue 8 item 13 answers 403 first; reported apart so other findings are not lost among them.
      const originGuard = !API_ROUTES.has(request.route) && request.origin !== "none" && request.origin !== "same";
      const reportForm = REPORT_FORM_ROUTES.has(request.route);
      const incomingBefore = reportForm ? incomingEntries(target) : [];
      const reporter = isReportPost(request) ? Math.floor(target.reportPosts++ / REPORT_POSTS_PER_HOUR) % target.reporters.length : 0;
      const replay = index === null ? `a regression request (FUZZ_SEED=${SEED})` : `request #${index} of FUZZ_SEED=${SEED} (replay with FUZZ_SEED=${SEED} FUZZ_RUNS=${index + 1})`;
      const what = () => `${replay}${isReportPost(request) ? `, as report shopper #${reporter}` : ""}\n${describeRequest(request)}`;
      const before = await rowCounts(target.db);
      const started = performance.now();
      const outcome = await send(target, request, target.reporters[reporter]);
      const timing = timings.get(request.route) ?? [0, 0];
      timings.set(request.route, [timing[0] + 1, timing[1] + performance.now() - started]);
      // A route that writes after its answer (may write, so it runs alone) is counted once its writes are done.
      const after = AFTER_THE_ANSWER_ROUTES.has(request.route) ? await settledCounts(target.db) : await rowCounts(target.db);
      const status = outcome.kind === "answer" ? String(outcome.status) : "no answer";
      if (reportForm) {
        const left = await leftUploads(target, incomingBefore);
        if (left.length > 0) found(`${label} → ${status} left an upload in report-videos/incoming`, `${left.join(", ")}\n${what()}`);
      }
      if (alone) await restoreFixtures(target, after);
      if (outcome.kind === "client-error") {
        clientErrors += 1;
        if (!(await healthy(target))) found(`${label} killed the server`, `${outcome.error}\n${what()}`);
        return;
      }
      statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
      const byRoute = `${request.route} ${outcome.status}${request.query ? ` ?${request.query[0]}` : ""}`;
      routeStatuses.set(byRoute, (routeStatuses.get(byRoute) ?? 0) + 1);
      if (outcome.status >= 500) {
        found(`${label} → ${outcome.status}${originGuard ? ` (Origin ${request.origin})` : ""}`, `${outcome.body.slice(0, 200)}\n${what()}`, originGuard);
      }
      if (/\n\s+at .+:\d+:\d+\)?\n/.test(outcome.body)) found(`${label} → ${outcome.status} shows a stack trace`, `${outcome.body.slice(0, 300)}\n${what()}`);
      if (!(mayWrite(request) && outcome.status < 400) && before.text !== after.text) {
        found(`${label} → ${outcome.status} wrote without leave`, `${before.text} → ${after.text}\n${what()}`);
      }
    };
    // The known cases first, on every server, one at a time: NUL in a name, a cart key, an address line.
    for (const request of regressions()) await Promise.all(targets.map((target) => probe(target, request, null, true)));
    // Every server takes every input, on LANES lanes. A request that may write, or reaches the
    // report form, runs alone, so a write or a left upload is its own; requests that must not
    // write run side by side (any write is a finding).
    await Promise.all(
      targets.map(async (target) => {
        const gate = createGate();
        let next = 0;
        await Promise.all(
          Array.from({ length: LANES }, async () => {
            while (next < samples.length) {
              const index = next;
              next += 1;
              const request = samples[index];
              const shared = !mayWrite(request) && !REPORT_FORM_ROUTES.has(request.route);
              const run = () =>
                probe(target, request, index, !shared).catch((error: unknown) => {
                  throw new Error(`${target.kind}: request #${index} of FUZZ_SEED=${SEED} broke the fuzz itself\n${describeRequest(request)}`, { cause: error });
                });
              await (shared ? gate.shared(run) : gate.exclusive(run));
            }
          }),
        );
      }),
    );

    console.info(
      `hostile input: ${RUNS} requests to ${targets.length > 1 ? "each of " : ""}${targets.map((t) => t.kind).join(" and ")} (FUZZ_SEED=${SEED}); ` +
        `statuses ${JSON.stringify(Object.fromEntries(statuses))}; ${clientErrors} refused by the client`,
    );
    if (process.env.FUZZ_TIMINGS) console.info([...routeStatuses].sort().map(([k, n]) => `${k}: ${n}`).join("\n"));
    if (process.env.FUZZ_TIMINGS) console.info([...timings].map(([k, [n, ms]]) => `${k}: ${n} × ${(ms / n).toFixed(1)} ms`).join("\n"));
    if (process.env.FUZZ_TIMINGS) for (const target of targets) console.info(`${target.kind} at the end: ${(await rowCounts(target.db)).text}`);
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
      .map(([key, { detail, times }]) => `${key}${times > 1 ? ` (${times} times; the first:)` : ""}\n${detail}`);
    if (process.env.FUZZ_REPORT) fs.writeFileSync(process.env.FUZZ_REPORT, report.join("\n\n"));
    if (report.length > 0) console.error(`hostile-input fuzz: ${report.length} findings with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}:\n\n${report.join("\n\n")}`);
    expect(report.slice(0, 30), `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}: ${report.length} findings`).toEqual([]);
  }, 900_000);

  // Issue 46 item 2: the fuzz's hostile requests are the client's mistakes, not the store's.
  it("logged the run as JSON lines: no stack for an answer below 500, every 5xx with its request id and stack", () => {
    for (const target of targets) {
      const { problems, counts } = checkServerLog(target.server.output());
      console.info(`hostile input, ${target.kind} server log: ${JSON.stringify(counts)}`);
      expect(problems.slice(0, 20), `${target.kind}: ${problems.length} log problems (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS})`).toEqual([]);
    }
  });
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
  | { kind: "bytes"; bytes: Uint8Array; contentType: string | null }
  | Spliced
  | RawMultipart;
/**
 * The fields as a form (pages) or a JSON object (the Store API), with bytes that are not UTF-8, a
 * UTF-8 surrogate, a NUL, U+FFFD or a cut sequence spliced into the first value as sent — what a
 * string field cannot carry, since the client encodes every string as UTF-8 (issue 43 item 5).
 */
type Spliced = { kind: "spliced"; pairs: [string, FieldValue][]; splice: keyof typeof SPLICES };
/** A multipart part as sent: a text field (no filename) or a file. Strings get the placeholders filled. */
type Part = { name: string; filename: string | null; type: string | null; content: string | Uint8Array };
/**
 * A multipart body written byte by byte: parts in any order (several files under one name), the
 * final boundary there, missing, or the body cut at `cutAt` (a fraction of its bytes), and a
 * Content-Type that names its boundary, another one, none, or is not multipart at all.
 */
type RawMultipart = {
  kind: "raw-multipart";
  parts: Part[];
  ending: "close" | "no-close" | "cut";
  cutAt: number;
  contentType: "right" | "no-boundary" | "other-boundary" | "mixed" | "text/plain" | "urlencoded" | "none";
};
type FuzzRequest = {
  route: string;
  method: string;
  /** Path with placeholders: {product}, {colourProduct}, {order}, {deliveredOrder}, {session}. */
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
const MAY_WRITE_WITHOUT_SESSION = new Set(["page login", "page signup", "api register", "api login", "simulator", "page forgot password", "page newsletter form", "page grievance"]);

/**
 * Routes that write after their answer has left (a password reset link is stored and queued in
 * the background, so the answer's timing says nothing): their counts are read once they settle,
 * or the write would be laid at the next request's door.
 */
const AFTER_THE_ANSWER_ROUTES = new Set(["page forgot password"]);

/** The row counts once they have not changed for 300 ms (at most 5 s). */
async function settledCounts(db: DB): Promise<Awaited<ReturnType<typeof rowCounts>>> {
  let last = await rowCounts(db);
  let still = 0;
  for (const deadline = Date.now() + 5_000; still < 3 && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await rowCounts(db);
    still = next.text === last.text ? still + 1 : 0;
    last = next;
  }
  return last;
}

/** Whether the request may write when it succeeds (below 400). */
function mayWrite(request: FuzzRequest): boolean {
  return request.credentials === "valid" || MAY_WRITE_WITHOUT_SESSION.has(request.route);
}

/** Routes that stream uploads into report-videos/incoming: run alone, and the folder is checked after each. */
const REPORT_FORM_ROUTES = new Set(["page report"]);

/** Shoppers with a delivered order made for the report form, at most (each takes REPORT_POSTS_PER_HOUR posts). */
const MAX_REPORTERS = 20;

/** The review form (issue 23 item 2): a "valid" post goes with the reviewer's session, who may review {product}. */
const REVIEW_FORM_ROUTES = new Set(["page review"]);

function isReviewPost(request: FuzzRequest): boolean {
  return REVIEW_FORM_ROUTES.has(request.route) && request.credentials === "valid";
}

/** A post to the report form of a delivered order with its shopper's session: the form counts it against the shopper's hourly limit. */
function isReportPost(request: FuzzRequest): boolean {
  return REPORT_FORM_ROUTES.has(request.route) && request.credentials === "valid" && request.path.includes("{deliveredOrder}");
}

type RouteSpec = {
  route: string;
  paths: string[];
  /** The methods sent (default: POST, or GET for "api products", 9 times in 10; else PUT, PATCH, DELETE or GET). */
  methods?: fc.Arbitrary<string>;
  api: boolean;
  fields: Record<string, Field>;
  /** Remix route ids a `?_data=` request of these paths names (a fetcher's submission). */
  dataRoutes?: string[];
  /** Valid fields sent before `fields` in form and multipart bodies (the rest of the form around the fuzzed fields). */
  base?: fc.Arbitrary<[string, FieldValue][]>;
  /** Bodies of the route's own shape (byte-level multipart), picked about as often as all the others together. */
  bodies?: fc.Arbitrary<Body>;
  /** How often the route is picked relative to the others (default 1). */
  weight?: number;
  /** The credentials sent (default: each kind alike). */
  credentials?: fc.Arbitrary<Credentials>;
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

/** `field(valid)` whose hostile values also include `nearMisses`: values of the field's own shape that are wrong. */
function fieldWith(valid: fc.Arbitrary<string>, nearMisses: fc.Arbitrary<string>): Field {
  const base = field(valid);
  const bad = fc.oneof({ arbitrary: nearMisses, weight: 2 }, { arbitrary: base.bad, weight: 1 });
  return { valid: base.valid, bad, any: fc.oneof({ arbitrary: base.valid, weight: 1 }, { arbitrary: bad, weight: 1 }) };
}

const upperLetter = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ");
const digit = fc.constantFrom(..."0123456789");

/** A GSTIN of a state code from `stateCode`, with its check character right (schemas/gstin.ts). */
function gstin(stateCode: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(stateCode, fc.array(upperLetter, { minLength: 5, maxLength: 5 }), fc.array(digit, { minLength: 4, maxLength: 4 }), upperLetter, fc.constantFrom(..."123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    .map(([state, pan, number, letter, entity]) => {
      const first14 = `${state}${pan.join("")}${number.join("")}${letter}${entity}Z`;
      return first14 + gstinCheckChar(first14);
    });
}

/** GSTINs that are nearly right: check character, state code or length off, look-alike characters, lower case and spaces (which are fine). */
function gstinNearMiss(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(valid, fc.nat(7)).map(([g, how]) => {
    switch (how) {
      case 0:
        return g.slice(0, 14) + (g[14] === "A" ? "B" : "A");
      case 1:
        return `99${g.slice(2)}`;
      case 2:
        return g.slice(0, 14);
      case 3:
        return `${g}5`;
      case 4:
        return g.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));
      case 5:
        return g.replace(/A/g, "\u0410");
      case 6:
        return ` ${g.toLowerCase().replace(/(.{5})/g, "$1 ")}`;
      default:
        return g.replace("Z", "z\u0000");
    }
  });
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


/**
 * Redirect targets (issue 43 item 4): non-ASCII ones, raw and encoded (a `Location` header with a
 * non-ASCII character made the Headers API throw after the write), and ways to another host.
 */
const REDIRECT_TARGETS = [
  "/\u3000x",
  "/%E3%80%80x",
  "/collection?q=\u0918\u0921\u093c\u0940",
  "/caf\u00e9#\u231a",
  "/x\ud800",
  "/\u202egnp.exe",
  "//evil.example",
  "/\\evil.example",
  "/%2F%2Fevil.example",
  "/.//evil.example",
  "https://evil.example/",
  "/cart\r\nSet-Cookie: x=1",
  "/%00",
  "/%FF",
  `/${"\u00e9".repeat(3_000)}`,
] as const;
const redirectTarget = fc.constantFrom(...REDIRECT_TARGETS);

/** `path` with `redirectTo` (or `name`) set to each hostile target, encoded as a browser would (a lone surrogate as U+FFFD, as URLSearchParams does). */
function withTargets(path: string, name = "redirectTo"): string[] {
  return REDIRECT_TARGETS.map((target) => `${path}${path.includes("?") ? "&" : "?"}${new URLSearchParams({ [name]: target }).toString()}`);
}

/** What a value spliced into a body is, as a form sends it (percent-encoded) and as JSON bytes (issue 43 item 5). */
const SPLICES = {
  notUtf8: { form: "%FF", json: [0xff] },
  badContinuation: { form: "%C3%28", json: [0xc3, 0x28] },
  surrogate: { form: "%ED%A0%80", json: [0xed, 0xa0, 0x80] },
  cut: { form: "%E3%80", json: [0xe3, 0x80] },
  nul: { form: "%00", json: [0x5c, 0x75, 0x30, 0x30, 0x30, 0x30] },
  replacement: { form: "%EF%BF%BD", json: [0xef, 0xbf, 0xbd] },
} as const;

/** The queries the newsletter's link pages are fuzzed with: no token, unknown, empty, long, and tokens with a NUL, a byte that is not UTF-8, a broken escape or non-ASCII text. */
const NEWSLETTER_TOKEN_QUERIES = ["", `?token=${"0".repeat(43)}`, "?token=", `?token=${"a".repeat(3_000)}`, `?token=${"0".repeat(43)}%00`, `?token=${"0".repeat(43)}%FF`, "?token=%E3%80", "?token=%E3%80%80"];
/** A link's page and its form: GET and POST alike, now and then another method. */
const getOrPost = fc.oneof({ arbitrary: fc.constantFrom("GET", "POST"), weight: 9 }, { arbitrary: fc.constantFrom("PUT", "PATCH", "DELETE"), weight: 1 });
/** A GET route (a link): GET 9 times in 10. */
const mostlyGet = fc.oneof({ arbitrary: fc.constant("GET"), weight: 9 }, { arbitrary: fc.constantFrom("POST", "PUT", "PATCH", "DELETE"), weight: 1 });

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
  const anyGstin = gstin(fc.constantFrom("29", "27", "07", "33", "97"));
  const business = {
    gstin: fieldWith(fc.oneof(fc.constant(""), anyGstin), gstinNearMiss(anyGstin)),
    businessName: fieldWith(fc.constantFrom("", "Rao Traders Pvt Ltd", "Ünïcödé & Sons (Mumbai)"), fc.constantFrom("x".repeat(101), "Rao\nTraders", "   ", "<b>Rao</b>")),
  };
  const addressBad = fc.oneof(oneBad({ ...addressFields(), ...business }), anyOf({ ...addressFields(), ...business }), wrongType) as fc.Arbitrary<FieldValue>;
  const address: Field = { valid: fc.constant(ADDRESS), bad: addressBad, any: fc.oneof(addressBad, fc.constant(ADDRESS)) };
  const page = (route: string, paths: string[], fields: Record<string, Field>, dataRoutes: string[]): RouteSpec => ({ route, paths, api: false, fields, dataRoutes });
  const mostlyValid = fc.oneof({ arbitrary: fc.constant<Credentials>("valid"), weight: 3 }, { arbitrary: fc.constantFrom<Credentials>("none", "tampered", "garbage"), weight: 1 });
  const api = (route: string, paths: string[], fields: Record<string, Field>): RouteSpec => ({ route, paths, api: true, fields });
  return [
    page("page login", ["/login", "/login?redirectTo=%2Fcart", "/login?redirectTo=%00%0d%0a//evil.example", ...withTargets("/login")], { email: field(email), password: field(password) }, ["routes/login"]),
    page("page signup", ["/login?mode=signup", "/login?mode=signup&redirectTo=https%3A%2F%2Fevil.example", ...withTargets("/login?mode=signup"), ...withTargets("/hi/login?mode=signup")], {
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
    // Issue 14 item 2: "Buying for a business?" — the GSTIN and business name fuzzed inside an
    // otherwise valid checkout form whose cart lines are the cart's ({cartLines}, read when sent).
    {
      route: "page place-order business",
      paths: ["/place-order"],
      api: false,
      dataRoutes: ["routes/place-order"],
      weight: 2,
      fields: business,
      base: fc
        .tuple(fc.constantFrom("cod", "cashfree"), fc.uuid(), fc.constantFrom("redirect", "modal"))
        .map(([method, id, checkout]): [string, FieldValue][] => [
          ...Object.entries(ADDRESS),
          ["paymentMethod", method],
          ["idempotencyKey", `checkout-${id}`],
          ["checkout", checkout],
          ["cartLines", "{cartLines}"],
        ]),
    },
    page("api delivery", ["/api/delivery?pin=560001&amount=100", "/api/delivery?pin=%00&amount=1e99", "/api/delivery?pin=999999&amount=-5", "/api/delivery"], {}, ["routes/api.delivery"]),
    page("page verify", ["/verify", "/verify?orderId={order}"], { orderId: field(orderId), success: field(fc.constantFrom("true", "false")) }, ["routes/verify"]),
    page("page newsletter", ["/?index", "/"], { intent: field(fc.constant("newsletter")), email: field(email) }, ["routes/_index"]),
    page("page logout", ["/logout"], {}, ["routes/logout"]),
    // Personal data (issue 25 item 4): the fixture shopper is an owner, so a deletion — theirs on
    // /profile/delete, or anyone's on /admin/personal-data — is refused as a staff account's (409)
    // after the password or the typed email is checked: the session survives, nothing is erased.
    page("page your data", ["/profile/data"], {
      intent: field(fc.constantFrom("correct-name", "withdraw-consent", "delete")),
      name: fieldWith(fc.constantFrom("Fuzz Shopper", "  Fuzz   Shopper ", "Ünïcödé Shopper"), fc.constantFrom("", "   ", "x".repeat(101), "Fuzz\u0000Shopper", "<script>alert(1)</script>")),
    }, ["routes/profile_.data"]),
    page("page delete account", ["/profile/delete"], { password: field(password) }, ["routes/profile_.delete"]),
    page("admin personal data", ["/admin/personal-data", "/admin/personal-data?email={email}", "/admin/personal-data?email=%00"], {
      userId: field(fc.constantFrom("1", "2", "0", "-1", "1e3", "99999999999999999999")),
      confirm: field(email),
    }, ["routes/admin.personal-data"]),
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
    page("admin product", ["/admin/products/{product}", "/admin/products/no-such-watch", "/admin/products/new", "/admin/products/%00", "/admin/products/%FF"], {
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
    { ...page("admin import", ["/admin/products/import"], { file: field(fc.constantFrom("{", '[{"_id":1}]')) }, ["routes/admin.products.import"]), bodies: importBodies(), weight: 2 },
    // Issue 14 item 2: the owner's store settings (seller on tax invoices); the valid GSTIN is Karnataka's.
    { ...page("admin settings", ["/admin/settings"], {
      sellerLegalName: fieldWith(fc.constantFrom("Chrono India Pvt Ltd", "Asha Watches LLP"), fc.constantFrom("A", "x".repeat(121))),
      sellerAddress: fieldWith(
        fc.constantFrom("12 MG Road\nBengaluru 560001", "12 MG Road\r\nIndiranagar\r\nBengaluru 560038"),
        fc.constantFrom("", "\n \n", "1\n2\n3\n4\n5\n6\n7", "x".repeat(121), "12 MG Road\u0000\nBengaluru"),
      ),
      sellerGstin: fieldWith(gstin(fc.constant("29")), fc.oneof(gstinNearMiss(gstin(fc.constant("29"))), gstin(fc.constant("27")))),
      sellerState: fieldWith(fc.constant("Karnataka"), fc.constantFrom("Maharashtra", "karnataka", "KARNATAKA ", "Atlantis", "Other Territory")),
      gstRatePercent: fieldWith(fc.constantFrom(...gstRatesOn(istDate(Date.now())).map(String), "18%", " 18 % ", "0.25"), fc.constantFrom("18.0001", "100", "-18", "1e1", "0x12", "\uff11\uff18", "18%%", "")),
      invoicePrefix: fieldWith(fc.constantFrom("CI", "ci", "INV26"), fc.constantFrom("", "TOOLONG123", "CI/", "C I", "\u00c7I")),
      // Issue 25 item 1: customer care and the grievance officer (each may be empty; emails and Indian phones checked).
      carePhone: fieldWith(fc.constantFrom("+91 80 4718 2200", "1800 123 4567", "098450 12345", ""), fc.constantFrom("12345", "+1 415 555 0100", "0".repeat(31), "+91 80 4718 2200\u0000")),
      careEmail: fieldWith(fc.constantFrom("care@example.in", ""), fc.constantFrom("care at example.in", "x@", "@example.in", `${"x".repeat(250)}@example.in`)),
      careHours: fieldWith(fc.constantFrom("Mon-Sat 10:00-19:00 IST", ""), fc.constant("x".repeat(81))),
      grievanceOfficerName: fieldWith(fc.constantFrom("Asha Rao", "Meera Iyer", ""), fc.constant("x".repeat(121))),
      grievanceOfficerDesignation: fieldWith(fc.constantFrom("Grievance Officer", ""), fc.constant("x".repeat(121))),
      grievanceOfficerEmail: fieldWith(fc.constantFrom("grievance@example.in", ""), fc.constantFrom("grievance", "a@b@example.in")),
      grievanceOfficerPhone: fieldWith(fc.constantFrom("+91 98450 12345", "1860 500 1234", ""), fc.constantFrom("98450", "+44 20 7946 0958")),
    }, ["routes/admin.settings"]), weight: 2 },
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
    // Problem reports (issue 14 item 3): the shopper's form, mostly with a report shopper's session
    // on their delivered order (the path listed six times) so the body is parsed, else on the
    // fixture's unpaid order, an unknown and a malformed one; the private video route; the back
    // office's answer form and list.
    {
      ...page("page report", [...Array<string>(6).fill("/orders/{deliveredOrder}/report"), "/orders/{order}/report", "/orders/CI000000-NOSUCHORDER/report", "/orders/%00/report"], {
        kind: field(fc.constantFrom("damaged", "wrong", "lost")),
        description: field(fc.constantFrom("The glass is cracked.", "")),
        videoLink: field(fc.constantFrom("", "https://videos.example/unboxing", "javascript:alert(1)")),
        video: field(fc.constantFrom("", "not a video")),
      }, ["routes/orders_.$orderId_.report"]),
      bodies: reportBodies(),
      // The form with the most parsing of its own (a streamed upload): picked as often as four routes.
      weight: 4,
      credentials: fc.oneof({ arbitrary: fc.constant<Credentials>("valid"), weight: 3 }, { arbitrary: fc.constantFrom<Credentials>("none", "tampered", "garbage"), weight: 1 }),
    },
    page("report video", ["/report-videos/rp_000000000000000000000000", "/report-videos/%00", "/report-videos/..%2Fstore.db"], {}, ["routes/report-videos.$reportId"]),
    // Verified reviews (issue 23 item 2): the shopper's review form, mostly on the watch the
    // reviewer received (so a valid post is written), and the back office's moderation form,
    // whose {review} is a review kept pending. Both must answer a malformed body with a 4xx; each
    // is picked as often as two routes, mostly with a valid session, so the bodies reach the parsing.
    { ...page("page review", [...Array<string>(4).fill("/product/{product}/review"), "/product/{colourProduct}/review", "/product/no-such-watch/review", "/product/%00/review"], {
      intent: fieldWith(fc.constantFrom("write", "write", "write", "withdraw"), fc.constantFrom("", "WRITE", "delete", "edit", "__proto__")),
      rating: fieldWith(fc.constantFrom("1", "2", "3", "4", "5"), fc.constantFrom("0", "6", "4.5", "-1", "five", "", " ", "1e0", "0x5", "Infinity", "\u0665", "\uff15", "5\u0000", "05", "+4")),
      title: fieldWith(fc.constantFrom("", "Keeps perfect time", "Ünïcödé ⌚ 💥"), fc.constantFrom("x".repeat(101), "😀".repeat(101), "Two\nlines", "Tab\there", "\u001b[31mred", "\u0085")),
      body: fieldWith(
        fc.constantFrom("", "Light on the wrist.\r\nGood strap.", "Tab\tseparated\nlines", "<script>alert(1)</script>"),
        fc.constantFrom("y".repeat(2_001), "Nul \u0000 here", "C1 \u0085 control", "\u001b[2J", "\ud800"),
      ),
    }, ["routes/product.$productId_.review"]), weight: 2, credentials: mostlyValid },
    { ...page("admin reviews", ["/admin/reviews", "/admin/reviews?index"], {
      intent: fieldWith(fc.constantFrom("publish", "reject"), fc.constantFrom("", "delete", "edit", "PUBLISH", "constructor")),
      reviewId: fieldWith(fc.constant("{review}"), fc.constantFrom("rv_000000000000000000000000", "rv_", "RV_{review}", "../etc/passwd", "{review}\u0000", " {review}", "")),
      reason: fieldWith(fc.constantFrom("abusive", "personal_data", "off_topic", "spam"), fc.constantFrom("rude", "", "__proto__", "toString", "constructor", "Spam", "spam ")),
    }, ["routes/admin.reviews"]), weight: 2, credentials: mostlyValid },
    page("admin reports", ["/admin/reports", "/admin/reports/rp_000000000000000000000000", "/admin/reports/%00"], {
      answer: field(fc.constantFrom("Sorry, a replacement is on its way.", "")),
    }, ["routes/admin.reports._index", "routes/admin.reports.$reportId"]),
    // Issue 24: the wishlist's one form (product page, cards, /wishlist), password reset and change,
    // the newsletter's double opt-in and one-click unsubscribe; issue 25: grievances (the form and
    // the back office's answer) and the brands' declarations. Forgot-password, the newsletter and
    // the grievance form take visitors, so their successful posts may write without a session.
    { ...page("page wishlist", ["/wishlist", "/wishlist?save={product}", "/wishlist?save=%00"], {
      intent: fieldWith(fc.constantFrom("add", "remove", "move-to-cart"), fc.constantFrom("", "ADD", "toggle", "__proto__")),
      productId: fieldWith(itemId, fc.constantFrom("../../etc", "{product}\u0000", "x".repeat(65), "")),
      redirectTo: fieldWith(fc.constantFrom("/collection", ""), redirectTarget),
    }, ["routes/wishlist"]), credentials: mostlyValid },
    page("page forgot password", ["/forgot-password"], { email: field(email) }, ["routes/forgot-password"]),
    page("page reset password", ["/reset-password", "/reset-password?token=0000000000000000000000000000000000000000000", "/reset-password?token=%00"], {
      token: fieldWith(fc.constant("0000000000000000000000000000000000000000000"), fc.constantFrom("", "x", "%00", "a".repeat(500))),
      password: field(password),
      confirm: field(password),
    }, ["routes/reset-password"]),
    page("page profile password", ["/profile"], {
      // Never the right current password: the owner's session and password must survive the fuzz.
      intent: fieldWith(fc.constant("change-password"), fc.constantFrom("", "CHANGE-PASSWORD", "delete")),
      currentPassword: field(fc.constantFrom("Not-the-password-123", "")),
      password: field(password),
      confirm: field(password),
    }, ["routes/profile"]),
    page("page newsletter form", ["/newsletter", "/hi/newsletter"], {
      email: field(email),
      consentVersion: fieldWith(fc.constant("2026-11-v1"), fc.constantFrom("", "2020-01-v0", "__proto__")),
      redirectTo: fieldWith(fc.constantFrom("/", "/?index#newsletter"), redirectTarget),
    }, ["routes/newsletter"]),
    // Issue 43 items 4 and 5: the newsletter's links — the confirmation page and the unsubscribe
    // link, GET and the mail client's one-click POST (no Origin, RFC 8058) — with tokens that are
    // unknown, empty, long, or carry a NUL, bytes that are not UTF-8 or non-ASCII text.
    { ...page("newsletter confirm", NEWSLETTER_TOKEN_QUERIES.map((query) => `/newsletter/confirm${query}`), {
      token: field(fc.constantFrom("0".repeat(43), "", "%00")),
    }, ["routes/newsletter_.confirm"]), methods: getOrPost },
    { ...page("newsletter unsubscribe", NEWSLETTER_TOKEN_QUERIES.map((query) => `/newsletter/unsubscribe${query}`), {
      token: field(fc.constantFrom("0000000000000000000000", "", "%00")),
      "List-Unsubscribe": field(fc.constant("One-Click")),
    }, ["routes/newsletter_.unsubscribe"]), methods: getOrPost, weight: 2 },
    // Issue 43 item 4: the language switch, a GET whose `to` is any target.
    { ...page("language", [...withTargets("/language", "to"), "/language", "/language?to=%2Fhi%2Fcollection", "/language?to=%E3%80%80"], {}, ["routes/language"]), methods: mostlyGet },
    page("page grievance", ["/grievance", "/hi/grievance", "/grievance?order={order}", "/grievance?order=%00", "/grievance?order=%E3%80%80", "/grievance?order=%FF"], {
      name: field(fc.constant("Asha Rao")),
      email: field(email),
      orderId: fieldWith(fc.constantFrom("", "{order}"), fc.constantFrom("../x", "x", "{order}\u0000")),
      subject: fieldWith(fc.constantFrom("delivery", "product", "payment_refund", "return_warranty", "website", "other"), fc.constantFrom("", "DELIVERY", "__proto__")),
      text: field(fc.constantFrom("My watch stopped after two days of wear.", "")),
    }, ["routes/grievance"]),
    { ...page("grievance ticket", ["/grievance/GR-2026-000000", "/grievance/%00", "/grievance/GR-2026-000000?t=x", "/grievance/GR-2026-000000?key=%00", "/grievance/%E3%80%80?key=x", "/grievance/GR-2026-%FF"], {}, ["routes/grievance_.$ticket"]), methods: mostlyGet },
    page("admin grievances", ["/admin/grievances", "/admin/grievances/GR-2026-000000", "/admin/grievances/%00"], {
      answer: field(fc.constantFrom("We have replaced the watch.", "")),
      intent: field(fc.constantFrom("answer", "close", "")),
    }, ["routes/admin.grievances._index", "routes/admin.grievances.$ticket"]),
    page("admin newsletter", ["/admin/newsletter"], {
      intent: fieldWith(fc.constantFrom("send", "preview"), fc.constantFrom("", "SEND", "__proto__")),
      subject: field(fc.constantFrom("New arrivals this week", "")),
      body: field(fc.constantFrom("Hello **friends**", "")),
    }, ["routes/admin.newsletter"]),
    page("admin declarations", ["/admin/declarations"], {
      brand: fieldWith(fc.constantFrom("Casio", "Rolex"), fc.constantFrom("", "Atlantis", "__proto__", "Casio\u0000", "Casio\ufffd\ufffd", "Casio\ud800", "\u3000", "Casio ", "casio")),
      countryOfOrigin: field(fc.constantFrom("Japan", "India", "")),
      manufacturer: field(fc.constantFrom("Casio Computer Co., Ltd.", "")),
      manufacturerAddress: field(fc.constantFrom("6-2 Hon-machi 1-chome, Shibuya-ku, Tokyo", "")),
      importer: field(fc.constantFrom("Chrono India Pvt Ltd", "")),
      importerAddress: field(fc.constantFrom("12 MG Road, Bengaluru 560001", "")),
    }, ["routes/admin.declarations"]),
    api("api register", ["/api/user/register"], { name: field(fc.constant("Asha Rao")), email: field(email), password: field(password) }),
    api("api login", ["/api/user/login"], { email: field(email), password: field(password) }),
    api("api logout", ["/api/user/logout"], {}),
    api("api cart get", ["/api/cart/get"], { userId: field(fc.constant("1")) }),
    api("api cart add", ["/api/cart/add"], { itemId: field(itemId), size: field(size) }),
    api("api cart update", ["/api/cart/update"], { itemId: field(itemId), size: field(size), quantity: field(quantity, true) }),
    // Issue 47 item 6: a discount code on the cart (the fuzz's store has none, so no code applies).
    api("api cart apply code", ["/api/cart/applyCode"], { code: field(fc.constantFrom("TENOFF", " ten off ", "NOSUCH")) }),
    api("api cart remove code", ["/api/cart/removeCode"], {}),
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

/** The smallest MP4 `file-type` knows by its bytes (an `ftyp` box, an empty `mdat`). */
const MP4 = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypisom"), 0, 0, 2, 0, ...new TextEncoder().encode("isomiso2"), 0, 0, 0, 0x10, ...new TextEncoder().encode("mdat"), 0, 0, 0, 0, 0, 0, 0, 0]);
/** The start of a WebM file: an EBML header whose DocType is "webm". */
const WEBM = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]);

/** Mostly a right multipart framing: the final boundary there, Content-Type naming the boundary. */
const multipartFraming = fc.record({
  ending: fc.oneof({ arbitrary: fc.constant("close" as const), weight: 6 }, { arbitrary: fc.constantFrom("no-close" as const, "cut" as const), weight: 2 }),
  cutAt: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
  contentType: fc.oneof(
    { arbitrary: fc.constant("right" as const), weight: 8 },
    { arbitrary: fc.constantFrom("no-boundary" as const, "other-boundary" as const, "mixed" as const, "text/plain" as const, "urlencoded" as const, "none" as const), weight: 2 },
  ),
});

/** Some parts in any order; mostly all of them. */
function anyOrder(parts: Part[]): fc.Arbitrary<Part[]> {
  return fc.oneof({ arbitrary: fc.shuffledSubarray(parts, { minLength: parts.length }), weight: 4 }, { arbitrary: fc.shuffledSubarray(parts), weight: 1 });
}

/**
 * The report form's multipart bodies (issue 21 item 4): kind, description and video link (valid
 * mostly, else hostile; the description sometimes over the 16 KB part cap or the 2,000 characters),
 * none, one or two `video` file parts (an MP4, a WebM, random bytes, nothing, text; any file name
 * and type), sometimes a file under a text field's name, in any order and framing.
 */
function reportBodies(): fc.Arbitrary<Body> {
  const text = (name: string, valid: fc.Arbitrary<string>): fc.Arbitrary<Part> =>
    fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: hostileString, weight: 1 }).map((content) => ({ name, filename: null, type: null, content }));
  const description = fc.oneof(
    { arbitrary: text("description", fc.constantFrom("The glass is cracked.", "The strap is brown, I ordered black.")), weight: 4 },
    { arbitrary: fc.integer({ min: 16 * 1024 + 1, max: 20 * 1024 }).map((n): Part => ({ name: "description", filename: null, type: null, content: "x".repeat(n) })), weight: 2 },
    { arbitrary: fc.constant<Part>({ name: "description", filename: null, type: null, content: "y".repeat(2_001) }), weight: 1 },
  );
  const video: fc.Arbitrary<Part> = fc.record({
    name: fc.constant("video"),
    filename: fc.oneof(
      { arbitrary: fc.constantFrom("unboxing.mp4", "clip.webm", "IMG_0001.MOV", "", "../../../etc/passwd", 'a".mp4', "💥.mp4"), weight: 4 },
      { arbitrary: hostileString.map((name) => name.slice(0, 200)), weight: 1 },
    ),
    type: fc.constantFrom("video/mp4", "video/webm", "video/quicktime", "application/octet-stream", "text/plain", null),
    content: fc.oneof(
      { arbitrary: fc.constant(MP4), weight: 3 },
      { arbitrary: fc.constant(WEBM), weight: 1 },
      { arbitrary: fc.uint8Array({ maxLength: 2_000 }), weight: 2 },
      { arbitrary: fc.constant(new Uint8Array()), weight: 1 },
      { arbitrary: fc.constant("not a video"), weight: 1 },
    ),
  });
  const videos = fc.oneof(
    { arbitrary: fc.array(video, { minLength: 1, maxLength: 1 }), weight: 3 },
    { arbitrary: fc.array(video, { minLength: 2, maxLength: 2 }), weight: 2 },
    { arbitrary: fc.constant([]), weight: 1 },
  );
  const stray: fc.Arbitrary<Part> = fc.record({
    name: fc.constantFrom("description", "kind", "videoLink", "extra"),
    filename: fc.constant("stray.bin"),
    type: fc.constant("application/octet-stream"),
    content: fc.uint8Array({ maxLength: 200 }),
  });
  const parts = fc
    .tuple(text("kind", fc.constantFrom("wrong", "damaged")), description, text("videoLink", fc.constantFrom("", "https://videos.example/unboxing", "javascript:alert(1)")), videos, fc.option(stray, { freq: 4 }))
    .chain(([kind, desc, link, files, extra]) => anyOrder([kind, desc, link, ...files, ...(extra ? [extra] : [])]));
  return fc.tuple(parts, multipartFraming).map(([p, framing]): Body => ({ kind: "raw-multipart", parts: p, ...framing }));
}

/**
 * The catalogue import's uploads (issue 21 item 4), small: the fixture's two products as the
 * Store API lists them (valid: the import then replaces the catalogue with them), the same with
 * one field of one row made hostile, removed or of the wrong type, duplicate ids, files that are
 * not a catalogue or not JSON, random bytes; one file part, two, or a text field named `file`.
 */
function importBodies(): fc.Arbitrary<Body> {
  const listed = () => structuredClone(catalogue.listed);
  const content = fc.oneof(
    { arbitrary: fc.boolean().map((wrapped) => JSON.stringify(wrapped ? { success: true, products: listed() } : listed())), weight: 2 },
    {
      arbitrary: fc.tuple(fc.nat(1), fc.nat(40), fc.oneof(hostileString, wrongType, fc.constant(undefined))).map(([row, key, value]) => {
        const rows = listed();
        const product = rows[row % rows.length];
        const names = Object.keys(product);
        const name = names[key % names.length];
        if (value === undefined) delete product[name];
        else product[name] = value;
        return JSON.stringify(rows);
      }),
      weight: 4,
    },
    { arbitrary: fc.constant(null).map(() => JSON.stringify([...listed(), listed()[0]])), weight: 1 },
    {
      arbitrary: fc.constantFrom("{", "", "[]", '{"success":false,"message":"down"}', '{"products":[]}', "\ufeff[]", `${"[".repeat(5_000)}${"]".repeat(5_000)}`, "1e309", "null", '"x"', '[{"_id":"a\\u0000b"}]'),
      weight: 2,
    },
    { arbitrary: fc.uint8Array({ maxLength: 300 }), weight: 1 },
  );
  const file: fc.Arbitrary<Part> = fc.record({
    name: fc.constant("file"),
    filename: fc.constantFrom("catalogue.json", "", "../../catalogue.json", "products.txt"),
    type: fc.constantFrom("application/json", "text/plain", "image/png", null),
    content,
  });
  const parts = fc.oneof(
    { arbitrary: file.map((f) => [f]), weight: 4 },
    { arbitrary: fc.tuple(file, file).map(([a, b]) => [a, b]), weight: 1 },
    { arbitrary: content.map((c): Part[] => [{ name: "file", filename: null, type: null, content: c }]), weight: 1 },
  );
  return fc.tuple(parts, multipartFraming).map(([p, framing]): Body => ({ kind: "raw-multipart", parts: p, ...framing }));
}

/**
 * Requests that answered 500 on PostgreSQL before plain-text fields refused control characters
 * (issue 8 item 17): NUL in a sign-up name (page and API), in a cart key (page remove, API
 * update to 0), in an order's address line and item key. Then issue 43's (items 4 and 5): a
 * non-ASCII redirect target after a sign-up, a login, a newsletter sign-up, a wishlist save and
 * on the language switch (500 after the write), and a NUL in the unsubscribe link (GET and
 * one-click POST), in a back-office product id and in a brand (500 on PostgreSQL).
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
    { ...base, route: "page signup", path: "/login?mode=signup&redirectTo=%2F%E3%80%80x", credentials: "none", body: form([["name", "Asha Rao"], ["email", email()], ["password", "Fuzz-test-correct-pw-123"]]) },
    { ...base, route: "page login", path: "/login?redirectTo=%2F%E3%80%80x", credentials: "none", body: form([["email", "{email}"], ["password", "{password}"]]) },
    { ...base, route: "page newsletter form", path: "/newsletter", credentials: "none", body: form([["email", email()], ["consentVersion", "2026-11-v1"], ["redirectTo", "/\u3000x"]]) },
    { ...base, route: "page wishlist", path: "/wishlist", body: form([["intent", "add"], ["productId", "{product}"], ["redirectTo", "/\u3000x"]]) },
    { ...base, route: "language", method: "GET", path: "/language?to=%2F%E3%80%80x", body: { kind: "none" as const } },
    { ...base, route: "newsletter unsubscribe", method: "GET", path: "/newsletter/unsubscribe?token=0000000000000000000000%00", credentials: "none", body: { kind: "none" as const } },
    { ...base, route: "newsletter unsubscribe", path: "/newsletter/unsubscribe?token=0000000000000000000000%00", credentials: "none", origin: "none" as const, body: form([["List-Unsubscribe", "One-Click"]]) },
    { ...base, route: "admin product", method: "GET", path: "/admin/products/%00", body: { kind: "none" as const } },
    { ...base, route: "admin declarations", path: "/admin/declarations", body: form([["brand", "Casio\u0000"], ["countryOfOrigin", "Japan"]]) },
    { ...base, route: "admin declarations", path: "/admin/declarations", body: { kind: "spliced" as const, pairs: [["brand", "Casio"], ["countryOfOrigin", "Japan"]], splice: "notUtf8" as const } },
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
      const weight = spec.weight ?? 1;
      const names = Object.keys(spec.fields);
      const repeated = fc.oneof(
        { arbitrary: fc.constant([] as [string, FieldValue][]), weight: 3 },
        { arbitrary: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...(names.length ? names : ["x"])), hostileString), field(fc.constant("repeat")).any), { maxLength: 3 }), weight: 1 },
      );
      const fuzzed: fc.Arbitrary<[string, FieldValue][]> = fc
        .tuple(fc.oneof({ arbitrary: oneBad(spec.fields), weight: 4 }, { arbitrary: anyOf(spec.fields), weight: 1 }), repeated)
        .map(([base, extra]) => [...Object.entries(base), ...extra] as [string, FieldValue][]);
      const pairs = spec.base ? fc.tuple(spec.base, fuzzed).map(([base, rest]) => [...base, ...rest]) : fuzzed;
      const body: fc.Arbitrary<Body> = fc.oneof(
        { arbitrary: spec.api ? pairs.map((p) => ({ kind: "json" as const, value: Object.fromEntries(p), contentType: "application/json" })) : pairs.map((p) => ({ kind: "form" as const, pairs: p, contentType: "application/x-www-form-urlencoded" })), weight: 6 },
        { arbitrary: pairs.map((p) => ({ kind: "multipart" as const, pairs: p })), weight: 2 },
        { arbitrary: fc.tuple(pairs, contentType).map(([p, type]) => ({ kind: "form" as const, pairs: p, contentType: type })), weight: 2 },
        { arbitrary: fc.tuple(fc.jsonValue({ maxDepth: 3 }), contentType).map(([value, type]) => ({ kind: "json" as const, value, contentType: type })), weight: 2 },
        { arbitrary: fc.tuple(fc.uint8Array({ maxLength: 300 }), contentType).map(([bytes, type]) => ({ kind: "bytes" as const, bytes, contentType: type })), weight: 1 },
        { arbitrary: fc.constant({ kind: "none" as const }), weight: 1 },
        { arbitrary: fc.tuple(pairs, fc.constantFrom(...(Object.keys(SPLICES) as (keyof typeof SPLICES)[]))).map(([p, splice]) => ({ kind: "spliced" as const, pairs: p, splice })), weight: 1 },
        ...(spec.bodies ? [{ arbitrary: spec.bodies, weight: 10 }] : []),
      );
      const request = fc.record({
        route: fc.constant(spec.route),
        method: spec.methods ?? fc.oneof({ arbitrary: fc.constant(spec.route === "api products" ? "GET" : "POST"), weight: 9 }, { arbitrary: fc.constantFrom("PUT", "PATCH", "DELETE", "GET"), weight: 1 }),
        path: fc.constantFrom(...spec.paths),
        query: fc.oneof(
          { arbitrary: fc.constant(null), weight: 6 },
          { arbitrary: fc.tuple(fc.constantFrom("orderId", "redirectTo", "mode", "success", "q", "index", "to", "token", "key"), fc.oneof(hostileString.map((v) => v.slice(0, 2_000)), redirectTarget)), weight: 1 },
          { arbitrary: fc.tuple(fc.constant("_data"), fc.constantFrom(...(spec.dataRoutes ?? ["root", "nonsense"]))), weight: 1 },
        ),
        credentials: spec.credentials ?? fc.constantFrom<Credentials>("none", "valid", "tampered", "garbage"),
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
      });
      return { arbitrary: request as fc.Arbitrary<FuzzRequest>, weight };
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

/** Sends `request` to `target`; a "valid" report post goes with `reporter`'s session, and {deliveredOrder} is that shopper's order. */
async function send(target: Target, request: FuzzRequest, reporter: Reporter): Promise<Outcome> {
  const base = target.server.baseUrl;
  const f = target.fixtures;
  // The lines the checkout page would show now: the fixture shopper's cart as stored.
  const cartLines = JSON.stringify(request).includes("{cartLines}")
    ? JSON.stringify(
        (await target.db.selectFrom("cart_lines").select(["product_id", "size_key", "quantity"]).where("user_id", "=", f.userId).orderBy("product_id").orderBy("size_key").execute()).map(
          (line) => [line.product_id, line.size_key, Number(line.quantity)],
        ),
      )
    : "";
  const fill = (text: string) =>
    text
      .replaceAll("{product}", catalogue.plain)
      .replaceAll("{colourProduct}", catalogue.withColours.id)
      .replaceAll("{colour}", catalogue.withColours.colours[0])
      .replaceAll("{deliveredOrder}", reporter.orderId)
      .replaceAll("{order}", f.orderId)
      .replaceAll("{cartLines}", cartLines)
      .replaceAll("{session}", f.sessionId)
      .replaceAll("{review}", target.moderated?.reviewId ?? "rv_000000000000000000000000")
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
    const who = isReportPost(request) ? reporter : isReviewPost(request) ? target.reviewer : f;
    headers.set("cookie", who.cookie);
    headers.set("token", who.token);
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
  } else if (body.kind === "spliced") {
    // The first value of the fields as sent, with the splice's bytes put in front of it.
    const pairs = body.pairs.map(([name, value]): [string, string] => [fill(name), formText(deep(value))]);
    const splice = SPLICES[body.splice];
    if (API_ROUTES.has(request.route)) {
      const text = JSON.stringify(Object.fromEntries(pairs));
      const at = text.indexOf('":"') + 3;
      const encoder = new TextEncoder();
      payload = at >= 3 ? new Uint8Array([...encoder.encode(text.slice(0, at)), ...splice.json, ...encoder.encode(text.slice(at))]) : encoder.encode(text);
      headers.set("content-type", "application/json");
    } else {
      const text = new URLSearchParams(pairs).toString();
      const at = text.indexOf("=") + 1;
      payload = new TextEncoder().encode(at >= 1 ? `${text.slice(0, at)}${splice.form}${text.slice(at)}` : `${text}&x=${splice.form}`);
      headers.set("content-type", "application/x-www-form-urlencoded");
    }
  } else if (body.kind === "raw-multipart") {
    const encoded = encodeMultipart(body, fill);
    payload = encoded.bytes;
    if (encoded.contentType !== null) headers.set("content-type", encoded.contentType);
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

/** The bytes of a raw multipart body and the Content-Type it is sent with (null: none). */
function encodeMultipart(body: RawMultipart, fill: (text: string) => string): { bytes: Uint8Array; contentType: string | null } {
  const boundary = "----fuzz4b1e7a";
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const part of body.parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === null ? "" : `; filename="${part.filename}"`}`;
    chunks.push(encoder.encode(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type === null ? "" : `Content-Type: ${part.type}\r\n`}\r\n`));
    chunks.push(typeof part.content === "string" ? encoder.encode(fill(part.content)) : part.content);
    chunks.push(encoder.encode("\r\n"));
  }
  if (body.ending !== "no-close") chunks.push(encoder.encode(`--${boundary}--\r\n`));
  const whole = new Uint8Array(chunks.reduce((n, chunk) => n + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.length;
  }
  const bytes = body.ending === "cut" ? whole.slice(0, Math.floor(whole.length * body.cutAt)) : whole;
  const contentType = {
    right: `multipart/form-data; boundary=${boundary}`,
    "no-boundary": "multipart/form-data",
    "other-boundary": "multipart/form-data; boundary=----not-this-one",
    mixed: `multipart/mixed; boundary=${boundary}`,
    "text/plain": "text/plain",
    urlencoded: "application/x-www-form-urlencoded",
    none: null,
  }[body.contentType];
  return { bytes, contentType };
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

/**
 * What a request may not change without leave: row counts (and a few sums and change stamps) of
 * the tables the forms and APIs write. `text` is compared before and after.
 */
async function rowCounts(db: DB): Promise<{ text: string; values: Record<string, number> }> {
  const { rows } = await sql<Record<string, unknown>>`select
      (select count(*) from users) as users,
      (select count(*) from sessions) as sessions,
      (select count(*) from cart_lines) as cart_lines,
      (select coalesce(sum(quantity), 0) from cart_lines) as quantity,
      (select count(*) from payment_events) as events,
      (select count(*) from orders where payment_status = 'PENDING') as pending,
      (select count(*) from orders where payment_status = 'PAID') as paid,
      (select count(*) from orders where payment_status = 'FAILED') as failed,
      (select count(*) from orders) as orders,
      (select count(*) from order_events) as order_events,
      (select count(*) from audit_log) as audit,
      (select count(*) from outbox) as outbox,
      (select count(*) from wishlist_items) as wishlist,
      (select count(*) from password_resets) as password_resets,
      (select count(*) from newsletter_subscribers) as subscribers,
      (select count(*) from newsletter_consent_log) as consents,
      (select count(*) from newsletter_campaigns) as campaigns,
      (select count(*) from grievances) as grievances,
      (select count(*) from brand_declarations) as brand_declarations,
      (select count(*) from invoices) as invoices,
      (select count(*) from problem_reports) as reports,
      (select count(*) from problem_reports where status = 'open') as open_reports,
      (select count(*) from reviews) as reviews,
      (select count(*) from reviews where status = 'pending') as pending_reviews,
      (select count(*) from reviews where status = 'published') as published_reviews,
      (select coalesce(sum(review_count), 0) from products) as review_counts,
      (select count(*) from products) as products,
      (select coalesce(sum(price_paise), 0) from products) as prices,
      (select coalesce(sum(hidden), 0) from products) as hidden,
      (select coalesce(max(version), 0) from catalogue_state) as catalogue_version,
      (select coalesce(max(updated_at), 0) from store_settings) as settings_saved`.execute(db);
  const values = Object.fromEntries(Object.entries(rows[0]).map(([name, value]) => [name, Number(value)]));
  return { text: Object.entries(values).map(([name, value]) => `${name}=${value}`).join(" "), values };
}

/**
 * Puts back what a request that ran alone may have used up, outside the counted window: an open
 * problem report is closed (else the form refuses before reading the body), an emptied cart is
 * filled again with the fixture's lines (else checkout stops at "your cart is empty"), the
 * reviewer's reviews are deleted (else the review form answers "already reviewed" before writing)
 * and the moderation fixture's review is pending again, out of its product's figures if it was
 * published (else the moderation form answers "already moderated").
 */
async function restoreFixtures(target: Target, counts: { values: Record<string, number> }): Promise<void> {
  if (target.reviewer) await target.db.deleteFrom("reviews").where("user_id", "=", target.reviewer.userId).execute();
  if (target.moderated) {
    const review = await target.db.selectFrom("reviews").select(["status", "rating", "product_id"]).where("id", "=", target.moderated.reviewId).executeTakeFirstOrThrow();
    if (review.status === "published") {
      await target.db
        .updateTable("products")
        .set((eb) => ({ review_count: eb("review_count", "-", 1), rating_sum: eb("rating_sum", "-", Number(review.rating)) }))
        .where("id", "=", review.product_id)
        .execute();
    }
    if (review.status !== "pending") {
      await target.db
        .updateTable("reviews")
        .set({ status: "pending", reject_reason: null, moderated_by: null, moderated_at: null, published_at: null })
        .where("id", "=", target.moderated.reviewId)
        .execute();
    }
  }
  if (counts.values.open_reports > 0) {
    await target.db
      .updateTable("problem_reports")
      .set({ status: "answered", answer: "Closed by the fuzz.", answered_by: "fuzz@example.in", answered_at: Date.now() })
      .where("status", "=", "open")
      .execute();
  }
  if (counts.values.cart_lines === 0) {
    await target.db
      .insertInto("cart_lines")
      .values(fixtureCart.map(([product, size, quantity]) => ({ user_id: target.fixtures.userId, product_id: product, size_key: size, quantity })))
      .execute();
  }
}

/** The server's report-videos folder: beside the SQLite file's folder's `media/`, or `data/report-videos` under its working directory on PostgreSQL. */
function reportVideoDirOf(database: ProofDatabase): string {
  if (database.kind === "sqlite") return path.join(path.dirname(database.url.slice("file:".length)), "report-videos");
  return path.join(PROOF_SERVER_CWD, "data", "report-videos");
}

/** What is in the server's report-videos/incoming now (files, and the folders uploads are streamed into). */
function incomingEntries(target: Target): string[] {
  try {
    return fs.readdirSync(path.join(target.reportVideos, "incoming"));
  } catch {
    return [];
  }
}

/**
 * Entries of report-videos/incoming that were not there before the request and are still there
 * half a second after its answer, each with the files in it and their sizes; they are then
 * removed, so the next request starts clean.
 */
async function leftUploads(target: Target, before: string[]): Promise<string[]> {
  const known = new Set(before);
  let left: string[] = [];
  for (let wait = 0; wait <= 500; wait += 100) {
    left = incomingEntries(target).filter((name) => !known.has(name));
    if (left.length === 0) return [];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const dir = path.join(target.reportVideos, "incoming");
  return left.map((name) => {
    const entry = path.join(dir, name);
    const files = fs.statSync(entry, { throwIfNoEntry: false })?.isDirectory()
      ? fs.readdirSync(entry).map((file) => `${file} (${fs.statSync(path.join(entry, file), { throwIfNoEntry: false })?.size ?? "?"} bytes)`)
      : [`(${fs.statSync(entry, { throwIfNoEntry: false })?.size ?? "?"} bytes)`];
    fs.rmSync(entry, { recursive: true, force: true });
    return `incoming/${name}: ${files.join(", ") || "an empty folder"}`;
  });
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
  const rows = await target.db.selectFrom("products").select(["id", "colours", "price_paise"]).orderBy("id").execute();
  const withColours = rows.find((row) => (JSON.parse(row.colours) as string[]).length > 0)!;
  // The reporter's fixture order is cash on delivery: a watch within its default ₹25,000 limit (issue 48:
  // the demo's first watches cost lakhs).
  const plain = rows.find((row) => (JSON.parse(row.colours) as string[]).length === 0 && Number(row.price_paise) <= DEFAULT_DELIVERY_RULES.codMaxPaise)!.id;
  if (!catalogue) {
    const listed = (await (await fetch(`${base}/api/product/listproduct`)).json()) as { products: Record<string, unknown>[] };
    catalogue = {
      withColours: { id: withColours.id, colours: JSON.parse(withColours.colours) as string[] },
      plain,
      listed: [plain, withColours.id].map((id) => listed.products.find((product) => product._id === id)!),
    };
    fixtureCart = [
      [catalogue.plain, DEFAULT_SIZE_KEY, 1],
      [catalogue.withColours.id, catalogue.withColours.colours[0], 2],
    ];
  }
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
  for (const [itemId, size, quantity] of fixtureCart) await api("/api/cart/update", { itemId, size, quantity }, token);
  const items = fixtureCart.map(([_id, size, quantity]) => ({ _id, size, quantity }));
  const created = (await api("/api/order/cashfree", { address: ADDRESS, items }, token)) as { order: { order_id: string; payment_session_id: string } };

  const login = await fetch(`${base}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ email: shopper.email, password: shopper.password }).toString(),
    redirect: "manual",
  });
  const cookie = (login.headers.getSetCookie().find((c) => c.startsWith("__session=")) ?? "").split(";")[0];
  if (login.status !== 303 || !cookie) throw new Error(`fixture login answered ${login.status}`);
  const user = await target.db.selectFrom("users").select("id").where("email", "=", shopper.email).executeTakeFirstOrThrow();
  return {
    token,
    cookie,
    email: shopper.email,
    password: shopper.password,
    reserved,
    orderId: created.order.order_id,
    sessionId: created.order.payment_session_id,
    userId: Number(user.id),
  };
}

/** A shopper with a delivered order of {product} (makeReporter's), with their account id: the review form's poster. */
async function makeReviewer(target: Target): Promise<Reporter & { userId: number }> {
  const reviewer = await makeReporter(target);
  const order = await target.db.selectFrom("orders").select("user_id").where("id", "=", reviewer.orderId).executeTakeFirstOrThrow();
  return { ...reviewer, userId: Number(order.user_id) };
}

/**
 * A review of {product} waiting for moderation, written through the review form by another
 * shopper with a delivered order of it: the moderation form's {review}.
 */
async function makeModeratedReview(target: Target): Promise<{ reviewId: string }> {
  const base = target.server.baseUrl;
  const author = await makeReporter(target);
  const response = await fetch(`${base}/product/${encodeURIComponent(catalogue.plain)}/review`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base, cookie: author.cookie, "x-forwarded-for": "192.0.2.3" },
    body: new URLSearchParams({ intent: "write", rating: "4", title: "Keeps time", body: "Written for the fuzz." }).toString(),
    redirect: "manual",
  });
  if (response.status !== 303) throw new Error(`moderation fixture: the review form answered ${response.status} ${(await response.text()).slice(0, 300)}`);
  const review = await target.db.selectFrom("reviews").select("id").where("order_id", "=", author.orderId).executeTakeFirstOrThrow();
  return { reviewId: review.id };
}

/**
 * A new shopper (API sign-up, then the login form for a session cookie) with a cash-on-delivery
 * order of one watch that the fixture owner ships and delivers on the back office's order page,
 * as staff would: the problem-report form takes it for the next 24 hours.
 */
async function makeReporter(target: Target): Promise<Reporter> {
  const base = target.server.baseUrl;
  const post = async (path: string, body: string, headers: Record<string, string>) => {
    const response = await fetch(base + path, { method: "POST", headers: { "x-forwarded-for": "192.0.2.2", ...headers }, body, redirect: "manual" });
    return { response, text: await response.text() };
  };
  const api = async (path: string, body: unknown, token?: string) => {
    const { response, text } = await post(path, JSON.stringify(body), { "content-type": "application/json", ...(token ? { token } : {}) });
    if (response.status !== 200) throw new Error(`reporter fixture ${path} answered ${response.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const random = crypto.randomBytes(6).toString("hex");
  const shopper = { name: "Fuzz Reporter", email: `fuzz-reporter-${random}@example.in`, password: `Fuzz-reporter-${random}-pw` };
  const { token } = (await api("/api/user/register", shopper)) as { token: string };
  await api("/api/cart/update", { itemId: catalogue.plain, size: DEFAULT_SIZE_KEY, quantity: 1 }, token);
  const { orderId } = (await api("/api/order/place", { address: ADDRESS, items: [{ _id: catalogue.plain, size: DEFAULT_SIZE_KEY, quantity: 1 }], amount: 1 }, token)) as { orderId: string };
  const moves: Record<string, string>[] = [{ status: "Shipped", courier: "Blue Dart", awbNumber: "BD12345678" }, { status: "Delivered" }];
  for (const move of moves) {
    const { response, text } = await post(`/admin/orders/${orderId}`, new URLSearchParams({ intent: "status", ...move }).toString(), {
      "content-type": "application/x-www-form-urlencoded",
      origin: base,
      cookie: target.fixtures.cookie,
    });
    if (response.status !== 303) throw new Error(`reporter fixture: moving ${orderId} to ${move.status} answered ${response.status} ${text.slice(0, 300)}`);
  }
  const { response: login } = await post("/login", new URLSearchParams({ email: shopper.email, password: shopper.password }).toString(), {
    "content-type": "application/x-www-form-urlencoded",
    origin: base,
  });
  const cookie = (login.headers.getSetCookie().find((c) => c.startsWith("__session=")) ?? "").split(";")[0];
  if (login.status !== 303 || !cookie) throw new Error(`reporter fixture login answered ${login.status}`);
  return { cookie, token, orderId };
}
