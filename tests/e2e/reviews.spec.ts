import type { APIRequestContext, Page } from "@playwright/test";
import { newShopper, signUpWithForm, toast } from "./auth";
import { expect, expectNoAxeViolations, jsDisabled, test } from "./fixtures";
import { ownerCommand, signInAsStaff } from "./staff";

/**
 * Verified reviews (issue 23 item 2; DESIGN.md §21; IS 19000:2022), with JavaScript on and off: a
 * shopper's cash-on-delivery order is delivered (the owner's terminal command); before that the
 * review page says why they cannot review; then they write a review through "Write a Review",
 * the owner rejects it on /admin/reviews (a second browser) for personal data, the shopper reads
 * the reason and writes a new one under it, the owner publishes that, and the product page — for an
 * anonymous visitor, through the full-page cache — shows "1 review", the rating, the date and
 * "Verified purchase", with JSON-LD that agrees; the text is shown as text. A shopper who never
 * bought the watch is told they cannot review it. The author withdraws it and the page is back to
 * "No reviews yet".
 */

// Some thirty page loads in four browsers, three of the owner's terminal commands (a node process
// each, 1–5 s on two busy cores) and three axe runs: two minutes and more on a busy machine.
test.describe.configure({ timeout: 300_000 });

type ListedProduct = { _id: string; name: string; price?: number; colours: string[]; reviewCount?: number; stock?: number };

/**
 * A watch no other spec reads and nobody has reviewed: from the end of the catalogue, without
 * colours, within cash on delivery's reach, not short of stock (issue 23 item 1: the demo
 * catalogue has sold-out and low watches); the js and no-js projects take alternate ones, so
 * their runs (side by side, on one server) never review the same watch.
 */
async function unreviewedWatch(request: APIRequestContext): Promise<ListedProduct> {
  const response = await request.get("/api/product/listproduct");
  expect(response.ok()).toBe(true);
  const products = ((await response.json()).products as ListedProduct[]).filter((p) => p.colours.length === 0 && (p.price ?? 0) > 0 && (p.price ?? 0) <= 25_000 && (p.stock === undefined || p.stock >= 5));
  const mine = products.reverse().filter((_, index) => index % 2 === (jsDisabled() ? 1 : 0));
  const product = mine.slice(0, 40).find((p) => !p.reviewCount);
  expect(product, "an unreviewed watch at the end of the demo catalogue").toBeDefined();
  return product!;
}

async function placeCodOrder(page: Page, productId: string): Promise<string> {
  await page.goto(`/product/${productId}`);
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
  const link = page.getByTestId("order-row").first().getByRole("link", { name: /^Order CI\d{6}-[0-9A-Z]{8}$/ });
  return (await link.textContent())!.replace("Order ", "").trim();
}

type JsonLd = Record<string, unknown>;

async function productJsonLd(page: Page): Promise<JsonLd> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = blocks.map((text) => JSON.parse(text) as JsonLd).find((data) => data["@type"] === "Product");
  expect(product).toBeDefined();
  return product!;
}

const NOT_DELIVERED = "You can review a watch once it has been delivered to you. This account has no delivered order of this watch.";

