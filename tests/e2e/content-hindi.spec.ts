import { expect, expectNoAxeViolations, jsDisabled, test } from "./fixtures";
import { STORE_URL } from "./servers";

/**
 * The content pages in Hindi (issue 27; docs/decisions/0870), JavaScript on and off: /hi/<slug>
 * reads app/content/hi/<slug>.md, the page's frame (eyebrow, "last updated", the policies' list,
 * the contact page's labels) is in Hindi from the `pages` catalogue, and the text's store links lead
 * to Hindi pages. The Hindi words are written out here by hand.
 */

const HINDI = {
  faqs: "अक्सर पूछे जाने वाले प्रश्न",
  firstQuestion: "क्या आपकी घड़ियाँ असली हैं?",
  firstAnswer: "हाँ। हम जो भी घड़ी बेचते हैं, वह असली है",
  secondQuestion: "मैं ऑर्डर कैसे करूँ?",
  shipping: "शिपिंग नीति",
  returnPolicy: "वापसी नीति",
  contact: "संपर्क करें",
  lastUpdated: "अंतिम अपडेट: 21 नवंबर 2026",
  /** The FAQ was last changed with the after-sale policy (issue 45). */
  faqLastUpdated: "अंतिम अपडेट: 2 दिसंबर 2026",
};

test("the Hindi FAQ: Hindi page, heading and frame, the first question open", async ({ page }) => {
  const response = await page.goto("/hi/faqs");
  expect(response?.status()).toBe(200);
  if (!jsDisabled()) await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page).toHaveTitle(`${HINDI.faqs} | Chrono India`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", "ऑर्डर, भुगतान, डिलीवरी, वापसी, वारंटी और आपके खाते से जुड़े सवालों के जवाब।");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(HINDI.faqs);
  await expect(page.getByText("सहायता", { exact: true })).toBeVisible();
  await expect(page.getByText(HINDI.faqLastUpdated)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "नीतियों के पेज" }).getByRole("link", { name: HINDI.shipping })).toHaveAttribute("href", "/hi/shipping-policy");

  const questions = page.getByTestId("faq-list").locator("details");
  await expect(questions).toHaveCount(12);
  await expect(questions.nth(0).locator("summary")).toHaveText(HINDI.firstQuestion);
  await expect(questions.nth(0)).toHaveAttribute("open", "");
  await expect(questions.nth(0)).toContainText(HINDI.firstAnswer);
  await expect(page.getByText(HINDI.firstAnswer)).toBeVisible();
  await expect(questions.nth(1).locator("summary")).toHaveText(HINDI.secondQuestion);
  await expect(questions.nth(1)).not.toHaveAttribute("open");
  await expectNoAxeViolations(page);
});

test("the Hindi shipping policy: Hindi heading and table, its links stay in Hindi", async ({ page }) => {
  await page.goto("/hi/shipping-policy");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page).toHaveTitle(`${HINDI.shipping} | Chrono India`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(HINDI.shipping);
  await expect(page.getByText("नीतियाँ", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(HINDI.lastUpdated)).toBeVisible();
  await expect(page.getByRole("region", { name: "सामान्य डिलीवरी दरें" }).getByRole("cell", { name: "मेट्रो शहर" })).toBeVisible();

  // Every store link in the page's body leads to a Hindi page.
  const hrefs = await page.locator("main a[href^='/']").evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
  expect(hrefs.length).toBeGreaterThan(0);
  expect(hrefs.filter((href) => !href.startsWith("/hi/") && href !== "/hi")).toEqual([]);

  await page.locator("[data-prose]").getByRole("link", { name: HINDI.returnPolicy }).click();
  await expect(page).toHaveURL(`${STORE_URL}/hi/return-policy`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(HINDI.returnPolicy);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
});

test("the Hindi contact page: Hindi heading, labels and links", async ({ page }) => {
  await page.goto("/hi/contact");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page).toHaveTitle(`${HINDI.contact} | Chrono India`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(HINDI.contact);
  const seller = page.getByTestId("contact-seller");
  for (const label of ["हमें कॉल करें", "हमें लिखें", "हमारा पता", "सहायता का समय", "विक्रेता"]) {
    await expect(seller.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { level: 2, name: "पासवर्ड भूल गए?" })).toBeVisible();
  await expect(page.getByRole("link", { name: "हमारे शिकायत अधिकारी से शिकायत करें" })).toHaveAttribute("href", "/hi/grievance");
  await page.getByRole("link", { name: "नौकरियाँ देखें" }).click();
  await expect(page).toHaveURL(`${STORE_URL}/hi/careers`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("करियर");
});

test("the English pages keep their English frame", async ({ page }) => {
  await page.goto("/faqs");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
  await expect(page.getByText("Last updated 2 December 2026")).toBeVisible();
  await expect(page.getByText("Help", { exact: true })).toBeVisible();
  await expect(page.getByTestId("faq-list").locator("details").nth(0).locator("summary")).toHaveText("Are your watches genuine?");
});
