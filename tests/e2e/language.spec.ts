import { expect, expectNoAxeViolations, jsDisabled, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { newShopper, registerWithApi, type Shopper } from "./auth";
import { STORE_URL } from "./servers";

/**
 * The store in Hindi beside English (issue 27 item 1; docs/decisions/0850), JavaScript on and off:
 * the language is part of the address (/hi/…), the header's switch is a plain link to the same page
 * in the other language with its query, `<html lang>` and the `hreflang` alternates follow, and a
 * Hindi page's links and redirects stay in Hindi. The Hindi words are SPEC-free texts from the
 * catalogue, written out here by hand.
 */

/** Logs in on the Hindi login page, reading its Hindi words (the form's words: issue 27). */
async function logInInHindi(page: Page, shopper: Pick<Shopper, "email" | "password">) {
  await page.goto("/hi/login");
  await expect(page.getByRole("heading", { level: 1, name: "लॉग इन" })).toBeVisible();
  await page.getByLabel("ईमेल", { exact: true }).fill(shopper.email);
  await page.getByLabel("पासवर्ड", { exact: true }).fill(shopper.password);
  await page.getByRole("button", { name: "लॉग इन करें" }).click();
}

const HINDI = {
  banner: "पूरे भारत में सभी ऑर्डर पर मुफ़्त डिलीवरी",
  home: "होम",
  collection: "कलेक्शन",
  viewAll: "सभी घड़ियाँ देखें",
  policies: "नीतियाँ",
};

test("a shopper switches to हिन्दी on the home page, browses in Hindi and switches back, query kept", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
  await page.getByRole("link", { name: "हिन्दी" }).click();
  await expect(page).toHaveURL(`${STORE_URL}/hi`);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByText(HINDI.banner)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "मुख्य" }).getByRole("link", { name: HINDI.home })).toBeVisible();
  await expect(page.getByRole("heading", { name: HINDI.policies })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("हमारी नई घड़ियाँ देखें");
  await expect(page).toHaveTitle("Chrono India — हर कलाई के लिए घड़ी");
  await expect(page.getByRole("navigation", { name: "श्रेणी के अनुसार नई घड़ियाँ" }).getByRole("link", { name: "सभी", exact: true })).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page);

  // The COLLECTION menu, in Hindi, leads to the Hindi collection.
  await page.getByText(HINDI.collection, { exact: true }).click();
  await page.getByRole("link", { name: HINDI.viewAll }).click();
  await expect(page).toHaveURL(`${STORE_URL}/hi/collection`);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");

  // A bookmarked filtered collection in Hindi, and back to English with its filters.
  await page.goto("/hi/collection?category=Men&sort=low-high");
  await expect(page.getByText(HINDI.banner)).toBeVisible();
  await page.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(`${STORE_URL}/collection?category=Men&sort=low-high`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
  await expect(page.getByText("Free shipping on all orders across India")).toBeVisible();
});

