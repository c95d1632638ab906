import fs from "node:fs";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCashfreeClient, type CashfreeClient } from "~/payments/cashfree.server";
import { startFakeCashfree, type FakeCashfree } from "../fakes/cashfree-server";

/**
 * The store's Cashfree client and the simulator, held to Cashfree's own published contract at test
 * time (issue 44 item 1; docs/decisions/0963): the OpenAPI document of PG API 2025-01-01
 * (cashfree/cashfree-pg api/openapi.yaml, vendored as tests/fixtures/cashfree-openapi/pg-2025-01-01.json
 * by scripts/cashfree-openapi-extract.ts). The store's real client drives every call it makes
 * against the fake Cashfree server; then every request the simulator recorded is checked against
 * the operation's parameters and request body schema, and every answer against the documented
 * response schema for its status (formats, enums, lengths, number vs string), with Ajv.
 *
 * OpenAPI 3.0 read as JSON Schema, and where the document says less than Cashfree does (each
 * choice in decision 0963):
 * - Ajv with `strict: false` (the document carries OpenAPI-only keywords: `x-*`, `style`, `explode`,
 *   `discriminator`); `nullable` is Ajv's own OpenAPI keyword.
 * - Formats: ajv-formats, plus the document's own names `UUID` (RFC 9562 form), `ISO8601` (date-time
 *   with an offset, as the description's samples) and the width-only `float64`, `double`, `int32`.
 * - In ANSWERS a property that is null is read as absent unless the schema requires it: Cashfree's
 *   own examples in the document answer null for optional object fields (e.g.
 *   #/components/examples/payments_entity_list_example/value/0/error_details,
 *   #/components/examples/refunds_entity_example/value/0/metadata). Requests are held strictly:
 *   the store sends no nulls.
 * - Enums the document states only in prose are made enums (ENUM_TABLE below), and the one enum
 *   that contradicts its own description (refund_status without FAILED) is widened to it.
 * - PAYMENT_LINK_EVENT has no schema in the document: its field types come from Cashfree's documented
 *   sample (tests/fixtures/cashfree-openapi/payment-link-event.json cites the page).
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type Parameter = { name: string; in: string; required?: boolean; schema?: JsonObject };
type Operation = {
  operationId: string;
  parameters: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonObject }> };
  responses: Record<string, { content?: Record<string, { schema: JsonObject }> }>;
  callbacks?: Record<string, Record<string, Record<string, { requestBody: { content: Record<string, { schema: JsonObject }> } }>>>;
};

const document = JSON.parse(fs.readFileSync("tests/fixtures/cashfree-openapi/pg-2025-01-01.json", "utf8")) as {
  "x-source": { commit: string; sha256: string; licence: string };
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonObject> };
};
const linkEventSchema = JSON.parse(fs.readFileSync("tests/fixtures/cashfree-openapi/payment-link-event.json", "utf8")) as JsonObject;

/** The operations the store's client calls, as "METHOD template" (a fixed table: the eleven of issue 44). */
const STORE_OPERATIONS = [
  "POST /orders",
  "GET /orders/{order_id}",
  "PATCH /orders/{order_id}",
  "GET /orders/{order_id}/payments",
  "POST /links",
  "GET /links/{link_id}",
  "POST /links/{link_id}/cancel",
  "GET /links/{link_id}/orders",
  "POST /orders/{order_id}/refunds",
  "GET /orders/{order_id}/refunds",
  "GET /orders/{order_id}/refunds/{refund_id}",
];

/**
 * Status values the document gives in prose only (or contradicts in its own enum), made enums:
 * schema → property → values, with the document's words as the source.
 */
