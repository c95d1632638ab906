import fs from "node:fs";
import type { Page } from "@playwright/test";
import { CASHFREE_SCRIPT_URL, cashfreeStandInScript } from "../fakes/cashfree-js-standin";
import { catalogue, newShopper, roomyWatch, signUpWithForm, toast } from "./auth";
import { expect, expectNoAxeViolations, jsDisabled, test } from "./fixtures";
import { STORE_URL } from "./servers";

/**
 * A Hindi-speaking shopper signs up, makes mistakes in the checkout form and pays, all in Hindi
 * (issue 27, "Done when"; docs/decisions/0890), with JavaScript (the browser's own checks, the
 * PIN code looked up as typed, Cashfree's modal stood in for) and without (the server's answer,
 * the hosted payment page). The Hindi sentences are written out here by hand.
 */

/** The fake Cashfree server's origin, written by tests/setup/e2e-server.sh. */
function fakeCashfreeUrl(): string {
  const port = new URL(test.info().project.use.baseURL!).port;
  return fs.readFileSync(`tests/.tmp/e2e-${port}/cashfree-fake.url`, "utf8").trim();
}

/** The summary: an alert named by its heading. */
const summaryOf = (page: Page) => page.getByRole("alert", { name: "कुछ ठीक करना है" });

test.describe("the checkout in Hindi", () => {
  // Sign-up, a cart, checkout, a refused form, a payment: a dozen page loads.
  test.describe.configure({ timeout: 60_000 });

  test("a shopper signs up, reads the checkout's errors in Hindi, corrects them and pays in Test mode", async ({ page, request }) => {
    // The PIN code's promise offers cash on delivery: a watch within its ₹25,000 limit (issue 48).
    const product = (await catalogue(request)).find((p) => p.colours.length === 0 && (p.price ?? 0) <= 25_000)!;
    const shopper = newShopper("hindi-checkout");

    // Sign up on the Hindi page; a password too short is refused in Hindi.
    await page.goto("/hi/login?mode=signup");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page).toHaveTitle("साइन अप — Chrono India");
    await page.getByLabel("नाम", { exact: true }).fill(shopper.name);
    await page.getByLabel("ईमेल", { exact: true }).fill(shopper.email);
    // Twelve characters are the least (a password with spaces only at its ends passes the browser's minlength).
    await page.getByLabel("पासवर्ड", { exact: true }).evaluate((input: HTMLInputElement) => input.removeAttribute("minlength"));
    await page.getByLabel("पासवर्ड", { exact: true }).fill("short");
    await page.getByRole("button", { name: "साइन अप" }).click();
    await expect(page.getByLabel("पासवर्ड", { exact: true })).toHaveAccessibleDescription(/आपका पासवर्ड कम से कम 12 अक्षरों का होना चाहिए।/);
    await page.getByLabel("पासवर्ड", { exact: true }).fill(shopper.password);
    await page.getByRole("button", { name: "साइन अप" }).click();
    await expect(page).toHaveURL(`${STORE_URL}/hi`);

    // A watch into the cart: the toast in Hindi.
    await page.goto(`/hi/product/${product._id}`);
    await page.getByRole("button", { name: "कार्ट में डालें" }).click();
    await expect(toast(page, "आइटम कार्ट में जुड़ गया!")).toBeVisible();

    if (!jsDisabled()) {
      const script = cashfreeStandInScript(fakeCashfreeUrl());
      await page.route(CASHFREE_SCRIPT_URL, (route) => route.fulfill({ contentType: "application/javascript", body: script }));
    }
    await page.goto("/hi/place-order");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/डिलीवरी\s+की जानकारी/);
    await expect(page).toHaveTitle("ऑर्डर करें — Chrono India");
    await expect(page.getByTestId("test-mode")).toHaveText("टेस्ट मोड — भुगतान Cashfree के सैंडबॉक्स में जाते हैं। कोई असली पैसा नहीं कटता।");
    await expect(page.getByRole("radio", { name: /कार्ड \/ UPI/ })).toBeChecked();

    // Mistakes: a blank first name (spaces), a short PIN code and mobile number.
    await page.getByLabel("पहला नाम").fill("   ");
    await page.getByLabel("उपनाम").fill("Rao");
    await page.getByLabel("ईमेल पता").fill("asha@example.in");
    await page.getByLabel("पता", { exact: true }).fill("12 MG Road, Indiranagar");
    await page.getByLabel("शहर").fill("Bengaluru");
    await page.getByLabel("राज्य").selectOption("Karnataka");
    await page.getByLabel("पिन कोड").fill("12");
    await page.getByLabel("मोबाइल नंबर").fill("12345");
    await page.getByRole("button", { name: "ऑर्डर करें" }).click();

    const summary = summaryOf(page);
    await expect(summary).toBeVisible();
    await expect(summary).toBeFocused();
    const problems = [
      ["पहला नाम", "कृपया अपना पहला नाम लिखें।"],
      ["पिन कोड", "कृपया सही 6 अंकों का पिन कोड लिखें।"],
      ["मोबाइल नंबर", "कृपया सही 10 अंकों का मोबाइल नंबर लिखें।"],
    ] as const;
    await expect(summary.getByRole("link")).toHaveText(problems.map(([, message]) => message));
    for (const [label, message] of problems) {
      await expect(page.getByLabel(label)).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel(label)).toHaveAccessibleDescription(message);
    }
    await expectNoAxeViolations(page);

    // Corrected: the PIN code's promise is worded in Hindi as it is typed (with JavaScript).
    await page.getByLabel("पहला नाम").fill("Asha");
    await page.getByLabel("पिन कोड").fill("560038");
    await page.getByLabel("मोबाइल नंबर").fill("98765 43210");
    if (!jsDisabled()) {
      await expect(page.getByTestId("status-zipcode")).toContainText(/^Bengaluru, Karnataka में डिलीवरी \S+, \d+ \S+ (तक|से \S+, \d+ \S+ के बीच)/);
      await expect(page.getByTestId("status-zipcode")).toContainText("कैश ऑन डिलीवरी उपलब्ध है");
    }
    await page.getByRole("button", { name: "ऑर्डर करें" }).click();
    if (jsDisabled()) {
      await expect(page.getByText("Cashfree payment simulator")).toBeVisible();
    } else {
      await expect(page.getByRole("dialog", { name: "Cashfree checkout" })).toBeVisible();
    }
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(toast(page, "भुगतान हो गया! पुष्टि की जा रही है...")).toHaveCount(0);

    // Back in Hindi, with the verified payment's toast in Hindi.
    await expect(page).toHaveURL(`${STORE_URL}/hi/orders`);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(toast(page, "भुगतान की पुष्टि हो गई!")).toBeVisible();
  });

  test("one account's unpaid orders past 6 of a watch an hour: the refusal in Hindi (issue 43 item 3)", async ({ page, request }) => {
    const product = roomyWatch((await catalogue(request)).filter((p) => p.colours.length === 0))!;
    await signUpWithForm(page, newShopper("hindi-hoard"));
    expect((await page.request.post("/hi/cart", { form: { intent: "update", itemId: product._id, size: "default", quantity: "3" }, maxRedirects: 0 })).status()).toBe(303);
    const form = {
      firstName: "Asha", lastName: "Rao", email: "asha@example.in", street: "12 MG Road", city: "Bengaluru", state: "Karnataka", zipcode: "560038", country: "India", phone: "9876543210",
      paymentMethod: "cashfree", checkout: "redirect", cartLines: JSON.stringify([[product._id, "default", 3]]),
    };
    for (let i = 0; i < 2; i++) {
      const started = await page.request.post("/hi/place-order", { form: { ...form, idempotencyKey: `checkout-e2e-hi-hoard-${i}-${Date.now()}` }, maxRedirects: 0 });
      expect(started.status()).toBe(303);
    }
    if (!jsDisabled()) {
      const script = cashfreeStandInScript(fakeCashfreeUrl());
      await page.route(CASHFREE_SCRIPT_URL, (route) => route.fulfill({ contentType: "application/javascript", body: script }));
    }
    await page.goto("/hi/place-order");
    await page.getByLabel("पहला नाम").fill("Asha");
    await page.getByLabel("उपनाम").fill("Rao");
    await page.getByLabel("ईमेल पता").fill("asha@example.in");
    await page.getByLabel("पता", { exact: true }).fill("12 MG Road, Indiranagar");
    await page.getByLabel("शहर").fill("Bengaluru");
    await page.getByLabel("राज्य").selectOption("Karnataka");
    await page.getByLabel("पिन कोड").fill("560038");
    await page.getByLabel("मोबाइल नंबर").fill("98765 43210");
    await page.getByRole("button", { name: "ऑर्डर करें" }).click();
    // The watch's name as the order rules name it (the catalogue's), inside the Hindi sentence.
    const sentence = `पिछले एक घंटे के आपके बिना भुगतान वाले ऑर्डरों में ${product.name} पहले से है, और एक खाते के बिना भुगतान वाले ऑर्डरों में एक घंटे में कोई घड़ी ज़्यादा से ज़्यादा 6 हो सकती है। कृपया जो ऑर्डर आपने शुरू किया है उसका भुगतान करें, बाद में कोशिश करें, या बड़े ऑर्डर के लिए स्टोर से संपर्क करें।`;
    await expect(summaryOf(page)).toContainText(sentence);
    if (!jsDisabled()) await expect(toast(page, sentence)).toBeVisible();
    await expect(page).toHaveURL(`${STORE_URL}/hi/place-order`);
  });
});
