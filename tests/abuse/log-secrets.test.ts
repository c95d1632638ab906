import { spawn } from "node:child_process";
import crypto from "node:crypto";
import net from "node:net";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { ADDRESS } from "../fixtures/address";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp-server";
import { checkServerLog } from "../setup/server-log";
import { PROOF_SERVER_CWD, buildProofApp, createProofDatabase, proofBuildFolder, proofServer, type ProofDatabase, type ProofServer } from "../setup/proof-server";

/**
 * Issue 46 item 2 against the production build: a known run of a shopper's secrets through the
 * store — a sign-up and log-ins with a distinctive password, a failing log-in, a password-reset
 * link and the new password, the newsletter's and a complaint's links with their `token`/`key`,
 * the session cookie, `Authorization: Bearer`, the API's token, a checkout on the payment
 * simulator "paid" with a card number and a UPI id — then the server's whole output: every line
 * one JSON object with level, time and msg; every request exactly one "request" line whose
 * requestId is the answer's X-Request-Id; a trusted proxy's id kept, a hostile or untrusted one
 * replaced; no 4xx with a stack; and none of the secrets, nor the shopper's email or phone.
 */

const SUFFIX = "lg";
const METRICS_TOKEN = "lgMetricsToken-7Qv2xN9pR4sT6wY8zB1c";

/** Values sent once each, distinctive enough that finding one in the log can only mean a leak. */
const SENT = {
  password: "Lg-Pass-9f3kQz7-xWmd",
  newPassword: "Lg-NewPass-2mV8rT4-yQjk",
  wrongPassword: "Lg-WrongPw-5hN1cB6-zRpl",
  bearer: "lgBearerWrong-9876543210zyxwvu",
  cardNumber: "4111222233334444",
  cardCvv: "7391",
  upiId: "lgshopper.7731@okicici",
  phone: "9812345670",
  street: "77 Lgsecret Lane",
};

type Line = Record<string, unknown> & { level?: unknown; time?: unknown; msg?: unknown; requestId?: unknown; err?: { stack?: string } };
type Made = { requestId: string | null; method: string; path: string; status: number };

let smtp: FakeSmtp;
let database: ProofDatabase;
let server: ProofServer;
let db: DB;
let base: string;
/** Every request this file made of `server`, with the id its answer carried. */
const made: Made[] = [];
/** Secrets learnt during the run (tokens, the cookie value, links' keys, the shopper's email). */
const learnt = new Map<string, string>();

beforeAll(async () => {
  buildProofApp(SUFFIX);
  smtp = await startFakeSmtp();
  database = await createProofDatabase("sqlite");
  server = await proofServer({ suffix: SUFFIX, database, env: { SMTP_URL: smtp.url, METRICS_TOKEN, LOG_LEVEL: "debug" } });
  await server.start();
  base = server.baseUrl;
  db = database.open();
}, 300_000);

afterAll(async () => {
  if (process.env.ABUSE_DEBUG) console.log(server?.output());
  await db?.destroy();
  await server?.stop();
  await smtp?.close();
  await database?.cleanup();
}, 60_000);

/** A request to the store, redirects not followed; recorded in `made` with its answer's X-Request-Id. */
async function call(pathname: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(base + pathname, { redirect: "manual", ...init });
  await response.clone().arrayBuffer();
  made.push({ requestId: response.headers.get("x-request-id"), method: init.method ?? "GET", path: new URL(base + pathname).pathname, status: response.status });
  return response;
}

/** A form posted from the store's own page (`cookie` when signed in). */
function postForm(pathname: string, form: Record<string, string>, cookie?: string): Promise<Response> {
  return call(pathname, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(form).toString(),
  });
}

/** A Store API call with the shopper's token header. */
function api(pathname: string, body: unknown, token?: string): Promise<Response> {
  return call(pathname, { method: "POST", headers: { "content-type": "application/json", ...(token ? { token } : {}) }, body: JSON.stringify(body) });
}