const ENUM_TABLE: Record<string, Record<string, string[]>> = {
  // OrderEntity.order_status description: ACTIVE, PAID, EXPIRED, TERMINATED, TERMINATION_REQUESTED.
  OrderEntity: { order_status: ["ACTIVE", "PAID", "EXPIRED", "TERMINATED", "TERMINATION_REQUESTED"] },
  PaymentLinkOrderEntity: { order_status: ["ACTIVE", "PAID", "EXPIRED", "TERMINATED", "TERMINATION_REQUESTED"] },
  // LinkEntity.link_status has no description; Cashfree's payment link pages (2025-01-01) list these.
  LinkEntity: { link_status: ["ACTIVE", "PAID", "PARTIALLY_PAID", "EXPIRED", "CANCELLED"] },
  // RefundEntity.refund_status description: SUCCESS, PENDING, CANCELLED, ONHOLD, FAILED (its enum leaves FAILED out).
  RefundEntity: { refund_status: ["SUCCESS", "PENDING", "CANCELLED", "ONHOLD", "FAILED"] },
};

/** Payment method schemas whose top-level `required` names fields of their inner object (see makeAjv). */
const MISPLACED_REQUIRED = ["PaymentMethodUPIInPaymentsEntity", "PaymentMethodNetBankingInPaymentsEntity"];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO8601_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Rewrites the document's local refs ("#/components/schemas/X") to the registered components schema. */
function rebase(node: Json): Json {
  if (Array.isArray(node)) return node.map(rebase);
  if (node === null || typeof node !== "object") return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === "$ref" && typeof value === "string" && value.startsWith("#/") ? `cashfree-components${value}` : rebase(value);
  }
  return out;
}

function makeAjv() {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat("UUID", UUID);
  ajv.addFormat("ISO8601", ISO8601_WITH_OFFSET);
  ajv.addFormat("float64", { type: "number", validate: () => true });
  const schemas = structuredClone(document.components.schemas);
  for (const [schema, properties] of Object.entries(ENUM_TABLE)) {
    for (const [property, values] of Object.entries(properties)) {
      const target = (schemas[schema]?.properties as JsonObject | undefined)?.[property] as JsonObject | undefined;
      if (!target) throw new Error(`ENUM_TABLE names ${schema}.${property}, which the document does not have`);
      target.enum = values;
    }
  }
  // PaymentEntity.payment_method: the document's oneOf alternatives are not exclusive (most
  // require nothing) and two carry `required` lists that belong to their inner object (channel of
  // `upi`, netbanking_bank_code… of `netbanking`): the document's own sample payment
  // ({"upi":{"channel":"collect",…}}) passes none of them. Read as cashfree-pg's generated model
  // reads it: a union (anyOf) of objects whose inner fields are optional.
  const method = schemas.PaymentEntity_payment_method;
  if (!method?.oneOf) throw new Error("PaymentEntity_payment_method has no oneOf any more: look at this amendment again");
  method.anyOf = method.oneOf;
  delete method.oneOf;
  for (const name of MISPLACED_REQUIRED) {
    if (!schemas[name]?.required) throw new Error(`${name} has no required list any more: look at this amendment again`);
    delete schemas[name].required;
  }
  ajv.addSchema({ $id: "cashfree-components", components: { schemas: rebase(schemas as Json) } } as object);
  return ajv;
}
const ajv = makeAjv();
const compiled = new Map<string, ValidateFunction>();
function validator(key: string, schema: JsonObject): ValidateFunction {
  let fn = compiled.get(key);
  if (!fn) {
    fn = ajv.compile(rebase(schema) as object);
    compiled.set(key, fn);
  }
  return fn;
}
const describeErrors = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => `${e.instancePath || "(root)"} ${e.message}${e.params && "allowedValues" in e.params ? ` ${JSON.stringify(e.params.allowedValues)}` : ""}`);

/** A deep copy of an answer with every null property dropped (see the file's docstring). */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v)]));
}

