import path from "node:path";
import { hash } from "@node-rs/argon2";
import SQLite from "better-sqlite3";
import { expect, expectNoAxeViolations, jsDisabled, test } from "./fixtures";
import { fillSignUp, logInWithForm, newShopper } from "./auth";

/** Issue 8 item 14: 12–128 characters, no common passwords, a show-password toggle with JavaScript. */
test.describe("passwords", () => {
  for (const password of ["password1234", "qwertyuiop12"]) {
    test(`signing up with the common password ${password} is refused beside the field`, async ({ page, request }) => {
      const shopper = { ...newShopper("common"), password };
      await page.goto("/login?mode=signup");
      await fillSignUp(page, shopper);
      await page.getByRole("button", { name: "Sign Up" }).click();
      await expect(page.getByText("This password is too common. Please choose another.")).toBeVisible();
      await expect(page).toHaveURL("/login?mode=signup");
      await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
      await expect(page.getByTestId("account-menu")).toHaveCount(0);
      const login = await request.post("/api/user/login", { data: { email: shopper.email, password } });
      expect(login.status()).toBe(401);
    });
  }

  test("12345678 is too short, and the form says the rule before it is sent", async ({ page }) => {
    await page.goto("/login?mode=signup");
    await expect(page.getByText("At least 12 characters.", { exact: true })).toBeVisible();
    await fillSignUp(page, { ...newShopper("short"), password: "12345678" });
    await page.getByRole("button", { name: "Sign Up" }).click();
    if (jsDisabled()) {
      // Without JavaScript the browser's own minlength check stops the form; the server rule is
      // proven in account.spec.ts. Here the page simply stays.
      await expect(page).toHaveURL("/login?mode=signup");
    } else {
      await expect(page.getByText("Your password must be at least 12 characters.")).toBeVisible();
    }
    await expect(page.getByTestId("account-menu")).toHaveCount(0);
  });

  test("an account made under the old 8-character rule still logs in (the rules are for new passwords)", async ({ page }) => {
    // Written into the browser-test server's database as the old code did: argon2id of "12345678".
    const shopper = newShopper("old-rule");
    const db = new SQLite(path.resolve(`tests/.tmp/e2e-${process.env.E2E_PORT ?? 3210}/store.db`));
    try {
      db.pragma("busy_timeout = 5000");
      db.prepare("insert into users (name, email, password_hash, created_at) values (?, ?, ?, ?)").run(
        shopper.name,
        shopper.email,
        await hash("12345678", { algorithm: 2 }),
        Date.now(),
      );
    } finally {
      db.close();
    }
    await page.goto("/login");
    await logInWithForm(page, { email: shopper.email, password: "12345678" });
    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("account-menu")).toBeVisible();
  });

  test("with JavaScript a Show password toggle reveals and hides the password; without it there is none", async ({ page }) => {
    await page.goto("/login?mode=signup");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("tiger lake 7 river");
    if (jsDisabled()) {
      await expect(page.getByRole("button", { name: /password/i })).toHaveCount(0);
      await expect(password).toHaveAttribute("type", "password");
      return;
    }
    const toggle = page.getByRole("button", { name: "Show password" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(toggle).toHaveAttribute("aria-controls", (await password.getAttribute("id"))!);
    await toggle.click();
    const hide = page.getByRole("button", { name: "Hide password" });
    await expect(hide).toHaveAttribute("aria-pressed", "true");
    await expect(password).toHaveAttribute("type", "text");
    await expect(password).toHaveValue("tiger lake 7 river");
    await expectNoAxeViolations(page);
    await hide.click();
    await expect(password).toHaveAttribute("type", "password");

    // On the Login form too; sending the form hides the password again.
    await page.goto("/login");
    await page.getByLabel("Email", { exact: true }).fill(newShopper("toggle").email);
    await page.getByLabel("Password", { exact: true }).fill("not the password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
  });

  test("the common-password list never reaches the browser", async ({ page }) => {
    // Every script the browser loads for the Sign Up page (entry, route chunks, lazy discovery).
    const bodies: Promise<string>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") bodies.push(response.text().catch(() => ""));
    });
    await page.goto("/login?mode=signup");
    await page.getByLabel("Password", { exact: true }).fill("tiger lake 7 river");
    await page.waitForLoadState("networkidle");
    const sources = [await page.content(), ...(await Promise.all(bodies))];
    if (!jsDisabled()) expect(bodies.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(source).not.toContain("qwertyuiop");
      expect(source).not.toContain("passwords-common");
    }
  });
});
