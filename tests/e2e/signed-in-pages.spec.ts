import { catalogue, logInWithForm, newShopper, registerWithApi } from "./auth";
import { expect, expectNoAxeViolations, jsDisabled, test } from "./fixtures";

/**
 * Signed-in pages spliced from the cached page (issue 26 item 1; docs/decisions/0800), JavaScript on
 * and off: a shopper with one watch in the cart and one saved opens the home page, a collection and
 * the saved watch's page as documents. Each comes from the cache (`X-Page-Cache: PERSONAL`), shows
 * their header (Hello User, "Cart, 1 item", "My Wishlist (1 watch)") and their mark, and with
 * JavaScript hydrates without a mismatch (the noHydrationErrors fixture) and then works in place:
 * the heart takes the watch off without loading the document again.
 *
 * Each project takes its own demo watches without colours (the last two such watches of the
 * first page of newest arrivals), so the two never share a shopper's marks.
 */
test("a signed-in shopper's pages come from the cache with their header and marks, and work", async ({ page, request }) => {
  test.setTimeout(60_000);
  const shopper = newShopper("spliced");
  await registerWithApi(request, shopper);
  await page.goto("/login");
  await logInWithForm(page, shopper);
  await expect(page.getByTestId("account-menu")).toBeAttached();

  const products = await catalogue(request);
  const plain = products.filter((product) => product.colours.length === 0 && !["w00040", "w00046"].includes(product._id));
  const [saved, inCart] = jsDisabled() ? [plain[2], plain[3]] : [plain[4], plain[5]];
  const { token } = (await (await request.post("/api/user/login", { data: { email: shopper.email, password: shopper.password } })).json()) as { token: string };
  expect((await request.post("/api/cart/add", { data: { itemId: inCart._id, size: "default" }, headers: { token } })).status()).toBe(200);
  const origin = new URL(page.url()).origin;
  const save = await page.request.post("/wishlist", { form: { intent: "add", productId: saved._id, redirectTo: "/" }, headers: { origin }, maxRedirects: 0 });
  expect(save.status()).toBe(303);

  // Spent the save's toast: a page with a toast to show renders whole.
  await page.goto("/about");

  for (const path of ["/", `/collection?q=${encodeURIComponent(saved.name)}`, `/product/${saved._id}`]) {
    const response = await page.goto(path);
    expect(response?.headers()["x-page-cache"], path).toBe("PERSONAL");
    expect(response?.headers()["cache-control"], path).toBe("private, no-store");
    await expect(page.getByTestId("cart-link"), path).toHaveAccessibleName("Cart, 1 item");
    await expect(page.getByTestId("wishlist-link"), path).toHaveText("My Wishlist (1 watch)");
  }
  // On its own page: WISHLIST pressed; nothing else is marked.
  const toggle = page.getByTestId("wishlist-toggle");
  await expect(toggle).toHaveText("Saved to wishlist");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expectNoAxeViolations(page);

  // On the collection that finds it: its heart says so, and takes it off.
  await page.goto(`/collection?q=${encodeURIComponent(saved.name)}`);
  const heart = page.getByRole("button", { name: `Remove ${saved.name} from wishlist` });
  await expect(heart).toHaveCount(1);
  if (!jsDisabled()) await page.evaluate(() => Object.assign(window, { __samePage: true }));
  await heart.click();
  await expect(page.getByRole("button", { name: `Add ${saved.name} to wishlist` })).toHaveCount(1);
  await expect(page.getByTestId("wishlist-link")).toHaveText("My Wishlist (0 watches)");
  if (!jsDisabled()) expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
});
