import type { Page } from "@playwright/test";
import { catalogue, newShopper, signUpWithForm, toast } from "./auth";
import { expect, expectNoAxeViolations, jsDisabled, test } from "./fixtures";
import { ownerCommand, signInAsStaff } from "./staff";

/**
 * Problem reports (issue 14 item 3; DESIGN.md §20; SPEC.md §9), with JavaScript on and off: a
 * shopper's cash-on-delivery order is delivered (the owner's terminal command); on its page the
 * shopper reports a wrong product, cannot send a second one while it is open, the owner answers
 * it in the back office (a second browser), the shopper reads the answer; then a damaged watch
 * with an uploaded MP4 unboxing video, which only the shopper and staff can open; another
 * shopper gets the ordinary 404 for the report form and the video.
 */

// Some twenty page loads in two browsers, three of the owner's terminal commands (a node process
// each, 1–5 s on two busy cores), an upload and two axe runs: up to 60 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** A tiny file whose bytes say MP4 (an `ftyp` box of brand isom, then an empty `mdat`). */
function mp4Bytes(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.from([0, 0, 2, 0]), Buffer.from("isomiso2")]);
  return Buffer.concat([ftyp, Buffer.from([0, 0, 0, 0x10]), Buffer.from("mdat"), Buffer.alloc(8)]);
}

async function placeCodOrder(page: Page, productId: string): Promise<string> {
  await page.goto(`/product/${productId}`);
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
  const link = page.getByTestId("order-row").first().getByRole("link", { name: /^Order CI\d{6}-[0-9A-Z]{8}$/ });
  return (await link.textContent())!.replace("Order ", "").trim();
}

test("a shopper reports a delivered order's problem and reads the owner's answer", async ({ page, request, browser, baseURL }) => {
  const product = (await catalogue(request)).find((p) => p.colours.length === 0 && (p.price ?? 0) <= 25_000)!;
  await signUpWithForm(page, newShopper("report"));
  const orderId = await placeCodOrder(page, product._id);

  // Not delivered yet: the page says why nothing can be reported.
  await page.goto(`/orders/${orderId}`);
  const section = page.getByTestId("report-problem");
  await expect(section.getByTestId("report-reason")).toHaveText("A problem can be reported once the order has been delivered.");
  await expect(section.getByTestId("report-form")).toHaveCount(0);

  await ownerCommand("orders-status", [orderId, "Shipped", "--courier", "Blue Dart", "--awb", "BD20261124RP"]);
  await ownerCommand("orders-status", [orderId, "Delivered"]);
  await page.reload();
  const form = section.getByTestId("report-form");
  await expect(form).toBeVisible();
  await expectNoAxeViolations(page);

  // A wrong product.
  await form.getByRole("radio", { name: /I received the wrong product/ }).check();
  await form.getByLabel("What happened?").fill("I ordered this watch but the parcel had a different one.");
  await form.getByRole("button", { name: "Send report" }).click();
  await expect(toast(page, "Thank you. We have your report and will answer it on this page.")).toBeVisible();
  const report = section.getByTestId("problem-report");
  await expect(report).toHaveCount(1);
  await expect(report.getByTestId("problem-report-status")).toHaveText("Waiting for our answer");
  await expect(section.getByTestId("report-form")).toHaveCount(0);
  await expect(section.getByTestId("report-reason").first()).toHaveText("You have already reported a problem with this order. We will answer it here soon.");

  // The owner answers it in the back office.
  const owner = await browser.newContext({ javaScriptEnabled: !jsDisabled() });
  const ownerPage = await owner.newPage();
  await signInAsStaff(ownerPage, "owner");
  await ownerPage.goto("/admin/reports");
  await ownerPage.getByRole("link", { name: orderId }).click();
  const adminReport = ownerPage.getByTestId("admin-report");
  await expect(adminReport).toContainText("Wrong product");
  await expect(adminReport).toContainText("the parcel had a different one");
  await adminReport.getByLabel(/^Answer/).fill("Sorry about that. The right watch leaves our shop today.");
  await adminReport.getByRole("button", { name: "Send answer" }).click();
  await expect(toast(ownerPage, "Answer sent to the shopper.")).toBeVisible();
  await expect(ownerPage.getByTestId("admin-report")).toContainText("Sorry about that. The right watch leaves our shop today.");

  // The shopper reads the answer.
  await page.reload();
  await expect(report.getByTestId("problem-report-status")).toHaveText("Answered");
  await expect(report.getByTestId("problem-report-answer")).toContainText("Sorry about that. The right watch leaves our shop today.");

  // A damaged watch with an uploaded unboxing video.
  await expect(form).toBeVisible();
  await form.getByRole("radio", { name: /arrived damaged/ }).check();
  await form.getByLabel("What happened?").fill("The glass was cracked when I opened the box.");
  await form.getByLabel(/^Unboxing video/).setInputFiles({ name: "unboxing.mp4", mimeType: "video/mp4", buffer: mp4Bytes() });
  await form.getByRole("button", { name: "Send report" }).click();
  await expect(toast(page, "Thank you. We have your report and will answer it on this page.")).toBeVisible();
  await expect(report).toHaveCount(2);
  const video = report.nth(1).getByRole("link", { name: "Your unboxing video" });
  const videoUrl = (await video.getAttribute("href"))!;
  const mine = await page.request.get(videoUrl);
  expect(mine.status()).toBe(200);
  expect(mine.headers()["content-type"]).toBe("video/mp4");
  expect(mine.headers()["cache-control"]).toBe("private, no-store");
  expect(Buffer.from(await mine.body())).toEqual(mp4Bytes());
  expect((await ownerPage.request.get(videoUrl)).status()).toBe(200);
  await owner.close();

  // Anyone else: the ordinary 404, for the form, its action and the video.
  const other = await browser.newContext({ javaScriptEnabled: !jsDisabled() });
  const otherPage = await other.newPage();
  await signUpWithForm(otherPage, newShopper("report-other"));
  expect((await otherPage.request.get(`/orders/${orderId}/report`, { maxRedirects: 0 })).status()).toBe(404);
  const post = await otherPage.request.post(`/orders/${orderId}/report`, {
    headers: { origin: new URL(baseURL!).origin },
    multipart: { kind: "wrong", description: "Not mine." },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(404);
  expect((await otherPage.request.get(videoUrl)).status()).toBe(404);
  expect((await request.get(videoUrl)).status()).toBe(404);
  await other.close();
});
