import crypto from "node:crypto";
import fs from "node:fs";
import { createCashfreeClient } from "~/payments/cashfree.server";
import type { PaymentGateway } from "~/payments/gateway.server";
import { placeCodOrder } from "~/services/orders.server";
import { startCashfreePayment, verifyCashfreePayment } from "~/services/payments.server";
import { runOwnerCommand } from "../../scripts/owner-command";
import { ADDRESS } from "../fixtures/address";

/**
 * Test set-up for the cancel specs (issue 45 item 1), run like an owner's command on the e2e store's
 * database (`ownerCommand("../tests/e2e/paid-order", [email, port])`): the account EMAIL buys the
 * cheapest watch without colours that has 40 units or more, paid through the store's Cashfree — the fake
 * Cashfree server tests/setup/e2e-server.sh started for the server on PORT (its /control settles
 * the payment, as a shopper paying on Cashfree's page would) — and the order is verified as the
 * return page would. With "cod" for PORT, the order is cash on delivery instead (no Cashfree: the
 * text-browser tests' server). Prints `{"orderId":…,"amountPaise":…,"productId":…,"name":…}`.
 */
const USAGE = "Usage: node --import tsx tests/e2e/paid-order.ts EMAIL PORT|cod";

runOwnerCommand(USAGE, async (db) => {
  const [email, port] = process.argv.slice(2);
  if (!email || !port) {
    console.error(USAGE);
    return 1;
  }
  const cod = port === "cod";
  const fake = cod ? "" : fs.readFileSync(`tests/.tmp/e2e-${port}/cashfree-fake.url`, "utf8").trim();
  const gateway: PaymentGateway = {
    mode: "live",
    client: createCashfreeClient({ baseUrl: `${fake}/pg`, clientId: "e2e_app_id", clientSecret: "e2e_secret_key" }),
    webhookSecret: "e2e_secret_key",
    sdkMode: "sandbox",
    allowsHttpCallbacks: true,
    simulator: null,
  };
  const user = await db.selectFrom("users").select("id").where("email", "=", email.toLowerCase()).executeTakeFirstOrThrow();
  const userId = Number(user.id);
  const product = (await db.selectFrom("products").select(["id", "name", "colours", "price_paise", "stock"]).where("hidden", "=", 0).orderBy("price_paise").orderBy("id").execute()).find(
    // A roomy watch (40 units or more, or not counted): a watch these orders took down to 5 would
    // change the dashboard's low-stock list stock.spec.ts checks.
    (p) => (JSON.parse(p.colours) as string[]).length === 0 && (p.stock === null || Number(p.stock) >= 40),
  )!;
  await db.deleteFrom("cart_lines").where("user_id", "=", userId).execute();
  await db.insertInto("cart_lines").values({ user_id: userId, product_id: product.id, size_key: "default", quantity: 1 }).execute();
  const body = { address: ADDRESS, items: [{ _id: product.id, name: product.name, size: "default", quantity: 1 }], amount: Number(product.price_paise) / 100 };
  if (cod) {
    const { order } = await placeCodOrder(db, userId, body, { codEnabled: true, idempotencyKey: `e2e-cancel-${crypto.randomUUID()}` });
    console.log(JSON.stringify({ orderId: order.id, amountPaise: order.amountPaise, productId: product.id, name: product.name, fake }));
    return 0;
  }
  const { order } = await startCashfreePayment(db, gateway, { id: userId }, body, { mode: "checkout", storeUrl: `http://localhost:${port}`, idempotencyKey: `e2e-cancel-${crypto.randomUUID()}` });
  const settled = await fetch(`${fake}/control`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ kind: "settle", orderId: order.id, outcome: "SUCCESS", notify: false }) });
  if (!settled.ok) throw new Error(`the fake Cashfree did not settle ${order.id}: ${settled.status} ${await settled.text()}`);
  await verifyCashfreePayment(db, gateway, userId, { orderId: order.id });
  console.log(JSON.stringify({ orderId: order.id, amountPaise: order.amountPaise, productId: product.id, name: product.name, fake }));
  return 0;
});