test("a Hindi page names both languages' addresses, and its links and redirects stay in Hindi", async ({ page, request }) => {
  const response = await page.goto("/hi/collection?category=Men");
  expect(response?.status()).toBe(200);
  const alternates = await page.locator('head link[rel="alternate"]').evaluateAll((links) =>
    links.map((link) => `${link.getAttribute("hreflang")} ${link.getAttribute("href")}`),
  );
  expect(alternates).toEqual([
    `en-IN ${STORE_URL}/collection?category=Men`,
    `hi-IN ${STORE_URL}/hi/collection?category=Men`,
    `x-default ${STORE_URL}/collection?category=Men`,
  ]);

  // Every product card and page link leads to a Hindi page; the Store API and pictures keep theirs.
  const hrefs = await page.locator("main a[href^='/']").evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
  expect(hrefs.length).toBeGreaterThan(0);
  expect(hrefs.filter((href) => !href.startsWith("/hi/") && !href.startsWith("/images/"))).toEqual([]);

  // A non-canonical address is redirected to its canonical form, in Hindi.
  const redirected = await request.get("/hi/collection?page=1&category=Men", { maxRedirects: 0 });
  expect(redirected.status()).toBe(302);
  expect(redirected.headers().location).toBe("/hi/collection?category=Men");
  const english = await request.get("/collection?page=1&category=Men", { maxRedirects: 0 });
  expect(english.headers().location).toBe("/collection?category=Men");

  // An unknown Hindi address is the Hindi 404 page.
  const missing = await page.goto("/hi/no-such-page");
  expect(missing?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByText(HINDI.banner)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("पेज नहीं मिला");
  await expect(page.getByRole("link", { name: "होम पर वापस जाएँ" })).toHaveAttribute("href", "/hi");
});

test("a shopper who logs in on a Hindi page stays in Hindi, and sees their menu in Hindi there and in English on English pages", async ({ page }) => {
  const shopper = newShopper("hindi");
  await registerWithApi(page.request, shopper);
  await logInInHindi(page, shopper);
  await expect(page).toHaveURL(`${STORE_URL}/hi`);

  for (const [path, wishlist, myOrders] of [
    ["/hi", "मेरी विशलिस्ट (0 घड़ी)", "मेरे ऑर्डर"],
    ["/", "My Wishlist (0 watches)", "My Orders"],
    ["/hi/collection?category=Women", "मेरी विशलिस्ट (0 घड़ी)", "मेरे ऑर्डर"],
  ] as const) {
    await page.goto(path);
    const menu = page.getByTestId("account-menu");
    await menu.locator("summary").click();
    await expect(menu.getByRole("link", { name: wishlist })).toBeVisible();
    await expect(menu.getByRole("link", { name: myOrders })).toBeVisible();
  }
});

test("a Hindi-speaking shopper filters, sorts and pages a collection in Hindi, and it stays in Hindi", async ({ page }) => {
  const js = !jsDisabled();
  await page.goto("/hi/collection");
  if (js) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("सभी कलेक्शन");
  const filters = page.getByTestId("filter-panel");
  await expect(filters.getByRole("group", { name: "श्रेणियाँ" })).toBeVisible();

  await filters.getByRole("checkbox", { name: /^पुरुष/ }).check();
  if (!js) await page.getByRole("button", { name: "फ़िल्टर लागू करें" }).click();
  await expect(page).toHaveURL(`${STORE_URL}/hi/collection?category=Men`);
  await expect(page.getByTestId("active-filters").getByRole("link", { name: "फ़िल्टर हटाएँ: पुरुष" })).toBeVisible();

  await page.getByLabel("क्रम").selectOption({ label: "क़ीमत: कम से ज़्यादा" });
  if (!js) await page.getByRole("button", { name: "लागू करें", exact: true }).click();
  await expect(page).toHaveURL(`${STORE_URL}/hi/collection?category=Men&sort=low-high`);
  await expect(page.getByTestId("result-count")).toHaveText(/^\d[\d,]* उत्पादों में से 1 - 25$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");

  await page.getByRole("navigation", { name: "पेज" }).getByRole("link", { name: "अगला पेज" }).click();
  await expect(page).toHaveURL(`${STORE_URL}/hi/collection?category=Men&sort=low-high&page=2`);
  await expect(page.getByText(HINDI.banner)).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a search in Hindi finds what its English words find: a brand in Devanagari, and घड़ी for every watch", async ({ page }) => {
  const cardIds = () =>
    page.getByTestId("product-grid").getByTestId("product-card").evaluateAll((links) => links.map((link) => link.getAttribute("href")!.split("/").pop()));
  await page.goto("/collection?q=casio");
  const casio = await cardIds();
  expect(casio.length).toBeGreaterThan(0);
  await page.goto("/collection");
  const everyWatch = /of ([\d,]+) products$/.exec((await page.getByTestId("result-count").textContent()) ?? "")?.[1];
  expect(everyWatch).toBeDefined();

  await page.goto(`/hi/collection?q=${encodeURIComponent("कैसियो घड़ी")}`);
  expect(await cardIds()).toEqual(casio);
  // The box and the chip keep what the shopper typed.
  await expect(page.getByRole("searchbox", { name: "घड़ियाँ खोजें" })).toHaveValue("कैसियो घड़ी");
  await expect(page.getByTestId("active-filters").getByRole("link", { name: "फ़िल्टर हटाएँ: “कैसियो घड़ी”" })).toBeVisible();

  await page.goto(`/hi/collection?q=${encodeURIComponent("घड़ी")}`);
  await expect(page.getByTestId("result-count")).toHaveText(`${everyWatch} उत्पादों में से 1 - 25`);
});

test("the language chosen with the switch is remembered and offered on the next visit, never forced, and never cached for others", async ({ page, browser, request }) => {
  await page.goto("/about");
  await expect(page.getByTestId("language-offer")).toHaveCount(0);
  await page.getByRole("link", { name: "हिन्दी" }).click();
  await expect(page).toHaveURL(`${STORE_URL}/hi/about`);
  await expect(page.getByTestId("language-offer")).toHaveCount(0);

  // Next visit, to an English address (a shared link): the page stays English and offers Hindi.
  await page.goto("/collection?category=Women");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
  const offer = page.getByTestId("language-offer");
  await expect(offer).toHaveText("यह पेज हिन्दी में भी है। हिन्दी में पढ़ें");
  await expect(offer).toHaveAttribute("lang", "hi");
  await offer.getByRole("link", { name: "हिन्दी में पढ़ें" }).click();
  await expect(page).toHaveURL(`${STORE_URL}/hi/collection?category=Women`);

  // The offered page was the visitor's own: another visitor gets the English page without it.
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await other.goto(`${STORE_URL}/collection?category=Women`);
  await expect(other.getByText("Free shipping on all orders across India")).toBeVisible();
  await expect(other.getByTestId("language-offer")).toHaveCount(0);
  await stranger.close();
  const offered = await request.get("/collection?category=Women", { headers: { cookie: "language=hi" } });
  expect(offered.headers()["cache-control"]).toMatch(/private|no-store/);

  // Choosing English again: the Hindi page now offers English.
  await page.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(`${STORE_URL}/collection?category=Women`);
  await page.goto("/hi");
  await expect(page.getByTestId("language-offer")).toHaveText("This page is also in English. Read it in English");
});

test("the switch's /language goes only to this store's pages", async ({ request }) => {
  for (const [to, location] of [
    ["/hi/cart", "/hi/cart"],
    ["//evil.example", "/"],
    ["https://evil.example/", "/"],
    ["/%5Cevil.example", "/"],
  ] as const) {
    const answer = await request.get(`/language?to=${encodeURIComponent(to)}`, { maxRedirects: 0 });
    expect(answer.status(), to).toBe(303);
    expect(answer.headers().location, to).toBe(location);
    expect(answer.headers()["set-cookie"], to).toMatch(new RegExp(`^language=${location.startsWith("/hi") ? "hi" : "en"}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly`));
  }
});

test("a product page in Hindi: its controls in Hindi, and the delivery check stays on the Hindi page", async ({ page, request }) => {
  const product = ((await (await request.get("/api/product/listproduct")).json()) as { products: { _id: string; colours: string[] }[] }).products.find((p) => p.colours.length > 0)!;
  await page.goto(`/hi/product/${product._id}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByRole("button", { name: "कार्ट में डालें" })).toBeVisible();
  await expect(page.getByRole("group", { name: "रंग चुनें" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "आप यहाँ हैं" }).getByRole("link", { name: "कलेक्शन" })).toHaveAttribute("href", "/hi/collection");
  await expect(page.getByRole("heading", { name: "आपको ये भी पसंद आ सकती हैं" })).toBeVisible();

  await page.getByLabel("पिन कोड").fill("560001");
  await page.getByRole("button", { name: "जाँचें", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/hi/product/${product._id}\\?pin=560001`));
  await expect(page.locator("#delivery-answer")).not.toBeEmpty();
});

test("a shopper's cart in Hindi: empty, then with a watch added from a Hindi product page, its totals and checkout link in Hindi", async ({ page, request }) => {
  const shopper = newShopper("hindi-cart");
  await registerWithApi(request, shopper);
  await logInInHindi(page, shopper);
  await expect(page).toHaveURL(`${STORE_URL}/hi`);

  await page.goto("/hi/cart");
  await expect(page.getByText("आपका कार्ट ख़ाली है।")).toBeVisible();
  await expect(page.getByRole("link", { name: "कलेक्शन देखें" })).toHaveAttribute("href", "/hi/collection");

  const product = ((await (await request.get("/api/product/listproduct")).json()) as { products: { _id: string; colours: string[] }[] }).products.find((p) => p.colours.length === 0)!;
  await page.goto(`/hi/product/${product._id}`);
  await page.getByRole("button", { name: "कार्ट में डालें" }).click();
  await expect(page.getByTestId("cart-link")).toContainText("कार्ट, 1 आइटम");
  await page.goto("/hi/cart");
  const totals = page.getByTestId("cart-totals");
  await expect(totals.getByRole("heading")).toHaveText("कार्ट कुल");
  await expect(totals.getByText("उप-योग")).toBeVisible();
  await expect(page.getByTestId("cart-shipping")).toHaveText("मुफ़्त डिलीवरी");
  await expect(page.getByRole("link", { name: "चेकआउट करें" })).toHaveAttribute("href", "/hi/place-order");
});
