import fs from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { newShopper, registerWithApi, toast, type Shopper } from "./auth";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { STORE_PORT, STORE_URL } from "./servers";

/**
 * The account pages in Hindi (issue 27; docs/decisions/0850, 0890), with JavaScript and without:
 * /hi/profile (its saved addresses and Change password, each with a mistake first), /hi/profile/data,
 * /hi/profile/delete, /hi/forgot-password and /hi/reset-password — headings, labels, field errors
 * and toasts in Hindi, `<html lang="hi">`, axe on each. The Hindi is written out here by hand.
 */

// A log-in, two refused and two accepted forms, three pages: a dozen page loads.
test.describe.configure({ timeout: 60_000 });

/** Logs in on the Hindi login page that is open. */
async function logInInHindi(page: Page, shopper: Pick<Shopper, "email" | "password">) {
  await expect(page.getByRole("heading", { level: 1, name: "लॉग इन" })).toBeVisible();
  await page.getByLabel("ईमेल", { exact: true }).fill(shopper.email);
  await page.getByLabel("पासवर्ड", { exact: true }).fill(shopper.password);
  await page.getByRole("button", { name: "लॉग इन करें" }).click();
}

/** The page is in Hindi: `<html lang="hi">` and its title. */
async function expectHindiPage(page: Page, title: string | RegExp) {
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page).toHaveTitle(title);
}

