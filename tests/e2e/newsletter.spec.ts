import fs from "node:fs/promises";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { toast } from "./auth";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { CHECK_INBOX, CONFIRMED, CONSENT_VERSION, CONSENT_WORDS, UNSUBSCRIBED } from "./newsletter-words";
import { STORE_PORT } from "./servers";
import { signInAsStaff } from "./staff";

/**
 * The newsletter with real consent (issue 24 item 3; DESIGN.md §22), with JavaScript on and off:
 * a shopper signs up in the home page's box, confirms from the emailed link (read from the
 * store's outbox folder), an owner sees them in the back office and sends a newsletter, which
 * arrives with List-Unsubscribe and a visible link, and one press unsubscribes — no login.
 */

const OUTBOX = path.resolve(`tests/.tmp/e2e-${STORE_PORT}/outbox`);

/** The email the store's sender wrote for `recipient` whose file name has `kind` and whose subject matches, waiting for it. */
async function emailTo(recipient: string, kind: string, subject?: string): Promise<ParsedMail> {
  for (let tries = 0; tries < 60; tries++) {
    const names = await fs.readdir(OUTBOX).catch(() => [] as string[]);
    for (const name of names.filter((file) => file.includes(`-${kind}-`))) {
      const mail = await simpleParser(await fs.readFile(path.join(OUTBOX, name)));
      const to = (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text;
      if (to === recipient && (!subject || mail.subject === subject)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`No ${kind} email to ${recipient} in ${OUTBOX}`);
}

/** A header of a parsed email as sent, unfolded. */
function header(mail: ParsedMail, name: string): string | undefined {
  return mail.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n/g, "");
}

test.describe("newsletter", () => {
  test("sign up, confirm by email, the owner sends, one press unsubscribes", async ({ page }) => {
    test.setTimeout(90_000);
    const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const email = `reader-${unique}@example.in`;

    // The box on the home page: the words beside it, no box to tick.
    await page.goto("/");
    const box = page.locator("#newsletter");
    await expect(box.getByTestId("newsletter-consent")).toHaveText(CONSENT_WORDS);
    await box.getByLabel("Email address").fill(email.toUpperCase());
    await box.getByRole("button", { name: "SUBSCRIBE" }).click();
    await expect(toast(page, CHECK_INBOX)).toBeVisible();

    // The confirmation email: the words and a link; opening it changes nothing until the button.
    const confirmation = await emailTo(email, "newsletter_confirm");
    expect(confirmation.text).toContain(CONSENT_WORDS);
    const confirmUrl = /https?:\/\/\S+\/newsletter\/confirm\?token=[A-Za-z0-9_-]+/.exec(confirmation.text ?? "")?.[0];
    expect(confirmUrl).toBeTruthy();
    await page.goto(confirmUrl!);
    await expect(page.getByRole("heading", { level: 1, name: "Newsletter subscription" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByText(CONFIRMED)).toBeVisible();
    // Used once: the same link says so.
    expect((await page.request.get(confirmUrl!)).status()).toBe(410);

    // The owner sees the subscriber and sends a newsletter.
    await signInAsStaff(page, "owner");
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Newsletter" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Newsletter" })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row).toContainText(CONSENT_VERSION);
    const subject = `New arrivals ${unique}`;
    await page.getByLabel("Subject").fill(subject);
    await page.getByLabel(/^Text/).fill("Hello from **Chrono India**.\n\n[See the new watches](http://localhost/new-arrivals)");
    await page.getByRole("button", { name: /^Send to \d+ subscribers?$/ }).click();
    await expect(page.getByText(/^The newsletter is queued for \d+ subscribers?\.$/).filter({ visible: true }).first()).toBeVisible();
    const progress = page.getByTestId("newsletter-send").filter({ hasText: subject }).getByTestId("newsletter-progress");
    await expect(progress).toContainText("queued");

    // It arrives with the one-click headers and a visible link.
    const newsletter = await emailTo(email, "newsletter", subject);
    const unsubscribeUrl = /https?:\/\/\S+\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]+/.exec(newsletter.text ?? "")?.[0];
    expect(unsubscribeUrl).toBeTruthy();
    expect(header(newsletter, "list-unsubscribe")).toBe(`List-Unsubscribe: <${unsubscribeUrl}>`);
    expect(header(newsletter, "list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(newsletter.html || "").toContain("<strong>Chrono India</strong>");
    // A reload brings the progress up to date.
    await expect(async () => {
      await page.reload();
      await expect(progress).toContainText(/[1-9]\d* sent/, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });

    // One press unsubscribes, signed in or not; the page says it's done.
    await page.context().clearCookies();
    await page.goto(unsubscribeUrl!);
    await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe from the newsletter" })).toBeVisible();
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByText(UNSUBSCRIBED)).toBeVisible();
    await expectNoAxeViolations(page);
    // A mail client's RFC 8058 one-click post is answered alike (and changes nothing more).
    const oneClick = await page.request.post(unsubscribeUrl!, { form: { "List-Unsubscribe": "One-Click" } });
    expect(oneClick.status()).toBe(200);
    expect((await oneClick.text()).replace(/&#x27;/g, "'")).toContain(UNSUBSCRIBED);

    // The owner no longer sees them.
    await signInAsStaff(page, "owner");
    await page.goto("/admin/newsletter");
    await expect(page.getByRole("heading", { level: 1, name: "Newsletter" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
  });

  test("posts from another site are refused; a made-up unsubscribe token changes nothing", async ({ request }) => {
    const foreign = { Origin: "https://evil.example" };
    const signUp = await request.post("/newsletter", { headers: foreign, form: { email: "x@example.in", consentVersion: CONSENT_VERSION, redirectTo: "/" } });
    expect(signUp.status()).toBe(403);
    const made = await request.post(`/newsletter/unsubscribe?token=${"A".repeat(43)}`, { form: { "List-Unsubscribe": "One-Click" } });
    expect(made.status()).toBe(404);
    const noToken = await request.get("/newsletter/unsubscribe");
    expect(noToken.status()).toBe(404);
    const badVersion = await request.post("/newsletter", { form: { email: "x@example.in", consentVersion: "1999", redirectTo: "/" } });
    expect(badVersion.status()).toBe(400);
    const offsite = await request.post("/newsletter", { form: { email: `offsite-${Date.now()}@example.in`, consentVersion: CONSENT_VERSION, redirectTo: "https://evil.example/" }, maxRedirects: 0 });
    expect(offsite.status()).toBe(303);
    expect(offsite.headers().location).toBe("/");
  });
});
