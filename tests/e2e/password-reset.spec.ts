import fs from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import { logInWithForm, newShopper, registerWithApi, toast } from "./auth";
import { expect, expectNoAxeViolations, jsDisabled, test } from "./fixtures";
import { STORE_PORT } from "./servers";

/**
 * "Forgot your password?" (issue 24 item 1; DESIGN.md §22; docs/decisions/0700), with JavaScript
 * and without: the login page's link asks for an email, the store writes the email with the link
 * to its outbox folder (the browser tests' store has no SMTP_URL: `.eml` files beside its SQLite
 * file, tests/setup/e2e-server.sh), the link sets a new password and signs the shopper in, the new
 * password logs in, and the used link says so plainly and offers a new one.
 */

test.describe.configure({ timeout: 60_000 });

/** The store's outbox folder: `outbox/` beside its database (app/config/outbox.server.ts). */
const OUTBOX = path.join("tests", ".tmp", `e2e-${STORE_PORT}`, "outbox");

/** The reset link of the email sent to `email`, once the store's sender has written it (every 5 s at most). */
async function resetLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const names = await fs.readdir(OUTBOX).catch(() => [] as string[]);
        for (const name of names.filter((file) => file.includes("password_reset"))) {
          const mail = await simpleParser(await fs.readFile(path.join(OUTBOX, name)));
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          if (to?.value[0]?.address !== email) continue;
          link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]{43}/.exec(mail.text ?? "")?.[0];
        }
        return link;
      },
      { timeout: 20_000, message: `the reset email to ${email}` },
    )
    .toBeTruthy();
  return link!;
}

test("a shopper who forgot the password gets a link, sets a new one, is signed in and logs in with it; the used link says so", async ({ page, request }) => {
  const shopper = newShopper("forgot");
  await registerWithApi(request, shopper);

  await page.goto("/login");
  // A click while React hydrates the page can be lost (seen on a busy CI run): wait for it first.
  if (!jsDisabled()) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page).toHaveURL(/\/forgot-password\?sent=1$/);
  await expect(page.getByText("If an account uses that email address, we've sent it a link")).toBeVisible();

  const link = await resetLinkFor(shopper.email);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await expect(page.getByText(shopper.email)).toBeVisible();
  await expectNoAxeViolations(page);

  // Typed differently the second time: the server says so beside the second field.
  const newPassword = "saffron kite 19 monsoon";
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("New password again", { exact: true }).fill(`${newPassword}!`);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("The two passwords don't match. Please type the same new password twice.")).toBeVisible();

  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("New password again", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(toast(page, "Your new password is saved and you are signed in. Every other device was signed out.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello, Asha Rao");

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logInWithForm(page, { email: shopper.email, password: shopper.password });
  await expect(page.getByText("Invalid email or password.").first()).toBeVisible();
  await logInWithForm(page, { email: shopper.email, password: newPassword });
  await expect(page).toHaveURL(/\/$/);

  // The link again: used, said plainly, with the way to a new one.
  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText(
    "This link has already been used to choose a new password. Each link works only once. Please ask for a new one if you need it.",
  );
  await expect(page.getByRole("button", { name: "Save new password" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Ask for a new link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("an unknown email gets the same answer, and the profile changes the password and signs out everywhere", async ({ page, request }) => {
  await page.goto("/forgot-password");
  await page.getByLabel("Email", { exact: true }).fill(newShopper("nobody").email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page).toHaveURL(/\/forgot-password\?sent=1$/);
  await expect(page.getByText("If an account uses that email address, we've sent it a link")).toBeVisible();

  const shopper = newShopper("change");
  await registerWithApi(request, shopper);
  await page.goto("/login?redirectTo=/profile");
  await logInWithForm(page, shopper);
  await expect(page).toHaveURL(/\/profile$/);
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password").fill("not my password at all");
  await form.getByLabel("New password", { exact: true }).fill("monsoon kite 27 saffron");
  await form.getByLabel("New password again").fill("monsoon kite 27 saffron");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("That is not your current password.")).toBeVisible();

  await form.getByLabel("Current password").fill(shopper.password);
  await form.getByLabel("New password", { exact: true }).fill("monsoon kite 27 saffron");
  await form.getByLabel("New password again").fill("monsoon kite 27 saffron");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(toast(page, "Your password is changed. Your other devices were signed out.")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, "You are signed out everywhere, on this device too. Please log in again.")).toBeVisible();
  await logInWithForm(page, { email: shopper.email, password: "monsoon kite 27 saffron" });
  await expect(page).toHaveURL(/\/$/);
});
