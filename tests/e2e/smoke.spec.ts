import { expect, expectNoAxeViolations, test } from "./fixtures";

test("the home page renders with the hero heading", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Discover Our Latest Arrivals" })).toBeVisible();
  await expectNoAxeViolations(page);
});
