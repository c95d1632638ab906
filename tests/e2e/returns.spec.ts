import type { Page } from "@playwright/test";
import { newShopper, signUpWithForm, toast } from "./auth";
import { expect, expectNoAxeViolations, jsDisabled, test } from "./fixtures";
import { deliveredOrder } from "./after-sale";

/**
 * The shopper's return and exchange request (issue 45 item 2; docs/decisions/0982), JavaScript on
 * and off: on a delivered cash-on-delivery order of two lines (tests/e2e/delivered-order.ts), the
 * shopper returns one line within the window with a photo and sees the request's state on the
 * order page; the photo is theirs only; a form with a refund amount and another shopper's post
 * write nothing; day 8 no longer offers a change of mind and day 31 is refused with the sentence
 * naming the window; a late order (day 12, past the 7-day window) is sent for a refund with
 * "Arrived late" and the order page shows it requested; in Hindi, the form, an exchange for another colour and the state.
 */

test.describe.configure({ timeout: 90_000 });

/** A 1×1 PNG. */
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082", "hex");

/** The IST date `days` days before today (negative: after), as the store writes it ("24 Nov 2026"), computed here. */
function istDateDaysAgo(days: number): string {
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];
  const ist = new Date(Date.now() - days * 86_400_000 + 330 * 60_000);
  return `${ist.getUTCDate()} ${months[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
}

async function signedUp(page: Page, label: string): Promise<string> {
  const shopper = newShopper(label);
  await signUpWithForm(page, shopper);
  return shopper.email;
}

test("a shopper returns one of two lines of a delivered order within the window, with a photo", async ({ page, browser, baseURL }) => {
  const email = await signedUp(page, "return");
  const order = await deliveredOrder(email, 2);
  await page.goto(`/orders/${order.orderId}`);
  const section = page.getByTestId("return-section");
  await expect(section.getByRole("heading", { name: "Returns and exchanges" })).toBeVisible();
  await section.getByRole("link", { name: "Return or exchange a watch" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.orderId}/return$`));
  await expect(page.getByRole("heading", { level: 1, name: "Return or exchange" })).toBeVisible();
  await expectNoAxeViolations(page);

  const form = page.getByTestId("return-form");
  const colouredLine = form.getByTestId("return-line").filter({ hasText: order.coloured.name });
  await colouredLine.getByLabel("How many to return").selectOption("1");
  await form.getByRole("radio", { name: /^Defective/ }).check();
  await form.getByRole("radio", { name: "Refund", exact: true }).check();
  await form.getByLabel("Describe the problem").fill("The second hand does not move.");
  await form.getByLabel(/^Photos/).setInputFiles({ name: "back.png", mimeType: "image/png", buffer: PNG });
  await form.getByRole("button", { name: "Send return request" }).click();

  await expect(page).toHaveURL(new RegExp(`/orders/${order.orderId}(#returns)?$`));
  await expect(toast(page, "Your return request has been sent. We will answer within 48 hours.")).toBeVisible();
  const request = page.getByTestId("return-section").getByTestId("return-request");
  await expect(request).toHaveCount(1);
  await expect(request.getByTestId("return-status")).toHaveText("Requested: we will answer within 48 hours");
  await expect(request).toContainText("Refund · Defective");
  await expect(request).toContainText(`Sent on ${istDateDaysAgo(0)}`);
  await expect(request).toContainText(`${order.coloured.name} (${order.coloured.colour}) × 1`);
  await expect(request).not.toContainText(order.plain.name);

  // The photo: the shopper's only.
  const photoUrl = (await request.getByRole("link", { name: "Photo 1" }).getAttribute("href"))!;
  const mine = await page.request.get(photoUrl);
  expect([mine.status(), mine.headers()["content-type"], mine.headers()["cache-control"]]).toEqual([200, "image/png", "private, no-store"]);
  expect(Buffer.from(await mine.body())).toEqual(PNG);

  // The returned line is not offered again; the other one still is.
  await page.goto(`/orders/${order.orderId}/return`);
  await expect(form.getByTestId("return-line").filter({ hasText: order.coloured.name })).toContainText("A return is already requested for this watch.");
  await expect(form.getByTestId("return-line").filter({ hasText: order.plain.name }).getByLabel("How many to return")).toBeVisible();

  // Four photos, or a text file named .png: the form again with the sentence, nothing written.
  const plainLine = form.getByTestId("return-line").filter({ hasText: order.plain.name });
  for (const [files, sentence] of [
    [[1, 2, 3, 4].map((n) => ({ name: `p${n}.png`, mimeType: "image/png", buffer: PNG })), "Attach at most 3 photos."],
    [[{ name: "note.png", mimeType: "image/png", buffer: Buffer.from("not a picture at all, only words") }], "Photos must be JPEG, PNG or WebP images."],
  ] as const) {
    await plainLine.getByLabel("How many to return").selectOption("1");
    await form.getByRole("radio", { name: /^Wrong item/ }).check();
    await form.getByRole("radio", { name: "Refund", exact: true }).check();
    await form.getByLabel("Describe the problem").fill("This is not the watch I ordered.");
    await form.getByLabel(/^Photos/).setInputFiles([...files]);
    await form.getByRole("button", { name: "Send return request" }).click();
    await expect(page.getByTestId("return-error")).toHaveText(sentence);
  }

  // A refund amount in the form: refused with nothing written.
  const origin = new URL(baseURL!).origin;
  const forged = await page.request.post(`/orders/${order.orderId}/return`, {
    headers: { origin },
    multipart: { quantity_1: "1", reason: "defective", resolution: "refund", description: "Refund me more.", amount: "99999" },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(400);
  await page.goto(`/orders/${order.orderId}`);
  await expect(page.getByTestId("return-section").getByTestId("return-request")).toHaveCount(1);

  // Another shopper: the ordinary 404 for the form, its action and the photo.
  const other = await browser.newContext({ javaScriptEnabled: !jsDisabled() });
  const otherPage = await other.newPage();
  await signedUp(otherPage, "return-other");
  expect((await otherPage.request.get(`/orders/${order.orderId}/return`, { maxRedirects: 0 })).status()).toBe(404);
  const theirs = await otherPage.request.post(`/orders/${order.orderId}/return`, {
    headers: { origin },
    multipart: { quantity_1: "1", reason: "defective", resolution: "refund", description: "Not mine." },
    maxRedirects: 0,
  });
  expect(theirs.status()).toBe(404);
  expect((await otherPage.request.get(photoUrl)).status()).toBe(404);
  await other.close();
  await page.goto(`/orders/${order.orderId}`);
  await expect(page.getByTestId("return-section").getByTestId("return-request")).toHaveCount(1);
});