/** "METHOD template" of the document's operation a concrete call names, or null. */
function operationOf(method: string, path: string): { key: string; op: Operation } | null {
  const bare = path.split("?")[0];
  for (const [template, item] of Object.entries(document.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    const op = item[method.toLowerCase()];
    if (op && pattern.test(bare)) return { key: `${method.toUpperCase()} ${template}`, op };
  }
  return null;
}

/**
 * What is wrong with one request by the document: unknown operation, a required header missing,
 * `x-api-version` not the document's version, a header off its schema (x-idempotency-key UUID),
 * no x-client-id, the body off its requestBody schema. [] when it holds.
 */
function requestProblems(request: { method: string; path: string; headers: Record<string, string>; body: unknown }): string[] {
  const found = operationOf(request.method, request.path);
  if (!found) return [`${request.method} ${request.path}: no such operation in the document`];
  const { key, op } = found;
  const problems: string[] = [];
  for (const parameter of op.parameters.filter((p) => p.in === "header")) {
    const value = request.headers[parameter.name.toLowerCase()];
    if (value === undefined) {
      if (parameter.required) problems.push(`${key}: header ${parameter.name} is required`);
      continue;
    }
    if (parameter.schema) {
      const check = validator(`${key} header ${parameter.name}`, parameter.schema);
      if (!check(value)) problems.push(`${key}: header ${parameter.name}=${value}: ${describeErrors(check.errors).join("; ")}`);
    }
  }
  if (request.headers["x-api-version"] !== document.info.version) {
    problems.push(`${key}: x-api-version ${request.headers["x-api-version"]} is not the document's ${document.info.version}`);
  }
  if (!request.headers["x-client-id"]) problems.push(`${key}: no x-client-id (security XClientID)`);
  if ((request.method === "POST" || request.method === "PATCH") && !request.headers["x-idempotency-key"]) {
    problems.push(`${key}: the store sends every create with an x-idempotency-key, this one has none`);
  }
  const bodySchema = op.requestBody?.content["application/json"]?.schema;
  if (bodySchema) {
    if (request.body === undefined) {
      if (op.requestBody?.required) problems.push(`${key}: the request body is required`);
    } else {
      const check = validator(`${key} request`, bodySchema);
      if (!check(request.body)) problems.push(...describeErrors(check.errors).map((e) => `${key} body ${e}`));
    }
  }
  return problems;
}

/** What is wrong with one answer by the document: an undocumented status, a body off its schema. */
function answerProblems(method: string, path: string, status: number, body: unknown): string[] {
  const found = operationOf(method, path);
  if (!found) return [`${method} ${path}: no such operation in the document`];
  const { key, op } = found;
  const response = op.responses[String(status)] ?? op.responses.default;
  if (!response) return [`${key}: status ${status} is not documented (${Object.keys(op.responses).join(", ")})`];
  const schema = response.content?.["application/json"]?.schema;
  if (!schema) return [];
  const check = validator(`${key} ${status}`, schema);
  return check(withoutNulls(body)) ? [] : describeErrors(check.errors).map((e) => `${key} ${status} ${e}`);
}

const paymentWebhookSchema = document.paths["/orders"].post.callbacks!.PaymentWebhook;
const paymentWebhookBody = Object.values(paymentWebhookSchema)[0].post.requestBody.content["application/json"].schema;

/** What is wrong with a signed webhook body: payment webhooks by the document's callback and PaymentWebhook, link events by the documented sample's types. */
function webhookProblems(rawBody: string): string[] {
  const body = JSON.parse(rawBody) as { type?: string };
  if (body.type === "PAYMENT_LINK_EVENT") {
    const check = validator("PAYMENT_LINK_EVENT", linkEventSchema);
    return check(body) ? [] : describeErrors(check.errors).map((e) => `PAYMENT_LINK_EVENT ${e}`);
  }
  const problems: string[] = [];
  for (const [name, schema] of [
    ["callback PaymentWebhook", paymentWebhookBody],
    ["PaymentWebhook", { $ref: "#/components/schemas/PaymentWebhook" }],
  ] as const) {
    const check = validator(name, schema as JsonObject);
    if (!check(withoutNulls(body))) problems.push(...describeErrors(check.errors).map((e) => `${body.type} (${name}) ${e}`));
  }
  return problems;
}

const credentials = { clientId: "contract_app", clientSecret: "contract_secret" };
/** A shopper at the edges of what the checkout allows: a 101-character name, a 254-character address (issue 44). */
const longName = `${"Ananya ".repeat(14)}Raghavan-Iy`.slice(0, 101);
const longEmail = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.in`;
const customer = { id: "user_contract_1", phone: "9876543210", email: "asha@example.in", name: "Asha Rao" };

type Exchange = { method: string; path: string; headers: Record<string, string>; status: number; text: string };

let fake: FakeCashfree;
let client: CashfreeClient;
const exchanges: Exchange[] = [];
/** Calls of the drive that should have succeeded and did not: "what: error". */
const driveFailures: string[] = [];
/** Runs one call of the drive; a failure is recorded (and asserted below), not thrown, so every later call still runs. */
async function attempt<T>(what: string, call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    driveFailures.push(`${what}: ${(error as Error).message}`);
    return undefined;
  }
}
const webhooks: string[] = [];
const run = Date.now().toString(36).toUpperCase();

beforeAll(async () => {
  fake = await startFakeCashfree(credentials);
  // The client's own fetch, watched: the raw answer text of every call and the headers it sent.
  const watched: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(String(input));
    exchanges.push({
      method: (init?.method ?? "GET").toUpperCase(),
      path: url.pathname.replace(/^\/pg/, "") + url.search,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      status: response.status,
      text: await response.clone().text(),
    });
    return response;
  };
  client = createCashfreeClient({ baseUrl: fake.apiBase, ...credentials, timeoutMs: 5000, fetch: watched });

  const base = { returnUrl: "http://store.test/checkout/verify?orderId={order_id}", notifyUrl: "http://store.test/api/webhooks/cashfree" };
  const notify = { notify: false };

  // An order with the longest name and address the checkout takes, paid after a failed attempt, refunded.
  const paid = `CI-CONTRACT-${run}-P`;
  await attempt("client.createOrder", () => client.createOrder({ orderId: paid, amountPaise: 1_249_900, customer: { ...customer, name: longName, email: longEmail }, note: "Contract order", expiresAt: Date.now() + 15 * 60_000, idempotencyKey: `order-${paid}`, ...base }));
  await attempt("client.getOrder", () => client.getOrder(paid));
  // The shopper pays a ₹25.00 convenience fee on top (Cashfree's surcharge): payment_amount > order_amount.
  fake.simulator.setSurcharge(2_500, { for: paid });
  const failed = await attempt("settle FAILED", () => fake.simulator.settle({ orderId: paid }, "FAILED", notify));
  const success = await attempt("settle SUCCESS", () => fake.simulator.settle({ orderId: paid }, "SUCCESS", notify));
  for (const settled of [failed, success]) if (settled?.webhook) webhooks.push(settled.webhook.body);
  await attempt("client.getOrderPayments", () => client.getOrderPayments(paid));
  await attempt("client.getOrder", () => client.getOrder(paid));
  const refundId = `rf_${run}_1`;
  await attempt("client.createRefund", () => client.createRefund({ orderId: paid, refundId, amountPaise: 50_000, note: "Strap returned" }));
  await attempt("client.getRefund", () => client.getRefund(paid, refundId));
  await attempt("client.listRefunds", () => client.listRefunds(paid));
  // Refunds in every state Cashfree plays: PENDING for a read, ONHOLD then SUCCESS, CANCELLED, FAILED.
  for (const [n, outcome] of [[2, "ONHOLD_THEN_SUCCESS"], [3, "CANCELLED"], [4, "FAILED"]] as const) {
    fake.simulator.setRefundOutcome(outcome, { pendingReads: 1, for: paid });
    const id = `rf_${run}_${n}`;
    await attempt("client.createRefund", () => client.createRefund({ orderId: paid, refundId: id, amountPaise: 10_000, note: `Refund ${n}` }));
    for (let read = 0; read < 3; read += 1) await attempt("client.getRefund", () => client.getRefund(paid, id));
  }
  await attempt("client.listRefunds", () => client.listRefunds(paid));

  // An order left unpaid and terminated.
  const dropped = `CI-CONTRACT-${run}-T`;
  await attempt("client.createOrder", () => client.createOrder({ orderId: dropped, amountPaise: 100, customer, idempotencyKey: `order-${dropped}`, ...base }));
  await attempt("client.terminateOrder", () => client.terminateOrder(dropped));
  await attempt("client.getOrder", () => client.getOrder(dropped));
  // …and one whose terminate Cashfree only accepts (TERMINATION_REQUESTED), settled on the next read.
  const requested = `CI-CONTRACT-${run}-R`;
  fake.simulator.setTerminateMode("requested", { for: requested });
  await attempt("client.createOrder", () => client.createOrder({ orderId: requested, amountPaise: 100, customer, idempotencyKey: `order-${requested}`, ...base }));
  await attempt("client.terminateOrder", () => client.terminateOrder(requested));
  await attempt("client.getOrder", () => client.getOrder(requested));

  // A payment link cancelled, and one paid through Cashfree's own order for it.
  const cancelled = `link_${run}_c`;
  await attempt("client.createPaymentLink", () => client.createPaymentLink({ linkId: cancelled, amountPaise: 20_012, purpose: "Order CI-CONTRACT", customer: { phone: customer.phone, email: longEmail, name: longName }, expiresAt: Date.now() + 15 * 60_000, idempotencyKey: `link-${cancelled}`, ...base }));
  await attempt("client.getPaymentLink", () => client.getPaymentLink(cancelled));
  await attempt("client.cancelPaymentLink", () => client.cancelPaymentLink(cancelled));
  await attempt("client.getPaymentLink", () => client.getPaymentLink(cancelled));
  const linkPaid = `link_${run}_p`;
  await attempt("client.createPaymentLink", () => client.createPaymentLink({ linkId: linkPaid, amountPaise: 20_012, purpose: "Order CI-CONTRACT", customer: { phone: customer.phone, email: customer.email, name: customer.name }, idempotencyKey: `link-${linkPaid}`, ...base }));
  const linkSettled = await attempt("settle link SUCCESS", () => fake.simulator.settle({ linkId: linkPaid }, "SUCCESS", notify));
  if (linkSettled?.webhook) webhooks.push(linkSettled.webhook.body);
  await attempt("client.getPaymentLink", () => client.getPaymentLink(linkPaid));
  await attempt("client.getPaymentLinkOrders", () => client.getPaymentLinkOrders(linkPaid));

  // Refusals, whose bodies the document also describes: more refunded than paid (400), unknown
  // order (404), the same order id again under another key (409), one key for two different
  // bodies (422 idempotency_error), wrong keys (401).
  await client.createRefund({ orderId: paid, refundId: `rf_${run}_9`, amountPaise: 5_000_000, note: "Too much" }).catch(() => undefined);
  await client.getOrder(`CI-CONTRACT-${run}-NONE`).catch(() => undefined);
  await client.createOrder({ orderId: dropped, amountPaise: 100, customer, idempotencyKey: `order-${dropped}-again`, ...base }).catch(() => undefined);
  await client.createOrder({ orderId: `${dropped}2`, amountPaise: 200, customer, idempotencyKey: `order-${dropped}`, ...base }).catch(() => undefined);
  await createCashfreeClient({ baseUrl: fake.apiBase, clientId: credentials.clientId, clientSecret: "wrong", fetch: watched }).getOrder(paid).catch(() => undefined);
});

afterAll(async () => {
  await fake?.close();
});

describe("the vendored document", () => {
  it("is Cashfree PG API 2025-01-01 from the pinned upstream commit, with every operation the store calls", () => {
    expect(document.info.version).toBe("2025-01-01");
    expect(document["x-source"]).toMatchObject({
      commit: "f36817442c3ad073f518c19d6476edf3f73f13a5",
      sha256: "ebfcc29e97873ee0a26158eeba365c6cc68701a57975039c1754aa1ea71cb952",
      licence: "Apache 2.0",
    });
    const present = Object.entries(document.paths).flatMap(([template, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${template}`));
    expect(present.sort()).toEqual([...STORE_OPERATIONS].sort());
  });

  it("refuses what Cashfree refuses (the checks themselves catch a non-UUID key, another version, a string amount, a 101-character name)", () => {
    const good = {
      method: "POST",
      path: "/orders",
      headers: { "x-api-version": "2025-01-01", "x-client-id": "id", "x-idempotency-key": "0b3c2a4e-7f5d-5a1b-9c3d-2e4f6a8b0c1d" },
      body: { order_id: "CI-1", order_amount: 10.5, order_currency: "INR", customer_details: { customer_id: "user_1", customer_phone: "9876543210" } },
    };
    expect(requestProblems(good)).toEqual([]);
    expect(requestProblems({ ...good, headers: { ...good.headers, "x-idempotency-key": "order-CI-1" } })).toEqual([
      "POST /orders: header x-idempotency-key=order-CI-1: (root) must match format \"UUID\"",
    ]);
    expect(requestProblems({ ...good, headers: { ...good.headers, "x-api-version": "2023-08-01" } })).toEqual([
      "POST /orders: x-api-version 2023-08-01 is not the document's 2025-01-01",
    ]);
    expect(requestProblems({ ...good, body: { ...good.body, order_amount: "10.50" } })).toEqual(["POST /orders body /order_amount must be number"]);
    expect(requestProblems({ ...good, body: { ...good.body, customer_details: { ...good.body.customer_details, customer_name: "n".repeat(101) } } })).toEqual([
      "POST /orders body /customer_details/customer_name must NOT have more than 100 characters",
    ]);
    expect(answerProblems("GET", "/orders/CI-1/refunds/rf_1", 200, { refund_id: "rf_1", refund_status: "DONE", refund_amount: 5 })).toEqual([
      'GET /orders/{order_id}/refunds/{refund_id} 200 /refund_status must be equal to one of the allowed values ["SUCCESS","PENDING","CANCELLED","ONHOLD","FAILED"]',
    ]);
    expect(answerProblems("GET", "/links/l1", 200, { cf_link_id: 123, link_status: "ACTIVE", link_amount: "200.12" })).toEqual([
      "GET /links/{link_id} 200 /cf_link_id must be string",
      "GET /links/{link_id} 200 /link_amount must be number",
    ]);
    expect(webhookProblems(JSON.stringify({ type: "PAYMENT_LINK_EVENT", event_time: "t", data: { cf_link_id: "1", link_id: "l", link_status: "PAID", link_currency: "INR", link_amount: 200.12, link_amount_paid: "200.12" } }))).toEqual([
      "PAYMENT_LINK_EVENT /data/cf_link_id must be number",
      "PAYMENT_LINK_EVENT /data/link_amount must be string",
    ]);
  });
});

