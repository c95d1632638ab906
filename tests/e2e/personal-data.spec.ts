import fs from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { PDFParse } from "pdf-parse";
import { DEFAULT_SIZE_KEY } from "../../app/constants/store";
import { ADDRESS } from "../fixtures/address";
import { catalogue, logInWithForm, newShopper, registerWithApi, toast, type Shopper } from "./auth";
import { expect, expectNoAxeViolations, jsDisabled, test } from "./fixtures";
import { ownerCommand, signInAsStaff } from "./staff";

/**
 * Personal data (issue 25 item 4; DESIGN.md §23; DPDP Act 2023; docs/decisions/0770): a shopper
 * with a delivered order downloads their data from /profile (the JSON parses and holds their
 * order), reads it on /profile/data and corrects their name; with JavaScript off they delete the
 * account after reading what is erased and kept (a wrong password first), are signed out and can
 * no longer sign in, while the owner still opens the order's tax invoice; an owner finds a shopper
 * in the back office, sees their data and deletes the account after typing the email again.
 */

// A sign-up, an order and two of the owner's terminal commands (a node process each, 1–5 s on two busy cores): 66 s seen on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** A product a cash-on-delivery order can take (no colours, within the COD limit). */
async function plainProduct(request: APIRequestContext) {
  return (await catalogue(request)).find((p) => p.colours.length === 0 && (p.price ?? 0) <= 25_000)!;
}

/** A new shopper with one delivered cash-on-delivery order of `product` (Store API, then the owner's command); answers the order id. */
async function shopperWithDeliveredOrder(request: APIRequestContext, shopper: Shopper, productId: string, price: number): Promise<string> {
  await registerWithApi(request, shopper);
  const { token } = (await (await request.post("/api/user/login", { data: { email: shopper.email, password: shopper.password } })).json()) as { token: string };
  expect((await request.post("/api/cart/add", { data: { itemId: productId, size: DEFAULT_SIZE_KEY }, headers: { token } })).status()).toBe(200);
  const placed = await request.post("/api/order/place", { data: { address: ADDRESS, items: [{ _id: productId, size: DEFAULT_SIZE_KEY, quantity: 1 }], amount: price }, headers: { token } });
  expect(placed.status()).toBe(200);
  const { orderId } = (await placed.json()) as { orderId: string };
  await ownerCommand("orders-status", [orderId, "Shipped", "--courier", "Blue Dart", "--awb", "BD20261126PD"]);
  await ownerCommand("orders-status", [orderId, "Delivered"]);
  return orderId;
}

async function logIn(page: Page, shopper: Shopper, redirectTo = "/profile") {
  await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await logInWithForm(page, shopper);
  await expect(page).toHaveURL(new RegExp(`${redirectTo}$`));
}

