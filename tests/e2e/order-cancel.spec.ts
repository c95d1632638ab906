import type { Page } from "@playwright/test";
import { newShopper, signUpWithForm, toast, type Shopper } from "./auth";
import { expect, jsDisabled, test } from "./fixtures";
import { STORE_PORT } from "./servers";
import { ownerCommand } from "./staff";
import { formatPaise } from "~/lib/money";

/**
 * The shopper's cancel before it ships (issue 45 item 1; docs/decisions/0981), JavaScript on and
 * off: a shopper with an order paid through the store's Cashfree (the fake Cashfree server of the
 * e2e store) cancels it on the order page — the confirm box, then "Cancel order" — and reads the
 * toast, the Cancelled status and the refund on its way; the refund is at Cashfree, once, for the
 * whole amount. In Hindi, from My Orders. Attacked: a foreign Origin (403), another shopper's
 * order (404), a post without the confirm box (nothing done).
 */

type PaidOrder = { orderId: string; amountPaise: number; name: string; fake: string };

async function paidOrder(shopper: Shopper): Promise<PaidOrder> {
  const { stdout } = await ownerCommand("../tests/e2e/paid-order", [shopper.email, String(STORE_PORT)]);
  return JSON.parse(stdout.trim().split("\n").pop()!) as PaidOrder;
}

/** The refunds Cashfree (the fake server) holds for `orderId`, read with the store's credentials. */
async function refundsAtCashfree(order: PaidOrder): Promise<{ refund_id: string; refund_amount: number }[]> {
  const response = await fetch(`${order.fake}/pg/orders/${encodeURIComponent(order.orderId)}/refunds`, {
    headers: { "x-client-id": "e2e_app_id", "x-client-secret": "e2e_secret_key", "x-api-version": "2025-01-01" },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { refund_id: string; refund_amount: number }[];
}

async function signedInShopper(page: Page, label: string): Promise<Shopper> {
  const shopper = newShopper(label);
  await signUpWithForm(page, shopper);
  return shopper;
}

test.describe("the shopper's cancel", () => {
  test.describe.configure({ timeout: 60_000 });

  test("a shopper cancels a paid order on its page: Cancelled, the refund on its way, and at Cashfree once", async ({ page }) => {
    const shopper = await signedInShopper(page, "cancel-paid");
    const order = await paidOrder(shopper);
    const amount = formatPaise(order.amountPaise);
    await page.goto(`/orders/${order.orderId}`);
    await expect(page.getByTestId("order-return-policy")).toHaveText("Returns and exchanges within 7 days of delivery");
    const section = page.getByTestId("cancel-order");
    await expect(section.getByRole("heading", { name: "Cancel this order" })).toBeVisible();
    // The confirm step: the box must be ticked (the browser asks for it, with or without JavaScript).
    await section.getByRole("button", { name: "Cancel order" }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${order.orderId}$`));
    await expect(page.getByTestId("order-page-status")).toHaveText("Status: Order Placed");
    await section.getByLabel("Yes, cancel this order").check();
    await section.getByRole("button", { name: "Cancel order" }).click();
    await expect(toast(page, `Your order has been cancelled. The refund of ${amount} to your payment has started.`)).toBeVisible();
    await expect(page.getByTestId("order-page-status")).toHaveText("Status: Cancelled");
    await expect(page.getByText(new RegExp(`(Refund of ${amount.replace(/[.$]/g, "\\$&")} on its way|Refunded ${amount.replace(/[.$]/g, "\\$&")})`))).toBeVisible();
    await expect(page.getByTestId("cancel-order")).toHaveCount(0);
    await expect(page.getByTestId("order-return-policy")).toHaveCount(0);
    const refunds = await refundsAtCashfree(order);
    expect(refunds.map((refund) => refund.refund_amount)).toEqual([order.amountPaise / 100]);

    // A second post (a double submit, another tab): the same state, no second refund.
    const again = await page.request.post(`/orders/${order.orderId}/cancel`, { form: { confirm: "yes" }, headers: { origin: `http://localhost:${STORE_PORT}` }, maxRedirects: 0 });
    expect(again.status()).toBe(303);
    expect(await refundsAtCashfree(order)).toHaveLength(1);
  });

  test("in Hindi, from My Orders: the button, the confirm box and the message in Hindi", async ({ page }) => {
    const shopper = await signedInShopper(page, "cancel-hindi");
    const order = await paidOrder(shopper);
    await page.goto("/hi/orders");
    const form = page.getByTestId("order-row").getByTestId("cancel-order-form");
    await expect(form).toHaveCount(1);
    await form.getByLabel("हाँ, यह ऑर्डर रद्द करें").check();
    await form.getByRole("button", { name: "ऑर्डर रद्द करें" }).click();
    await expect(page).toHaveURL(/\/hi\/orders$/);
    await expect(toast(page, `आपका ऑर्डर रद्द हो गया है। आपके भुगतान में ${formatPaise(order.amountPaise)} का रिफ़ंड शुरू हो गया है।`)).toBeVisible();
    await expect(page.getByTestId("order-row").getByTestId("order-status")).toHaveText("रद्द किया गया");
    await expect(page.getByTestId("cancel-order-form")).toHaveCount(0);
  });

  test("attacked: a foreign Origin is refused, another shopper's order is the 404, no confirm box does nothing", async ({ page, browser }) => {
    test.skip(jsDisabled(), "Requests, not the page: one run is enough.");
    const shopper = await signedInShopper(page, "cancel-victim");
    const order = await paidOrder(shopper);
    const own = `http://localhost:${STORE_PORT}`;
    const foreign = await page.request.post(`/orders/${order.orderId}/cancel`, { form: { confirm: "yes" }, headers: { origin: "https://evil.example" }, maxRedirects: 0 });
    expect(foreign.status()).toBe(403);
    const unticked = await page.request.post(`/orders/${order.orderId}/cancel`, { form: { status: "Cancelled" }, headers: { origin: own }, maxRedirects: 0 });
    expect(unticked.status()).toBe(303);

    const strangerContext = await browser.newContext();
    const stranger = await strangerContext.newPage();
    await signedInShopper(stranger, "cancel-stranger");
    const theirs = await stranger.request.post(`/orders/${order.orderId}/cancel`, { form: { confirm: "yes" }, headers: { origin: own }, maxRedirects: 0 });
    expect(theirs.status()).toBe(404);
    await strangerContext.close();

    await page.goto(`/orders/${order.orderId}`);
    await expect(page.getByTestId("order-page-status")).toHaveText("Status: Order Placed");
    expect(await refundsAtCashfree(order)).toEqual([]);
  });
});
