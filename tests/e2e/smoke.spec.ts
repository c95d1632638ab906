import { expect, expectNoAxeViolations, test } from "./fixtures";

test("the home page renders with the hero heading", async ({ page }) => {
  test.setTimeout(180_000); // axe-core on the home page: 35 s with JavaScript, over a minute replayed without it, on two busy cores
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Discover Our Latest Arrivals" })).toBeVisible();
  await expectNoAxeViolations(page);
});
