import type { DB } from "~/db/db.server";
import type { PaymentGateway } from "~/payments/gateway.server";
import { createCashfreeClient } from "~/payments/cashfree.server";
import { createCashfreeSimulator } from "~/payments/simulator.server";
import { importCatalogue } from "~/services/catalogue.server";
import { ADDRESS } from "../fixtures/address";

export { ADDRESS };

/**
 * A small shop for the order tests: two watches, shoppers and their cart lines written straight
 * into a migrated test database, and payment gateways over the simulator (in process) or the
 * fake Cashfree server.
 */

/** ₹1,000 watch without colours (key "default") and a ₹2,500.50 watch in Gold or Silver. */
export async function seedWatches(db: DB) {
  const result = await importCatalogue(db, [
    { _id: "w-plain", name: "Casio Classic", image: ["/plain.svg"], price: 1000, discount: 1500, category: "Men", subCategory: "Casio", createdAt: "2025-01-01" },
    { _id: "w-gold", name: "Rado Golden Hour", image: ["/gold.svg"], price: 2500.5, category: "Women", subCategory: "Rado", colours: ["Gold", "Silver"], createdAt: "2025-01-02" },
  ]);
  if (!result.ok) throw new Error("test catalogue is invalid");
}

let shopperCount = 0;

/** Inserts a shopper and returns their id. */
export async function createShopper(db: DB): Promise<number> {
  shopperCount += 1;
  const row = await db
    .insertInto("users")
    .values({ name: "Asha", email: `asha${shopperCount}-${Date.now()}@example.in`, password_hash: "not-a-hash", created_at: Date.now() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Puts lines into a shopper's cart: [productId, sizeKey, quantity]. */
export async function fillCart(db: DB, userId: number, lines: [string, string, number][]) {
  for (const [product_id, size_key, quantity] of lines) {
    await db.insertInto("cart_lines").values({ user_id: userId, product_id, size_key, quantity }).execute();
  }
}

export async function cartOf(db: DB, userId: number) {
  return db
    .selectFrom("cart_lines")
    .select(["product_id", "size_key", "quantity"])
    .where("user_id", "=", userId)
    .orderBy("product_id")
    .orderBy("size_key")
    .execute();
}


/** The body a client sends: items as in the cart (prices as the client claims them) and an amount. */
export function orderBody(items: { _id: string; size: string; quantity: number; price?: number }[], amount = 3500.5) {
  return { address: ADDRESS, items: items.map((item) => ({ name: "whatever", ...item })), amount };
}

export const STORE_URL = "http://store.test";

/** A gateway over a fresh in-process simulator (as in test mode). */
export function simulatorGateway(): PaymentGateway {
  const secret = "simulator-secret-for-tests";
  const simulator = createCashfreeSimulator({ clientId: "simulator", clientSecret: secret });
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    return simulator.handleApi(request, new URL(request.url).pathname.replace(/^\/pg/, ""));
  }) as typeof fetch;
  return {
    mode: "simulator",
    client: createCashfreeClient({ baseUrl: "http://simulator.invalid/pg", clientId: "simulator", clientSecret: secret, fetch: fetchImpl }),
    webhookSecret: secret,
    sdkMode: "sandbox",
    allowsHttpCallbacks: true,
    simulator,
  };
}

/** A "live" gateway whose Cashfree is the fake server at `apiBase`. */
export function fakeServerGateway(apiBase: string, credentials: { clientId: string; clientSecret: string }, timeoutMs?: number): PaymentGateway {
  return {
    mode: "live",
    client: createCashfreeClient({ baseUrl: apiBase, ...credentials, timeoutMs }),
    webhookSecret: credentials.clientSecret,
    sdkMode: "sandbox",
    allowsHttpCallbacks: true,
    simulator: null,
  };
}
