import { fillSignUp, newShopper, toast } from "./auth";
import { expect, test } from "./fixtures";
import { startTestModeServer } from "./test-mode-server";

/**
 * The README quick start still buys a watch in Test mode (issue 8 item 1): the production build
 * with no Cashfree credentials on a loopback PUBLIC_URL runs the built-in simulator. Checkout says
 * "Test mode", pays on the simulator's own hosted page (a same-origin form post, which the page
 * accepts while it refuses any other origin), and My Orders marks the order "Test payment".
 * A second server is started from the build the browser tests already made.
 */

const server = startTestModeServer();
const { trialPage } = server;

test("a local trial without Cashfree keys buys a watch in Test mode, paid on the simulator's page", async ({ browser }) => {
  test.setTimeout(60_000); // sign-up, checkout and the simulator's hosted page on a second server
  const { context, page } = await trialPage(browser);
  const products = (await (await page.request.get("/api/product/listproduct")).json()).products as { _id: string; colours: string[] }[];
  const product = products.find((p) => p.colours.length === 0)!;

  await page.goto("/login?mode=signup");
  await fillSignUp(page, newShopper("trial"));
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(`${server.baseUrl()}/`);
  await page.goto(`/product/${product._id}`);
  await page.getByRole("button", { name: "ADD TO CART" }).click();
  await expect(toast(page, "Item added to cart!")).toBeVisible();

  await page.goto("/place-order");
  await expect(page.getByTestId("test-mode")).toContainText("Test mode — payments go to the store's built-in Cashfree simulator.");
  for (const [label, value] of Object.entries({
    "First name": "Asha",
    "Last name": "Rao",
    "Email address": "asha@example.in",
    Street: "12 MG Road",
    City: "Bengaluru",
    "PIN code": "560038",
    "Mobile number": "9876543210",
  })) {
    await page.getByLabel(label).fill(value);
  }
  await page.getByLabel("State").selectOption("Karnataka");
  await page.getByRole("button", { name: "PLACE ORDER" }).click();

  // The simulator's hosted page on the store's own origin (JavaScript or not: no Cashfree script).
  await expect(page).toHaveURL(new RegExp(`^${server.baseUrl()}/payments/simulator/link/`));
  const payPage = page.url();
  // A post from anywhere else, or without an Origin, is refused and pays nothing.
  const foreign = await page.request.post(payPage, { form: { outcome: "pay" }, headers: { origin: "https://evil.example" }, maxRedirects: 0 });
  expect(foreign.status()).toBe(403);
  expect(foreign.headers()["access-control-allow-origin"]).toBeUndefined();

  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(`${server.baseUrl()}/orders`);
  await expect(toast(page, "Payment verified successfully!")).toBeVisible();
  const row = page.getByTestId("order-row").first();
  await expect(row.getByTestId("test-payment")).toHaveText("Test payment");
  await context.close();
});
