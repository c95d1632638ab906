import fs from "node:fs/promises";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";
import { logInWithForm, newShopper, registerWithApi, toast } from "./auth";
import { expect, expectNoAxeViolations, jsDisabled, test } from "./fixtures";
import { STORE_PORT, STORE_URL } from "./servers";
import { ownerCommand, signInAsStaff } from "./staff";

/**
 * The grievance pages, the newsletter and the review page in Hindi (issue 27; docs/decisions/0910),
 * with JavaScript on and off: a visitor files a complaint on /hi/grievance (a mistake first, its
 * error in Hindi), reads "check your email" and the confirmation email in Hindi and confirms on the
 * Hindi ticket page (issue 43 item 1); subscribes from the /hi home page's box,
 * whose Hindi consent words are the ones recorded, and confirms from the Hindi email; writes a
 * review of a delivered watch on the Hindi review page. The Hindi texts are written out here by hand.
 */

const OUTBOX = path.resolve(`tests/.tmp/e2e-${STORE_PORT}/outbox`);

/** The newest email of `kind` the store wrote to `recipient`, or null while there is none. */
async function emailTo(recipient: string, kind: string): Promise<ParsedMail | null> {
  const names = await fs.readdir(OUTBOX).catch(() => [] as string[]);
  for (const name of names.filter((file) => file.includes(`-${kind}-`))) {
    const mail = await simpleParser(await fs.readFile(path.join(OUTBOX, name)));
    const to = (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text;
    if (to === recipient) return mail;
  }
  return null;
}

/** Waits for the email (the sender writes it to the outbox a moment after the request). */
async function waitForEmail(recipient: string, kind: string): Promise<ParsedMail> {
  let mail: ParsedMail | null = null;
  await expect.poll(async () => (mail = await emailTo(recipient, kind)) !== null, { timeout: 30_000 }).toBe(true);
  return mail!;
}

const HINDI_MONTHS = ["जन॰", "फ़र॰", "मार्च", "अप्रैल", "मई", "जून", "जुल॰", "अग॰", "सित॰", "अक्तू॰", "नव॰", "दिस॰"];

/** "27 दिस॰ 2026": the IST date 30 days from now, as the Hindi pages write it. */
function resolveByInHindi(): string {
  const ist = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000 + 330 * 60 * 1000);
  return `${ist.getUTCDate()} ${HINDI_MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

const HINDI_CONSENT = "मुझे स्टोर का न्यूज़लेटर भेजें: नई घड़ियाँ और ऑफ़र, महीने में लगभग दो बार। आप किसी भी ईमेल से अनसब्सक्राइब कर सकते हैं।";
const CHECK_INBOX_HI = "धन्यवाद! अगर इस पते पर हमारा न्यूज़लेटर आ सकता है, तो हमने उस पर एक ईमेल भेजा है: सब्सक्रिप्शन कन्फ़र्म करने के लिए उसमें दिया लिंक खोलें।";

async function expectHindi(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
}

test.describe("complaints and the newsletter in Hindi", () => {
  test("a complaint on /hi/grievance: the mistake's error in Hindi, then the ticket page in Hindi", async ({ page }) => {
    const email = `shikayat-${unique()}@example.in`;
    await page.goto("/hi/grievance");
    await expectHindi(page);
    await expect(page).toHaveTitle("शिकायत — Chrono India");
    await expect(page.getByRole("heading", { level: 1, name: "शिकायत करें" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("heading", { name: "शिकायत अधिकारी" })).toBeVisible();
    await expect(page.getByLabel("आपकी शिकायत", { exact: true })).toHaveAccessibleDescription("10 से 4,000 अक्षर।");
    await expectNoAxeViolations(page);

    // A mistake: a complaint too short (past the browser's own check).
    await page.getByLabel("आपका नाम").fill("Asha Rao");
    await page.getByLabel("ईमेल", { exact: true }).fill(email);
    await page.getByLabel("शिकायत किस बारे में है?").selectOption({ label: "प्रोडक्ट" });
    await page.getByLabel("आपकी शिकायत", { exact: true }).fill("छोटी है");
    await page.getByLabel("आपकी शिकायत", { exact: true }).evaluate((element) => element.removeAttribute("minlength"));
    await page.getByRole("button", { name: "शिकायत दर्ज करें" }).click();
    await expect(page.getByText("कृपया नीचे बताए गए फ़ील्ड ठीक करें।")).toBeVisible();
    await expect(page.getByLabel("आपकी शिकायत", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("आपकी शिकायत", { exact: true })).toHaveAccessibleDescription("10 से 4,000 अक्षर। कृपया अपनी शिकायत कम से कम 10 अक्षरों में लिखें।");
    await expectHindi(page);
    await expectNoAxeViolations(page);

    // Corrected and filed, signed out: "check your email", in Hindi — no ticket, no link (issue 43 item 1).
    await page.getByLabel("आपकी शिकायत", { exact: true }).fill(`घड़ी का पट्टा दो दिन में टूट गया (${unique()})।`);
    await page.getByRole("button", { name: "शिकायत दर्ज करें" }).click();
    await expect(page).toHaveURL(`${STORE_URL}/hi/grievance?sent=1`);
    const sent = page.getByTestId("grievance-sent");
    await expect(sent).toContainText("अपनी शिकायत की पुष्टि के लिए अपना ईमेल देखें।");
    await expect(sent).toContainText("अगर आपके दिए पते पर हमारे ईमेल आ सकते हैं, तो शिकायत की पुष्टि का लिंक उस पर भेजा जा रहा है (एक पते पर दिन में ज़्यादा से ज़्यादा 5 ईमेल)।");
    await expectHindi(page);
    await expectNoAxeViolations(page);

    // The email to the address named, in Hindi, greeting no typed name; its link to the Hindi page.
    const ask = await waitForEmail(email, "grievance_confirm");
    const ticket = /GR-\d{4}-\d{6}/.exec(ask.subject ?? "")![0];
    expect(ask.subject).toBe(`कृपया अपनी शिकायत ${ticket} की पुष्टि करें — Chrono India`);
    expect(ask.text?.startsWith("नमस्ते,\n\nकिसी ने — हमें उम्मीद है कि आपने ही — यह ईमेल पता देकर Chrono India से शिकायत की है:")).toBe(true);
    const followUrl = new RegExp(`https?://\\S+/hi/grievance/${ticket}\\?key=[A-Za-z0-9_-]{43}`).exec(ask.text ?? "")![0];

    // The link asks for one press, in Hindi; then the ticket page says it is registered.
    await page.goto(followUrl);
    await expectHindi(page);
    await expect(page).toHaveTitle("आपकी शिकायत — Chrono India");
    await expect(page.getByRole("heading", { level: 1, name: `शिकायत ${ticket}` })).toBeVisible();
    await expect(page.getByTestId("grievance-status")).toHaveText("आपकी पुष्टि का इंतज़ार है");
    await expect(page.getByRole("heading", { level: 2, name: "कृपया इस शिकायत की पुष्टि करें" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "मेरी शिकायत की पुष्टि करें" }).click();
    await expect(page).toHaveURL(new RegExp(`^${STORE_URL}/hi/grievance/${ticket}\\?key=[A-Za-z0-9_-]{43}&confirmed=1$`));
    const confirmed = page.getByTestId("grievance-confirmed");
    await expect(confirmed).toContainText(`धन्यवाद। आपकी शिकायत ${ticket} की पुष्टि हो गई है और वह दर्ज हो गई है।`);
    await expect(confirmed).toContainText(`ज़्यादा से ज़्यादा ${resolveByInHindi()} तक इसका समाधान करेंगे और जवाब ${email} पर ईमेल करेंगे।`);
    await expect(page.getByTestId("grievance-status")).toHaveText("खुली है");
    await expect(page.getByRole("definition").filter({ hasText: "प्रोडक्ट" })).toHaveText("प्रोडक्ट");
    await expect(page.getByRole("heading", { level: 2, name: "आपकी शिकायत" })).toBeVisible();
    await expect(page.getByRole("link", { name: "एक और शिकायत करें" })).toHaveAttribute("href", "/hi/grievance");
    await expectNoAxeViolations(page);
  });

  test("the /hi home page's newsletter box: Hindi consent words, recorded as shown; the Hindi email and confirmation", async ({ page }) => {
    test.setTimeout(90_000);
    const email = `patrika-${unique()}@example.in`;
    await page.goto("/hi");
    await expectHindi(page);
    const box = page.locator("#newsletter");
    await expect(box.getByRole("heading", { name: "हमारे न्यूज़लेटर से जुड़ें" })).toBeVisible();
    await expect(box.getByTestId("newsletter-consent")).toHaveText(HINDI_CONSENT);
    await expect(box.locator('input[name="consentVersion"]')).toHaveValue("2026-11-v1-hi");
    await expectNoAxeViolations(page);
    await box.getByLabel("ईमेल पता").fill(email);
    await box.getByRole("button", { name: "सब्सक्राइब करें" }).click();
    await expect(toast(page, CHECK_INBOX_HI)).toBeVisible();
    await expect(page).toHaveURL(/\/hi(#newsletter)?$/);
    await expectHindi(page);

    // The confirmation email in Hindi, with the Hindi words agreed to and a Hindi link.
    const confirmation = await waitForEmail(email, "newsletter_confirm");
    expect(confirmation.subject).toBe("Chrono India न्यूज़लेटर का सब्सक्रिप्शन कन्फ़र्म करें");
    expect(confirmation.text).toContain(`"${HINDI_CONSENT}"`);
    const confirmUrl = /https?:\/\/\S+\/hi\/newsletter\/confirm\?token=[A-Za-z0-9_-]+/.exec(confirmation.text ?? "")?.[0];
    expect(confirmUrl).toBeTruthy();
    await page.goto(confirmUrl!);
    await expectHindi(page);
    await expect(page.getByRole("heading", { level: 1, name: "न्यूज़लेटर सब्सक्रिप्शन" })).toBeVisible();
    await expect(page).toHaveTitle("अपना सब्सक्रिप्शन कन्फ़र्म करें | Chrono India");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "मेरा सब्सक्रिप्शन कन्फ़र्म करें" }).click();
    await expect(page.getByText("आपने सब्सक्राइब कर लिया है। पुष्टि के लिए धन्यवाद — अगला न्यूज़लेटर आप तक पहुँचेगा।")).toBeVisible();

    // A link that doesn't work says so in Hindi.
    await page.goto("/hi/newsletter/unsubscribe?token=not-a-token");
    await expectHindi(page);
    await expect(page.getByRole("heading", { level: 1, name: "न्यूज़लेटर से अनसब्सक्राइब करें" })).toBeVisible();
    await expect(page.getByText("अनसब्सक्राइब करने का यह लिंक सही नहीं है।", { exact: false })).toBeVisible();
    await expectNoAxeViolations(page);

    // The back office records the Hindi version, and shows its words.
    await signInAsStaff(page, "owner");
    await page.goto("/admin/newsletter");
    await expect(page.getByRole("row").filter({ hasText: email })).toContainText("2026-11-v1-hi");
    await expect(page.getByTestId("consent-versions")).toContainText(HINDI_CONSENT);
  });
});

