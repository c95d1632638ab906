import fs from "node:fs";
import { DEFAULT_SIZE_KEY } from "../../app/constants/store";
import { ADDRESS } from "../fixtures/address";
import { pdfText } from "./after-sale";
import { catalogue, logInWithForm, newShopper, registerWithApi, signUpWithForm } from "./auth";
import { expect, jsDisabled, test } from "./fixtures";
import { ownerCommand, signInAsStaff } from "./staff";

/**
 * The GST credit note of a refunded return (issue 45 item 5; CGST Act s.34; docs/decisions/0986),
 * with JavaScript on and off: a shopper's delivered cash-on-delivery order is returned and refunded
 * (tests/e2e/refunded-return.ts records it and issues the note, as the back office's refund step
 * does); the order page lists the credit note under the tax invoice, in English and in Hindi, and
 * its PDF downloads with the note's number, the invoice's number and the refunded amount; another
 * shopper gets 404 for it; staff find the same note beside the invoice on the order's back-office page.
 */

// Sign-ups, three of the owner's terminal commands (a node process each, 1–5 s on two busy cores), two PDFs.
test.describe.configure({ timeout: 120_000 });

test("a refunded return's credit note is on the order page, for its shopper only, and in the back office", async ({ page, browser, request }) => {
  const product = (await catalogue(request)).find((p) => p.colours.length === 0 && (p.price ?? 0) <= 25_000)!;
  const shopper = newShopper("credit-note");
  await registerWithApi(request, shopper);
  const { token } = (await (await request.post("/api/user/login", { data: { email: shopper.email, password: shopper.password } })).json()) as { token: string };
  expect((await request.post("/api/cart/add", { data: { itemId: product._id, size: DEFAULT_SIZE_KEY }, headers: { token } })).status()).toBe(200);
  const placed = await request.post("/api/order/place", { data: { address: ADDRESS, items: [{ _id: product._id, size: DEFAULT_SIZE_KEY, quantity: 1 }], amount: product.price }, headers: { token } });
  expect(placed.status()).toBe(200);
  const { orderId } = (await placed.json()) as { orderId: string };
  await ownerCommand("orders-status", [orderId, "Shipped", "--courier", "Blue Dart", "--awb", "BD20261202CN"]);
  await ownerCommand("orders-status", [orderId, "Delivered"]);

  await page.goto(`/login?redirectTo=${encodeURIComponent(`/orders/${orderId}`)}`);
  await logInWithForm(page, shopper);
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
  await expect(page.getByRole("link", { name: "Download tax invoice (PDF)" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Download credit note/ })).toHaveCount(0);

  const { stdout } = await ownerCommand("../tests/e2e/refunded-return", [orderId]);
  const note = JSON.parse(stdout.trim().split("\n").at(-1)!) as { returnId: string; number: string; invoiceNumber: string; totalPaise: number };
  expect(note.number).toMatch(/^CN\/\d{2}-\d{2}\/\d{6}$/);
  // The whole line came back: the note credits what was paid for it.
  expect(note.totalPaise).toBe(Math.round(product.price! * 100));

  await page.reload();
  await expect(page.getByText(`Credit note ${note.number} for returned items`)).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: `Download credit note ${note.number} (PDF)` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`credit-note-${note.number.replace(/\//g, "-")}.pdf`);
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  const text = await pdfText(bytes);
  expect(text).toContain("Credit Note");
  expect(text).toContain(`Credit note number: ${note.number}`);
  expect(text).toContain(`Invoice number: ${note.invoiceNumber}`);
  expect(text).toContain(orderId);
  expect(text).toContain("Place of supply: Karnataka (code 29)");
  const total = `${Math.floor(note.totalPaise / 100).toLocaleString("en-IN")}.${String(note.totalPaise % 100).padStart(2, "0")}`;
  expect(text).toContain(`Credit note total: Rs. ${total}`);
  const response = await page.request.get(`/orders/${orderId}/credit-note/${note.returnId}.pdf`);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  expect((await page.request.get(`/orders/${orderId}/credit-note/rt_000000000000000000000000.pdf`)).status()).toBe(404);

  // In Hindi, the same note under the invoice.
  await page.goto(`/hi/orders/${orderId}`);
  await expect(page.getByText(`लौटाए गए सामान का क्रेडिट नोट ${note.number}`)).toBeVisible();
  await expect(page.getByRole("link", { name: `क्रेडिट नोट ${note.number} डाउनलोड करें (PDF)` })).toHaveAttribute("href", `/orders/${orderId}/credit-note/${note.returnId}.pdf`);

  // Another shopper: the ordinary 404.
  const other = await browser.newContext({ javaScriptEnabled: !jsDisabled() });
  const otherPage = await other.newPage();
  await signUpWithForm(otherPage, newShopper("credit-note-other"));
  expect((await otherPage.request.get(`/orders/${orderId}/credit-note/${note.returnId}.pdf`)).status()).toBe(404);
  await other.close();

  // Staff: the note beside the invoice on the order's page, and its PDF.
  const office = await browser.newContext({ javaScriptEnabled: !jsDisabled() });
  const staffPage = await office.newPage();
  await signInAsStaff(staffPage, "staff");
  await staffPage.goto(`/admin/orders/${orderId}`);
  const staffLink = staffPage.getByRole("link", { name: `Credit note ${note.number} (PDF)` });
  await expect(staffLink).toHaveAttribute("href", `/admin/orders/${orderId}/credit-note/${note.returnId}.pdf`);
  const staffPdf = await staffPage.request.get(`/admin/orders/${orderId}/credit-note/${note.returnId}.pdf`);
  expect(staffPdf.status()).toBe(200);
  expect(await pdfText(Buffer.from(await staffPdf.body()))).toContain(`Credit note number: ${note.number}`);
  expect((await staffPage.request.get(`/admin/orders/${orderId}/credit-note/rt_000000000000000000000000.pdf`)).status()).toBe(404);
  await office.close();
});
