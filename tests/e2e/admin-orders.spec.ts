import fs from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { DEFAULT_SIZE_KEY } from "../../app/constants/store";
import { ADDRESS } from "../fixtures/address";
import { catalogue, newShopper, registerWithApi, toast } from "./auth";
import { expect, expectNoAxeViolations, jsDisabled, test } from "./fixtures";
import { ownerCommand, signInAsStaff } from "./staff";

/**
 * The back office's orders (issue 12 item 1), with JavaScript and without: a shopper pays an order
 * (Store API + the fake Cashfree's modal endpoint, which sends the webhook); a staff member finds it,
 * moves it to Packing and to Shipped with courier and AWB, sees the timeline and the change history,
 * is told why a stale move is refused, refunds part of it through Cashfree, and finds it in the CSV.
 */

function fakeCashfreeUrl(): string {
  const port = new URL(test.info().project.use.baseURL!).port;
  return fs.readFileSync(`tests/.tmp/e2e-${port}/cashfree-fake.url`, "utf8").trim();
}

/** A paid Cashfree order of a new shopper; answers its id. */
async function paidOrder(request: APIRequestContext): Promise<string> {
  const shopper = newShopper("admin-orders");
  await registerWithApi(request, shopper);
  const { token } = (await (await request.post("/api/user/login", { data: { email: shopper.email, password: shopper.password } })).json()) as { token: string };
  const product = (await catalogue(request)).find((p) => p.colours.length === 0)!;
  expect((await request.post("/api/cart/add", { data: { itemId: product._id, size: DEFAULT_SIZE_KEY }, headers: { token } })).status()).toBe(200);
  const started = await request.post("/api/order/cashfree", {
    data: { address: ADDRESS, items: [{ _id: product._id, size: DEFAULT_SIZE_KEY, quantity: 1 }], amount: product.price },
    headers: { token },
  });
  const { order } = (await started.json()) as { order: { order_id: string; payment_session_id: string } };
  const paid = await request.post(`${fakeCashfreeUrl()}/modal/session/${order.payment_session_id}`, { form: { outcome: "pay" }, headers: { accept: "application/json" } });
  expect(paid.status()).toBe(200);
  expect((await request.post("/api/order/verifyCashfree", { data: { orderId: order.order_id }, headers: { token } })).status()).toBe(200);
  return order.order_id;
}

test("staff find a paid order, ship it, are told why a stale move is refused, refund it and export it", async ({ page }) => {
  // A paid order through the fake Cashfree, a staff account made with the owner's command (a node
  // process), some fifteen page loads, a refund and the CSV: up to 50 s on a busy machine.
  test.setTimeout(90_000);
  const orderId = await paidOrder(page.request);
  await signInAsStaff(page, "staff");

  await page.goto(`/admin/orders?q=${orderId}`);
  await expect(page.getByText("1 order, page 1 of 1.")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: orderId });
  await expect(row).toContainText("Test payment");
  await expect(row).toContainText("Order Placed");
  await expectNoAxeViolations(page);
  await row.getByRole("link", { name: orderId }).click();
  await expect(page.getByRole("heading", { level: 1, name: orderId })).toBeVisible();

  await page.getByRole("button", { name: "Move to Packing" }).click();
  await expect(page.getByRole("button", { name: "Move to Packing" })).toHaveCount(0);
  await page.getByLabel("Courier").fill("Blue Dart");
  await page.getByLabel("AWB number").fill("BD123456789");
  await page.getByRole("button", { name: "Move to Shipped" }).click();
  const shipment = page.getByRole("region", { name: "Shipment" });
  await expect(shipment).toContainText("Blue Dart");
  await expect(shipment).toContainText("BD123456789");
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline).toContainText("Packing");
  await expect(timeline).toContainText("Shipped — Blue Dart, AWB BD123456789");
  await expect(page.getByRole("region", { name: "Change history" })).toContainText("status: Packing → Shipped");

  // Meanwhile the owner marks it delivered from the terminal: this page's offer is stale.
  await ownerCommand("orders-status", [orderId, "Delivered"]);
  const amount = page.getByLabel(/Amount in ₹/);
  const refundKey = page.locator('form:has(input[name="intent"][value="refund"]) input[name="key"]');
  // With JavaScript, staff type the refund's amount first: the refused move's revalidation (a new
  // refund key) keeps it. It once put the full amount back under the typing, and that was refunded.
  const keyBefore = jsDisabled() ? "" : await refundKey.inputValue();
  if (!jsDisabled()) await amount.fill("100");
  await page.getByRole("button", { name: "Move to Out for delivery" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "cannot" })).toHaveText(`Order ${orderId} is "Delivered"; it cannot move back to "Out for delivery".`);
  if (!jsDisabled()) {
    await expect(refundKey).not.toHaveValue(keyBefore);
    await expect(amount).toHaveValue("100");
  }

  await amount.fill("100");
  await page.getByLabel("Note (optional)").fill("Strap scratched");
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  // The action's own words first: a refund of another amount (a form reset under the typing) or a
  // refusal says so here, rather than as a missing row.
  await expect(toast(page, "Refund of ₹100 sent to Cashfree (PENDING).")).toBeVisible();
  const refunds = page.getByRole("region", { name: "Refunds" });
  await expect(refunds.getByRole("row").filter({ hasText: "₹100" })).toContainText("PENDING");
  await refunds.getByRole("button", { name: /Check status/ }).click();
  await expect(refunds.getByRole("row").filter({ hasText: "₹100" })).toContainText("SUCCESS");
  await expectNoAxeViolations(page);
  if (!jsDisabled()) await page.screenshot({ path: test.info().outputPath("admin-order.png"), fullPage: true });

  // The export of test payments (a store on Cashfree's sandbox has no other kind) holds its line.
  await page.goto("/admin/orders?mode=test");
  const href = await page.getByRole("link", { name: /Export CSV/ }).getAttribute("href");
  expect(href).toBe("/admin/orders/export.csv?mode=test");
  const csv = await page.request.get(href!);
  expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="chrono-india-sales-test-/);
  const line = (await csv.text()).split("\r\n").find((text) => text.startsWith(`${orderId},`));
  expect(line).toMatch(new RegExp(`^${orderId},\\d{4}-\\d{2}-\\d{2},Asha Rao,Karnataka,.+,9102,1,\\d+\\.\\d{2}$`));
});