test("a shopper keeps an address and changes the password on /hi/profile, reads their data and the deletion page in Hindi", async ({ page, request }) => {
  const shopper = newShopper("hindi-profile");
  await registerWithApi(request, shopper);
  await page.goto("/hi/login?redirectTo=/profile");
  await logInInHindi(page, shopper);
  await expect(page).toHaveURL(`${STORE_URL}/hi/profile`);
  await expectHindiPage(page, /^मेरी प्रोफ़ाइल \| /);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("नमस्ते, Asha Rao");
  await expect(page.getByText("आपका अभी कोई पता सेव नहीं है।", { exact: false })).toBeVisible();

  // An address with a PIN code India Post doesn't list: the sentence in Hindi under its field.
  const addressForm = page.getByRole("form", { name: "नया पता जोड़ें" });
  await addressForm.getByLabel("पहला नाम").fill("Asha");
  await addressForm.getByLabel("उपनाम").fill("Rao");
  await addressForm.getByLabel("पता", { exact: true }).fill("12 MG Road");
  await addressForm.getByLabel("शहर").fill("Bengaluru");
  await addressForm.getByLabel("राज्य", { exact: true }).selectOption("Karnataka");
  await addressForm.getByRole("textbox", { name: "पिन कोड (6 अंक)" }).fill("999999");
  await addressForm.getByRole("textbox", { name: "मोबाइल नंबर (10 अंक)" }).fill("98765 43210");
  await addressForm.getByRole("button", { name: "पता सेव करें" }).click();
  await expect(page.getByText("कृपया नीचे चिह्नित फ़ील्ड जाँचें।")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "पिन कोड (6 अंक)" })).toHaveAccessibleDescription("यह पिन कोड मौजूद नहीं है। कृपया इसे जाँचें।");
  await page.getByRole("textbox", { name: "पिन कोड (6 अंक)" }).fill("560001");
  await page.getByRole("button", { name: "पता सेव करें" }).click();
  await expect(toast(page, "पता सेव हो गया।")).toBeVisible();
  await expect(page.getByTestId("saved-address")).toContainText("डिफ़ॉल्ट");
  await expect(page.getByRole("link", { name: /^Asha Rao, 12 MG Road.* बदलें$/ })).toBeVisible();

  // Change password: a wrong current password first, then the right one.
  const passwordForm = page.getByRole("form", { name: "पासवर्ड बदलें" });
  await passwordForm.getByLabel("मौजूदा पासवर्ड").fill("not my password at all");
  await passwordForm.getByLabel("नया पासवर्ड", { exact: true }).fill("monsoon kite 27 saffron");
  await passwordForm.getByLabel("नया पासवर्ड दोबारा").fill("monsoon kite 27 saffron");
  await passwordForm.getByRole("button", { name: "पासवर्ड बदलें" }).click();
  await expect(passwordForm.getByLabel("मौजूदा पासवर्ड")).toHaveAccessibleDescription("यह आपका मौजूदा पासवर्ड नहीं है।");
  await passwordForm.getByLabel("मौजूदा पासवर्ड").fill(shopper.password);
  await passwordForm.getByLabel("नया पासवर्ड", { exact: true }).fill("monsoon kite 27 saffron");
  await passwordForm.getByLabel("नया पासवर्ड दोबारा").fill("monsoon kite 27 saffron");
  await passwordForm.getByRole("button", { name: "पासवर्ड बदलें" }).click();
  await expect(toast(page, "आपका पासवर्ड बदल गया। आपके बाकी डिवाइस से साइन आउट कर दिया गया।")).toBeVisible();
  await expect(page).toHaveURL(`${STORE_URL}/hi/profile`);
  await expect(page.getByRole("heading", { level: 2, name: "हर जगह से साइन आउट करें" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Your data, in Hindi: the page's words and the readable view's.
  await expect(page.getByRole("heading", { level: 2, name: "आपका डेटा" })).toBeVisible();
  await page.getByRole("link", { name: "मेरा डेटा देखें" }).click();
  await expect(page).toHaveURL(`${STORE_URL}/hi/profile/data`);
  await expectHindiPage(page, /^आपका डेटा \| /);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("आपका डेटा");
  await expect(page.getByRole("heading", { level: 2, name: "सेव किए गए पते (1)" })).toBeVisible();
  await expect(page.getByRole("button", { name: "मेरा नाम ठीक करें" })).toBeVisible();
  await expectNoAxeViolations(page);

  // The deletion page: what is erased and kept, in Hindi; a wrong password is refused in Hindi.
  await page.getByRole("link", { name: "मेरा खाता हटाएँ" }).click();
  await expect(page).toHaveURL(`${STORE_URL}/hi/profile/delete`);
  await expectHindiPage(page, /^मेरा खाता हटाएँ \| /);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("मेरा खाता हटाएँ");
  await expect(page.getByRole("heading", { level: 2, name: "क्या मिटाया जाता है" })).toBeVisible();
  await expect(page.getByText("आपके सेव किए गए पते, विशलिस्ट और कार्ट।")).toBeVisible();
  await page.getByLabel("आपका मौजूदा पासवर्ड").fill("not my password at all");
  await page.getByRole("button", { name: "मेरा खाता हटाएँ" }).click();
  await expect(page.getByRole("alert")).toHaveText("यह आपका मौजूदा पासवर्ड नहीं है।");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "मेरा खाता रहने दें" }).click();
  await expect(page).toHaveURL(`${STORE_URL}/hi/profile`);
});

/** The store's outbox folder: `outbox/` beside its database (app/config/outbox.server.ts). */
const OUTBOX = path.join("tests", ".tmp", `e2e-${STORE_PORT}`, "outbox");

/** The path and query of the reset link emailed to `email`, once the store's sender has written it. */
async function resetPathFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const names = await fs.readdir(OUTBOX).catch(() => [] as string[]);
        for (const name of names.filter((file) => file.includes("password_reset"))) {
          const mail = await simpleParser(await fs.readFile(path.join(OUTBOX, name)));
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          if (to?.value[0]?.address !== email) continue;
          link = /\/reset-password\?token=[A-Za-z0-9_-]{43}/.exec(mail.text ?? "")?.[0];
        }
        return link;
      },
      { timeout: 20_000, message: `the reset email to ${email}` },
    )
    .toBeTruthy();
  return link!;
}

