import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpBackend } from "~/backend/http.server";
import { createDatabase, type DB } from "~/db/db.server";
import { RETURN_MESSAGES } from "~/lib/return-requests";
import { ORDER_MESSAGES } from "~/schemas/orders";
import { setOrderStatus } from "~/services/orders.server";
import { ADDRESS } from "../fakes/shop";
import { startContractServer, type ContractServer } from "../setup/contract-server";

/**
 * The Store API's return calls (issue 45 items 2 and 6; lib/return-api.ts; docs/decisions/0982)
 * on the wire, against the production build on loopback: `POST /api/order/returns` `{orderId}` →
 * `{success, returns, offer}` and `POST /api/order/return` → 201 `{success, returnRequest}`. The
 * answers' shapes, then the refusals a client must handle — 401 without a token, 400 for a
 * malformed body, a refund amount, a forged line or a quantity above what was bought, 404 for
 * another shopper's order, 409 for a second request of a line, 422 before delivery, 405 for GET —
 * each with nothing written and never a 500.
 */

let server: ContractServer;
let db: DB;
beforeAll(async () => {
  server = await startContractServer({ ENABLE_COD: "true" }, { buildSuffix: "returns" });
  db = createDatabase(`file:${server.databaseFile}`);
}, 240_000);
afterAll(async () => {
  await db?.destroy();
  await server?.stop();
}, 30_000);

function newShopper(label: string) {
  return { name: "Asha Rao", email: `${label}-${crypto.randomBytes(5).toString("hex")}@example.com`, password: "correct horse 42" };
}

async function post(path: string, body: unknown, token?: string) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { token } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe("POST /api/order/return and /api/order/returns on the wire", () => {
  it("answers the contract's shapes, and each refusal a 4xx with nothing written", async () => {
    const backend = createHttpBackend(server.baseUrl);
    const { token } = await backend.register(newShopper("returns-wire"));
    const product = (await backend.listProducts()).find((p) => p.colours.length === 0 && p.pricePaise <= 1_500_000)!;
    await backend.updateCart(token, product.id, "default", 2);
    const { orderId } = await backend.placeOrder(token, { address: ADDRESS, items: [{ _id: product.id, size: "default", quantity: 2 }], amount: 1 }, { idempotencyKey: `returns-${crypto.randomUUID()}` });
    const request = { orderId, reason: "defective", resolution: "refund", description: "The strap broke on day one.", lines: [{ lineIndex: 0, quantity: 1 }] };

    // Before delivery: the offer says why not; a request is 422.
    const before = await post("/api/order/returns", { orderId }, token);
    expect(before).toEqual({ status: 200, json: { success: true, returns: [], offer: { open: false, late: false, lastDay: null, refusal: RETURN_MESSAGES.notDelivered, reasons: [] } } });
    expect(await post("/api/order/return", request, token)).toEqual({ status: 422, json: { success: false, message: RETURN_MESSAGES.notDelivered } });

    await setOrderStatus(db, orderId, "Shipped", { liveCredentials: false, shipment: { courier: "Delhivery", awbNumber: "DL123456789" } });
    await setOrderStatus(db, orderId, "Delivered", { liveCredentials: false });
    const open = await post("/api/order/returns", { orderId }, token);
    expect(open.status).toBe(200);
    expect(open.json.offer).toMatchObject({ open: true, late: false, refusal: null, lastDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect((open.json.offer as { reasons: { reason: string }[] }).reasons.map((r) => r.reason)).toEqual(["defective", "not_as_described", "wrong_item", "damaged_in_transit", "changed_mind"]);

    // The attacks: nothing written.
    const refusals: [unknown, number, string][] = [
      [{ ...request, amount: 1 }, 400, RETURN_MESSAGES.unknownField],
      [{ ...request, lines: [{ lineIndex: 0, quantity: 1, unitPaise: 1 }] }, 400, RETURN_MESSAGES.unknownField],
      [{ ...request, lines: [{ lineIndex: 1, quantity: 1 }] }, 400, RETURN_MESSAGES.line],
      [{ ...request, lines: [{ lineIndex: 0, quantity: 3 }] }, 400, RETURN_MESSAGES.quantity(2)],
      [{ ...request, lines: [{ lineIndex: "0", quantity: 1 }] }, 400, RETURN_MESSAGES.line],
      [{ ...request, resolution: "exchange", lines: [{ lineIndex: 0, quantity: 1, exchangeColour: "Gold" }] }, 400, RETURN_MESSAGES.exchangeOneColour],
      [{ ...request, reason: "late" }, 422, RETURN_MESSAGES.notLate],
    ];
    for (const [body, status, message] of refusals) expect(await post("/api/order/return", body, token)).toEqual({ status, json: { success: false, message } });
    expect((await post("/api/order/return", "{not json", token)).status).toBe(400);
    expect((await post("/api/order/return", { ...request, orderId: undefined }, token)).status).toBe(400);
    expect(await post("/api/order/return", request)).toEqual({ status: 401, json: { success: false, message: expect.any(String) } });
    const { token: other } = await backend.register(newShopper("returns-wire-other"));
    expect(await post("/api/order/return", request, other)).toEqual({ status: 404, json: { success: false, message: ORDER_MESSAGES.orderNotFound } });
    expect(await post("/api/order/returns", { orderId }, other)).toEqual({ status: 404, json: { success: false, message: ORDER_MESSAGES.orderNotFound } });
    expect(await db.selectFrom("return_requests").select("id").where("order_id", "=", orderId).execute()).toEqual([]);

    // The request: 201 and its shape; the same line again 409.
    const created = await post("/api/order/return", request, token);
    expect(created.status).toBe(201);
    expect(Object.keys(created.json).sort()).toEqual(["returnRequest", "success"]);
    const returnRequest = created.json.returnRequest as Record<string, unknown>;
    expect(Object.keys(returnRequest).sort()).toEqual(
      ["acknowledgeBy", "createdAt", "description", "exchangeShipment", "id", "late", "lines", "orderId", "photos", "pickup", "reason", "rejectReason", "resolution", "resolveBy", "status"].sort(),
    );
    expect(returnRequest).toMatchObject({
      orderId,
      status: "requested",
      resolution: "refund",
      reason: "defective",
      late: false,
      photos: [],
      pickup: null,
      exchangeShipment: null,
      rejectReason: null,
      lines: [{ lineIndex: 0, productId: product.id, name: product.name, colour: "default", quantity: 1, unitPrice: product.pricePaise / 100, exchangeColour: null }],
    });
    expect(returnRequest.id).toMatch(/^rt_[0-9a-f]{24}$/);
    expect(Number(returnRequest.acknowledgeBy) - Number(returnRequest.createdAt)).toBe(48 * 3600_000);
    expect(await post("/api/order/return", { ...request, lines: [{ lineIndex: 0, quantity: 1 }] }, token)).toEqual({ status: 409, json: { success: false, message: RETURN_MESSAGES.lineTaken } });

    const after = await post("/api/order/returns", { orderId }, token);
    expect(after.status).toBe(200);
    expect(after.json.returns).toEqual([returnRequest]);
    expect(after.json.offer).toMatchObject({ open: false, refusal: "A return has already been requested for every watch in this order." });
    expect((await fetch(`${server.baseUrl}/api/order/return`)).status).toBe(405);
    expect((await fetch(`${server.baseUrl}/api/order/returns`)).status).toBe(405);
  });
});
