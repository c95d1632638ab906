import { catalogue, newShopper, signUpWithForm, toast } from "./auth";
import { windowNow } from "./delivery-calendar";
import { expect, expectNoAxeViolations, jsDisabled, test } from "./fixtures";
import { shortName } from "./money";
import { ownerCommand } from "./staff";

/**
 * The shopper's order page /orders/:orderId (issue 14 item 1; DESIGN.md §20), with JavaScript on
 * and off: a shopper places a cash-on-delivery order, opens it from My Orders and reads its items,
 * address, payment, promised window and a timeline at Order Placed; the owner ships it from the
 * terminal with courier, AWB number and tracking link, which the page then shows with the dated
 * timeline; another shopper gets the ordinary 404 page for the same URL, a visitor the login page.
 */

// An order placed through checkout, the owner's terminal command (a node process), three browsers.
test.describe.configure({ timeout: 60_000 });

const SHIPMENT = { courier: "Blue Dart", awb: "BD20261124IN", trackingUrl: "https://www.bluedart.com/tracking?awb=BD20261124IN" };

test("a shopper follows their order on its page; nobody else can open it", async ({ page, request, browser }) => {
  // A watch within cash on delivery's default limit (₹25,000), delivered to Bengaluru (metro).
  const product = (await catalogue(request)).find((p) => p.colours.length === 0 && (p.price ?? 0) <= 25_000)!;
  await signUpWithForm(page, newShopper("order-page"));
  await page.goto(`/product/${product._id}`);
  await page.getByRole("button", { name: "ADD TO CART" }).click();
  await expect(toast(page, "Item added to cart!")).toBeVisible();
  await page.goto("/place-order");
  const address = { "First name": "Asha", "Last name": "Rao", "Email address": "asha@example.in", Street: "12 MG Road, Indiranagar", "Mobile number": "98765 43210" };
  for (const [label, value] of Object.entries(address)) await page.getByLabel(label).fill(value);
  await page.getByRole("textbox", { name: /^PIN code/ }).fill("560038");
  await page.getByLabel("City").fill("Bengaluru");
  await page.getByLabel("State").selectOption("Karnataka");
  const cod = page.getByRole("radio", { name: /Cash on delivery/ });
  await expect(cod).toBeEnabled();
  await cod.check();
  await page.getByRole("button", { name: "PLACE ORDER" }).click();
  await expect(page).toHaveURL(/\/orders$/);

  // My Orders links the order id to its page.
  const link = page.getByTestId("order-row").filter({ hasText: shortName(product.name) }).getByRole("link", { name: /^Order CI\d{6}-[0-9A-Z]{8}$/ });
  const orderId = (await link.textContent())!.replace("Order ", "").trim();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${orderId}`);
  await expect(page.getByTestId("order-page-status")).toHaveText("Status: Order Placed");
  const item = page.getByTestId("order-page-item");
  await expect(item).toHaveCount(1);
  await expect(item.getByRole("link", { name: product.name })).toHaveAttribute("href", `/product/${product._id}`);
  await expect(item.locator("img")).toHaveAttribute("src", /\S/);
  await expect(item).toContainText("Quantity: 1");
  await expect(page.getByTestId("order-page-address")).toContainText("12 MG Road, Indiranagar");
  await expect(page.getByTestId("order-page-address")).toContainText("Bengaluru, Karnataka 560038");
  await expect(page.getByTestId("order-page-payment")).toContainText("Cash on delivery");
  await expect(page.getByTestId("order-page-payment")).toContainText("Pay on delivery");
  await expect(page.getByTestId("order-page-delivery")).toHaveText(windowNow("Expected delivery: ", "metro"));
  const timeline = page.getByRole("list", { name: "Order status" });
  await expect(timeline.getByRole("listitem")).toHaveCount(5);
  const placed = timeline.getByRole("listitem").first();
  await expect(placed).toHaveAttribute("aria-current", "step");
  await expect(placed).toHaveText(/^Order Placed on \d{1,2} \w{3} \d{4}$/);
  await expect(placed.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  await expect(timeline.getByRole("listitem").nth(2)).toHaveText("Shipped (not yet)");
  await expect(page.getByTestId("order-page-shipment")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The owner ships it from the terminal; the page shows the shipment and the dated timeline.
  await ownerCommand("orders-status", [orderId, "Shipped", "--courier", SHIPMENT.courier, "--awb", SHIPMENT.awb, "--tracking-url", SHIPMENT.trackingUrl]);
  await page.reload();
  await expect(page.getByTestId("order-page-status")).toHaveText("Status: Shipped");
  const shipment = page.getByTestId("order-page-shipment");
  await expect(shipment).toContainText(SHIPMENT.courier);
  await expect(shipment).toContainText(SHIPMENT.awb);
  const track = page.getByRole("link", { name: "Track your parcel" });
  await expect(track).toHaveAttribute("href", SHIPMENT.trackingUrl);
  await expect(track).toHaveAttribute("rel", "noopener noreferrer");
  const shipped = timeline.getByRole("listitem").nth(2);
  await expect(shipped).toHaveAttribute("aria-current", "step");
  await expect(shipped).toHaveText(/^Shipped on \d{1,2} \w{3} \d{4}$/);
  await expect(timeline.getByRole("listitem").nth(1)).toHaveText("Packing"); // skipped by the owner: passed, no date
  await expect(placed).not.toHaveAttribute("aria-current", "step");
  await expectNoAxeViolations(page);

  // Back to My Orders by the page's own link.
  await page.getByRole("link", { name: "← My Orders" }).click();
  await expect(page).toHaveURL(/\/orders$/);

  // Another shopper gets the ordinary 404 page; a visitor is asked to log in first.
  const other = await browser.newContext({ javaScriptEnabled: !jsDisabled() });
  const otherPage = await other.newPage();
  await signUpWithForm(otherPage, newShopper("order-page-other"));
  const response = await otherPage.goto(`/orders/${orderId}`);
  expect(response?.status()).toBe(404);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await expect(otherPage.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(otherPage.getByText(SHIPMENT.awb)).toHaveCount(0);
  expect((await otherPage.goto("/orders/CI000000-NOSUCHOR"))?.status()).toBe(404);
  await other.close();

  const visitor = await browser.newContext({ javaScriptEnabled: !jsDisabled() });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/orders/${orderId}`);
  await expect(visitorPage).toHaveURL(/\/login\?redirectTo=/);
  expect(new URL(visitorPage.url()).searchParams.get("redirectTo")).toBe(`/orders/${orderId}`);
  await visitor.close();
});
