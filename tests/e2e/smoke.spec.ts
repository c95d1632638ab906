import { expect, expectNoAxeViolations, test } from "./fixtures";

test("the home page renders with the hero heading", async ({ page }) => {
  test.slow(); // axe-core on the home page takes 30 s and more on a busy two-core machine (Debian Chromium 156)
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Discover Our Latest Arrivals" })).toBeVisible();
  await expectNoAxeViolations(page);
});
