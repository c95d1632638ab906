import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpBackend } from "~/backend/http.server";
import { createLocalBackend } from "~/backend/local.server";
import { BackendError, type Backend } from "~/backend/types";
import { createDatabase, type DB } from "~/db/db.server";
import { orderDetailJsonSchema } from "~/schemas/order-detail";
import { ORDER_MESSAGES } from "~/schemas/orders";
import type { Product } from "~/schemas/product";
import { seedDemoCatalogueIfEmpty } from "~/services/catalogue.server";
import { setOrderStatus } from "~/services/orders.server";
import { ADDRESS, simulatorGateway } from "../fakes/shop";
import { startContractServer, type ContractServer } from "../setup/contract-server";
import { testDatabases } from "../setup/databases";

/**
 * `POST /api/order/detail` (issue 14 item 1; DESIGN.md §4, §20; not a SPEC.md §7 call) against
 * both adapters — local on SQLite (and PostgreSQL with TEST_DATABASE_URL), http against the
 * production build on loopback: the owner gets the order with its timeline and, once shipped, the
 * shipment; another shopper and an unknown id get the same 404; a bad token 401. Then what only
 * the wire has: the answer's shape, 401 without a token, 400 for a malformed id, 405 for GET.
 */

const SHIPMENT = { courier: "Delhivery", awbNumber: "DL987654321", trackingUrl: "https://delhivery.example/track/DL987654321" };

let server: Promise<ContractServer> | undefined;
afterAll(async () => {
  if (server) await (await server).stop();
}, 30_000);

function contractServer(): Promise<ContractServer> {
  server ??= startContractServer({ ENABLE_COD: "true" }, { buildSuffix: "contract-order-detail" });
  return server;
}

type Target = { backend: Backend; db: DB; stop: () => Promise<void> };

const localTargets = testDatabases().map((kind) => ({
  name: `local adapter on ${kind.name}`,
  start: async (): Promise<Target> => {
    const { db, cleanup } = await kind.create();
    await seedDemoCatalogueIfEmpty(db);
    const backend = createLocalBackend(async () => db, { paymentGateway: simulatorGateway, codEnabled: () => true });
    return { backend, db, stop: cleanup };
  },
}));

const httpTarget = {
  name: "http adapter against remix-serve",
  start: async (): Promise<Target> => {
    const { baseUrl, databaseFile } = await contractServer();
    const db = createDatabase(`file:${databaseFile}`);
    return { backend: createHttpBackend(baseUrl), db, stop: () => db.destroy() };
  },
};

function newShopper(label: string) {
  return { name: "Asha Rao", email: `${label}-${crypto.randomBytes(5).toString("hex")}@example.com`, password: "correct horse 42" };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, "the call should have been refused").toBeInstanceOf(BackendError);
  return { status: (error as BackendError).status, message: (error as BackendError).message };
}

describe.each([...localTargets, httpTarget])("Store API order detail: $name", ({ start }) => {
  let target: Target;
  let product: Product;

  beforeAll(async () => {
    target = await start();
    product = (await target.backend.listProducts()).find((p) => p.colours.length === 0 && p.pricePaise <= 2_500_000)!;
  }, 240_000);
  afterAll(async () => target?.stop());

  async function codOrder(label: string) {
    const { token } = await target.backend.register(newShopper(label));
    await target.backend.updateCart(token, product.id, "default", 1);
    const { orderId } = await target.backend.placeOrder(token, { address: ADDRESS, items: [{ _id: product.id, size: "default", quantity: 1 }], amount: 1 }, { idempotencyKey: `detail-${crypto.randomUUID()}` });
    return { token, orderId };
  }

  it("answers the owner's order with its timeline, then its shipment once shipped", async () => {
    const { token, orderId } = await codOrder("detail-owner");
    const placed = await target.backend.userOrder(token, orderId);
    expect(placed.order).toMatchObject({ id: orderId, amountPaise: product.pricePaise, paymentMethod: "cod", status: "Order Placed", address: { ...ADDRESS } });
    expect(placed.order.items).toEqual([expect.objectContaining({ productId: product.id, size: "default", quantity: 1, pricePaise: product.pricePaise })]);
    expect(placed.order).toEqual((await target.backend.userOrders(token))[0]);
    expect(placed.timeline.map((step) => [step.status, step.reached])).toEqual([
      ["Order Placed", true],
      ["Packing", false],
      ["Shipped", false],
      ["Out for delivery", false],
      ["Delivered", false],
    ]);
    expect(placed.timeline[0].at).toBe(placed.order.createdAt);
    expect(placed.shipment).toBeNull();
    expect(placed.refunds).toEqual([]);

    await setOrderStatus(target.db, orderId, "Shipped", { liveCredentials: false, shipment: SHIPMENT });
    const shipped = await target.backend.userOrder(token, orderId);
    expect(shipped.order.status).toBe("Shipped");
    expect(shipped.shipment).toEqual(SHIPMENT);
    expect(shipped.timeline[1]).toEqual({ status: "Packing", at: null, reached: true });
    expect(shipped.timeline[2]).toEqual({ status: "Shipped", at: expect.any(Number), reached: true });
  });

  it("answers another shopper's order exactly like an unknown id (404), and a bad token 401", async () => {
    const { orderId } = await codOrder("detail-victim");
    const { token: other } = await target.backend.register(newShopper("detail-other"));
    const theirs = await refusal(target.backend.userOrder(other, orderId));
    expect(theirs).toEqual({ status: 404, message: ORDER_MESSAGES.orderNotFound });
    expect(await refusal(target.backend.userOrder(other, "CI000000-NOSUCHOR"))).toEqual(theirs);
    expect((await refusal(target.backend.userOrder("not-a-token", orderId))).status).toBe(401);
  });
});

describe("POST /api/order/detail on the wire", () => {
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = (await contractServer()).baseUrl;
  }, 240_000);

  async function post(body: unknown, token?: string) {
    const response = await fetch(`${baseUrl}/api/order/detail`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { token } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  }

  it("answers the contract's shape; 401 without a token, 400 for a malformed id, 404 for another's, 405 for GET", async () => {
    const backend = createHttpBackend(baseUrl);
    const { token } = await backend.register(newShopper("detail-wire"));
    const product = (await backend.listProducts()).find((p) => p.colours.length === 0 && p.pricePaise <= 2_500_000)!;
    await backend.updateCart(token, product.id, "default", 1);
    const { orderId } = await backend.placeOrder(token, { address: ADDRESS, items: [{ _id: product.id, size: "default", quantity: 1 }], amount: 1 });

    const answer = await post({ orderId }, token);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json).sort()).toEqual(["order", "success"]);
    expect(orderDetailJsonSchema.strict().safeParse(answer.json.order).success).toBe(true);
    expect(answer.json.order).toMatchObject({ _id: orderId, amount: product.pricePaise / 100, paymentMethod: "cod", shipment: null, refunds: [] });

    expect(await post({ orderId })).toEqual({ status: 401, json: { success: false, message: expect.any(String) } });
    expect((await post({ orderId: "../../etc/passwd" }, token)).status).toBe(400);
    expect((await post({}, token)).status).toBe(400);
    const { token: other } = await backend.register(newShopper("detail-wire-other"));
    expect(await post({ orderId }, other)).toEqual({ status: 404, json: { success: false, message: ORDER_MESSAGES.orderNotFound } });
    expect((await fetch(`${baseUrl}/api/order/detail`)).status).toBe(405);
  });
});