test("a shopper reviews a delivered watch, staff reject it, the shopper writes a new one, staff publish it, the page shows it; a shopper who never bought it cannot", async ({ page, request, browser }) => {
  const product = await unreviewedWatch(request);
  const reviewPage = `/product/${product._id}/review`;
  const javaScriptEnabled = !jsDisabled();

  // Logged out, "Write a Review" goes through the login and back.
  await page.goto(`/product/${product._id}?tab=reviews`);
  await page.getByRole("link", { name: "Write a Review" }).click();
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(reviewPage)}`);

  await signUpWithForm(page, newShopper("review"));
  const orderId = await placeCodOrder(page, product._id);

  // Ordered, not delivered: told why not, no form.
  await page.goto(reviewPage);
  await expect(page.getByTestId("review-refused")).toContainText(NOT_DELIVERED);
  await expect(page.getByRole("button", { name: "Send review" })).toHaveCount(0);

  await ownerCommand("orders-status", [orderId, "Shipped", "--courier", "Blue Dart", "--awb", "BD20261126RV"]);
  await ownerCommand("orders-status", [orderId, "Delivered"]);

  // Anonymous visitors' view before: no reviews (and now in the page cache).
  const visitor = await browser.newContext({ javaScriptEnabled });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/product/${product._id}?tab=reviews`);
  await expect(visitorPage.getByTestId("star-rating")).toHaveText("No reviews yet. Be the first to review this product.");
  expect((await productJsonLd(visitorPage)).aggregateRating).toBeUndefined();

  // Write it: from the Reviews tab, through the form.
  await page.goto(`/product/${product._id}?tab=reviews`);
  await page.getByRole("link", { name: "Write a Review" }).click();
  await expect(page).toHaveURL(reviewPage);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Review ${product.name}`);
  await expect(page.getByRole("link", { name: "review guidelines" })).toHaveAttribute("href", "/review-guidelines");
  await expectNoAxeViolations(page);
  // The stars are a select with nothing chosen (a text browser would choose a radio group's first).
  const rating = page.getByLabel("Your rating (required)");
  await expect(rating).toHaveValue("");
  await expect(rating.getByRole("option")).toHaveText(["Choose from 1 to 5 stars", "5 stars", "4 stars", "3 stars", "2 stars", "1 star"]);
  // Without a rating the browser stops it (required); past the browser, the server says so too.
  expect(await rating.evaluate((select) => (select as HTMLSelectElement).required)).toBe(true);
  await page.evaluate(() => document.querySelectorAll("[required]").forEach((field) => field.removeAttribute("required")));
  await page.getByRole("button", { name: "Send review" }).click();
  await expect(page.getByText("Choose a rating from 1 to 5 stars.", { exact: true })).toBeVisible();
  // A first review with a phone number in it: the owner will reject it.
  await page.getByLabel("Your rating (required)").selectOption("5");
  await page.getByLabel(/^Title/).fill("Call me on 98765 43210");
  await page.getByRole("button", { name: "Send review" }).click();
  await expect(toast(page, "Thank you. Your review will appear once our team has checked it, usually within two working days.")).toBeVisible();
  await expect(page.getByTestId("own-review-status")).toHaveText("Waiting for our team to check it. It appears on the watch's page once published.");

  // The owner rejects it from the queue, with the reason.
  const owner = await browser.newContext({ javaScriptEnabled });
  const ownerPage = await owner.newPage();
  await signInAsStaff(ownerPage, "owner");
  await ownerPage.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Reviews" }).click();
  await expect(ownerPage).toHaveURL("/admin/reviews");
  const queued = () => ownerPage.getByTestId("pending-review").filter({ has: ownerPage.getByRole("link", { name: orderId }) });
  await expect(queued()).toContainText(product.name);
  await expect(queued()).toContainText("By Asha R.");
  await expect(queued()).toContainText("Call me on 98765 43210");
  await expectNoAxeViolations(ownerPage);
  await queued().getByLabel("Reason to reject").selectOption({ label: "Personal data (a phone number, an address, an email or someone's full name)" });
  await queued().getByRole("button", { name: "Reject" }).click();
  await expect(toast(ownerPage, "Review rejected. The shopper has been told why.")).toBeVisible();
  await expect(queued()).toHaveCount(0);

  // The shopper reads why, and writes a new one under it (a rejected review does not use up theirs).
  await page.goto(reviewPage);
  await expect(page.getByTestId("own-review-status")).toHaveText(
    "Not published: it does not follow our review guidelines. Reason: Personal data (a phone number, an address, an email or someone's full name). You can write a new review below.",
  );
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(["Your review", "Write a new review"]);
  await expect(page.getByRole("button", { name: "Withdraw my review" })).toHaveCount(0);
  await page.getByLabel("Your rating (required)").selectOption("4");
  await page.getByLabel(/^Title/).fill("Keeps perfect time");
  await page.getByLabel(/^Your review/).fill("Light on the wrist. <script>alert(1)</script> shows as text.");
  await page.getByRole("button", { name: "Send review" }).click();
  await expect(toast(page, "Thank you. Your review will appear once our team has checked it, usually within two working days.")).toBeVisible();
  await expect(page.getByTestId("own-review-status")).toHaveText("Waiting for our team to check it. It appears on the watch's page once published.");
  await expect(page.getByRole("button", { name: "Send review" })).toHaveCount(0);

  // The owner publishes the new one.
  await ownerPage.reload();
  const card = queued();
  await expect(card).toContainText("Keeps perfect time");
  await card.getByRole("button", { name: "Publish" }).click();
  await expect(toast(ownerPage, "Review published.")).toBeVisible();
  await expect(ownerPage.getByTestId("pending-review").filter({ has: ownerPage.getByRole("link", { name: orderId }) })).toHaveCount(0);

  // The visitor's page follows (the page cache dropped it with the catalogue version).
  const today = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" }).format(new Date());
  await expect(async () => {
    await visitorPage.goto(`/product/${product._id}?tab=reviews`);
    // Four of five stars as text ("★★★★☆", read as "Rated 4.0 out of 5"), a space, the figures.
    await expect(visitorPage.getByTestId("star-rating")).toHaveText("★★★★☆ 4.0 (1 review)", { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(visitorPage.getByRole("img", { name: "Rated 4.0 out of 5" })).toBeVisible();
  await expect(visitorPage.getByRole("tab", { name: "Reviews (1)" })).toHaveAttribute("aria-selected", "true");
  const panel = visitorPage.getByTestId("panel-reviews");
  await expect(panel).toContainText(`4.0 out of 5. Based on 1 review. Reviews collected on ${today}, from shoppers whose order was delivered.`);
  const shown = panel.getByRole("listitem");
  await expect(shown).toHaveCount(1);
  await expect(shown.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
  await expect(shown.getByRole("heading", { name: "Keeps perfect time" })).toBeVisible();
  await expect(shown.getByText(`Asha R. · Verified purchase · ${today}`, { exact: true })).toBeVisible();
  await expect(shown.getByText("Light on the wrist. <script>alert(1)</script> shows as text.", { exact: true })).toBeVisible();
  const data = await productJsonLd(visitorPage);
  expect(data.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: "4.0", reviewCount: 1, bestRating: 5, worstRating: 1 });
  expect(data.review).toEqual([
    {
      "@type": "Review",
      author: { "@type": "Person", name: "Asha R." },
      datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      reviewRating: { "@type": "Rating", ratingValue: 4, bestRating: 5, worstRating: 1 },
      name: "Keeps perfect time",
      reviewBody: "Light on the wrist. <script>alert(1)</script> shows as text.",
    },
  ]);
  await expectNoAxeViolations(visitorPage);

  // A shopper who never bought the watch is told they cannot review it.
  const stranger = await browser.newContext({ javaScriptEnabled });
  const strangerPage = await stranger.newPage();
  await signUpWithForm(strangerPage, newShopper("no-purchase"), reviewPage);
  await expect(strangerPage.getByTestId("review-refused")).toContainText(NOT_DELIVERED);
  await expect(strangerPage.getByRole("button", { name: "Send review" })).toHaveCount(0);
  // … and a post of the form anyway is refused with the same sentence, nothing written.
  const posted = await strangerPage.request.post(reviewPage, { form: { intent: "write", rating: "5" }, headers: { origin: new URL(strangerPage.url()).origin } });
  expect(posted.status()).toBe(403);
  expect(await posted.text()).toContain(NOT_DELIVERED);

  // The author withdraws it; the page is back to no reviews.
  await page.goto(reviewPage);
  await expect(page.getByTestId("own-review-status")).toContainText(`Published on the watch's page. ${today}.`);
  await page.getByRole("button", { name: "Withdraw my review" }).click();
  await expect(toast(page, "Your review has been withdrawn.")).toBeVisible();
  await expect(page.getByTestId("own-review-status")).toHaveText("You withdrew this review. It is no longer shown, and you cannot write another review of this watch.");
  await expect(page.getByRole("button", { name: "Send review" })).toHaveCount(0);
  await expect(async () => {
    await visitorPage.goto(`/product/${product._id}`);
    await expect(visitorPage.getByTestId("star-rating")).toHaveText("No reviews yet. Be the first to review this product.", { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  expect((await productJsonLd(visitorPage)).aggregateRating).toBeUndefined();

  await Promise.all([visitor.close(), owner.close(), stranger.close()]);
});

test("the review guidelines are a page of their own, with the fixed reasons", async ({ page }) => {
  const response = await page.goto("/review-guidelines");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Review Guidelines");
  const text = (await page.getByRole("main").innerText()).replace(/\s+/g, " ");
  for (const fact of [/IS 19000:2022/, /delivered/, /Abusive or offensive language/, /Personal data/, /Not about the product/, /Spam or advertising/, /withdraw/]) expect(text).toMatch(fact);
  await expectNoAxeViolations(page);
});
