import { expect, expectNoAxeViolations, test } from "./fixtures";
import { newShopper, registerWithApi, toast } from "./auth";
import { STORE_URL } from "./servers";

/**
 * The wishlist in Hindi (issue 24 item 2, issue 27), JavaScript on and off: saving from a Hindi
 * product page, the toast, and /hi/wishlist's heading, count, buttons and title. The Hindi words
 * are written out here by hand.
 */

test("a shopper saves a watch on a Hindi product page and reads the wishlist in Hindi", async ({ page, request }) => {
  const shopper = newShopper("wishlist-hindi");
  await registerWithApi(request, shopper);
  await page.goto("/hi/login");
  await page.getByLabel("ईमेल", { exact: true }).fill(shopper.email);
  await page.getByLabel("पासवर्ड", { exact: true }).fill(shopper.password);
  await page.getByRole("button", { name: "लॉग इन करें" }).click();
  await expect(page).toHaveURL(`${STORE_URL}/hi`);

  // w00003 has the owner's Hindi name (app/db/demo-catalogue.ts).
  await page.goto("/hi/product/w00003");
  const name = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  await expect(page.getByTestId("wishlist-toggle")).toHaveText("विशलिस्ट में जोड़ें");
  await page.getByTestId("wishlist-toggle").click();
  await expect(toast(page, "आपकी विशलिस्ट में सेव हो गई।")).toBeVisible();
  await expect(page).toHaveURL(`${STORE_URL}/hi/product/w00003`);
  await expect(page.getByTestId("wishlist-toggle")).toHaveText("विशलिस्ट में सेव है");
  await expect(page.getByTestId("wishlist-toggle")).toHaveAttribute("aria-pressed", "true");

  await page.goto("/hi/wishlist");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page).toHaveTitle("मेरी विशलिस्ट | Chrono India");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("मेरी विशलिस्ट");
  await expect(page.getByText("1 घड़ी सेव है")).toBeVisible();
  const item = page.getByRole("list", { name: "सेव की हुई घड़ियाँ" }).getByRole("listitem");
  await expect(item.getByRole("link", { name })).toBeVisible();
  await expectNoAxeViolations(page);

  await item.getByRole("button", { name: /^हटाएँ/ }).click();
  await expect(toast(page, "आपकी विशलिस्ट से हटा दी गई।")).toBeVisible();
  await expect(page.getByText("आपकी विशलिस्ट खाली है। किसी घड़ी को उसके पेज से सेव करें, वह यहाँ मिलेगी।")).toBeVisible();
});
