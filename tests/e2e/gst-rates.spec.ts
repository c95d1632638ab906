import { expect, test } from "./fixtures";
import { BACK_OFFICE_URL } from "./servers";
import { signInAsStaff } from "./staff";

/**
 * Today's GST rates on the owner's settings page (issue 47 item 4; docs/decisions/1010), JavaScript
 * on and off: the rate list offers the rates in force since 22 Sep 2025 (GST Council, 56th
 * meeting) — 0, 0.25, 3, 5, 18 and 40 % — and neither 12 nor 28 %; a forged 12 % posted (an option
 * added to the list in the page, as a hand-made request would) is refused with its sentence in
 * English and Hindi, and nothing is saved. On the back office's own server; the spec saves nothing,
 * so it leaves the rate as it found it.
 */
test.use({ baseURL: BACK_OFFICE_URL });

const RATE_LABEL = "GST rate included in prices (%)";
/** lib/gst GST_RATE_MESSAGES.ended for 12 % (its last day 21 Sep 2025), and its Hindi (the phrasebook's `gstRates` group). */
const REFUSAL = "GST at 12 % ended on 21 Sep 2025: choose a rate in force today (0, 0.25, 3, 5, 18, 40 %).";
const REFUSAL_HI = "12 % की GST दर 21 सित॰ 2025 को समाप्त हो गई: आज लागू कोई दर चुनें (0, 0.25, 3, 5, 18, 40 %)।";

test("the GST rate list offers today's rates only; a forged 12 % is refused and nothing is saved", async ({ page }) => {
  await signInAsStaff(page, "owner");
  await page.goto("/admin/settings");
  const select = page.getByLabel(RATE_LABEL);
  const offered = await select.locator("option").evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(offered).toEqual(["0", "0.25", "3", "5", "18", "40"]);
  await expect(select).toHaveValue("18");
  const savedBefore = await page.getByLabel(RATE_LABEL).inputValue();

  // A forged 12 %: an option the page does not offer, added and chosen before the post.
  await select.evaluate((element) => {
    const option = document.createElement("option");
    option.value = "12";
    option.textContent = "12%";
    element.appendChild(option);
    (element as HTMLSelectElement).value = "12";
  });
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText(REFUSAL)).toBeVisible();
  await expect(page.locator('[lang="hi"]', { hasText: REFUSAL_HI })).toBeVisible();

  // Nothing saved: a fresh load still has the rate it had, from today's list.
  await page.goto("/admin/settings");
  await expect(page.getByLabel(RATE_LABEL)).toHaveValue(savedBefore);
  const again = await page.getByLabel(RATE_LABEL).locator("option").evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(again).not.toContain("12");
  expect(again).not.toContain("28");
});
