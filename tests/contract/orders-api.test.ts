import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpBackend } from "~/backend/http.server";
import { createLocalBackend } from "~/backend/local.server";
import { BackendError, type Backend } from "~/backend/types";
import { createDatabase, type DB } from "~/db/db.server";
import { seedDemoCatalogueIfEmpty } from "~/services/catalogue.server";
import { signWebhook } from "~/payments/webhook.server";
import { DEFAULT_DELIVERY_RULES } from "~/schemas/delivery";
import { ORDER_MESSAGES, orderJsonSchema } from "~/schemas/orders";
import type { Product } from "~/schemas/product";
import { startFakeCashfree, type FakeCashfree } from "../fakes/cashfree-server";
import { ADDRESS, fakeServerGateway } from "../fakes/shop";
import { startContractServer, type ContractServer } from "../setup/contract-server";
import { testDatabases } from "../setup/databases";

/**
 * The order calls of the Store API contract (SPEC.md §7, DESIGN.md §4, issue 4) against both
 * adapters — the local one on SQLite (and PostgreSQL with TEST_DATABASE_URL) and the http one
 * against the production build on loopback — with a fake Cashfree server standing in for Cashfree.
 * Then what only the wire has: answer shapes, the webhook receiver, methods and media types.
 */

const CASHFREE = { clientId: "contract_app", clientSecret: "contract_secret" };
// Nothing listens on the discard port: webhooks for the local adapter fail fast, as intended.
const STORE_URL = "http://127.0.0.1:9";

let fake: FakeCashfree;
let server: Promise<ContractServer> | undefined;

beforeAll(async () => {
  fake = await startFakeCashfree(CASHFREE);
});
afterAll(async () => {
  if (server) await (await server).stop();
  await fake?.close();
}, 30_000);

/** The loopback store of this file: real Cashfree client code against the fake, cash on delivery on. */
function contractServer(): Promise<ContractServer> {
  server ??= startContractServer(
    {
      CASHFREE_APP_ID: CASHFREE.clientId,
      CASHFREE_SECRET_KEY: CASHFREE.clientSecret,
      CASHFREE_ENV: "sandbox",
      CASHFREE_API_BASE: fake.apiBase,
      ENABLE_COD: "true",
    },
    { buildSuffix: "contract-orders" },
  );
  return server;
}

type Target = { backend: Backend; db: DB; stop: () => Promise<void> };

