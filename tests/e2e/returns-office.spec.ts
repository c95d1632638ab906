import type { Browser, Page } from "@playwright/test";
import { catalogue, newShopper, signUpWithForm, toast } from "./auth";
import { expect, expectNoAxeViolations, jsDisabled, test } from "./fixtures";
import { rupees } from "./money";
import { deliveredOrder, documentRupees, downloadedPdfText, gstRows, returnRequest } from "./after-sale";
import { BACK_OFFICE_PORT, BACK_OFFICE_URL } from "./servers";
import { ownerCommand, signInAsStaff } from "./staff";

/**
 * Returns in the back office and the refund that reaches the shopper (issue 45 items 3 and 4;
 * docs/decisions/0984, 0985), JavaScript on and off, on the store server. A delivered
 * cash-on-delivery order (tests/e2e/delivered-order.ts) with a refund request of one line
 * (tests/e2e/return-request.ts): the shopper gives a UPI ID on the Hindi order page (a malformed
 * IFSC first: the Hindi sentence, nothing saved), another shopper's post of the same form is a 404
 * (and the back office too), a post from another site a 403;
 * a staff member approves it from the queue, schedules the pickup, marks it received, records the
 * cash payment and refunds it to the UPI ID shown in full on that step only — the refund on the
 * request's page and the staff order page, the shopper's order page showing each state; then the
 * shopper downloads the tax invoice and the credit note listed beside it, and the note's taxable
 * value, CGST+SGST (or IGST) and total are those computed here from the invoice's own line for the
 * returned units, citing the invoice's number and date. A second
 * test: the queue lists an overdue request first, and a reject with a reason reaches the shopper's
 * order page. A third: an order paid through the store's Cashfree (tests/e2e/paid-order.ts) is
 * refunded through Cashfree's refund API — the fake Cashfree holds the refund (its status read
 * back) and the shopper's order page says it. A fourth, on the back office's server (it changes a
 * watch's stock): the owner keeps the delivered watch's colours apart, the shopper asks in the form
 * for an exchange to another colour, the owner's stock movements show that colour's unit "Reserved
 * for an exchange" for the order at once (−1), and approve → pickup → received → ship the exchange
 * (courier, AWB, tracking link) end on the shopper's order page with the exchange sent, its courier
 * and AWB.
 */

test.describe.configure({ timeout: 120_000 });

/** A second signed-in window as a staff member or the owner (JavaScript as the project has it), on `baseURL`'s server (the store's by default). */
async function staffWindow(browser: Browser, role: "owner" | "staff" = "staff", baseURL?: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: !jsDisabled(), ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  await signInAsStaff(page, role);
  return page;
}

