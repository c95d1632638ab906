import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, jsDisabled, test } from "./fixtures";

/**
 * The store's header and footer (SPEC.md §2 "Header and footer"), the 404 page and the
 * /wishlist and /profile pages, with JavaScript on and off.
 */

const COLLECTIONS = [
  ["Luxury Watches", "/collection/luxury"],
  ["Sport Watches", "/collection/sport"],
  ["Smart Watches", "/collection/smart"],
  ["Classic Watches", "/collection/classic"],
  ["Limited Edition", "/collection/limited"],
  ["View All Watches", "/collection"],
] as const;

/** Waits until React has hydrated the page (root's Toasts marks <html data-hydrated>). */
async function hydrated(page: Page) {
  if (!jsDisabled()) await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const collectionSummary = (page: Page) => mainNav(page).locator("summary", { hasText: "COLLECTION" });

test.describe("header on a wide screen", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("shows the free-shipping banner, the logo and the main navigation", async ({ page }) => {
    await page.goto("/about");
    const header = page.getByRole("banner");
    await expect(header.getByText("Free shipping on all orders across India")).toBeVisible();
    await expect(header.getByRole("link", { name: "Chrono India" })).toHaveAttribute("href", "/");
    for (const [name, href] of [
      ["HOME", "/"],
      ["NEW ARRIVALS", "/new-arrivals"],
      ["ABOUT", "/about"],
      ["CONTACT", "/contact"],
    ]) {
      await expect(mainNav(page).getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(mainNav(page).getByRole("link", { name: "ABOUT" })).toHaveAttribute("aria-current", "page");

    await mainNav(page).getByRole("link", { name: "CONTACT" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await mainNav(page).getByRole("link", { name: "HOME" }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
  });

  test("the COLLECTION dropdown opens by keyboard and lists the collections", async ({ page }) => {
    await page.goto("/about");
    const firstLink = mainNav(page).getByRole("link", { name: "Luxury Watches" });
    await expect(firstLink).toBeHidden();

    await collectionSummary(page).focus();
    await page.keyboard.press("Enter");
    for (const [name, href] of COLLECTIONS) {
      await expect(mainNav(page).getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
      await expect(mainNav(page).getByRole("link", { name, exact: true })).toBeVisible();
    }

    await page.keyboard.press("Tab");
    await expect(firstLink).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/collection\/luxury$/);
  });

  test("the COLLECTION dropdown toggles with Space", async ({ page }) => {
    await page.goto("/contact");
    const viewAll = mainNav(page).getByRole("link", { name: "View All Watches" });
    await collectionSummary(page).focus();
    await page.keyboard.press(" ");
    await expect(viewAll).toBeVisible();
    await page.keyboard.press(" ");
    await expect(viewAll).toBeHidden();
  });

  test("with JavaScript, Escape or a click outside closes the COLLECTION dropdown", async ({ page }) => {
    test.skip(jsDisabled(), "an enhancement: without script the summary itself closes the menu");
    await page.goto("/contact");
    await hydrated(page);
    const viewAll = mainNav(page).getByRole("link", { name: "View All Watches" });
    await collectionSummary(page).click();
    await expect(viewAll).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(viewAll).toBeHidden();
    await expect(collectionSummary(page)).toBeFocused();
    await collectionSummary(page).click();
    await expect(viewAll).toBeVisible();
    await page.mouse.click(1250, 600);
    await expect(viewAll).toBeHidden();
  });

  test("View All Watches leads to the collection", async ({ page }) => {
    await page.goto("/faqs");
    await collectionSummary(page).click();
    await mainNav(page).getByRole("link", { name: "View All Watches" }).click();
    await expect(page).toHaveURL(/\/collection$/);
    // The page changed, so the menu is closed again (a fresh page without JavaScript).
    await expect(mainNav(page).getByRole("link", { name: "View All Watches" })).toBeHidden();
  });

  test("logged out: the account icon leads to /login and there is no cart icon", async ({ page }) => {
    await page.goto("/about");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: /^Cart/ })).toHaveCount(0);
    await expect(header.getByText("Hello User")).toHaveCount(0);
    await header.getByRole("link", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the search icon appears on collection paths only and leads to the page's one search box", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("banner").getByRole("link", { name: "Search" })).toHaveCount(0);

    await page.goto("/collection");
    await hydrated(page);
    // One search box in the HTML (issue 9 item 2): the icon is a link to the collection's own.
    await expect(page.getByRole("banner").getByRole("searchbox")).toHaveCount(0);
    const field = page.getByRole("main").getByRole("searchbox", { name: "Search watches" });
    await page.getByRole("banner").getByRole("link", { name: "Search" }).click();
    await expect(field).toBeVisible();
    if (!jsDisabled()) await expect(field).toBeFocused();
    await field.fill("rolex");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/collection\?q=rolex$/);
  });
});

test.describe("header on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the slide-in menu opens, navigates and closes", async ({ page }) => {
    await page.goto("/about");
    // One navigation in the HTML (issue 9 item 2): on a phone it is the slide-in panel.
    const menu = mainNav(page);
    await expect(menu).toBeHidden();

    const toggle = page.locator("#mobile-menu > summary");
    await expect(toggle).toHaveAccessibleName("Menu");
    await toggle.click();
    await expect(menu).toBeVisible();
    for (const name of ["HOME", "NEW ARRIVALS", "ABOUT", "CONTACT"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Log In / Sign Up" })).toHaveAttribute("href", "/login");
    await expect(menu.getByRole("link", { name: "Sport Watches" })).toBeHidden();
    await menu.locator("summary", { hasText: "COLLECTION" }).click();
    for (const [name, href] of COLLECTIONS) {
      await expect(menu.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }

    // The dimmed area beside the panel is the close button.
    await page.mouse.click(370, 400);
    await expect(menu).toBeHidden();

    await toggle.click();
    await menu.getByRole("link", { name: "CONTACT" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await expect(menu).toBeHidden();
  });

  test("the menu opens from the keyboard", async ({ page }) => {
    await page.goto("/faqs");
    await page.locator("#mobile-menu > summary").focus();
    await page.keyboard.press("Enter");
    const menu = mainNav(page);
    await expect(menu).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "HOME" })).toBeFocused();
  });

  test("Log In / Sign Up in the menu leads to /login", async ({ page }) => {
    await page.goto("/");
    await page.locator("#mobile-menu > summary").click();
    await page.getByRole("link", { name: "Log In / Sign Up" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe("open menus pass axe", () => {
  test("the COLLECTION dropdown", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/about");
    await collectionSummary(page).click();
    await expect(mainNav(page).getByRole("link", { name: "View All Watches" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the slide-in menu on a collection path", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/collection/luxury");
    await page.locator("#mobile-menu > summary").click();
    await expect(mainNav(page).getByRole("link", { name: "ABOUT" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the slide-in menu with its collections open", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/about");
    await page.locator("#mobile-menu > summary").click();
    const menu = mainNav(page);
    await menu.locator("summary", { hasText: "COLLECTION" }).click();
    await expect(menu.getByRole("link", { name: "View All Watches" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test("logged in: the account menu, the cart icon and Logout", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/login?mode=signup");
  await page.getByLabel("Name").fill("Asha Rao");
  await page.getByLabel("Email").fill(`header-${test.info().project.name}-${Date.now()}@example.com`);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto("/about");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Log in" })).toHaveCount(0);
  await expect(header.getByRole("link", { name: "Cart, 0 items" })).toHaveAttribute("href", "/cart");
  const account = header.locator("summary", { hasText: "Account menu" });
  await account.click();
  await expect(header.getByText("Hello User")).toBeVisible();
  await expect(header.getByRole("link", { name: "My Profile" })).toHaveAttribute("href", "/profile");
  await expect(header.getByRole("link", { name: "My Orders" })).toHaveAttribute("href", "/orders");
  // My Wishlist with its count, on every screen since the wishlist is real (issue 24 item 2).
  await expect(header.getByRole("link", { name: "My Wishlist (0 watches)" })).toHaveAttribute("href", "/wishlist");
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(header.getByRole("link", { name: "My Wishlist (0 watches)" })).toBeVisible();
  await header.getByRole("link", { name: "My Wishlist (0 watches)" }).click();
  await expect(page).toHaveURL(/\/wishlist$/);

  await page.locator("#mobile-menu > summary").click();
  const menu = mainNav(page);
  await expect(menu.getByRole("link", { name: "My Orders" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Log In / Sign Up" })).toHaveCount(0);
  await menu.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
});

test.describe("footer", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("has company and policy links, the feedback link and contact details", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const company = footer.getByRole("navigation", { name: "Company" });
    for (const [name, href] of [
      ["Home", "/"],
      ["About us", "/about"],
      ["Delivery", "/shipping-policy"],
      ["Privacy policy", "/privacy-policy"],
      ["Contact", "/contact"],
    ]) {
      await expect(company.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    const policies = footer.getByRole("navigation", { name: "Policies" });
    for (const [name, href] of [
      ["Refund Policy", "/refund-policy"],
      ["Return Policy", "/return-policy"],
      ["Shipping Policy", "/shipping-policy"],
      ["Payment Policy", "/payment-policy"],
      ["Warranty Policy", "/warranty-policy"],
      ["Terms & Conditions", "/terms-and-conditions"],
      ["Privacy Policy", "/privacy-policy"],
      ["FAQs", "/faqs"],
    ]) {
      await expect(policies.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }

    // FEEDBACK_URL of tests/setup/e2e-server.sh: external, in a new tab, and says so.
    const feedback = footer.getByRole("link", { name: /feedback/i });
    await expect(feedback).toHaveAttribute("href", "https://example.com/feedback");
    await expect(feedback).toHaveAttribute("target", "_blank");
    await expect(feedback).toHaveAttribute("rel", /noopener/);
    await expect(feedback).toHaveAccessibleName(/opens in a new tab/);

    // The seller's details and the grievance officer from the owner's settings (issue 25 item 1).
    const seller = footer.getByTestId("footer-seller");
    await expect(seller.getByRole("link", { name: /^\+91/ })).toHaveAttribute("href", /^tel:\+91\d{8,10}$/);
    await expect(seller.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
    await expect(seller).toContainText("Pvt. Ltd.");
    await expect(seller).toContainText(/GSTIN: \w{15}/);
    const officer = footer.getByTestId("footer-grievance-officer");
    await expect(officer).toContainText("Grievance Officer");
    await expect(officer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
    await expect(officer.getByRole("link", { name: "Make a complaint" })).toHaveAttribute("href", "/grievance");
    await expect(footer).toContainText("India");
    await expect(footer).toContainText("Mon-Sat 10:00-19:00 IST");
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Chrono India`);

    await policies.getByRole("link", { name: "Warranty Policy" }).click();
    await expect(page).toHaveURL(/\/warranty-policy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Warranty Policy" })).toBeVisible();
  });
});

test("an unknown URL answers 404 inside the header and footer, with a way home", async ({ page }) => {
  const response = await page.goto("/no-such-page/anywhere");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(/Page not found/);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText("Free shipping on all orders across India");
  await expect(page.getByRole("contentinfo").getByRole("navigation", { name: "Policies" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Back to home" }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
});

test("a form posted to an unknown URL also answers 404, not a server error", async ({ request }) => {
  const response = await request.post("/no-such-page", { form: { anything: "1" } });
  expect(response.status()).toBe(404);
});

test("/wishlist asks a visitor to log in, and comes back (issue 24 item 2; tests/e2e/wishlist.spec.ts)", async ({ page }) => {
  const response = await page.goto("/wishlist");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent("/wishlist")}`);
  await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
});

test("/profile is a real page that invites a logged-out shopper to log in", async ({ page }) => {
  const response = await page.goto("/profile");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Log in to see your profile" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Log In / Sign Up" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack();
  await expectNoAxeViolations(page);
});
