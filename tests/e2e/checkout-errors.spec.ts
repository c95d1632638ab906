import type { Page } from "@playwright/test";
import { CASHFREE_SCRIPT_URL } from "../fakes/cashfree-js-standin";
import { ADDRESS } from "../fixtures/address";
import { catalogue, newShopper, signUpWithForm, toast } from "./auth";
import { expect, expectNoAxeViolations, jsDisabled, test } from "./fixtures";

/**
 * The checkout's error summary (issue 9 item 3; GOV.UK Design System "error summary"): after a
 * failed PLACE ORDER, a box at the top titled "There is a problem" lists each problem as a link
 * to its field and takes the focus; each field keeps its own message and aria-describedby.
 * With JavaScript (conform checks in the browser) and without (the server re-renders the page
 * with status 400 and the browser focuses the summary itself).
 */

/** A new shopper with one watch in the cart, on /place-order. */
async function shopperAtCheckout(page: Page, request: Parameters<typeof catalogue>[0], label: string) {
  const product = (await catalogue(request)).find((p) => p.colours.length === 0)!;
  await signUpWithForm(page, newShopper(label));
  await page.goto(`/product/${product._id}`);
  await page.getByRole("button", { name: "ADD TO CART" }).click();
  await expect(toast(page, "Item added to cart!")).toBeVisible();
  // Nothing reaches Cashfree's CDN: without its script the page pays on the hosted page.
  if (!jsDisabled()) await page.route(CASHFREE_SCRIPT_URL, (route) => route.abort());
  await page.goto("/place-order");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/DELIVERY\s+INFORMATION/);
  return product;
}

/** The summary: an alert named by its heading. */
const summaryOf = (page: Page) => page.getByRole("alert", { name: "There is a problem" });

test.describe("checkout error summary", () => {
  // Sign-up, a cart and checkout before the form is even sent: a dozen page loads a test.
  test.describe.configure({ timeout: 60_000 });

  test("a failed PLACE ORDER shows a focused summary whose links lead to each field", async ({ page, request }) => {
    await shopperAtCheckout(page, request, "summary");
    await expect(summaryOf(page)).toHaveCount(0);

    // Blank (only spaces: the browser's own `required` check lets them through) and invalid fields.
    await page.getByLabel("First name").fill("   ");
    await page.getByLabel("Last name").fill("Rao");
    await page.getByLabel("Email address").fill("asha@example.in");
    await page.getByLabel("Street").fill("  ");
    await page.getByLabel("City").fill("Bengaluru");
    await page.getByLabel("State").selectOption("Karnataka");
    await page.getByLabel("PIN code").fill("12");
    await page.getByLabel("Mobile number").fill("12345");
    await page.getByRole("button", { name: "PLACE ORDER" }).click();

    const summary = summaryOf(page);
    await expect(summary).toBeVisible();
    await expect(summary).toBeFocused();
    await expect(page).toHaveURL("/place-order");

    const problems = [
      ["First name", "Please enter your first name.", "place-order-firstName"],
      ["Street", "Please enter your street address.", "place-order-street"],
      ["PIN code", "Please enter a valid 6-digit PIN code.", "place-order-zipcode"],
      ["Mobile number", "Please enter a valid 10-digit mobile number.", "place-order-phone"],
    ] as const;
    const links = summary.getByRole("link");
    await expect(links).toHaveText(problems.map(([, message]) => message));
    for (const [label, message, id] of problems) {
      await expect(summary.getByRole("link", { name: message })).toHaveAttribute("href", `#${id}`);
      // Each field keeps its own message, tied to it.
      await expect(page.getByLabel(label)).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel(label)).toHaveAccessibleDescription(message);
    }
    // What was right stays, without a message.
    await expect(page.getByLabel("City")).toHaveValue("Bengaluru");
    await expect(page.getByLabel("State")).toHaveValue("Karnataka");
    await expect(page.getByLabel("City")).not.toHaveAttribute("aria-invalid", "true");

    await expectNoAxeViolations(page);

    // Each link moves the focus to its field.
    for (const [label, message] of problems) {
      await summary.getByRole("link", { name: message }).click();
      await expect(page.getByLabel(label)).toBeFocused();
    }

    // Corrected, PLACE ORDER goes on to the payment page.
    await page.getByLabel("First name").fill("Asha");
    await page.getByLabel("Street").fill("12 MG Road");
    await page.getByLabel("PIN code").fill("560038");
    await page.getByLabel("Mobile number").fill("9876543210");
    await page.getByRole("button", { name: "PLACE ORDER" }).click();
    await expect(page.getByText("Cashfree payment simulator")).toBeVisible();
  });

  test("a problem with the whole order (cart changed in another tab) is in the summary too", async ({ page, request }) => {
    const product = await shopperAtCheckout(page, request, "summary-cart");
    const edit = await page.request.post("/cart", { form: { intent: "update", itemId: product._id, size: "default", quantity: "2" }, maxRedirects: 0 });
    expect(edit.status()).toBe(303);

    await page.getByLabel("First name").fill(ADDRESS.firstName);
    await page.getByLabel("Last name").fill(ADDRESS.lastName);
    await page.getByLabel("Email address").fill(ADDRESS.email);
    await page.getByLabel("Street").fill(ADDRESS.street);
    await page.getByLabel("City").fill(ADDRESS.city);
    await page.getByLabel("State").selectOption(ADDRESS.state);
    await page.getByLabel("PIN code").fill(ADDRESS.zipcode);
    await page.getByLabel("Mobile number").fill(ADDRESS.phone);
    await page.getByRole("button", { name: "PLACE ORDER" }).click();

    const summary = summaryOf(page);
    await expect(summary).toContainText("Your cart has changed since you opened checkout. Please review it and place the order again.");
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link")).toHaveCount(0);
    await expect(page.getByTestId("summary-line")).toContainText("Qty 2");
    await expectNoAxeViolations(page);
  });

  test("a refused payment method (SPEC.md §8) is listed with a link to the payment options", async ({ page, request }) => {
    await shopperAtCheckout(page, request, "summary-method");
    const response = await page.request.post("/place-order", {
      form: { ...ADDRESS, paymentMethod: "bitcoin", idempotencyKey: "checkout-e2e-summary-method", checkout: "redirect" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("There is a problem");
    expect(html).toMatch(/<a href="#payment-cashfree"[^>]*>Please select a valid payment method<\/a>/);
    // Without JavaScript the browser focuses the summary of the page itself.
    const tag = /<div[^>]*data-testid="error-summary"[^>]*>/.exec(html)?.[0] ?? "";
    expect(tag).toMatch(/ autofocus(="")?[ >]/i);
    expect(tag).toContain('tabindex="-1"');
    expect(tag).toContain('role="alert"');
  });
});