test("a COD refund request: the shopper's UPI ID, then approve → pickup → received → refunded, each state on the shopper's page", async ({ page, browser, baseURL }) => {
  const shopper = newShopper("return-office");
  await signUpWithForm(page, shopper);
  const order = await deliveredOrder(shopper.email, 2);
  const returnId = await returnRequest(order.orderId, 1, 1);
  // The returned line's price (the order was placed at the catalogue's price).
  const price = (await catalogue(page.request)).find((p) => p._id === order.lines[1].productId)!.price!;
  const amount = rupees(Math.round(price * 100));

  // The shopper, on the Hindi order page: a malformed IFSC is refused in Hindi, then a UPI ID is kept (masked).
  await page.goto(`/hi/orders/${order.orderId}`);
  const payout = page.getByTestId("return-payout");
  await expect(payout.getByRole("heading", { name: "आपका रिफ़ंड कहाँ भेजें?" })).toBeVisible();
  await expectNoAxeViolations(page);
  await payout.getByRole("radio", { name: "बैंक खाते में" }).check();
  await payout.getByLabel("खाताधारक का नाम").fill("Asha Kumari");
  await payout.getByLabel(/^खाता नंबर/).fill("123456789012");
  await payout.getByLabel(/^IFSC/).fill("SBIN1001234");
  await payout.getByRole("button", { name: "रिफ़ंड का ब्योरा सेव करें" }).click();
  await expect(toast(page, "IFSC लिखें: 11 अक्षर, जैसे SBIN0001234।")).toBeVisible();
  await expect(page.getByTestId("return-payout-given")).toHaveCount(0);
  await page.getByTestId("return-payout").getByRole("radio", { name: "UPI ID से" }).check();
  await page.getByTestId("return-payout").getByLabel(/^UPI ID \(/).fill("asha.k@okaxis");
  await page.getByTestId("return-payout").getByRole("button", { name: "रिफ़ंड का ब्योरा सेव करें" }).click();
  await expect(toast(page, "आपके रिफ़ंड का ब्योरा सेव हो गया। रिफ़ंड होते ही हम इसे मिटा देंगे।")).toBeVisible();
  await expect(page.getByTestId("return-payout-given")).toContainText("as••••@okaxis");
  await expect(page.getByTestId("return-section").getByTestId("return-status")).toHaveText("अनुरोध मिला: हम 48 घंटों के अंदर जवाब देंगे");

  // Another shopper posting the same form: the ordinary 404, nothing written.
  const origin = new URL(baseURL!).origin;
  const other = await browser.newContext({ javaScriptEnabled: !jsDisabled() });
  const otherPage = await other.newPage();
  await signUpWithForm(otherPage, newShopper("return-office-other"));
  const theirs = await otherPage.request.post(`/orders/${order.orderId}/return-payout`, { headers: { origin }, form: { returnId, kind: "upi", upiId: "thief@okaxis" }, maxRedirects: 0 });
  expect(theirs.status()).toBe(404);
  // The back office is not theirs either: its pages and steps are the ordinary 404 to a shopper.
  expect((await otherPage.request.get(`/admin/returns/${returnId}`, { maxRedirects: 0 })).status()).toBe(404);
  expect((await otherPage.request.post(`/admin/returns/${returnId}`, { headers: { origin }, form: { intent: "approve" }, maxRedirects: 0 })).status()).toBe(404);
  await other.close();
  // The order's own shopper, posting from another site: refused before anything is read.
  const foreign = await page.request.post(`/orders/${order.orderId}/return-payout`, { headers: { origin: "https://attacker.example" }, form: { returnId, kind: "upi", upiId: "thief@okaxis" }, maxRedirects: 0 });
  expect(foreign.status()).toBe(403);
  // A flood from the shopper: past 10 posts in a minute the post is refused with the sentence, nothing written.
  for (let i = 0; i < 10; i += 1) {
    const post = await page.request.post(`/orders/${order.orderId}/return-payout`, { headers: { origin }, form: { returnId, kind: "upi", upiId: "asha.k@okaxis" }, maxRedirects: 0 });
    expect(post.status()).toBe(303);
  }
  await page.goto(`/orders/${order.orderId}`);
  await expect(toast(page, "Too many attempts. Please wait a minute and try again.")).toBeVisible();
  await expect(page.getByTestId("return-payout-given")).toContainText("as••••@okaxis");

  const staff = await staffWindow(browser);
  await staff.goto(`/admin/orders/${order.orderId}`);
  await expect(staff.getByRole("region", { name: "Returns" }).getByTestId("order-return")).toContainText("Requested");
  await staff.getByRole("button", { name: /^Mark cash on delivery paid/ }).click();
  await expect(staff.getByRole("button", { name: /^Mark cash on delivery paid/ })).toHaveCount(0);

  await staff.goto("/admin/returns");
  await staff.getByRole("link", { name: returnId }).click();
  await expect(staff.getByRole("heading", { level: 1, name: `Return ${returnId}` })).toBeVisible();
  await expectNoAxeViolations(staff);
  // Masked until the refund step: the stranger's post changed nothing.
  await expect(staff.getByTestId("return-payout")).toHaveText("UPI as••••@okaxis");
  await staff.getByRole("button", { name: "Approve the return" }).click();
  await expect(toast(staff, "Return approved: the shopper is emailed.")).toBeVisible();
  await expect(staff.getByTestId("return-status")).toHaveText("Approved");

  await page.goto(`/orders/${order.orderId}`);
  await expect(page.getByTestId("return-section").getByTestId("return-status")).toHaveText("Approved: we will arrange a pickup");

  await staff.getByLabel("Courier").fill("Delhivery");
  await staff.getByLabel("AWB (tracking) number").fill("DL-778899");
  await staff.getByRole("button", { name: "Schedule the pickup" }).click();
  await expect(staff.getByTestId("return-status")).toHaveText("Pickup scheduled");
  await page.reload();
  await expect(page.getByTestId("return-section").getByTestId("return-request")).toContainText("DL-778899");

  await staff.getByRole("button", { name: "Mark received and inspected" }).click();
  await expect(staff.getByTestId("return-status")).toHaveText("Received");
  await page.reload();
  await expect(page.getByTestId("return-section").getByTestId("return-status")).toHaveText("Received by us: being checked");

  // The refund step shows the UPI ID in full, for paying it.
  await expect(staff.getByTestId("return-payout-full")).toHaveText("UPI asha.k@okaxis");
  await staff.getByLabel(/^Bank or UPI reference/).fill("UTR 20261202");
  await staff.getByRole("button", { name: `Refund ${amount}` }).click();
  await expect(staff.getByText(new RegExp(`^Refund of ${amount.replace(/[.$]/g, "\\$&")} recorded\\. Credit note CN/\\d\\d-\\d\\d/\\d{6} issued\\.$`)).filter({ visible: true }).first()).toBeVisible();
  await expect(staff.getByTestId("return-status")).toHaveText("Refunded");
  await expect(staff.getByTestId("return-refund")).toHaveText(`${amount} made elsewhere — RECORDED, reference UTR 20261202`);
  await expect(staff.getByTestId("return-payout")).toHaveCount(0);
  await expect(staff.getByText("asha.k@okaxis")).toHaveCount(0);

  await staff.goto(`/admin/orders/${order.orderId}`);
  await expect(staff.getByRole("region", { name: "Returns" }).getByTestId("order-return")).toContainText("Refunded");
  await expect(staff.getByRole("region", { name: "Timeline" })).toContainText(`Return ${returnId} refunded ${amount} (made elsewhere)`);
  await expect(staff.getByRole("region", { name: "Timeline" })).toContainText(`Return ${returnId} pickup scheduled — Delhivery, AWB DL-778899`);
  await staff.context().close();

  // The shopper: refunded, and no refund details asked any more.
  await page.reload();
  await expect(page.getByTestId("return-section").getByTestId("return-status")).toHaveText("Refunded");
  await expect(page.getByTestId("return-payout")).toHaveCount(0);
  await expect(page.getByText(`Refunded ${amount}`, { exact: true })).toBeVisible();

  // The credit note beside the invoice; its figures computed here from the invoice's own line.
  const invoice = await downloadedPdfText(page, page.getByRole("link", { name: "Download tax invoice (PDF)" }));
  const intraState = invoice.includes("CGST at ");
  const invoiceNumber = /Invoice number: (\S+)/.exec(invoice)![1]!;
  const invoiceDate = /Invoice date: (\d{1,2} \w+ \d{4})/.exec(invoice)![1]!;
  const invoiced = gstRows(invoice, intraState);
  expect(invoiced).toHaveLength(2);
  const line = invoiced[1]!;
  // The credit note's share of each figure: quantity returned / quantity invoiced, to the paisa
  // (tests/e2e/return-request.ts asks the whole line, so it is the invoice's line itself).
  const returned = line.quantity;
  const share = (paise: number) => Math.round((paise * returned) / line.quantity);
  const taxable = share(line.taxablePaise);
  const tax = line.taxPaise.map(share);
  const total = taxable + tax.reduce((sum, t) => sum + t, 0);
  expect(total).toBe(Math.round(price * 100));
  const noteLink = page.getByRole("link", { name: /^Download credit note CN\/\d\d-\d\d\/\d{6} \(PDF\)$/ });
  await expect(noteLink).toHaveCount(1);
  const noteNumber = /CN\/\d\d-\d\d\/\d{6}/.exec((await noteLink.textContent())!)![0];
  await expect(page.getByText(`Credit note ${noteNumber} for returned items`)).toBeVisible();
  const note = await downloadedPdfText(page, noteLink);
  expect(note).toContain("Credit Note");
  expect(note).toContain(`Credit note number: ${noteNumber}`);
  expect(note).toMatch(/Credit note date: \d{1,2} \w+ \d{4}/);
  expect(note).toContain(`Invoice number: ${invoiceNumber}`);
  expect(note).toContain(`Invoice date: ${invoiceDate}`);
  expect(gstRows(note, intraState)).toEqual([{ hsn: line.hsn, quantity: returned, taxablePaise: taxable, taxPaise: tax, totalPaise: total }]);
  expect(note).toContain(`Taxable value: Rs. ${documentRupees(taxable)}`);
  const rate = /(?:CGST|IGST) at ([\d.]+)%:/.exec(invoice)![1]!;
  const taxNames = intraState ? ["CGST", "SGST"] : ["IGST"];
  taxNames.forEach((name, k) => expect(note).toContain(`${name} at ${rate}%: Rs. ${documentRupees(tax[k]!)}`));
  expect(note).toContain(`Credit note total: Rs. ${documentRupees(total)}`);
});

test("the queue lists an overdue request first; a reject with a reason reaches the shopper's order page", async ({ page, browser }) => {
  const shopper = newShopper("return-reject");
  await signUpWithForm(page, shopper);
  const order = await deliveredOrder(shopper.email, 2);
  const fresh = await returnRequest(order.orderId, 1, 1);
  const overdue = await returnRequest(order.orderId, 60, 0);

  const staff = await staffWindow(browser);
  await staff.goto("/admin/returns");
  const rows = staff.getByTestId("return-row");
  const ids = await rows.getByRole("link", { name: /^rt_/ }).allTextContents();
  expect(ids.indexOf(overdue)).toBeGreaterThanOrEqual(0);
  expect(ids.indexOf(overdue)).toBeLessThan(ids.indexOf(fresh));
  // Every overdue row comes before every row on time.
  const flags = (await staff.getByTestId("return-deadline").allTextContents()).map((text) => text.includes("overdue"));
  expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
  await expect(rows.filter({ hasText: overdue }).getByTestId("return-deadline")).toHaveText(/^\d+ hours? overdue$|^1 day overdue$/);
  await expect(rows.filter({ hasText: fresh }).getByTestId("return-deadline")).toHaveText(/^\d+ days? left$/);
  await expectNoAxeViolations(staff);

  await staff.getByRole("link", { name: fresh }).click();
  await staff.getByLabel("Reason for rejecting (emailed to the shopper)").selectOption({ label: "The watch has been used or worn." });
  await staff.getByRole("button", { name: "Reject the return" }).click();
  await expect(toast(staff, "Return rejected: the shopper is emailed the reason.")).toBeVisible();
  await expect(staff.getByTestId("return-status")).toHaveText("Rejected");
  await expect(staff.getByText("The watch has been used or worn.", { exact: true })).toBeVisible();
  // Closed: no step is offered any more; the queue no longer lists it.
  await expect(staff.getByRole("heading", { name: "Next step" })).toHaveCount(0);
  await staff.goto("/admin/returns");
  await expect(staff.getByRole("link", { name: fresh })).toHaveCount(0);
  await staff.context().close();

  await page.goto(`/orders/${order.orderId}`);
  const rejected = page.getByTestId("return-section").getByTestId("return-request").filter({ has: page.getByTestId("return-status").getByText("Not accepted") });
  await expect(rejected).toHaveCount(1);
  // The staff's reason, in the shopper's words.
  await expect(rejected.getByTestId("return-reject-reason")).toHaveText("Reason: The watch has been used or worn.");
});

test("an online order's return is refunded through Cashfree: the refund reaches the fake Cashfree and the shopper's order page", async ({ page, browser, baseURL }) => {
  const shopper = newShopper("return-online");
  await signUpWithForm(page, shopper);
  // A paid Cashfree order (tests/e2e/paid-order.ts, the fake Cashfree of this server), shipped and delivered by the owner's command.
  const port = new URL(baseURL!).port;
  const paid = JSON.parse((await ownerCommand("../tests/e2e/paid-order", [shopper.email, port])).stdout.trim().split("\n").pop()!) as { orderId: string; amountPaise: number };
  await ownerCommand("orders-status", [paid.orderId, "Shipped", "--courier", "Blue Dart", "--awb", "BD20261202"]);
  await ownerCommand("orders-status", [paid.orderId, "Delivered"]);
  const returnId = await returnRequest(paid.orderId, 1, 0);
  const amount = rupees(paid.amountPaise);

  const staff = await staffWindow(browser);
  await staff.goto(`/admin/returns/${returnId}`);
  await expect(staff.getByTestId("return-payout")).toHaveCount(0);
  await staff.getByRole("button", { name: "Approve the return" }).click();
  await expect(staff.getByTestId("return-status")).toHaveText("Approved");
  await staff.getByLabel("Courier").fill("Delhivery");
  await staff.getByLabel("AWB (tracking) number").fill("DL-112233");
  await staff.getByRole("button", { name: "Schedule the pickup" }).click();
  await expect(staff.getByTestId("return-status")).toHaveText("Pickup scheduled");
  await staff.getByRole("button", { name: "Mark received and inspected" }).click();
  await expect(staff.getByTestId("return-status")).toHaveText("Received");
  await expect(staff.getByText(`Refunds ${amount} to the shopper's payment through Cashfree.`)).toBeVisible();
  await staff.getByRole("button", { name: `Refund ${amount}` }).click();
  await expect(staff.getByTestId("return-status")).toHaveText("Refunded");
  await expect(staff.getByTestId("return-refund")).toHaveText(`${amount} through Cashfree — PENDING`);
  // Its status read back from the fake Cashfree, on the request's page and on the order's.
  await staff.getByRole("button", { name: "Check status with Cashfree" }).click();
  await expect(staff.getByTestId("return-refund")).toHaveText(`${amount} through Cashfree — SUCCESS`);

  await staff.goto(`/admin/orders/${paid.orderId}`);
  await expect(staff.getByRole("region", { name: "Refunds" }).getByRole("row").filter({ hasText: amount })).toContainText("SUCCESS");
  await expect(staff.getByRole("region", { name: "Timeline" })).toContainText(`Return ${returnId} refunded ${amount} (through Cashfree)`);
  await staff.context().close();

  await page.goto(`/orders/${paid.orderId}`);
  await expect(page.getByTestId("return-section").getByTestId("return-status")).toHaveText("Refunded");
  await expect(page.getByText(`Refunded ${amount}`, { exact: true })).toBeVisible();
});

test.describe("on the back office's server (its stock may change)", () => {
  test.use({ baseURL: BACK_OFFICE_URL });

  test("an exchange for another colour: that colour's unit is reserved, then approve → pickup → received → the exchange shipped, on the shopper's page", async ({ page, browser }) => {
    const shopper = newShopper("return-exchange");
    await signUpWithForm(page, shopper);
    const order = await deliveredOrder(shopper.email, 2, false, BACK_OFFICE_PORT);
    const { id: productId, name, colour } = order.coloured;
    const other = order.coloured.colours.find((c) => c !== colour)!;

    // The owner keeps the watch's colours apart (DESIGN.md §26: an exchange takes a unit of the colour asked).
    const owner = await staffWindow(browser, "owner", BACK_OFFICE_URL);
    await owner.goto(`/admin/products/${productId}`);
    // Each project its own count: the two run at once on this watch, and a save that changes nothing says "Nothing had changed."
    const units = jsDisabled() ? 12 : 10;
    await owner.getByLabel("Stock per colour").fill(order.coloured.colours.map((c) => `${c}: ${units}`).join("\n"));
    await owner.getByRole("button", { name: "Save" }).click();
    await expect(owner.getByText(/was saved\./).filter({ visible: true }).first()).toBeVisible();

    // The shopper asks, in the form, for the other colour instead of theirs.
    await page.goto(`/orders/${order.orderId}/return`);
    const form = page.getByTestId("return-form");
    const line = form.getByTestId("return-line").filter({ hasText: name });
    await line.getByLabel("How many to return").selectOption("1");
    await line.getByLabel(`Colour you want instead of ${colour}`).selectOption(other);
    await form.getByRole("radio", { name: /^Wrong item/ }).check();
    await form.getByRole("radio", { name: "Exchange for another colour" }).check();
    await form.getByLabel("Describe the problem").fill("The dial is not the colour I ordered.");
    await form.getByRole("button", { name: "Send return request" }).click();
    await expect(toast(page, "Your return request has been sent. We will answer within 48 hours.")).toBeVisible();
    const request = page.getByTestId("return-section").getByTestId("return-request");
    await expect(request).toContainText("Exchange for another colour · Wrong item");

    // The other colour's unit is taken at once: the owner's stock movements say so, for this order.
    await owner.goto(`/admin/products/${productId}`);
    const reserved = owner.getByTestId("stock-movements").getByRole("row").filter({ hasText: order.orderId }).filter({ hasText: "Reserved for an exchange" });
    await expect(reserved).toHaveCount(1);
    await expect(reserved.getByRole("cell").nth(2)).toHaveText(other);
    await expect(reserved.getByRole("cell").nth(3)).toHaveText("-1");
    await expect(reserved.getByRole("cell").nth(4)).toHaveText(/^\d+$/);

    // Staff: approve → pickup → received → ship the exchange.
    await owner.goto("/admin/returns");
    await owner.getByTestId("return-row").filter({ hasText: order.orderId }).getByRole("link", { name: /^rt_/ }).click();
    await expect(owner.getByText(`${name} (${colour}) → exchange for ${other}`)).toBeVisible();
    await owner.getByRole("button", { name: "Approve the return" }).click();
    await expect(owner.getByTestId("return-status")).toHaveText("Approved");
    await owner.getByLabel("Courier").fill("Delhivery");
    await owner.getByLabel("AWB (tracking) number").fill("DL-445566");
    await owner.getByRole("button", { name: "Schedule the pickup" }).click();
    await expect(owner.getByTestId("return-status")).toHaveText("Pickup scheduled");
    await owner.getByRole("button", { name: "Mark received and inspected" }).click();
    await expect(owner.getByTestId("return-status")).toHaveText("Received");
    await expect(owner.getByRole("button", { name: /^Refund/ })).toHaveCount(0);
    await owner.getByLabel("Courier").fill("Blue Dart");
    await owner.getByLabel("AWB (tracking) number").fill("BD-EX-778");
    await owner.getByLabel("Tracking link (optional)").fill("https://www.bluedart.com/tracking/BD-EX-778");
    await owner.getByRole("button", { name: "Ship the exchange" }).click();
    await expect(toast(owner, "Exchange shipped: the shopper is emailed the shipment.")).toBeVisible();
    await expect(owner.getByTestId("return-status")).toHaveText("Exchanged");
    await owner.context().close();

    // The shopper's order page: the exchange sent, with its courier and AWB.
    await page.goto(`/orders/${order.orderId}`);
    await expect(request.getByTestId("return-status")).toHaveText("Exchange sent");
    await expect(request).toContainText("Your exchange: Blue Dart, AWB BD-EX-778");
    await expect(request.getByRole("link", { name: "Track your exchange" })).toHaveAttribute("href", "https://www.bluedart.com/tracking/BD-EX-778");
  });
});
