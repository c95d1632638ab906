import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpBackend } from "~/backend/http.server";
import { startFakeCashfree, type FakeCashfree } from "../fakes/cashfree-server";
import { ADDRESS } from "../fakes/shop";
import { addToCart, logInCookie, registerShopper } from "../setup/shoppers";
import { startContractServer, type ContractServer } from "../setup/contract-server";

/**
 * The storefront asks the backend how it takes money (issue 8 item 4): a backend in live mode
 * (Cashfree production credentials, CASHFREE_API_BASE at the fake Cashfree) and, in front of it,
 * a storefront (BACKEND_URL) that has no Cashfree keys at all. Both production builds on
 * loopback. The storefront must show no "Test mode", open Cashfree's modal, and its checkout
 * must make a real Cashfree order at the backend's Cashfree — never a simulator session.
 * Storefront and backend share one public origin (PUBLIC_URL), as the return-URL rule requires.
 */

const CASHFREE = { clientId: "live_contract_app", clientSecret: "live_contract_secret" };

let fake: FakeCashfree;
let backend: ContractServer;
let storefront: ContractServer;

beforeAll(async () => {
  fake = await startFakeCashfree(CASHFREE);
  backend = await startContractServer(
    {
      CASHFREE_APP_ID: CASHFREE.clientId,
      CASHFREE_SECRET_KEY: CASHFREE.clientSecret,
      CASHFREE_ENV: "production",
      CASHFREE_API_BASE: fake.apiBase,
    },
    { buildSuffix: "contract-payments" },
  );
  storefront = await startContractServer(
    { BACKEND_URL: backend.baseUrl, PUBLIC_URL: backend.baseUrl, CASHFREE_APP_ID: "", CASHFREE_SECRET_KEY: "", CASHFREE_API_BASE: "" },
    { buildSuffix: "contract-payments", skipBuild: true },
  );
}, 240_000);
afterAll(async () => {
  await storefront?.stop();
  await backend?.stop();
  await fake?.close();
}, 30_000);

describe("checkout mode through the http adapter (issue 8 item 4)", () => {
  it("GET /api/order/checkoutMode answers the backend's mode; the http adapter reads it", async () => {
    const answer = await fetch(`${backend.baseUrl}/api/order/checkoutMode`);
    expect(answer.status).toBe(200);
    const expected = { gateway: "cashfree", environment: "live", checkout: "modal", simulator: false, sdkMode: "production" };
    expect(await answer.json()).toEqual({ success: true, checkoutMode: expected });
    expect(await createHttpBackend(backend.baseUrl).checkoutMode()).toEqual(expected);
    // The keyless storefront passes on its backend's answer, not its own settings.
    expect(await createHttpBackend(storefront.baseUrl).checkoutMode()).toEqual(expected);
    expect((await fetch(`${backend.baseUrl}/api/order/checkoutMode`, { method: "POST" })).status).toBe(405);
  });

  it("a storefront without keys in front of a live backend shows no Test mode and pays in Cashfree's modal", async () => {
    const origin = backend.baseUrl;
    const shopper = await registerShopper(backend.baseUrl, "mode");
    const products = (await (await fetch(`${backend.baseUrl}/api/product/listproduct`)).json()).products as { _id: string; colours: string[] }[];
    await addToCart(backend.baseUrl, shopper.token, [products.find((p) => p.colours.length === 0)!._id]);
    const cookie = await logInCookie(storefront.baseUrl, shopper, origin);

    const page = await fetch(`${storefront.baseUrl}/place-order`, { headers: { cookie }, redirect: "manual" });
    const html = await page.text();
    expect(page.status, `${page.headers.get("location")} ${html.slice(0, 300)}`).toBe(200);
    // No Test mode notice in the page (its words are in the page's catalogue data, not shown).
    expect(html).not.toContain('data-testid="test-mode"');
    expect(html).not.toMatch(/<strong[^>]*>Test mode<\/strong>/);
    expect(html).toContain('"modal":{"mode":"production"}');
    // The page's loader data, as Remix serialised it for hydration (window.__remixContext).
    const context = JSON.parse(/window\.__remixContext = (\{.*?\});__remixContext/s.exec(html)![1]) as { state: { loaderData: Record<string, Record<string, unknown>> } };
    const data = context.state.loaderData["routes/place-order"] as { testMode: unknown; lines: { productId: string; sizeKey: string; quantity: number }[] };
    expect(data.testMode).toBeNull();

    const form = new URLSearchParams({
      ...ADDRESS,
      paymentMethod: "cashfree",
      idempotencyKey: `checkout-${crypto.randomUUID()}`,
      checkout: "modal",
      cartLines: JSON.stringify(data.lines.map((line: { productId: string; sizeKey: string; quantity: number }) => [line.productId, line.sizeKey, line.quantity])),
    });
    const placed = await fetch(`${storefront.baseUrl}/place-order?_data=routes%2Fplace-order`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin, cookie },
      body: form,
    });
    expect(placed.status).toBe(200);
    const { payment } = await placed.json();
    expect(payment).toEqual({ orderId: expect.stringMatching(/^CI/), paymentSessionId: expect.stringMatching(/^session_/) });
    // The session is a real order at the backend's Cashfree (here the fake), returning to the store.
    const created = fake.simulator.requests.find((r) => r.method === "POST" && r.path === "/orders" && (r.body as { order_id: string }).order_id === payment.orderId);
    expect(created?.body).toMatchObject({ order_meta: { return_url: `${origin}/verify?orderId=${payment.orderId}` } });
  });
});
