import type { Locator, Page } from "@playwright/test";
import { catalogue, newShopper, signUpWithForm, toast, type ApiProduct } from "./auth";
import { expect, expectNoAxeViolations, jsDisabled, test } from "./fixtures";

/**
 * Issue 9 items 2 and 4: every page reads well as text and has no dead controls. What counts is
 * the HTML (the no-js project): one copy of each control, every control named by text a text
 * browser also reads (visible or `sr-only`, never `aria-label` alone), no two fields with one
 * label, and axe clean with the wcag22aa tags (tests/e2e/fixtures.ts AXE_TAGS).
 */

/** A control whose name is not in its text, or that has no text at all. */
type Problem = { control: string; name: string; text: string };

/**
 * Every control in the HTML (links, buttons, fields, selects, summaries), except those hidden from
 * everyone (`hidden`, `aria-hidden`), with the text it carries: its content (sr-only text and
 * image alt included), its <label>s, aria-labelledby targets, a button's value.
 */
async function controls(page: Page) {
  return page.locator("body").evaluate((body) => {
    const norm = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();
    const textOf = (node: Node): string => {
      if (node instanceof HTMLImageElement) return ` ${node.alt} `;
      if (node instanceof Element && node.getAttribute("aria-hidden") === "true") return "";
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
      return Array.from(node.childNodes).map(textOf).join("");
    };
    const selector = "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=tab], [role=button]";
    return Array.from(body.querySelectorAll<HTMLElement>(selector))
      .filter((el) => !el.closest("[hidden], [aria-hidden=true]"))
      .map((el) => {
        const parts = [textOf(el)];
        if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) {
          for (const label of Array.from(el.labels ?? [])) parts.push(textOf(label));
        }
        if (el instanceof HTMLInputElement && ["submit", "button", "reset"].includes(el.type)) parts.push(el.value);
        for (const id of (el.getAttribute("aria-labelledby") ?? "").split(/\s+/).filter(Boolean)) {
          const target = document.getElementById(id);
          if (target) parts.push(textOf(target));
        }
        const field = el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;
        return {
          tag: el.tagName.toLowerCase(),
          type: el.getAttribute("type") ?? "",
          href: el.getAttribute("href") ?? "",
          ariaLabel: el.getAttribute("aria-label"),
          text: norm(parts.join(" ")),
          field: field && !["submit", "button", "reset", "image"].includes((el as HTMLInputElement).type),
          // Links in running text (policy pages, FAQ answers) may repeat: they are words, not controls.
          inMain: Boolean(el.closest("main")) && !el.closest("[data-prose]"),
          // Home shows a watch under both Latest Collections and Our Best Sellers: one copy per section.
          scope: el.closest("section[aria-labelledby]")?.getAttribute("aria-labelledby") ?? "main",
          outerHTML: el.outerHTML.slice(0, 160),
        };
      });
  });
}

/**
 * Asserts the page's controls read well as text (issue 9 item 2): each has text; an aria-label,
 * if any, only repeats that text; no two fields share a label; inside <main> no control appears
 * twice (same kind, text and target) within one section.
 */
async function expectReadableControls(page: Page) {
  const all = await controls(page);
  expect(all.length).toBeGreaterThan(0);
  const problems: Problem[] = [];
  for (const control of all) {
    const name = control.ariaLabel ?? control.text;
    const nameInText = control.text.toLowerCase().includes(name.replace(/\s+/g, " ").trim().toLowerCase());
    if (!control.text || !nameInText) problems.push({ control: control.outerHTML, name, text: control.text });
  }
  expect(problems, "controls without text a text browser reads").toEqual([]);

  const fieldLabels = all.filter((c) => c.field && !["checkbox", "radio"].includes(c.type)).map((c) => c.text);
  const checkLabels = all.filter((c) => c.field && ["checkbox", "radio"].includes(c.type)).map((c) => c.text);
  expect(duplicates(fieldLabels), "fields sharing a label").toEqual([]);
  expect(duplicates(checkLabels), "checkboxes or radios sharing a label").toEqual([]);

  const inMain = all
    .filter((c) => c.inMain)
    .map((c) => `${c.scope}: ${c.tag}${c.type ? `[${c.type}]` : ""} “${c.text}” → ${c.href}`);
  expect(duplicates(inMain), "controls repeated in <main>").toEqual([]);

  // The header's navigation exists once: one "Main" nav, each of its links once in the banner (in
  // the page's language: issue 27).
  const hindi = new URL(page.url()).pathname.startsWith("/hi");
  await expect(page.getByRole("navigation", { name: hindi ? "मुख्य" : "Main" })).toHaveCount(1);
  const names = hindi ? ["होम", "नई घड़ियाँ", "हमारे बारे में", "संपर्क", "सभी घड़ियाँ देखें"] : ["HOME", "NEW ARRIVALS", "ABOUT", "CONTACT", "View All Watches"];
  for (const name of names) {
    await expect(page.getByRole("banner").locator("a", { hasText: name }).filter({ hasText: new RegExp(`^${name}$`) })).toHaveCount(1);
  }
}

