import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpBackend } from "~/backend/http.server";
import { createDatabase, type DB } from "~/db/db.server";
import { CANCEL_MESSAGES } from "~/lib/order-cancel";
import { cancelOrderJsonSchema } from "~/schemas/order-cancel";
import { ORDER_MESSAGES } from "~/schemas/orders";
import { setOrderStatus } from "~/services/orders.server";
import { ADDRESS } from "../fakes/shop";
import { startContractServer, type ContractServer } from "../setup/contract-server";

/**
 * `POST /api/order/cancel` on the wire (issue 45 items 1 and 6; docs/decisions/0981), against the
 * production build on loopback: the answer's shape (the order Cancelled, no refund for cash on
 * delivery), a repeat answered alike with `alreadyCancelled`, another shopper's order 404 exactly
 * as an unknown id, a shipped order 409 with the sentence, 401 without a token, 400 for a
 * malformed body, 405 for GET, never a 500 for whatever body comes, and 429 for a flood.
 */

const SHIPMENT = { courier: "Delhivery", awbNumber: "DL987654321", trackingUrl: null };

let server: ContractServer | undefined;
let db: DB | undefined;
afterAll(async () => {
  await db?.destroy();
  await server?.stop();
}, 30_000);

function newShopper(label: string) {
  return { name: "Asha Rao", email: `${label}-${crypto.randomBytes(5).toString("hex")}@example.com`, password: "correct horse 42" };
}

describe("POST /api/order/cancel on the wire", () => {
  let baseUrl: string;
  beforeAll(async () => {
    server = await startContractServer({ ENABLE_COD: "true" }, { buildSuffix: "contract-policy" });
    baseUrl = server.baseUrl;
    db = createDatabase(`file:${server.databaseFile}`);
  }, 240_000);

  async function post(body: unknown, token?: string, raw?: string) {
    const response = await fetch(`${baseUrl}/api/order/cancel`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { token } : {}) },
      body: raw ?? JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  }

  async function codOrder(label: string) {
    const backend = createHttpBackend(baseUrl);
    const { token } = await backend.register(newShopper(label));
    const product = (await backend.listProducts()).find((p) => p.colours.length === 0 && p.pricePaise <= 2_500_000)!;
    await backend.updateCart(token, product.id, "default", 1);
    const { orderId } = await backend.placeOrder(token, { address: ADDRESS, items: [{ _id: product.id, size: "default", quantity: 1 }], amount: 1 }, { idempotencyKey: `cancel-${crypto.randomUUID()}` });
    return { backend, token, orderId, product };
  }

  it("cancels the shopper's order (the contract's shape), answers a repeat alike, refuses another shopper's as an unknown id", async () => {
    const { backend, token, orderId, product } = await codOrder("cancel-owner");
    const { token: other } = await backend.register(newShopper("cancel-other"));
    const theirs = await post({ orderId }, other);
    expect(theirs).toEqual({ status: 404, json: { success: false, message: ORDER_MESSAGES.orderNotFound } });
    expect(await post({ orderId: "CI000000-NOSUCHOR" }, token)).toEqual(theirs);
    expect((await backend.userOrder(token, orderId)).order.status).toBe("Order Placed");

    const answer = await post({ orderId }, token);
    expect(answer.status).toBe(200);
    expect(cancelOrderJsonSchema.strict().safeParse(answer.json).success).toBe(true);
    expect(answer.json).toMatchObject({ success: true, refund: null, alreadyCancelled: false, order: { _id: orderId, status: "Cancelled", amount: product.pricePaise / 100 } });
    const again = await post({ orderId }, token);
    expect(again).toEqual({ status: 200, json: { ...answer.json, alreadyCancelled: true } });
    expect((await backend.userOrder(token, orderId)).order.status).toBe("Cancelled");
  });

  it("refuses a shipped order with 409 and its sentence; 401 without a token, 400 malformed, 405 GET, never 500", async () => {
    const { token, orderId } = await codOrder("cancel-shipped");
    await setOrderStatus(db!, orderId, "Shipped", { liveCredentials: false, shipment: SHIPMENT });
    expect(await post({ orderId }, token)).toEqual({ status: 409, json: { success: false, message: CANCEL_MESSAGES.shipped } });
    expect(await post({ orderId })).toEqual({ status: 401, json: { success: false, message: expect.any(String) } });
    for (const body of [{}, { orderId: "../../etc/passwd" }, { orderId: 42 }, { orderId: null }, [], "x"]) {
      expect((await post(body, token)).status, JSON.stringify(body)).toBe(400);
    }
    for (const raw of ["{", "null", '{"orderId": "' + "A".repeat(20_000) + '"}', '{"orderId":"x","status":"Cancelled"}']) {
      const { status } = await post(undefined, token, raw);
      expect(status >= 400 && status < 500, raw.slice(0, 40)).toBe(true);
    }
    expect((await fetch(`${baseUrl}/api/order/cancel`)).status).toBe(405);
  });

  it("a flood of cancels: after 10 a minute the shopper gets 429 with the sentence, the order untouched", async () => {
    const { backend, token, orderId } = await codOrder("cancel-flood");
    await setOrderStatus(db!, orderId, "Shipped", { liveCredentials: false, shipment: SHIPMENT });
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await post({ orderId }, token));
    expect(answers.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(409));
    expect(answers[10]).toEqual({ status: 429, json: { success: false, message: CANCEL_MESSAGES.tooMany } });
    expect((await backend.userOrder(token, orderId)).order.status).toBe("Shipped");
  });
});
