import fs from "node:fs";
import { PDFParse } from "pdf-parse";
import { catalogue, newShopper, signUpWithForm, toast } from "./auth";
import { expect, jsDisabled, test } from "./fixtures";
import { shortName } from "./money";
import { ownerCommand } from "./staff";

/**
 * The GST tax invoice (issue 14 item 2; DESIGN.md §20), with JavaScript on and off: a shopper
 * places a cash-on-delivery order; no invoice until the owner marks it delivered; then the order
 * page offers "Download tax invoice (PDF)", whose file names the invoice number, HSN 9102 and the
 * order's total, and the business buyer's GSTIN given at checkout (a wrong check character refused
 * first); another shopper gets 404 for the same invoice URL.
 */

// About a dozen page loads, two of the owner's terminal commands (a node process each, 1–5 s on
// two busy cores), two invoices rendered as PDF and one read back: up to 50 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

test("a delivered order's tax invoice downloads from its page, for its shopper only", async ({ page, browser, request }) => {
  const product = (await catalogue(request)).find((p) => p.colours.length === 0 && (p.price ?? 0) <= 25_000)!;
  await signUpWithForm(page, newShopper("invoice"));
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
  // A business buyer's GSTIN (optional, behind "Buying for a business?"): a wrong check character
  // is refused next to the field, then the right one goes on the invoice.
  await page.getByText("Buying for a business?").click();
  await page.getByLabel("GSTIN").fill("29AAGCB7383J1Z5");
  await page.getByLabel("Business name").fill("Rao Traders");
  await page.getByRole("button", { name: "PLACE ORDER" }).click();
  await expect(page.getByTestId("error-gstin")).toHaveText("The GSTIN's check character does not match: please check it for typing mistakes.");
  await page.getByLabel("GSTIN").fill("29AAGCB7383J1Z4");
  await page.getByRole("button", { name: "PLACE ORDER" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const link = page.getByTestId("order-row").filter({ hasText: shortName(product.name) }).getByRole("link", { name: /^Order CI\d{6}-[0-9A-Z]{8}$/ });
  const orderId = (await link.textContent())!.replace("Order ", "").trim();

  await page.goto(`/orders/${orderId}`);
  await expect(page.getByRole("link", { name: "Download tax invoice (PDF)" })).toHaveCount(0);
  expect((await page.request.get(`/orders/${orderId}/invoice.pdf`)).status()).toBe(404);

  await ownerCommand("orders-status", [orderId, "Shipped", "--courier", "Blue Dart", "--awb", "BD20261125IN"]);
  await ownerCommand("orders-status", [orderId, "Delivered"]);
  await page.reload();
  await expect(page.getByText(/^Invoice CI\/\d{4}-\d{2}\/\d{6}$/)).toBeVisible();
  const number = (await page.getByText(/^Invoice CI\//).textContent())!.replace("Invoice ", "").trim();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download tax invoice (PDF)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`tax-invoice-${number.replace(/\//g, "-")}.pdf`);
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  const text = (await parser.getText()).text.replace(/\s+/g, " ");
  await parser.destroy();
  expect(text).toContain("Tax Invoice");
  expect(text).toContain(number);
  expect(text).toContain("9102");
  expect(text).toContain(orderId);
  expect(text).toContain("Place of supply: Karnataka (code 29)");
  expect(text).toContain("29AAGCB7383J1Z4");
  expect(text).toContain("Rao Traders");

  const response = await page.request.get(`/orders/${orderId}/invoice.pdf`);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["cache-control"]).toBe("private, no-store");

  const other = await browser.newContext({ javaScriptEnabled: !jsDisabled() });
  const otherPage = await other.newPage();
  await signUpWithForm(otherPage, newShopper("invoice-other"));
  expect((await otherPage.request.get(`/orders/${orderId}/invoice.pdf`)).status()).toBe(404);
  await other.close();
});
