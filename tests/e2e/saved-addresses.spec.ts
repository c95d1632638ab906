import type { Page } from "@playwright/test";
import { catalogue, newShopper, signUpWithForm, toast, type ApiProduct } from "./auth";
import { expect, expectNoAxeViolations, jsDisabled, test } from "./fixtures";

/**
 * Saved delivery addresses (issue 13 item 5; docs/decisions/0623), with JavaScript and without:
 * /profile adds, edits, deletes and makes default with plain forms (field errors from the server,
 * the values kept); checkout offers the saved addresses as radio choices, the default chosen, and
 * places a cash-on-delivery order with one while the new-address fields stay blank; a new address
 * entered at checkout with "Save this address for next time" ticked joins the profile.
 */

// Sign-up, a cart and checkout at least: up to 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

type AddressInput = { first: string; street: string; city: string; state: string; pin: string; phone: string };

const HOME: AddressInput = { first: "Asha", street: "12 MG Road", city: "Bengaluru", state: "Karnataka", pin: "560001", phone: "98765 43210" };
const OFFICE: AddressInput = { first: "Asha", street: "4 Old Airport Road, Indiranagar", city: "Bengaluru", state: "Karnataka", pin: "560038", phone: "9845012345" };

/** Fills an address form on the page (/profile's or checkout's new address). */
async function fillAddress(page: Page, address: AddressInput) {
  await page.getByLabel("First name").fill(address.first);
  await page.getByLabel("Last name").fill("Rao");
  await page.getByLabel("Email address").fill("asha@example.in");
  await page.getByLabel("Street").fill(address.street);
  await page.getByLabel("City").fill(address.city);
  await page.getByLabel("State", { exact: true }).selectOption(address.state);
  await page.getByRole("textbox", { name: /^PIN code/ }).fill(address.pin);
  await page.getByLabel(/^Mobile number/).fill(address.phone);
}

/** Puts a watch of at most ₹25,000 (cash on delivery's limit) in the cart and opens /place-order. */
async function toCheckout(page: Page, request: Parameters<typeof catalogue>[0]): Promise<ApiProduct> {
  const product = (await catalogue(request)).find((p) => p.colours.length === 0 && (p.price ?? 0) <= 25_000)!;
  await page.goto(`/product/${product._id}`);
  await page.getByRole("button", { name: "ADD TO CART" }).click();
  await expect(toast(page, "Item added to cart!")).toBeVisible();
  await page.goto("/place-order");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/DELIVERY\s+INFORMATION/);
  return product;
}

const blocks = (page: Page) => page.getByTestId("saved-address");