type ListedProduct = { _id: string; name: string; price?: number; colours: string[]; reviewCount?: number; stock?: number };

/**
 * A watch for this spec's review: without colours, within cash on delivery's reach, well stocked,
 * from the middle of the catalogue (reviews.spec takes its watches from the end), the js and no-js
 * projects alternate ones.
 */
async function watchToReview(request: APIRequestContext): Promise<ListedProduct> {
  const response = await request.get("/api/product/listproduct");
  expect(response.ok()).toBe(true);
  const products = ((await response.json()).products as ListedProduct[]).filter(
    (p) => p.colours.length === 0 && (p.price ?? 0) > 0 && (p.price ?? 0) <= 25_000 && (p.stock === undefined || p.stock >= 10),
  );
  const middle = products.slice(Math.floor(products.length / 3)).filter((_, index) => index % 2 === (jsDisabled() ? 1 : 0));
  expect(middle.length).toBeGreaterThan(0);
  return middle[0];
}

test("the review page in Hindi: a delivered watch reviewed, its error and toast in Hindi", async ({ page, request }) => {
  test.setTimeout(180_000);
  const product = await watchToReview(request);
  const shopper = newShopper("hindi-review");
  await registerWithApi(request, shopper);
  await page.goto("/login");
  await logInWithForm(page, shopper);
  await expect(page).toHaveURL(`${STORE_URL}/`);

  // A cash-on-delivery order (the English checkout), delivered by the owner's command.
  await page.goto(`/product/${product._id}`);
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

  // Before delivery the Hindi page says why not.
  await page.goto(`/hi/product/${product._id}/review`);
  await expectHindi(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/ का रिव्यू लिखें$/);
  await expect(page.getByTestId("review-refused")).toContainText(
    "घड़ी की डिलीवरी हो जाने के बाद ही आप उसका रिव्यू लिख सकते हैं। इस खाते में इस घड़ी का कोई डिलीवर हुआ ऑर्डर नहीं है।",
  );
  await expect(page.getByRole("link", { name: "Chrono India पर रिव्यू कैसे काम करते हैं" })).toHaveAttribute("href", "/hi/review-guidelines");
  await expectNoAxeViolations(page);

  const orderId = await latestOrderId(page);
  await ownerCommand("orders-status", [orderId, "Shipped", "--courier", "Blue Dart", "--awb", "BD20261127HI"]);
  await ownerCommand("orders-status", [orderId, "Delivered"]);

  // The form in Hindi: no rating is refused in Hindi, then the review is sent with a Hindi toast.
  await page.goto(`/hi/product/${product._id}/review`);
  await expectHindi(page);
  const rating = page.getByLabel("आपकी रेटिंग (ज़रूरी)");
  await expect(rating.getByRole("option")).toHaveText(["1 से 5 स्टार में से चुनें", "5 स्टार", "4 स्टार", "3 स्टार", "2 स्टार", "1 स्टार"]);
  await expect(page.getByLabel("शीर्षक (ज़रूरी नहीं, ज़्यादा से ज़्यादा 100 अक्षर)")).toBeVisible();
  await expect(page.getByLabel("आपका रिव्यू (ज़रूरी नहीं, ज़्यादा से ज़्यादा 2,000 अक्षर)")).toBeVisible();
  await expect(page.getByRole("link", { name: "रिव्यू गाइडलाइंस" })).toHaveAttribute("href", "/hi/review-guidelines");
  await expectNoAxeViolations(page);
  await page.evaluate(() => document.querySelectorAll("[required]").forEach((field) => field.removeAttribute("required")));
  await page.getByRole("button", { name: "रिव्यू भेजें" }).click();
  await expect(page.getByText("1 से 5 स्टार तक रेटिंग चुनें।", { exact: true })).toBeVisible();
  await expectHindi(page);
  await page.getByLabel("आपकी रेटिंग (ज़रूरी)").selectOption("4");
  await page.getByRole("button", { name: "रिव्यू भेजें" }).click();
  await expect(toast(page, "धन्यवाद। हमारी टीम की जाँच के बाद आपका रिव्यू दिखने लगेगा, आम तौर पर दो कामकाजी दिनों के अंदर।")).toBeVisible();
  await expect(page.getByTestId("own-review-status")).toHaveText("हमारी टीम की जाँच का इंतज़ार है। पब्लिश होने पर यह घड़ी के पेज पर दिखेगा।");
  await expect(page.getByTestId("own-review")).toContainText("5 में से 4 स्टार");
  await expect(page.getByRole("button", { name: "मेरा रिव्यू वापस लें" })).toBeVisible();
  await expectNoAxeViolations(page);
});

/** The number of the shopper's newest order, read from My Orders. */
async function latestOrderId(page: Page): Promise<string> {
  await page.goto("/orders");
  const link = page.getByTestId("order-row").first().getByRole("link", { name: /^Order CI\d{6}-[0-9A-Z]{8}$/ });
  return (await link.textContent())!.replace("Order ", "").trim();
}