/** The cookies a Set-Cookie answer gives, as a browser sends them back; notes each value as a secret. */
function cookiesOf(response: Response): string {
  const pairs = response.headers.getSetCookie().map((line) => line.split(";")[0]);
  for (const pair of pairs) {
    const value = pair.slice(pair.indexOf("=") + 1);
    if (value.length >= 16) learnt.set(`cookie ${pair.split("=")[0]}`, value);
  }
  return pairs.join("; ");
}

/** The first link to a path matching `pathname` (a RegExp source) with a `token` or `key` in a mail to `email` (waits up to 20 s). */
async function linkInMail(email: string, pathname: string): Promise<string> {
  for (let waited = 0; waited < 20_000; waited += 200) {
    for (const mail of smtp.received) {
      if (!(mail.to && !Array.isArray(mail.to) && mail.to.value.some((to) => to.address === email))) continue;
      const match = new RegExp(`${base.replace(/[.:/]/g, "\\$&")}(${pathname}\\?[^\\s>)\\]"]*(?:token|key)=[A-Za-z0-9_-]+[^\\s>)\\]"]*)`).exec(String(mail.text));
      if (match) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const texts = smtp.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((to) => to.address === email)).map((mail) => String(mail.text));
  throw new Error(`no mail to ${email} with a ${pathname} link:\n${texts.join("\n---\n")}`);
}

/** The output's lines, each parsed (a line that is not JSON fails the test that reads it). */
function lines(): Line[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Line);
}

/** The "request" lines of shopper requests (a page-cache render is logged as `render`). */
const requestLines = () => lines().filter((line) => line.msg === "request" && line.render !== true);

/** Sends raw bytes and answers the response's head (status line and headers), or "" when the server closed first. */
function rawHead(bytes: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(new URL(base).port), "127.0.0.1");
    let got = "";
    socket.on("data", (chunk) => {
      got += chunk.toString("latin1");
      if (got.includes("\r\n\r\n")) socket.destroy();
    });
    socket.on("close", () => resolve(got.split("\r\n\r\n")[0]));
    socket.on("error", () => resolve(got));
    socket.write(bytes);
  });
}