test("a shopper keeps addresses on /profile and pays cash on delivery to the default one", async ({ page, request }) => {
  test.setTimeout(90_000); // three addresses kept, edited and removed, then checkout: some twenty page loads, up to 50 s
  await signUpWithForm(page, newShopper("addresses"), "/profile");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello, Asha Rao");
  await expect(page.getByText("You have no saved addresses yet.")).toBeVisible();
  await expect(page.getByText(/coming soon/)).toHaveCount(0);
  await expect(page.getByLabel("Email address")).toHaveValue(/@example\.com$/);

  // A PIN code India Post doesn't list: 400, the sentence under the field, the values kept.
  await fillAddress(page, { ...HOME, pin: "999999" });
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByTestId("error-zipcode")).toHaveText("This PIN code doesn't exist. Please check it.");
  await expect(page.getByRole("textbox", { name: /^PIN code/ })).toHaveAccessibleDescription("This PIN code doesn't exist. Please check it.");
  await expect(page.getByLabel("Street")).toHaveValue(HOME.street);
  await expect(blocks(page)).toHaveCount(0);

  // The first address is the default.
  await page.getByRole("textbox", { name: /^PIN code/ }).fill(HOME.pin);
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(toast(page, "Address saved.")).toBeVisible();
  await expect(blocks(page)).toHaveCount(1);
  await expect(blocks(page).first()).toContainText("Default");
  await expect(blocks(page).first()).toContainText("Bengaluru, Karnataka 560001");
  await expect(page.getByLabel("Street")).toHaveValue("");

  await fillAddress(page, OFFICE);
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(toast(page, "Address saved.")).toBeVisible();
  await expect(blocks(page)).toHaveCount(2);
  await expect(blocks(page).filter({ hasText: "Old Airport" })).not.toContainText("Default");

  // Make the second the default: it moves first.
  await page.getByRole("button", { name: /^Make default: Asha Rao, 4 Old Airport Road/ }).click();
  await expect(toast(page, "Default address changed.")).toBeVisible();
  await expect(blocks(page).first()).toContainText("4 Old Airport Road");
  await expect(blocks(page).first()).toContainText("Default");
  await expect(blocks(page).filter({ hasText: "12 MG Road" })).not.toContainText("Default");

  // Edit the first: its form opens prefilled at ?edit=ID.
  await page.getByRole("link", { name: "Edit Asha Rao, 12 MG Road, Bengaluru" }).click();
  await expect(page).toHaveURL(/\/profile\?edit=\d+/);
  await expect(page.getByRole("heading", { name: "Edit address" })).toBeVisible();
  await expect(page.getByLabel("Street")).toHaveValue(HOME.street);
  await expect(page.getByRole("textbox", { name: /^PIN code/ })).toHaveValue("560001");
  await expect(page.getByLabel(/^Mobile number/)).toHaveValue("9876543210");
  await page.getByLabel("Street").fill("14 MG Road");
  await page.getByLabel("State", { exact: true }).selectOption("Kerala");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("error-state")).toHaveText("This PIN code is in Karnataka. Please check the state or the PIN code.");
  await expect(page.getByLabel("Street")).toHaveValue("14 MG Road");
  await page.getByLabel("State", { exact: true }).selectOption("Karnataka");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Address updated.")).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(blocks(page).filter({ hasText: "14 MG Road" })).toHaveCount(1);
  await expect(blocks(page).filter({ hasText: "12 MG Road" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Delete it (with JavaScript the page asks first).
  if (!jsDisabled()) page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Delete Asha Rao, 14 MG Road, Bengaluru" }).click();
  await expect(toast(page, "Address deleted.")).toBeVisible();
  await expect(blocks(page)).toHaveCount(1);
  await expect(blocks(page).first()).toContainText("4 Old Airport Road");

  // Another shopper's (or a deleted) address reads as not found.
  await page.goto("/profile?edit=999999");
  await expect(page).toHaveURL(/\/profile$/);
  await expect(toast(page, "We couldn't find that address.")).toBeVisible();

  // Checkout: the default is chosen, the new-address fields hidden and blank; cash on delivery.
  await toCheckout(page, request);
  const choices = page.getByRole("group", { name: "Deliver to" });
  await expect(choices.getByRole("radio", { name: /4 Old Airport Road, Indiranagar, Bengaluru, Karnataka 560038, Mobile 9845012345 \(default\)/ })).toBeChecked();
  await expect(choices.getByRole("radio", { name: "A new address" })).not.toBeChecked();
  await expect(page.getByLabel("Street")).toBeHidden();
  await expectNoAxeViolations(page);
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await page.getByRole("button", { name: "PLACE ORDER" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(toast(page, "Order placed successfully!")).toBeVisible();
  await expect(page.getByTestId("order-row")).toHaveCount(1);

  // Nothing new was saved from the blank fields.
  await page.goto("/profile");
  await expect(blocks(page)).toHaveCount(1);
});

test("a new address entered at checkout with “Save this address” ticked joins the profile", async ({ page, request }) => {
  await signUpWithForm(page, newShopper("save-at-checkout"), "/profile");
  await fillAddress(page, HOME);
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(toast(page, "Address saved.")).toBeVisible();

  await toCheckout(page, request);
  await expect(page.getByRole("radio", { name: /12 MG Road.*\(default\)/ })).toBeChecked();
  await page.getByRole("radio", { name: "A new address" }).check();
  await expect(page.getByLabel("Street")).toBeVisible();
  const save = page.getByRole("checkbox", { name: "Save this address for next time" });
  // Never ticked in advance (issue 25 item 5): the shopper ticks it.
  await expect(save).not.toBeChecked();
  await save.check();
  if (!jsDisabled()) {
    // With JavaScript the browser now checks the new address: a blank form stops PLACE ORDER.
    await page.getByRole("button", { name: "PLACE ORDER" }).click();
    await expect(page.getByTestId("error-firstName")).toHaveText("Please enter your first name.");
    await expect(page).toHaveURL(/\/place-order$/);
  }
  await fillAddress(page, OFFICE);
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await page.getByRole("button", { name: "PLACE ORDER" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(toast(page, "Order placed successfully!")).toBeVisible();

  await page.goto("/profile");
  await expect(blocks(page)).toHaveCount(2);
  await expect(blocks(page).first()).toContainText("12 MG Road");
  await expect(blocks(page).first()).toContainText("Default");
  await expect(blocks(page).filter({ hasText: "4 Old Airport Road, Indiranagar" })).toContainText("Bengaluru, Karnataka 560038");
});

test("a first-time buyer's address, ticked to be saved, is kept as the default; unticked, it is not", async ({ page, request }) => {
  await signUpWithForm(page, newShopper("first-address"));
  await toCheckout(page, request);
  await expect(page.getByRole("group", { name: "Deliver to" })).toHaveCount(0);
  await fillAddress(page, OFFICE);
  await page.getByRole("checkbox", { name: "Save this address for next time" }).check();
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await page.getByRole("button", { name: "PLACE ORDER" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await page.goto("/profile");
  await expect(blocks(page)).toHaveCount(1);
  await expect(blocks(page).first()).toContainText("Default");

  // A second order to a new address, "save" unticked: the book stays as it was.
  await toCheckout(page, request);
  await page.getByRole("radio", { name: "A new address" }).check();
  await fillAddress(page, HOME);
  await expect(page.getByRole("checkbox", { name: "Save this address for next time" })).not.toBeChecked();
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await page.getByRole("button", { name: "PLACE ORDER" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await page.goto("/profile");
  await expect(blocks(page)).toHaveCount(1);
});