test("a shopper downloads their data as JSON, reads it on a page and corrects their name", async ({ page, request }) => {
  const product = await plainProduct(request);
  const shopper = newShopper("mydata");
  const orderId = await shopperWithDeliveredOrder(request, shopper, product._id, product.price!);
  await logIn(page, shopper);

  const section = page.getByRole("region", { name: "Your data" });
  await expect(section).toBeVisible();
  await expect(section.getByText("You have not agreed to marketing emails: we send you none.")).toBeVisible();
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent("download");
  await section.getByRole("link", { name: "Download my data (JSON)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const text = fs.readFileSync((await download.path())!, "utf8");
  const data = JSON.parse(text);
  expect(data.account).toMatchObject({ name: "Asha Rao", email: shopper.email });
  expect(data.orders).toHaveLength(1);
  expect(data.orders[0]).toMatchObject({ number: orderId, status: "Delivered", paymentMethod: "cod" });
  expect(data.orders[0].lines).toEqual([expect.objectContaining({ productId: product._id, product: product.name, quantity: 1, unitPriceRupees: product.price })]);
  expect(data.orders[0].deliveryAddress).toMatchObject({ name: "Asha Rao", street: ADDRESS.street, phone: ADDRESS.phone, state: "Karnataka" });
  expect(data.orders[0].invoiceNumber).toMatch(/^CI\/\d{4}-\d{2}\/\d{6}$/);
  for (const secret of ["password", "argon2", "token"]) expect(text.toLowerCase()).not.toContain(secret);
  const json = await page.request.get("/profile/data.json");
  expect(json.headers()["cache-control"]).toBe("private, no-store");
  expect(json.headers()["content-disposition"]).toMatch(/^attachment; filename="my-data-/);

  await section.getByRole("link", { name: "View my data" }).click();
  await expect(page).toHaveURL(/\/profile\/data$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your data" })).toBeVisible();
  await expect(page.getByRole("region", { name: `Order ${orderId}` })).toContainText("Delivered");
  await expect(page.getByRole("region", { name: `Order ${orderId}` })).toContainText(product.name);
  await expect(page.getByRole("heading", { name: "Consents" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Correcting the name: a blank one is refused next to the field, then the right one is kept.
  await page.getByLabel(/^Your name/).fill("   ");
  await page.getByLabel(/^Your name/).evaluate((el) => el.removeAttribute("required"));
  await page.getByRole("button", { name: "Correct my name" }).click();
  await expect(page.locator("#name-error")).toBeVisible();
  await page.getByLabel(/^Your name/).fill("Asha K. Rao");
  await page.getByRole("button", { name: "Correct my name" }).click();
  await expect(toast(page, "Your name is corrected.")).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: /^Asha K\. Rao$/ })).toBeVisible();

  // Only ever the signed-in shopper's own data: logged out, the addresses go to the login page.
  const visitor = await page.context().browser()!.newContext();
  const anonymous = await visitor.request.get(`${new URL(page.url()).origin}/profile/data.json`, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(303);
  expect(anonymous.headers().location).toContain("/login");
  await visitor.close();
});

test.describe("deleting an account, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the shopper reads what is erased and kept, confirms with their password, is signed out for good; the owner still opens the invoice", async ({ page, request, browser }) => {
    test.skip(jsDisabled(), "JavaScript is off in this test in either project: once is enough");
    const product = await plainProduct(request);
    const shopper = newShopper("erase");
    const orderId = await shopperWithDeliveredOrder(request, shopper, product._id, product.price!);
    await logIn(page, shopper);

    await page.getByRole("region", { name: "Your data" }).getByRole("link", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/profile\/delete$/);
    await expect(page.getByRole("heading", { level: 1, name: "Delete my account" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "What is erased" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "What is kept, and why" })).toBeVisible();
    await expect(page.getByText(/GST law requires every seller to keep its accounts.*for 72 months/)).toBeVisible();

    await page.getByLabel("Your current password").fill("not my password, sorry");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "That is not your current password." })).toBeVisible();

    await page.getByLabel("Your current password").fill(shopper.password);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, "Your account is deleted. Your orders and tax invoices are kept as GST law requires.")).toBeVisible();
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Log in to see your profile" })).toBeVisible();

    // The old email and password no longer sign in.
    await page.goto("/login");
    await logInWithForm(page, shopper);
    await expect(page.getByText("Invalid email or password.")).toBeVisible();

    // The owner still has the order and its tax invoice, as issued.
    const office = await browser.newContext({ javaScriptEnabled: false });
    const ownerPage = await office.newPage();
    await signInAsStaff(ownerPage, "owner");
    const invoice = await ownerPage.request.get(`/admin/orders/${orderId}/invoice.pdf`);
    expect(invoice.status()).toBe(200);
    expect(invoice.headers()["content-type"]).toBe("application/pdf");
    const parser = new PDFParse({ data: new Uint8Array(await invoice.body()) });
    const pdf = (await parser.getText()).text.replace(/\s+/g, " ");
    await parser.destroy();
    expect(pdf).toContain(orderId);
    expect(pdf).toContain("Place of supply: Karnataka (code 29)");
    await ownerPage.goto(`/admin/orders/${orderId}`);
    await expect(ownerPage.getByRole("link", { name: /^Tax invoice CI\/\d{4}-\d{2}\/\d{6} \(PDF\)$/ })).toBeVisible();
    // The back office no longer finds the shopper by their old email.
    await ownerPage.goto("/admin/personal-data");
    await ownerPage.getByLabel("Shopper's email").fill(shopper.email);
    await ownerPage.getByRole("button", { name: "Find" }).click();
    await expect(ownerPage.getByText("No shopper with that email address.")).toBeVisible();
    await office.close();
  });
});

test("an owner finds a shopper in the back office, sees their data and deletes the account after typing the email", async ({ page, request }) => {
  const shopper = newShopper("office-erase");
  await registerWithApi(request, shopper);
  const owner = await signInAsStaff(page, "owner");
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Personal data" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Personal data" })).toBeVisible();
  await page.getByLabel("Shopper's email").fill(shopper.email);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("heading", { name: `Asha Rao <${shopper.email}>` })).toBeVisible();
  // The found shopper's page is named by the account id: no email address in the address bar or the request log.
  expect(new URL(page.url()).search).toMatch(/^\?shopper=\d+$/);
  const shopperPage = page.url();
  await expect(page.getByRole("heading", { name: "Orders (0)" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download their data (JSON)" })).toBeVisible();
  await expectNoAxeViolations(page);

  // The confirm step: a wrong email is refused, nothing is erased.
  const form = page.getByRole("form", { name: "Delete this account" });
  await form.getByLabel("To confirm, type the shopper's email address").fill(`someone-else-${shopper.email}`);
  await form.getByRole("button", { name: "Delete this account" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Type the shopper's email address exactly to confirm." })).toBeVisible();

  await page.goto(shopperPage);
  await form.getByLabel("To confirm, type the shopper's email address").fill(shopper.email);
  await form.getByRole("button", { name: "Delete this account" }).click();
  await expect(toast(page, "The account is deleted: personal data erased, orders and invoices kept.")).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Deleted shopper <deleted-\d+@invalid>$/ })).toBeVisible();
  await expect(page.locator("#audit-heading").locator("..")).toContainText(`${owner.email}: account deleted`);
  expect((await request.post("/api/user/login", { data: { email: shopper.email, password: shopper.password } })).status()).toBe(401);
});
