import crypto from "node:crypto";
import { expect, test } from "./fixtures";
import { logInWithForm, newShopper, registerWithApi, signUpWithForm } from "./auth";

/**
 * Issue 8 item 12 on the production build (no TRUST_PROXY, as a store that forgot it): one client's
 * failures lock out only the accounts it attacks, never everyone.
 */
test.describe("login limits", () => {
  // 125 logins through the API, or a dozen through the form: an argon2 hash each.
  test.describe.configure({ timeout: 60_000 });

  test("125 bad logins with random emails from one client leave another shopper's login and a new sign-up working", async ({ page, request }) => {
    const shopper = newShopper("victim");
    await registerWithApi(request, shopper);
    for (let i = 0; i < 125; i += 5) {
      const batch = Array.from({ length: 5 }, () =>
        request.post("/api/user/login", {
          data: { email: `attacker-${crypto.randomBytes(6).toString("hex")}@example.com`, password: "guess 12345678" },
        }),
      );
      for (const answer of await Promise.all(batch)) expect(answer.status()).toBe(401);
    }

    await page.goto("/login");
    await logInWithForm(page, shopper);
    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("account-menu")).toBeVisible();

    await page.context().clearCookies();
    await signUpWithForm(page, newShopper("newcomer"));
    await expect(page.getByTestId("account-menu")).toBeVisible();
  });

  test("the 6th failure on one account within a minute says to wait, even with the right password", async ({ page, request }) => {
    const shopper = newShopper("locked");
    await registerWithApi(request, shopper);
    await page.goto("/login");
    for (let i = 0; i < 5; i++) {
      await logInWithForm(page, { email: shopper.email, password: `wrong password ${i}` });
      await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
      await page.goto("/login");
    }
    await logInWithForm(page, shopper);
    await expect(page.getByRole("alert")).toHaveText("Too many attempts. Please wait a minute and try again.");
    await expect(page.getByTestId("account-menu")).toHaveCount(0);

    const api = await request.post("/api/user/login", { data: { email: shopper.email, password: shopper.password } });
    expect(api.status()).toBe(429);
    expect(Number(api.headers()["retry-after"])).toBeGreaterThanOrEqual(1);

    // Another shopper on the same machine is not affected.
    const other = newShopper("neighbour");
    await registerWithApi(request, other);
    await page.goto("/login");
    await logInWithForm(page, other);
    await expect(page).toHaveURL("/");
  });
});
