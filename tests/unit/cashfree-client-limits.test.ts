import { afterEach, describe, expect, it } from "vitest";
import { cashfreeCustomerEmail, cashfreeCustomerName } from "~/payments/cashfree.server";
import { processCashfreeWebhook } from "~/services/payments-http.server";
import { startCashfreePayment, verifyCashfreePayment } from "~/services/payments.server";
import { ADDRESS, createShopper, fillCart, orderBody, seedWatches, simulatorGateway, STORE_URL } from "../fakes/shop";
import { testDatabases, type TestDatabase } from "../setup/databases";

/**
 * Issue 44 item 2 (docs/decisions/0961): Cashfree takes customer_name and customer_email of 3 to 100
 * characters (openapi.yaml CustomerDetails). The checkout allows a 50 + 50 character name (101 with
 * the space) and a 254-character email; the client sends a name cut at a grapheme boundary and
 * leaves a longer email out.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const KA = "\u0915"; // क
const NI = "\u0928\u093F"; // नि: न and its vowel sign, one grapheme of two code units

describe("the customer's name and email within Cashfree's limits (a fixed table)", () => {
  it.each([
    ["a 101-character Latin name loses its last letter", `${"A".repeat(50)} ${"B".repeat(50)}`, `${"A".repeat(50)} ${"B".repeat(49)}`],
    ["a Devanagari cluster straddling unit 100 is dropped whole", `${KA.repeat(50)} ${KA.repeat(48)}${NI}`, `${KA.repeat(50)} ${KA.repeat(48)}`],
    ["an emoji straddling unit 100 is dropped whole", `${"a".repeat(49)} ${"b".repeat(49)}\u{1F600}`, `${"a".repeat(49)} ${"b".repeat(49)}`],
    ["a cut that ends in a space is trimmed", `${"a".repeat(99)} bc`, "a".repeat(99)],
    ["a name of 100 is sent whole", "n".repeat(100), "n".repeat(100)],
    ["spaces around are trimmed before counting", `  ${"n".repeat(100)}  `, "n".repeat(100)],
    ["a name shorter than 3 is left out", "Al", undefined],
  ])("%s", (_, name, sent) => {
    const result = cashfreeCustomerName(name);
    expect(result).toBe(sent);
    if (result) {
      expect(result.length).toBeLessThanOrEqual(100);
      expect(LONE_SURROGATE.test(result)).toBe(false);
    }
  });

  it.each([
    ["an email of 100 characters is sent", `${"e".repeat(89)}@example.in`, `${"e".repeat(89)}@example.in`],
    ["an email of 101 characters is left out", `${"e".repeat(90)}@example.in`, undefined],
    ["a 254-character email is left out", `${"e".repeat(243)}@example.in`, undefined],
    ["an ordinary email is sent trimmed", " asha@example.in ", "asha@example.in"],
  ])("%s", (_, email, sent) => {
    expect(cashfreeCustomerEmail(email)).toBe(sent);
  });
});

describe.each(testDatabases())("a long name pays end to end against the simulator on $name", ({ create }) => {
  let current: TestDatabase | undefined;
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });

  async function pay(mode: "checkout" | "link", address: Partial<typeof ADDRESS>) {
    current = await create();
    const db = current.db;
    await seedWatches(db);
    const userId = await createShopper(db);
    await fillCart(db, userId, [["w-plain", "default", 1]]);
    const gateway = simulatorGateway();
    const body = { ...orderBody([{ _id: "w-plain", size: "default", quantity: 1 }], 1000), address: { ...ADDRESS, ...address } };
    const started = await startCashfreePayment(db, gateway, { id: userId }, body, { mode, storeUrl: STORE_URL, idempotencyKey: `limits-${mode}` });
    const created = gateway.simulator!.requests.find((request) => request.method === "POST" && (request.path === "/orders" || request.path === "/links"));
    const sent = (created?.body as { customer_details: Record<string, unknown> }).customer_details;
    const target = mode === "checkout" ? { orderId: started.order.id } : { linkId: started.order.id };
    const { webhook } = await gateway.simulator!.settle(target, "SUCCESS", { notify: false });
    const answer = await processCashfreeWebhook(db, {
      rawBody: webhook!.body,
      signature: webhook!.headers["x-webhook-signature"],
      timestamp: webhook!.headers["x-webhook-timestamp"],
      secret: gateway.webhookSecret,
    });
    const verified = await verifyCashfreePayment(db, gateway, userId, { orderId: started.order.id });
    return { sent, outcome: answer.body.outcome, verified };
  }

  it.each(["checkout", "link"] as const)("a 101-character name (%s): sent cut to 100, the order paid", async (mode) => {
    const { sent, outcome, verified } = await pay(mode, { firstName: "A".repeat(50), lastName: "B".repeat(50) });
    expect(sent.customer_name).toBe(`${"A".repeat(50)} ${"B".repeat(49)}`);
    expect(sent.customer_email).toBe(ADDRESS.email);
    expect([outcome, verified]).toEqual(["paid", { paymentStatus: "PAID" }]);
  });

  it.each(["checkout", "link"] as const)("a Devanagari name with combining marks (%s): cut before the cluster, valid UTF-16, paid", async (mode) => {
    const { sent, outcome } = await pay(mode, { firstName: KA.repeat(50), lastName: `${KA.repeat(48)}${NI}` });
    expect(sent.customer_name).toBe(`${KA.repeat(50)} ${KA.repeat(48)}`);
    expect(LONE_SURROGATE.test(String(sent.customer_name))).toBe(false);
    expect(outcome).toBe("paid");
  });

  it("a 254-character email is not sent (optional at Cashfree); the order is paid", async () => {
    const { sent, outcome } = await pay("checkout", { email: `${"e".repeat(243)}@example.in` });
    expect(sent).not.toHaveProperty("customer_email");
    expect(sent.customer_name).toBe(`${ADDRESS.firstName} ${ADDRESS.lastName}`);
    expect(outcome).toBe("paid");
  });
});