describe("this reading of the document", () => {
  it("accepts Cashfree's own sample answers in the document (but one that contradicts its schema)", () => {
    const problems: string[] = [];
    for (const [template, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const samples = ((op.responses["200"] as { "x-examples"?: unknown[] }) ?? {})["x-examples"] ?? [];
        const concrete = template.replace(/\{([^}]+)\}/g, "sample_$1");
        for (const sample of samples) problems.push(...answerProblems(method.toUpperCase(), concrete, 200, sample));
      }
    }
    // The sample of Create Refund is a list of refunds; its schema (and Cashfree's answer) is one RefundEntity.
    expect(problems).toEqual(["POST /orders/{order_id}/refunds 200 (root) must be object"]);
  });
});

describe("the store's client and the simulator, by Cashfree's document", () => {
  it("made every call of the drive without a refusal", () => {
    expect(driveFailures).toEqual([]);
  });

  it("reached every status Cashfree documents for what the store makes, and a surcharged payment", () => {
    const seen = (field: string) =>
      new Set(
        exchanges
          .filter((e) => e.status === 200 && e.text)
          .flatMap((e) => [JSON.parse(e.text)].flat() as Array<Record<string, unknown>>)
          .map((entity) => entity[field])
          .filter((value): value is string => typeof value === "string"),
      );
    expect(seen("order_status")).toEqual(new Set(["ACTIVE", "PAID", "TERMINATED", "TERMINATION_REQUESTED"]));
    expect(seen("payment_status")).toEqual(new Set(["FAILED", "SUCCESS"]));
    expect(seen("link_status")).toEqual(new Set(["ACTIVE", "CANCELLED", "PAID"]));
    expect(seen("refund_status")).toEqual(new Set(["PENDING", "SUCCESS", "ONHOLD", "CANCELLED", "FAILED"]));
    const payments = exchanges.filter((e) => e.status === 200 && /\/payments$/.test(e.path)).flatMap((e) => JSON.parse(e.text) as Array<{ payment_amount: number; order_amount: number }>);
    // ₹12,499.00 order, ₹25.00 fee: the payment is ₹12,524.00 (a fixed figure, not the simulator's).
    expect(payments.map((p) => [p.order_amount, p.payment_amount])).toEqual([
      [12_499, 12_524],
      [12_499, 12_524],
    ]);
  });

  it("drove every operation the store uses", () => {
    const seen = new Set(fake.simulator.requests.map((r) => operationOf(r.method, r.path)?.key));
    expect([...STORE_OPERATIONS].filter((op) => !seen.has(op))).toEqual([]);
  });

  it("sent every request within the document: headers, x-api-version, UUID idempotency keys, bodies", () => {
    const problems = fake.simulator.requests.flatMap((r) => requestProblems(r));
    expect(problems).toEqual([]);
  });

  it("sent the client secret on every call (security XClientSecret)", () => {
    expect(exchanges.length).toBeGreaterThanOrEqual(fake.simulator.requests.length);
    expect(exchanges.filter((e) => !e.headers["x-client-secret"]).map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it("was answered, every time, with a status the operation documents and a body its schema allows", () => {
    const problems = exchanges.flatMap((e) => answerProblems(e.method, e.path, e.status, e.text ? JSON.parse(e.text) : undefined));
    expect(problems).toEqual([]);
    expect(new Set(exchanges.map((e) => e.status))).toEqual(new Set([200, 400, 401, 404, 409, 422]));
  });

  it("answers a fresh read of every resource, as it stands now, within the document", async () => {
    const reads = [...new Set(exchanges.filter((e) => e.method === "GET" && e.status === 200).map((e) => e.path))];
    // Orders P, T, R; P's payments; refunds 1–4 one by one and P's list; links c and p; p's orders.
    expect(reads).toHaveLength(12);
    const problems: string[] = [];
    for (const path of reads) {
      const response = await fetch(`${fake.apiBase}${path}`, {
        headers: { accept: "application/json", "x-api-version": document.info.version, "x-client-id": credentials.clientId, "x-client-secret": credentials.clientSecret },
      });
      expect(response.status, path).toBe(200);
      problems.push(...answerProblems("GET", path, response.status, await response.json()));
    }
    expect(problems).toEqual([]);
  });

  it("signs webhook bodies in Cashfree's shapes: the payment webhooks by the document, PAYMENT_LINK_EVENT by Cashfree's sample", () => {
    expect(webhooks.map((body) => (JSON.parse(body) as { type: string }).type)).toEqual(["PAYMENT_FAILED_WEBHOOK", "PAYMENT_SUCCESS_WEBHOOK", "PAYMENT_LINK_EVENT"]);
    expect(webhooks.flatMap(webhookProblems)).toEqual([]);
  });
});