function duplicates(values: string[]) {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const value of values) (seen.has(value) ? twice : seen).add(value);
  return [...twice];
}

/** Checks a page as text and with axe (the wcag22aa tags among AXE_TAGS). */
async function expectReadable(page: Page) {
  await expectReadableControls(page);
  await expectNoAxeViolations(page);
}

const textOf = (locator: Locator) => locator.evaluate((el) => (el.textContent ?? "").replace(/\s+/g, " ").trim());

/** The public pages checked one by one ("PRODUCT" stands for a watch with colours). */
const PUBLIC_PAGES = [
  "/",
  "/collection?brand=Casio&min=1000",
  "/collection?page=2",
  "/collection/luxury",
  "/product/PRODUCT",
  "/product/PRODUCT?tab=reviews#tabs",
  "/login",
  "/login?mode=signup",
  "/contact",
  "/faqs",
  "/wishlist",
  // Their Hindi twins (issue 27): read with lang="hi", the switch and the translated controls.
  "/hi",
  "/hi/collection?brand=Casio&min=1000",
  "/hi/collection?page=2",
  "/hi/product/PRODUCT",
  "/hi/login",
];

test.describe("pages read well as text and pass axe (wcag22aa)", () => {
  // One test a page, so they run side by side and each has the default timeout (all eleven in one
  // test took up to two minutes without JavaScript on two busy cores).
  for (const path of PUBLIC_PAGES) {
    test(`public page ${path}`, async ({ page, request }) => {
      const product = path.includes("PRODUCT") ? (await catalogue(request)).find((p) => p.colours.length > 0)! : null;
      await page.goto(product ? path.replace("PRODUCT", product._id) : path);
      await expectReadable(page);
    });
  }

  test("/collection has one search box, one pager and one filters toggle, and its chips say what they remove", async ({ page }) => {
    await page.goto("/collection?brand=Casio&min=1000&page=1");
    await expect(page.locator('input[type="search"]')).toHaveCount(1);
    await expect(page.getByRole("searchbox", { name: "Search watches" })).toHaveCount(1);
    await page.goto("/collection?page=2");
    await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(1);
    await expect(page.locator('[data-testid="pagination"] ul')).toHaveCount(1);
    await expect(page.locator('input[type="checkbox"]:not([name])')).toHaveCount(0);
    await expect(page.locator("summary", { hasText: "FILTERS" })).toHaveCount(1);
    for (const heading of ["Categories", "Brands", "Price range"]) {
      await expect(page.getByText(heading, { exact: true })).toHaveCount(1);
    }
    // The pager's arrows are named by text: "Next page", not a bare "›".
    await expect(page.getByRole("link", { name: "Next page" })).toHaveCount(1);
    expect(await textOf(page.getByRole("link", { name: "Next page" }))).toContain("Next page");

    await page.goto("/collection?brand=Casio&min=1000");
    const chip = page.getByTestId("active-filters").getByRole("link", { name: "Remove filter: Casio" });
    await expect(chip).toHaveAccessibleName("Remove filter: Casio");
    expect(await textOf(chip)).toBe("Remove filter: Casio");
    expect(await textOf(page.getByRole("link", { name: "Remove filter: Min ₹1,000" }))).toBe("Remove filter: Min ₹1,000");

    // The header's search icon leads to the page's own search box rather than being a second one.
    const search = page.getByRole("banner").getByRole("link", { name: "Search" });
    await expect(search).toHaveAttribute("href", "#collection-search");
    await search.click();
    if (!jsDisabled()) await expect(page.getByRole("searchbox", { name: "Search watches" })).toBeFocused();
  });

  test("small screens: the same one copy of each control, shown by CSS", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/collection?page=2");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.locator("#mobile-menu > summary").click();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "ABOUT" })).toBeVisible();
    await expectReadable(page);
  });

  test("dead controls say why they do nothing", async ({ page, request }) => {
    const product = (await catalogue(request))[0];
    await page.goto(`/product/${product._id}`);
    // WISHLIST is no longer dead (issue 24 item 2): a form (tests/e2e/wishlist.spec.ts).
    await expect(page.getByRole("button", { name: "Add to wishlist" })).toBeEnabled();

    // Write a Review is no longer dead (issue 23 item 2): a link to the review form.
    await page.goto(`/product/${product._id}?tab=reviews#tabs`);
    await expect(page.getByRole("link", { name: "Write a Review" })).toHaveAttribute("href", `/product/${product._id}/review`);

    // The home page's category tabs are no longer dead (issue 24 item 4): links (tests/e2e/home-tabs.spec.ts).
    await page.goto("/");
    const tabs = page.getByRole("navigation", { name: "Latest arrivals by category" });
    for (const tab of ["All", "Watches", "Accessories", "Limited Edition"]) await expect(tabs.getByRole("link", { name: tab, exact: true })).toBeVisible();

    // Forgot your password? is no longer dead (issue 24 item 1): the emailed link (tests/e2e/password-reset.spec.ts).
    await page.goto("/login");
    await expect(page.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute("href", "/forgot-password");
  });

  test("the sign-up honeypot is hidden from every reader and still in the form", async ({ page }) => {
    await page.goto("/login?mode=signup");
    const honeypot = page.locator('form input[name="website"]');
    await expect(honeypot).toHaveCount(1);
    await expect(honeypot).toBeHidden();
    await expect(honeypot).toHaveAttribute("aria-hidden", "true");
    await expect(honeypot).toHaveAttribute("tabindex", "-1");
    // No words to read: no label, and no text that asks anything of a person.
    expect(await honeypot.evaluate((input: HTMLInputElement) => input.labels?.length ?? 0)).toBe(0);
    await expect(page.getByText(/leave this field/i)).toHaveCount(0);
    // It comes after the Sign Up button, so a text browser's reader meets it last, if at all.
    const order = await page.locator("form:has(input[name=website])").evaluate((form) => {
      const controls = Array.from(form.querySelectorAll("button[type=submit], input[name=website]"));
      return controls.map((c) => c.getAttribute("name") ?? c.textContent);
    });
    expect(order.at(-1)).toBe("website");
  });

  test("cart and header: named by text, with separators between side-by-side pieces", async ({ page, request }) => {
    test.setTimeout(60_000); // sign-up, two products added to the cart, two pages read and run through axe
    const products = await catalogue(request);
    const coloured = products.find((p) => p.colours.length > 0)!;
    const plain = products.find((p) => p.colours.length === 0)!;
    await signUpWithForm(page, newShopper("readable"));
    await addToCart(page, coloured, coloured.colours[0]);
    await addToCart(page, plain);
    await page.goto("/cart");

    const cartLink = page.getByTestId("cart-link");
    await expect(cartLink).toHaveAccessibleName("Cart, 2 items");
    expect(await textOf(cartLink)).toBe("Cart, 2 items");

    const colour = coloured.colours[0];
    const remove = page.getByRole("button", { name: `Remove ${coloured.name} (${colour}) from cart` });
    await expect(remove).toHaveCount(1);
    expect(await textOf(remove)).toBe(`Remove ${coloured.name} (${colour}) from cart`);
    await expect(page.getByRole("button", { name: `Remove ${plain.name} from cart` })).toHaveCount(1);

    const lines = page.getByTestId("cart-line");
    const colouredLine = lines.filter({ has: remove });
    expect(await textOf(colouredLine)).toMatch(new RegExp(`₹[\\d,]+ · Colour: ${colour}`));
    const plainLine = lines.filter({ has: page.getByRole("button", { name: `Remove ${plain.name} from cart` }) });
    expect(await textOf(plainLine)).toMatch(/₹[\d,]+ · Standard/);
    expect(await textOf(plainLine)).not.toContain("Colour");
    await expectReadable(page);

    await page.goto("/orders");
    await expectReadable(page);
  });
});

async function addToCart(page: Page, product: ApiProduct, colour?: string) {
  await page.goto(`/product/${product._id}`);
  if (colour) await page.getByTestId("colour-picker").getByText(colour, { exact: true }).click();
  await page.getByRole("button", { name: "ADD TO CART" }).click();
  await expect(toast(page, "Item added to cart!")).toBeVisible();
}