describe("issue 46 item 2: the log of a known run keeps no secret, and follows each request by its id", () => {
  it("signs up, logs in, resets the password, follows the mail links and pays by card and UPI", async () => {
    const email = `lg-${crypto.randomBytes(5).toString("hex")}@example.in`;
    learnt.set("the shopper's email", email);

    await call("/");
    // Sign-up and log-in forms, a failing log-in (the page and the API).
    const signUp = await postForm("/login?mode=signup", { name: "Asha Rao", email, password: SENT.password });
    expect(signUp.status).toBe(303);
    let cookie = cookiesOf(signUp);
    expect((await postForm("/login", { email, password: SENT.wrongPassword })).status).toBe(401);
    expect((await api("/api/user/login", { email, password: SENT.wrongPassword })).status).toBe(401);
    const logIn = await postForm("/login", { email, password: SENT.password });
    expect(logIn.status).toBe(303);
    cookie = cookiesOf(logIn);
    // Signed-in pages with the session cookie.
    expect((await call("/orders", { headers: { cookie } })).status).toBe(200);
    expect((await call("/profile", { headers: { cookie } })).status).toBe(200);

    // The password reset: its link's token, then the new password twice.
    expect((await postForm("/forgot-password", { email })).status).toBe(303);
    const resetLink = await linkInMail(email, "/reset-password");
    learnt.set("the reset token", new URL(resetLink, base).searchParams.get("token")!);
    expect((await call(resetLink)).status).toBe(200);
    const reset = await postForm("/reset-password", { token: learnt.get("the reset token")!, password: SENT.newPassword, confirm: SENT.newPassword });
    expect(reset.status).toBe(303);
    cookie = cookiesOf(reset);

    // The newsletter's confirmation link and a complaint's follow link.
    expect((await postForm("/newsletter", { email, consentVersion: "2026-11-v1", redirectTo: "/" })).status).toBe(303);
    const confirmLink = await linkInMail(email, "/newsletter/confirm");
    learnt.set("the newsletter token", new URL(confirmLink, base).searchParams.get("token")!);
    expect((await call(confirmLink)).status).toBeLessThan(500);
    expect((await call(`/newsletter/unsubscribe?token=${learnt.get("the newsletter token")}`)).status).toBeLessThan(500);
    expect(
      (await postForm("/grievance", { name: "Asha Rao", email, subject: "delivery", text: "My parcel never came. Please tell me where it is." }, cookie)).status,
    ).toBeLessThan(400);
    const grievanceLink = await linkInMail(email, "/grievance/GR-\\d{4}-\\d{6}");
    learnt.set("the complaint's key", new URL(grievanceLink, base).searchParams.get("key")!);
    expect((await call(grievanceLink)).status).toBe(200);

    // Authorization headers: a wrong bearer token (404) and the right one.
    expect((await call("/metrics", { headers: { authorization: `Bearer ${SENT.bearer}` } })).status).toBe(404);
    expect((await call("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200);

    // A checkout through the API on the payment simulator, "paid" by card and UPI.
    const apiLogin = await api("/api/user/login", { email, password: SENT.newPassword });
    expect(apiLogin.status).toBe(200);
    const token = ((await apiLogin.json()) as { token: string }).token;
    learnt.set("the API token", token);
    const product = await db.selectFrom("products").select(["id"]).where("hidden", "=", 0).where("colours", "=", "[]").orderBy("price_paise").executeTakeFirstOrThrow();
    expect((await api("/api/cart/update", { itemId: product.id, size: "default", quantity: 1 }, token)).status).toBe(200);
    const address = { ...ADDRESS, email, phone: SENT.phone, street: SENT.street };
    const created = await api("/api/order/cashfree", { address, items: [{ _id: product.id, size: "default", quantity: 1 }], amount: 1 }, token);
    expect(created.status).toBe(200);
    const order = ((await created.json()) as { order: { order_id: string; payment_session_id: string } }).order;
    const card = new URLSearchParams({ card_number: SENT.cardNumber, card_cvv: SENT.cardCvv, upi_id: SENT.upiId }).toString();
    expect((await call(`/payments/simulator/session/${encodeURIComponent(order.payment_session_id)}?${card}`)).status).toBe(200);
    const paid = await call(`/payments/simulator/session/${encodeURIComponent(order.payment_session_id)}`, {
      method: "POST",
      headers: { origin: base, accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
      body: `outcome=pay&${card}`,
    });
    expect(paid.status).toBeLessThan(400);
    expect((await api("/api/order/verifyCashfree", { orderId: order.order_id }, token)).status).toBe(200);
    expect((await db.selectFrom("orders").select("payment_status").where("id", "=", order.order_id).executeTakeFirstOrThrow()).payment_status).toBe("PAID");

    // Harmless 4xx Remix answers itself: a POST to a page without an action, OPTIONS, a missing page.
    expect((await postForm("/about", { x: "1" })).status).toBe(405);
    expect((await call("/", { method: "OPTIONS" })).status).toBe(405);
    expect((await call("/no-such-page-lg")).status).toBe(404);
    expect((await call("/logout", { method: "POST", headers: { origin: base, cookie, "content-type": "application/x-www-form-urlencoded" }, body: "" })).status).toBe(303);
  }, 120_000);

  it("writes every line as one JSON object with level, time and msg", async () => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const raw = server.output().split("\n").filter((line) => line.trim() !== "");
    expect(raw.length).toBeGreaterThan(made.length);
    const notJson = raw.filter((line) => {
      try {
        const parsed = JSON.parse(line) as Line;
        return !(typeof parsed.level === "string" && typeof parsed.time === "string" && typeof parsed.msg === "string");
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([]);
  });

  it("logs each request exactly once, under the id its answer carried, with method, path, status and duration", () => {
    const byId = new Map<string, Line[]>();
    for (const line of requestLines()) byId.set(String(line.requestId), [...(byId.get(String(line.requestId)) ?? []), line]);
    expect(made.length).toBeGreaterThanOrEqual(25);
    for (const request of made) {
      expect(request.requestId, `${request.method} ${request.path}`).toMatch(/^[0-9a-f-]{36}$/);
      const found = byId.get(request.requestId!) ?? [];
      expect(found, `${request.method} ${request.path}`).toHaveLength(1);
      expect(found[0]).toMatchObject({ method: request.method, path: request.path, status: request.status, durationMs: expect.any(Number) });
    }
  });

  it("names the signed-in shopper by user id on her requests, never by email", async () => {
    const email = learnt.get("the shopper's email")!;
    const user = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    const orders = made.find((request) => request.path === "/orders")!;
    const line = requestLines().find((candidate) => candidate.requestId === orders.requestId)!;
    expect(line.userId).toBe(Number(user.id));
  });

  it("logs Remix's own 4xx (405 for a page without an action and for OPTIONS, 404) at info without a stack", () => {
    const refused = made.filter((request) => request.status >= 400 && request.status < 500);
    expect(refused.map((request) => request.status)).toEqual(expect.arrayContaining([401, 401, 404, 404, 405, 405]));
    const ids = new Set(refused.map((request) => request.requestId));
    const theirs = lines().filter((line) => ids.has(String(line.requestId)));
    expect(theirs.filter((line) => line.err !== undefined || /\n\s+at /.test(JSON.stringify(line)))).toEqual([]);
    expect(theirs.filter((line) => line.level === "error" || line.level === "fatal")).toEqual([]);
    // The 405s' own line from handleError: one short line with the status.
    const about = made.find((request) => request.path === "/about" && request.method === "POST")!;
    expect(lines().filter((line) => line.requestId === about.requestId && line.msg !== "request")).toEqual([
      expect.objectContaining({ level: "info", status: 405, reason: expect.stringContaining("did not provide an `action`") }),
    ]);
  });

  it("finds none of the secrets it sent in the log: passwords, tokens, keys, cookie, bearer, card, UPI, email, phone", () => {
    const output = server.output();
    const secrets = { ...SENT, metricsToken: METRICS_TOKEN, ...Object.fromEntries(learnt) };
    expect(Object.keys(secrets).length).toBeGreaterThanOrEqual(15);
    const found = Object.entries(secrets).filter(([, value]) => output.includes(value) || output.includes(encodeURIComponent(value)));
    expect(found.map(([name]) => name)).toEqual([]);
    // The query values are there, censored.
    const pay = requestLines().find((line) => line.path?.toString().startsWith("/payments/simulator/session/") && line.method === "GET")!;
    expect(pay.query).toEqual({ card_number: "[redacted]", card_cvv: "[redacted]", upi_id: "[redacted]" });
  });
});

describe("issue 46 item 2: a 5xx is logged at error with its stack, under its request id", () => {
  it("answers the orders list 500 while its table is gone, with one error line carrying the stack", async () => {
    await sql`alter table orders rename to orders_lg_gone`.execute(db);
    let answer: Response;
    try {
      answer = await api("/api/order/userorders", {}, learnt.get("the API token"));
    } finally {
      await sql`alter table orders_lg_gone rename to orders`.execute(db);
    }
    expect(answer.status).toBe(500);
    const id = answer.headers.get("x-request-id")!;
    await expect.poll(() => lines().filter((line) => line.requestId === id).length).toBeGreaterThanOrEqual(2);
    const theirs = lines().filter((line) => line.requestId === id);
    expect(theirs.find((line) => line.msg === "request")).toMatchObject({ level: "error", status: 500, path: "/api/order/userorders" });
    const failure = theirs.find((line) => line.msg !== "request")!;
    expect(failure).toMatchObject({ level: "error", msg: "Store API error", routeId: "routes/api.order.userorders" });
    expect(failure.err?.stack).toMatch(/no such table: orders\n\s+at /);
    // The whole run's log, as the fuzz checks it: JSON lines, no 4xx with a stack, this 5xx with its stack.
    const { problems, counts } = checkServerLog(server.output());
    expect(problems).toEqual([]);
    expect(counts.serverErrors).toBe(1);
  });
});

describe("issue 46 item 2: whose X-Request-Id is kept", () => {
  const lineOf = (target: ProofServer, id: string) =>
    target
      .output()
      .split("\n")
      .filter((line) => line.includes(id.slice(0, 40)))
      .map((line) => JSON.parse(line) as Line);

  it("keeps a trusted proxy's usable id (TRUST_PROXY=true) in the answer and the line", async () => {
    const id = `proxy-${crypto.randomBytes(6).toString("hex")}:1.2`;
    const response = await fetch(`${base}/faqs`, { headers: { "x-request-id": id } });
    await response.arrayBuffer();
    expect(response.headers.get("x-request-id")).toBe(id);
    await expect.poll(() => requestLines().filter((line) => line.requestId === id).length).toBe(1);
  });

  it.each([
    ["a kilobyte", "a".repeat(1024)],
    ["a forged JSON line", 'x"} {"level":"fatal","msg":"forged'],
    ["a space and a semicolon", "abc def;ghi"],
  ])("replaces %s with an id of its own", async (_label, id) => {
    const response = await fetch(`${base}/faqs`, { headers: { "x-request-id": id } });
    await response.arrayBuffer();
    const given = response.headers.get("x-request-id")!;
    expect(given).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => requestLines().filter((line) => line.requestId === given).length).toBe(1);
    expect(server.output()).not.toContain(id.length > 100 ? id : `"requestId":"${id}`);
  });

  it("never keeps an id with a newline: refused by Node's parser or replaced", async () => {
    const head = await rawHead(`GET /faqs HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-Id: lgnl-abc\n{"level":"fatal"}\r\nConnection: close\r\n\r\n`);
    expect(head).toMatch(/^HTTP\/1\.1 (200|400) /);
    expect(head).not.toMatch(/x-request-id: lgnl-abc/i);
    expect(server.output()).not.toContain("lgnl-abc");
  });

  it("replaces every offered id when the proxy is not trusted (TRUST_PROXY=false)", async () => {
    const untrustedDb = await createProofDatabase("sqlite");
    const untrusted = await proofServer({ suffix: SUFFIX, database: untrustedDb, env: { TRUST_PROXY: "false", SMTP_URL: smtp.url } });
    try {
      await untrusted.start();
      const id = `proxy-${crypto.randomBytes(6).toString("hex")}`;
      const response = await fetch(`${untrusted.baseUrl}/faqs`, { headers: { "x-request-id": id } });
      await response.arrayBuffer();
      const given = response.headers.get("x-request-id")!;
      expect(given).toMatch(/^[0-9a-f-]{36}$/);
      await expect.poll(() => lineOf(untrusted, given).filter((line) => line.msg === "request").length).toBe(1);
      expect(untrusted.output()).not.toContain(id);
    } finally {
      await untrusted.stop();
      await untrustedDb.cleanup();
    }
  }, 120_000);
});

describe("issue 46 item 2: a refused configuration", () => {
  it("stops the server with one fatal JSON line naming the setting, never its value", async () => {
    const shortSecret = "lg-short-secret-value";
    const child = spawn(process.execPath, [path.join(PROOF_SERVER_CWD, "node_modules/@remix-run/serve/dist/cli.js"), `./${proofBuildFolder(SUFFIX)}/index.js`], {
      cwd: PROOF_SERVER_CWD,
      env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: "4599", DATABASE_URL: database.url, SESSION_SECRET: shortSecret },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    const logged = output
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as Line);
    expect(logged).toEqual([expect.objectContaining({ level: "fatal", msg: expect.stringContaining("SESSION_SECRET: must be at least 32 characters") })]);
    expect(output).not.toContain(shortSecret);
  }, 60_000);
});