const localTargets = testDatabases().map((kind) => ({
  name: `local adapter on ${kind.name}`,
  start: async (): Promise<Target> => {
    const { db, cleanup } = await kind.create();
    await seedDemoCatalogueIfEmpty(db);
    const backend = createLocalBackend(async () => db, {
      paymentGateway: () => fakeServerGateway(fake.apiBase, CASHFREE),
      codEnabled: () => true,
    });
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

const key = () => `contract-${crypto.randomUUID()}`;

describe.each([...localTargets, httpTarget])("Store API order contract: $name", ({ start }) => {
  let target: Target;
  let plain: Product;
  let coloured: Product;

  beforeAll(async () => {
    target = await start();
    const products = await target.backend.listProducts();
    // The cart (2 × plain + 1 × coloured) is paid cash on delivery too: within its default limit
    // (issue 48: the demo's first watches cost lakhs, its Casios and Fossils thousands).
    const codMax = DEFAULT_DELIVERY_RULES.codMaxPaise;
    coloured = products.find((p) => p.colours.length >= 2 && 3 * p.pricePaise <= codMax)!;
    plain = products.find((p) => p.colours.length === 0 && 2 * p.pricePaise + coloured.pricePaise <= codMax)!;
  }, 240_000);
  afterAll(async () => target?.stop());

  /** A new shopper with 2 × plain and 1 × coloured (first colour) in the cart. */
  async function shopperWithCart(label: string) {
    const { token } = await target.backend.register(newShopper(label));
    await target.backend.updateCart(token, plain.id, "default", 2);
    await target.backend.addToCart(token, coloured.id, coloured.colours[0]);
    const items = [
      { _id: plain.id, size: "default", quantity: 2, price: 1 },
      { _id: coloured.id, size: coloured.colours[0], quantity: 1, price: 1 },
    ];
    const total = 2 * plain.pricePaise + coloured.pricePaise;
    return { token, body: { address: ADDRESS, items, amount: 1 }, total };
  }

  async function snapshot() {
    return {
      orders: await target.db.selectFrom("orders").selectAll().orderBy("id").execute(),
      cartLines: await target.db.selectFrom("cart_lines").selectAll().orderBy("user_id").orderBy("product_id").orderBy("size_key").execute(),
    };
  }

  it("cash on delivery: the server prices the order, lists it and empties the cart; one key is one order", async () => {
    const { token, body, total } = await shopperWithCart("cod");
    const idempotencyKey = key();
    const placed = await target.backend.placeOrder(token, body, { idempotencyKey });
    expect(placed).toEqual({ orderId: expect.stringMatching(/^CI\d{6}-[0-9A-Z]{8}$/), message: ORDER_MESSAGES.orderPlaced });
    expect(await target.backend.placeOrder(token, body, { idempotencyKey })).toEqual(placed);
    expect(await target.backend.getCart(token)).toEqual({});

    const orders = await target.backend.userOrders(token);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      id: placed.orderId,
      amountPaise: total,
      paymentMethod: "cod",
      paymentStatus: "PENDING",
      status: "Order Placed",
      address: { ...ADDRESS, phone: "9876543210" },
    });
    expect(orders[0].items.map((item) => [item.productId, item.size, item.quantity, item.pricePaise]).sort()).toEqual(
      [
        [plain.id, "default", 2, plain.pricePaise],
        [coloured.id, coloured.colours[0], 1, coloured.pricePaise],
      ].sort(),
    );
  });

  it("refuses bad orders with clear messages, never 500, writing nothing", async () => {
    const { token, body } = await shopperWithCart("refuse");
    const empty = await target.backend.register(newShopper("empty"));
    const before = await snapshot();
    const b = target.backend;
    const cases: [() => Promise<unknown>, { status: number; message: string }][] = [
      [() => b.placeOrder(empty.token, body), { status: 400, message: ORDER_MESSAGES.cartEmpty }],
      [() => b.createCashfreeOrder(empty.token, body, { storeUrl: STORE_URL }), { status: 400, message: ORDER_MESSAGES.cartEmpty }],
      [() => b.placeOrder(token, { ...body, items: [...body.items, { _id: "no-such-watch", size: "default", quantity: 1, price: 1 }] }), { status: 400, message: ORDER_MESSAGES.itemsNotInCart }],
      [() => b.placeOrder(token, { ...body, items: [{ ...body.items[0], quantity: 5 }, body.items[1]] }), { status: 409, message: ORDER_MESSAGES.cartChanged }],
      [() => b.placeOrder(token, { ...body, items: [] }), { status: 400, message: ORDER_MESSAGES.itemsRequired }],
      [() => b.placeOrder(token, { ...body, address: { ...ADDRESS, zipcode: "1234" } }), { status: 400, message: "Please enter a valid 6-digit PIN code." }],
      [() => b.placeOrder(token, { ...body, address: { ...ADDRESS, phone: "555" } }), { status: 400, message: "Please enter a valid 10-digit mobile number." }],
      [() => b.placeOrder(token, { ...body, address: { ...ADDRESS, state: "Gondor" } }), { status: 400, message: "Please choose your state or union territory." }],
      [() => b.placeOrder(token, { ...body, address: undefined } as never), { status: 400, message: expect.any(String) as unknown as string }],
      [() => b.placeOrder("", body), { status: 401, message: "Please log in to continue." }],
      [() => b.verifyCashfree(token, "CI000000-NOSUCHID"), { status: 404, message: ORDER_MESSAGES.orderNotFound }],
      [() => b.verifyCashfree(token, "../etc/passwd"), { status: 400, message: ORDER_MESSAGES.orderIdInvalid }],
      [() => b.verifyStripe(token, { success: "true", orderId: "CI000000-NOSUCHID" }), { status: 404, message: ORDER_MESSAGES.orderNotFound }],
    ];
    for (const [call, expected] of cases) expect(await refusal(call())).toEqual(expected);
    expect(await snapshot()).toEqual(before);
  });

  it("Cashfree: a payment session; unpaid verify is refused; paid → PAID, listed, cart emptied; only for its shopper", async () => {
    const { token, body, total } = await shopperWithCart("cashfree");
    const idempotencyKey = key();
    const started = await target.backend.createCashfreeOrder(token, body, { storeUrl: STORE_URL, idempotencyKey });
    expect(started).toEqual({ orderId: expect.stringMatching(/^CI/), paymentSessionId: expect.stringMatching(/^session_/) });
    expect(await target.backend.createCashfreeOrder(token, body, { storeUrl: STORE_URL, idempotencyKey })).toEqual(started);

    expect(await refusal(target.backend.verifyCashfree(token, started.orderId))).toEqual({ status: 409, message: ORDER_MESSAGES.paymentPending });
    expect(await refusal(target.backend.verifyStripe(token, { success: "true", orderId: started.orderId }))).toEqual({
      status: 402,
      message: ORDER_MESSAGES.verificationFailed,
    });
    expect(await target.backend.userOrders(token)).toEqual([]);
    expect(Object.keys(await target.backend.getCart(token))).toHaveLength(2);

    await fake.simulator.settle({ orderId: started.orderId }, "SUCCESS", { notify: false });
    const stranger = await target.backend.register(newShopper("stranger"));
    expect(await refusal(target.backend.verifyCashfree(stranger.token, started.orderId))).toEqual({ status: 404, message: ORDER_MESSAGES.orderNotFound });

    await target.backend.verifyCashfree(token, started.orderId);
    await target.backend.verifyStripe(token, { success: "false", orderId: started.orderId });
    const orders = await target.backend.userOrders(token);
    expect(orders.map((o) => [o.id, o.paymentStatus, o.paymentMethod, o.amountPaise])).toEqual([[started.orderId, "PAID", "cashfree", total]]);
    expect(await target.backend.getCart(token)).toEqual({});
    expect(await target.backend.userOrders(stranger.token)).toEqual([]);
  });

  it("payment link: a failed attempt answers 402 with the cart kept; paying at link_url makes the order PAID", async () => {
    const { token, body } = await shopperWithCart("link");
    const { orderId, linkUrl } = await target.backend.createCashfreePaymentLink(token, body, { storeUrl: STORE_URL, idempotencyKey: key() });
    expect(linkUrl.startsWith(`${fake.url}/hosted/link/`)).toBe(true);

    const failed = await fetch(linkUrl, { method: "POST", headers: { origin: fake.url }, body: new URLSearchParams({ outcome: "fail" }), redirect: "manual" });
    expect(failed.status).toBe(303);
    expect(failed.headers.get("location")).toMatch(new RegExp(`/verify\\?orderId=${orderId}$`));
    expect(await refusal(target.backend.verifyCashfree(token, orderId))).toEqual({ status: 402, message: ORDER_MESSAGES.paymentFailed });
    expect(Object.keys(await target.backend.getCart(token))).toHaveLength(2);

    await fetch(linkUrl, { method: "POST", headers: { origin: fake.url }, body: new URLSearchParams({ outcome: "pay" }), redirect: "manual" });
    await target.backend.verifyCashfree(token, orderId);
    expect((await target.backend.userOrders(token)).map((o) => [o.id, o.paymentStatus])).toEqual([[orderId, "PAID"]]);
    expect(await target.backend.getCart(token)).toEqual({});
  });

  it("one open instrument per order: a link for the same order terminates its Cashfree order first; paid → 409 (issue 8 item 2)", async () => {
    const { token, body } = await shopperWithCart("switch");
    const idempotencyKey = key();
    const session = await target.backend.createCashfreeOrder(token, body, { storeUrl: STORE_URL, idempotencyKey });
    const link = await target.backend.createCashfreePaymentLink(token, body, { storeUrl: STORE_URL, idempotencyKey });
    expect(link.orderId).toBe(session.orderId);
    const client = fakeServerGateway(fake.apiBase, CASHFREE).client;
    expect((await client.getOrder(session.orderId)).status).toBe("TERMINATED");
    expect((await client.getPaymentLink(`${session.orderId}_2`)).status).toBe("ACTIVE");

    // Paid by its link, the order cannot switch back to a Cashfree order.
    await fetch(link.linkUrl, { method: "POST", headers: { origin: fake.url }, body: new URLSearchParams({ outcome: "pay" }), redirect: "manual" });
    // (Over http the link's webhook may already have marked the order paid: either 409 sentence.)
    const refused = await refusal(target.backend.createCashfreeOrder(token, body, { storeUrl: STORE_URL, idempotencyKey }));
    expect(refused.status).toBe(409);
    expect([ORDER_MESSAGES.otherInstrumentPaid, ORDER_MESSAGES.alreadyPaid]).toContain(refused.message);
    expect((await target.backend.userOrders(token)).map((o) => [o.id, o.paymentStatus])).toEqual([[session.orderId, "PAID"]]);
  });

  it("a returnUrl off the store's PUBLIC_URL origin is refused with 400 (issue 8 item 3)", async () => {
    const { token, body } = await shopperWithCart("return");
    const before = await snapshot();
    for (const returnUrl of ["https://evil.example/verify?orderId={order_id}", "http://127.0.0.1:10/verify"]) {
      expect(await refusal(target.backend.createCashfreePaymentLink(token, body, { storeUrl: STORE_URL, returnUrl, idempotencyKey: key() }))).toEqual({
        status: 400,
        message: ORDER_MESSAGES.returnUrlForeign,
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("tells how it takes money: Cashfree sandbox is test money, paid in the modal (issue 8 item 4)", async () => {
    expect(await target.backend.checkoutMode()).toEqual({ gateway: "cashfree", environment: "test", checkout: "modal", simulator: false, sdkMode: "sandbox" });
  });
});

describe("Store API orders over the wire (remix-serve on loopback)", () => {
  let baseUrl: string;
  let product: { _id: string; price: number };

  beforeAll(async () => {
    baseUrl = (await contractServer()).baseUrl;
    const answer = await (await fetch(`${baseUrl}/api/product/listproduct`)).json();
    // One of it is placed cash on delivery: a watch within the default limit (listproduct's price in rupees).
    product = answer.products.find((p: { colours: string[]; price: number }) => p.colours.length === 0 && p.price * 100 <= DEFAULT_DELIVERY_RULES.codMaxPaise);
  }, 240_000);

  async function post(path: string, init: { json?: unknown; body?: string; token?: string; headers?: Record<string, string> } = {}) {
    const response = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: {
        ...(init.json !== undefined ? { "content-type": "application/json" } : {}),
        ...(init.token ? { token: init.token } : {}),
        ...init.headers,
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
    const text = await response.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: response.status, json: json as Record<string, unknown> };
  }

  async function shopperWithCart(label: string) {
    const registered = await post("/api/user/register", { json: newShopper(label) });
    const token = registered.json.token as string;
    await post("/api/cart/add", { json: { itemId: product._id, size: "default" }, token });
    return { token, body: { address: ADDRESS, items: [{ ...product, size: "default", quantity: 1 }], amount: 1 } };
  }

  it("answers exactly the contract's shapes", async () => {
    const cod = await shopperWithCart("shape-cod");
    const placed = await post("/api/order/place", { json: cod.body, token: cod.token });
    // Issue 47 item 6: the place answer states what it charges (no code here: the product's price, no discount).
    expect(placed).toEqual({
      status: 200,
      json: { success: true, message: ORDER_MESSAGES.orderPlaced, orderId: expect.any(String), amount: product.price, discountCode: null, discount: 0 },
    });

    const online = await shopperWithCart("shape-online");
    const session = await post("/api/order/cashfree", { json: online.body, token: online.token });
    expect(session).toEqual({ status: 200, json: { success: true, order: { payment_session_id: expect.any(String), order_id: expect.any(String) } } });
    const link = await post("/api/order/cashfreeLink", { json: online.body, token: online.token, headers: { "idempotency-key": key() } });
    expect(link).toEqual({ status: 200, json: { success: true, link: { link_url: expect.stringContaining("/hosted/link/"), order_id: expect.any(String) } } });

    const orders = await post("/api/order/userorders", { json: {}, token: cod.token });
    expect(orders.status).toBe(200);
    expect(Object.keys(orders.json).sort()).toEqual(["orders", "success"]);
    const list = orders.json.orders as unknown[];
    expect(list).toHaveLength(1);
    expect(orderJsonSchema.strict().safeParse(list[0]).success).toBe(true);
    expect(list[0]).toMatchObject({ _id: placed.json.orderId, payment: false, paymentMethod: "cod", status: "Order Placed" });
  });

  it("the webhook receiver: forged and stale signatures 401; an authentic event pays the order once; replays are acknowledged", async () => {
    const { token, body } = await shopperWithCart("webhook");
    const session = await post("/api/order/cashfree", { json: body, token });
    const orderId = (session.json.order as { order_id: string }).order_id;
    const { webhook } = await fake.simulator.settle({ orderId }, "SUCCESS", { notify: false });
    const deliver = (headers: Record<string, string>, raw = webhook!.body) =>
      post("/api/webhooks/cashfree", { body: raw, headers: { "content-type": "application/json", ...headers } });

    const forged = await deliver({ ...webhook!.headers, "x-webhook-signature": signWebhook("guess", webhook!.headers["x-webhook-timestamp"], webhook!.body) });
    expect(forged.status).toBe(401);
    // Cashfree retries for hours with the first timestamp (decision 0961): a day and a minute is past the window.
    const old = String(Date.now() - (24 * 60 + 1) * 60 * 1000);
    const stale = await deliver({ ...webhook!.headers, "x-webhook-timestamp": old, "x-webhook-signature": signWebhook(CASHFREE.clientSecret, old, webhook!.body) });
    expect(stale.status).toBe(401);
    expect((await post("/api/order/userorders", { json: {}, token })).json.orders).toEqual([]);

    expect(await deliver(webhook!.headers)).toEqual({ status: 200, json: { success: true, outcome: "paid" } });
    expect(await deliver(webhook!.headers)).toEqual({ status: 200, json: { success: true, outcome: "duplicate" } });
    const orders = (await post("/api/order/userorders", { json: {}, token })).json.orders as { _id: string; paymentStatus: string }[];
    expect(orders.map((o) => [o._id, o.paymentStatus])).toEqual([[orderId, "PAID"]]);
    expect((await post("/api/cart/get", { json: {}, token })).json.cartData).toEqual({});
    expect((await fetch(`${baseUrl}/api/webhooks/cashfree`)).status).toBe(405);
  });

  it("refuses GETs, non-JSON bodies and missing tokens on every order call", async () => {
    const { token, body } = await shopperWithCart("wire");
    for (const path of ["/api/order/place", "/api/order/cashfree", "/api/order/cashfreeLink", "/api/order/verifyCashfree", "/api/order/verifyStripe", "/api/order/userorders"]) {
      const get = await fetch(`${baseUrl}${path}`);
      expect(get.status, path).toBe(405);
      expect((await post(path, { body: JSON.stringify(body), token, headers: { "content-type": "text/plain" } })).status, path).toBe(415);
      expect((await post(path, { json: path.includes("verify") ? { orderId: "CI000000-ABCDEFGH" } : path.includes("userorders") ? {} : body })).status, path).toBe(401);
    }
    expect(await post("/api/order/place", { json: body, token, headers: { "idempotency-key": "bad key!" } })).toEqual({
      status: 400,
      json: { success: false, message: ORDER_MESSAGES.idempotencyKeyInvalid },
    });
    expect((await post("/api/order/userorders", { json: {}, token })).json.orders).toEqual([]);
  });
});
