import fs from "node:fs/promises";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { newShopper, registerWithApi, logInWithForm } from "./auth";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { STORE_PORT } from "./servers";
import { signInAsStaff } from "./staff";

/**
 * Grievances (issue 25 item 3; DESIGN.md §23; docs/decisions/0750), JavaScript on and off: a
 * visitor files a complaint from the footer's link and reads "check your email"; the email to the
 * address named (the store's outbox folder) carries the ticket and the link that confirms it
 * (issue 43 item 1, docs/decisions/0920); confirmed, staff see it verified in /admin/grievances with
 * its deadline and resolve it, and the link shows the answer. Then the attacks: a foreign origin, an
 * oversized body, a flood from one address, an order that isn't the filer's, a guessed follow link.
 */

const OUTBOX = path.resolve(`tests/.tmp/e2e-${STORE_PORT}/outbox`);

async function emailTo(recipient: string, kind: string): Promise<ParsedMail> {
  for (let tries = 0; tries < 60; tries++) {
    const names = await fs.readdir(OUTBOX).catch(() => [] as string[]);
    for (const name of names.filter((file) => file.includes(`-${kind}-`))) {
      const mail = await simpleParser(await fs.readFile(path.join(OUTBOX, name)));
      const to = (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text;
      if (to === recipient) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`No ${kind} email to ${recipient} in ${OUTBOX}`);
}

/** "26 Dec 2026": the IST date 30 days from now, as the store writes it. */
function resolveByFromNow(): string {
  const ist = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000 + 330 * 60 * 1000);
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  return `${ist.getUTCDate()} ${months[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

test.describe("grievances", () => {
  test("file from the footer, ticket on the page and by email, staff resolve it, the link shows the answer", async ({ page }) => {
    test.setTimeout(90_000);
    const email = `complainer-${unique()}@example.in`;
    const text = `The strap of my watch broke after two days (${unique()}).`;

    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Grievances", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Make a complaint" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("heading", { name: "Grievance officer" })).toBeVisible();
    await expectNoAxeViolations(page);

    // A problem first: the field says so, nothing is filed.
    await page.getByLabel("Your name").fill("Asha Rao");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("What is it about?").selectOption({ label: "Product" });
    await page.getByLabel("Your complaint").fill("Too short");
    await page.getByLabel("Your complaint").evaluate((el) => el.removeAttribute("minlength"));
    await page.getByRole("button", { name: "FILE MY COMPLAINT" }).click();
    await expect(page.getByText("Please describe your complaint in at least 10 characters.")).toBeVisible();
    await expect(page.getByLabel("Your complaint")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);

    await page.getByLabel("Your complaint").fill(text);
    await page.getByRole("button", { name: "FILE MY COMPLAINT" }).click();
    // Signed out: "check your email" — no ticket and no link in the filer's browser (issue 43 item 1).
    await expect(page).toHaveURL(/\/grievance\?sent=1$/);
    await expect(page.getByTestId("grievance-sent")).toContainText("Check your email to confirm your complaint.");
    await expect(page.getByTestId("grievance-sent")).toContainText("(one address gets at most 5 a day)");
    await expectNoAxeViolations(page);

    // The email to the address named: the ticket and the link that confirms it; no typed name.
    const ask = await emailTo(email, "grievance_confirm");
    const ticket = /GR-\d{4}-\d{6}/.exec(ask.subject ?? "")![0];
    expect(ask.subject).toBe(`Please confirm your complaint ${ticket} — Chrono India`);
    expect(ask.text?.startsWith("Hello,\n\nSomeone — we hope you — made a complaint to Chrono India giving this email address:")).toBe(true);
    expect(ask.text).not.toContain("Asha");
    const followUrl = new RegExp(`https?://\\S+/grievance/${ticket}\\?key=[A-Za-z0-9_-]{43}`).exec(ask.text ?? "")?.[0];
    expect(followUrl).toBeTruthy();

    // The link: one press confirms it; its month starts now.
    await page.goto(followUrl!);
    await expect(page.getByRole("heading", { level: 1, name: `Complaint ${ticket}` })).toBeVisible();
    await expect(page.getByTestId("grievance-status")).toHaveText("Waiting for your confirmation");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "CONFIRM MY COMPLAINT" }).click();
    await expect(page.getByTestId("grievance-confirmed")).toContainText(`Your complaint ${ticket} is confirmed and registered.`);
    await expect(page.getByTestId("grievance-confirmed")).toContainText(`by ${resolveByFromNow()}`);
    await expect(page.getByTestId("grievance-status")).toHaveText("Open");
    await expectNoAxeViolations(page);

    // Staff: the list with its deadline, the page, the answer.
    await signInAsStaff(page, "staff");
    await expect(page.getByTestId("grievances-line")).toContainText(/\d+ grievances? open, \d+ overdue/);
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Grievances" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Grievances" })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: ticket });
    await expect(row).toContainText(resolveByFromNow());
    await expect(row).toContainText(/(29|30) days left/);
    await expect(row).toContainText("Met:");
    await expect(row.getByTestId("grievance-verified")).toHaveText("Verified");
    await expectNoAxeViolations(page);
    await row.getByRole("link", { name: ticket }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Grievance ${ticket}` })).toBeVisible();
    await expect(page.getByText(text)).toBeVisible();
    await expect(page.getByTestId("grievance-verified")).toContainText("confirmed from the emailed link");
    await expectNoAxeViolations(page);
    const answer = `We are sending a new strap today (${unique()}).`;
    await page.getByLabel(/^Answer to the shopper/).fill(answer);
    await page.getByRole("button", { name: "Send answer and resolve" }).click();
    await expect(page.getByRole("heading", { name: "Answer", exact: true })).toBeVisible();
    await expect(page.getByText(answer)).toBeVisible();
    await expect(page.getByText("grievance.resolve")).toBeVisible();
    const answered = await emailTo(email, "grievance_answered");
    expect(answered.text).toContain(answer);

    // The shopper's link, signed out: resolved, with the answer.
    await page.context().clearCookies();
    await page.goto(followUrl!);
    await expect(page.getByTestId("grievance-status")).toHaveText("Answered — resolved");
    await expect(page.getByTestId("grievance-answer")).toHaveText(answer);
    await expectNoAxeViolations(page);
    // A guessed key and a guessed ticket are the ordinary 404.
    expect((await page.request.get(`/grievance/${ticket}?key=${"A".repeat(43)}`)).status()).toBe(404);
    expect((await page.request.get(`/grievance/${ticket}`)).status()).toBe(404);
    expect((await page.request.get(`/grievance/GR-1999-000001?key=${"A".repeat(43)}`)).status()).toBe(404);
  });

  test("a signed-in shopper files under their own email, from their order's page link", async ({ page }) => {
    const shopper = newShopper("grievance");
    await registerWithApi(page.request, shopper);
    await page.goto("/login?redirectTo=%2Fgrievance%3Forder%3DCI-NOT-MINE-1");
    await logInWithForm(page, shopper);
    await expect(page.getByRole("heading", { level: 1, name: "Make a complaint" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(shopper.email);
    await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");
    await expect(page.getByLabel("Order number (optional)")).toHaveValue("CI-NOT-MINE-1");
    // An order that isn't theirs is refused plainly, the same whether it exists or not.
    await page.getByLabel("Your complaint").fill("Where is my parcel? It is a week late.");
    await page.getByRole("button", { name: "FILE MY COMPLAINT" }).click();
    await expect(page.getByText("We can't find that order among yours.", { exact: false })).toBeVisible();
    await page.getByLabel("Order number (optional)").fill("");
    await page.getByRole("button", { name: "FILE MY COMPLAINT" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Complaint GR-/ })).toBeVisible();
    const ticket = /GR-\d{4}-\d{6}/.exec((await page.getByRole("heading", { level: 1 }).textContent()) ?? "")![0];
    await expect(page.getByTestId("grievance-filed")).toContainText(shopper.email);
    // Signed in, their complaints are listed and open without the key.
    await page.goto("/grievance");
    await page.getByRole("link", { name: ticket }).click();
    await expect(page.getByTestId("grievance-status")).toHaveText("Open");
  });

  test("attacks: foreign origin, oversized body, bad fields answer 4xx; a flood and another's order answer like any filing", async ({ request }) => {
    const form = { name: "Mallory", email: `flood-${unique()}@example.in`, subject: "other", text: "A complaint that is long enough." };
    const foreign = await request.post("/grievance", { headers: { Origin: "https://evil.example" }, form });
    expect(foreign.status()).toBe(403);
    const huge = await request.post("/grievance", { form: { ...form, text: "x".repeat(70 * 1024) } });
    expect(huge.status()).toBe(413);
    const nul = await request.post("/grievance", { form: { ...form, text: "A complaint\u0000 with a NUL in it" } });
    expect(nul.status()).toBe(400);
    const subject = await request.post("/grievance", { form: { ...form, subject: "prices" } });
    expect(subject.status()).toBe(400);
    // Signed out, every filing gets the same answer — over the limit or not, any order number (issue 43).
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await request.post("/grievance", { form: { ...form, orderId: i % 2 ? "CI-NOT-MINE-1" : "" }, maxRedirects: 0 });
      answers.push(`${answer.status()} ${answer.headers()["location"]}`);
    }
    expect(answers).toEqual(Array(6).fill("303 /grievance?sent=1"));
  });
});