test("day 8 no longer offers a change of mind; day 31 is refused with the sentence naming the window; a late order on day 12 is sent for a refund", async ({ page }) => {
  const email = await signedUp(page, "return-late");
  const eighth = await deliveredOrder(email, 8);
  await page.goto(`/orders/${eighth.orderId}/return`);
  const form = page.getByTestId("return-form");
  await expect(form.getByRole("radio", { name: /^Defective/ })).toBeVisible();
  await expect(form.getByRole("radio", { name: /^Changed my mind/ })).toHaveCount(0);
  // Each reason says until when: the legal reasons 30 days from delivery (22 days from today).
  await expect(form.getByRole("radio", { name: `Defective (refund or exchange, until ${istDateDaysAgo(-22)})` })).toBeVisible();

  const old = await deliveredOrder(email, 31);
  const sentence = `Returns are accepted within 30 days of delivery. This order was delivered on ${istDateDaysAgo(31)}.`;
  await page.goto(`/orders/${old.orderId}`);
  await expect(page.getByTestId("return-section").getByTestId("return-refusal")).toHaveText(sentence);
  await expect(page.getByTestId("return-section").getByRole("link", { name: "Return or exchange a watch" })).toHaveCount(0);
  await page.goto(`/orders/${old.orderId}/return`);
  await expect(page.getByTestId("return-refusal")).toHaveText(sentence);
  await expect(page.getByTestId("return-form")).toHaveCount(0);

  // A late order: "Arrived late" is offered and said.
  const late = await deliveredOrder(email, 12, true);
  await page.goto(`/orders/${late.orderId}/return`);
  const lateForm = page.getByTestId("return-form");
  await expect(lateForm.getByRole("radio", { name: /^Arrived late/ })).toBeVisible();
  // Past the 7-day window of a change of mind, a late order is still taken back for a refund.
  await expect(lateForm.getByRole("radio", { name: /^Changed my mind/ })).toHaveCount(0);
  await lateForm.getByTestId("return-line").filter({ hasText: late.plain.name }).getByLabel("How many to return").selectOption("1");
  await lateForm.getByRole("radio", { name: /^Arrived late/ }).check();
  await lateForm.getByRole("radio", { name: "Refund", exact: true }).check();
  await lateForm.getByLabel("Describe the problem").fill("It came four days after the promised date.");
  await lateForm.getByRole("button", { name: "Send return request" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${late.orderId}(#returns)?$`));
  await expect(toast(page, "Your return request has been sent. We will answer within 48 hours.")).toBeVisible();
  const lateRequest = page.getByTestId("return-section").getByTestId("return-request");
  await expect(lateRequest).toHaveCount(1);
  await expect(lateRequest.getByTestId("return-status")).toHaveText("Requested: we will answer within 48 hours");
  await expect(lateRequest).toContainText("Refund · Arrived late");
  await expect(lateRequest).toContainText(`${late.plain.name} (Standard) × 1`);
});

test("in Hindi: the form, an exchange for another colour and its state", async ({ page }) => {
  const email = await signedUp(page, "return-hindi");
  const order = await deliveredOrder(email, 1);
  await page.goto(`/hi/orders/${order.orderId}`);
  const section = page.getByTestId("return-section");
  await expect(section.getByRole("heading", { name: "रिटर्न और एक्सचेंज" })).toBeVisible();
  await section.getByRole("link", { name: "घड़ी रिटर्न या एक्सचेंज करें" }).click();
  await expect(page).toHaveURL(new RegExp(`/hi/orders/${order.orderId}/return$`));
  await expect(page.getByRole("heading", { level: 1, name: "रिटर्न या एक्सचेंज" })).toBeVisible();

  const form = page.getByTestId("return-form");
  const line = form.getByTestId("return-line").filter({ hasText: order.coloured.name });
  await line.getByLabel("कितनी लौटानी हैं").selectOption("1");
  const other = order.coloured.colours.find((colour) => colour !== order.coloured.colour)!;
  await line.getByLabel(`${order.coloured.colour} की जगह आपको कौन-सा रंग चाहिए`).selectOption(other);
  await form.getByRole("radio", { name: /^गलत आइटम/ }).check();
  await form.getByRole("radio", { name: "दूसरे रंग से एक्सचेंज" }).check();
  await form.getByLabel("समस्या बताएँ").fill("डायल का रंग अलग है।");
  await form.getByRole("button", { name: "रिटर्न अनुरोध भेजें" }).click();

  await expect(page).toHaveURL(new RegExp(`/hi/orders/${order.orderId}(#returns)?$`));
  await expect(toast(page, "आपका रिटर्न अनुरोध भेज दिया गया है। हम 48 घंटों के अंदर जवाब देंगे।")).toBeVisible();
  const request = page.getByTestId("return-section").getByTestId("return-request");
  await expect(request.getByTestId("return-status")).toHaveText("अनुरोध मिला: हम 48 घंटों के अंदर जवाब देंगे");
  await expect(request).toContainText("दूसरे रंग से एक्सचेंज · गलत आइटम");
  await expect(request).toContainText(`बदले में ${other}`);
});
