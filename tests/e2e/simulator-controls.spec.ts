import { fillSignUp, newShopper, toast } from "./auth";
import { expect, test } from "./fixtures";
import { startTestModeServer } from "./test-mode-server";

/**
 * The local trial's test controls (issue 44 item 3; docs/decisions/0962): in Test mode (no Cashfree
 * keys) the simulator's hosted page index, /payments/simulator/, lets the owner choose what the
 * next refund does, how terminates answer and a surcharge — plain forms, with JavaScript and
 * without. A shopper then pays on the hosted page while they are set (Test mode pays on a payment
 * link, whose amount paid stays the link's: the surcharge is on the payment of the order behind it),
 * and the order is paid.
 */

const server = startTestModeServer();
const { trialPage } = server;

test("the owner sets the simulator's next refund, terminate mode and surcharge, and a shopper still pays while they are set", async ({ browser }) => {
  test.setTimeout(60_000); // the controls, a sign-up, a checkout and the hosted page on a second server
  const { context, page } = await trialPage(browser);
  await page.goto("/payments/simulator/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cashfree simulator: test controls");
  await expect(page.getByText("Defaults: refunds succeed on the first check, terminates are immediate, no surcharge.")).toBeVisible();

  // A post from another origin changes nothing.
  const foreign = await page.request.post("/payments/simulator/", { form: { kind: "reset" }, headers: { origin: "https://evil.example" }, maxRedirects: 0 });
  expect(foreign.status()).toBe(403);

  await page.getByRole("radio", { name: "Fails", exact: true }).check();
  await page.getByRole("spinbutton", { name: /Still pending for this many status checks first/ }).fill("2");
  await page.getByRole("button", { name: "Set the next refund" }).click();
  await expect(page).toHaveURL(`${server.baseUrl()}/payments/simulator/?set=1`);
  await expect(page.getByRole("status")).toHaveText("Saved.");
  await expect(page.getByText("next refund: FAILED after 2 pending read(s)")).toBeVisible();

  await page.getByRole("radio", { name: /Termination requested/ }).check();
  await page.getByRole("button", { name: "Set terminating" }).click();
  await expect(page.getByText("every order: terminate requested")).toBeVisible();

  await page.getByRole("spinbutton", { name: /Charged to the shopper on top of the order amount/ }).fill("2360");
  await page.getByRole("button", { name: "Set the surcharge" }).click();
  await expect(page.getByText("every order: surcharge ₹23.60")).toBeVisible();

  // A shopper pays on the hosted page with the controls set, and the order is paid.
  const products = (await (await page.request.get("/api/product/listproduct")).json()).products as { _id: string; colours: string[] }[];
  const product = products.find((p) => p.colours.length === 0)!;
  await page.goto("/login?mode=signup");
  await fillSignUp(page, newShopper("surcharge"));
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(`${server.baseUrl()}/`);
  await page.goto(`/product/${product._id}`);
  await page.getByRole("button", { name: "ADD TO CART" }).click();
  await expect(toast(page, "Item added to cart!")).toBeVisible();
  await page.goto("/place-order");
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
  await expect(page).toHaveURL(new RegExp(`^${server.baseUrl()}/payments/simulator/link/`));
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(`${server.baseUrl()}/orders`);
  await expect(toast(page, "Payment verified successfully!")).toBeVisible();

  await page.goto("/payments/simulator/");
  await page.getByRole("button", { name: "Back to the defaults" }).click();
  await expect(page.getByText("Defaults: refunds succeed on the first check, terminates are immediate, no surcharge.")).toBeVisible();
  await context.close();
});