test("a shopper who forgot the password asks for a link and chooses a new password in Hindi", async ({ page, request }) => {
  const shopper = newShopper("hindi-forgot");
  await registerWithApi(request, shopper);

  await page.goto("/hi/login");
  await page.getByRole("link", { name: "पासवर्ड भूल गए?" }).click();
  await expect(page).toHaveURL(`${STORE_URL}/hi/forgot-password`);
  await expectHindiPage(page, "पासवर्ड भूल गए? — Chrono India");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("पासवर्ड भूल गए?");
  await expect(page.getByText("अपने खाते का ईमेल पता लिखें, हम आपको नया पासवर्ड चुनने का लिंक भेज देंगे।")).toBeVisible();
  await expectNoAxeViolations(page);

  // An address the browser lets through but the store does not: the sentence in Hindi.
  await page.getByLabel("ईमेल", { exact: true }).fill("asha@example");
  await page.getByRole("button", { name: "मुझे लिंक भेजें" }).click();
  await expect(page.getByLabel("ईमेल", { exact: true })).toHaveAccessibleDescription("कृपया सही ईमेल पता लिखें।");
  await page.getByLabel("ईमेल", { exact: true }).fill(shopper.email);
  await page.getByRole("button", { name: "मुझे लिंक भेजें" }).click();
  await expect(page).toHaveURL(`${STORE_URL}/hi/forgot-password?sent=1`);
  await expect(page.getByRole("status").filter({ hasText: "अगर इस ईमेल पते से" })).toHaveText(
    "अगर इस ईमेल पते से कोई खाता है, तो हमने उस पर नया पासवर्ड चुनने का लिंक भेज दिया है। लिंक एक ही बार, एक घंटे तक काम करता है। कुछ मिनट में कुछ न आए, तो स्पैम फ़ोल्डर देखें या नया लिंक मँगाएँ।",
  );
  await expect(page.getByRole("button", { name: "एक और लिंक भेजें" })).toBeVisible();

  // The emailed link's page in Hindi: a mismatch first, then the new password, signed in on /hi/profile.
  await page.goto(`/hi${await resetPathFor(shopper.email)}`);
  await expectHindiPage(page, "नया पासवर्ड चुनें — Chrono India");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("नया पासवर्ड चुनें");
  await expect(page.getByText(/के लिए। नया पासवर्ड चुनने पर यह खाता बाकी सभी डिवाइस से साइन आउट हो जाता है।$/)).toBeVisible();
  await expectNoAxeViolations(page);
  const newPassword = "saffron kite 19 monsoon";
  await page.getByLabel("नया पासवर्ड", { exact: true }).fill(newPassword);
  await page.getByLabel("नया पासवर्ड दोबारा").fill(`${newPassword}!`);
  await page.getByRole("button", { name: "नया पासवर्ड सेव करें" }).click();
  await expect(page.getByLabel("नया पासवर्ड दोबारा")).toHaveAccessibleDescription("दोनों पासवर्ड अलग हैं। कृपया वही नया पासवर्ड दोनों बार लिखें।");
  await page.getByLabel("नया पासवर्ड", { exact: true }).fill(newPassword);
  await page.getByLabel("नया पासवर्ड दोबारा").fill(newPassword);
  await page.getByRole("button", { name: "नया पासवर्ड सेव करें" }).click();
  await expect(page).toHaveURL(`${STORE_URL}/hi/profile`);
  await expect(toast(page, "आपका नया पासवर्ड सेव हो गया और आप साइन इन हैं। बाकी सभी डिवाइस से साइन आउट कर दिया गया।")).toBeVisible();

  // A link that no longer works says why in Hindi, with the way to a new one.
  await page.goto("/hi/reset-password?token=not-a-real-token");
  await expect(page.getByRole("alert")).toHaveText("नया पासवर्ड चुनने का यह लिंक काम नहीं करता। कृपया नया लिंक मँगाएँ।");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "नया लिंक मँगाएँ" }).click();
  await expect(page).toHaveURL(`${STORE_URL}/hi/forgot-password`);
});
