import type { APIRequestContext, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { newShopper, registerWithApi, toast, type Shopper } from "./auth";
import { expect, expectNoAxeViolations, jsDisabled, test } from "./fixtures";
import { BACK_OFFICE_URL } from "./servers";
import { newStaffMember, signInAsStaff } from "./staff";

/**
 * Discount codes in the back office (issue 47 item 1; docs/decisions/1012), JavaScript on and off
 * (the two projects): the owner creates a percent code scoped to a brand and a fixed code, is told
 * next to the field what is wrong with a bad percentage and a duplicate code (another case), edits
 * one and sees the change in its history, pauses it, and reads the list and the CSV; a post from
 * another site is refused 403; staff see the list but cannot create (403); a shopper gets 404.
 *
 * On the back office's own server (tests/e2e/servers.ts): its codes are private, and no other spec
 * there reads codes. Each run's codes carry a suffix of their own (two projects, two workers).
 */
test.use({ baseURL: BACK_OFFICE_URL });

/** A suffix no other run of this spec shares (letters and digits, upper case as the store shows codes). */
function suffix(): string {
  return `${jsDisabled() ? "N" : "J"}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
}

/** A request context of its own on the back office's server (its own cookies, same-site Origin), signed in through /login. */
async function signedInClient(playwright: PlaywrightWorkerArgs["playwright"], who: Shopper): Promise<APIRequestContext> {
  const context = await playwright.request.newContext({ baseURL: BACK_OFFICE_URL, extraHTTPHeaders: { origin: BACK_OFFICE_URL } });
  const login = await context.post("/login", { form: { email: who.email, password: who.password }, maxRedirects: 0 });
  expect(login.status()).toBe(303);
  return context;
}

async function fillNewCode(page: Page, fields: { code: string; kind?: "A percentage" | "A fixed amount"; percent?: string; amount?: string; scope?: string; brand?: string; minSubtotal?: string; endsAt?: string }) {
  await page.getByLabel("Code", { exact: true }).fill(fields.code);
  if (fields.kind) await page.getByRole("radio", { name: fields.kind }).check();
  if (fields.percent !== undefined) await page.getByLabel("Percentage off (%)").fill(fields.percent);
  if (fields.amount !== undefined) await page.getByLabel("Amount off (₹)").fill(fields.amount);
  if (fields.scope) await page.getByRole("radio", { name: fields.scope }).check();
  if (fields.brand) await page.getByRole("checkbox", { name: fields.brand, exact: true }).check();
  if (fields.minSubtotal !== undefined) await page.getByLabel("Minimum subtotal (₹)").fill(fields.minSubtotal);
  if (fields.endsAt !== undefined) await page.getByLabel("Ends (IST)").fill(fields.endsAt);
}

test.describe("discount codes in the back office", () => {
  test("the owner creates a brand code and a fixed code, is told what is wrong, edits, pauses, and reads the list and the CSV", async ({ page }) => {
    test.setTimeout(120_000); // an owner made with the owner's command (a node process), a login, two axe runs, fifteen form posts: 31–44 s seen beside another test
    const sfx = suffix();
    const casio = `CASIO15-${sfx}`;
    const flat = `FLAT500-${sfx}`;
    await signInAsStaff(page, "owner");
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Discounts" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Discounts" })).toBeVisible();
    await page.getByRole("link", { name: "New code" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New discount code" })).toBeVisible();
    await expectNoAxeViolations(page);

    // A percentage of 101: refused next to its field, nothing made.
    await fillNewCode(page, { code: casio, percent: "101", scope: "Chosen brands", brand: "Casio", endsAt: "2030-12-31T23:30" });
    await page.getByRole("button", { name: "Create code" }).click();
    await expect(page.getByText("Enter a percentage from 0.01 to 100, like 10 or 12.5.")).toBeVisible();
    await expect(page.getByLabel("Percentage off (%)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("alert").filter({ hasText: "The code was not saved" })).toBeVisible();
    // What was typed stays: correct the percentage only.
    await expect(page.getByLabel("Code", { exact: true })).toHaveValue(casio);
    await expect(page.getByRole("checkbox", { name: "Casio", exact: true })).toBeChecked();
    await page.getByLabel("Percentage off (%)").fill("15");
    await page.getByRole("button", { name: "Create code" }).click();
    await expect(toast(page, `${casio} was created.`)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: casio })).toBeVisible();
    await expect(page.getByText("15 % off watches by Casio · ends 31 Dec 2030, 23:30 IST")).toBeVisible();
    await expect(page.locator("#audit-heading").locator("..")).toContainText("created");

    // The same code in lower case: refused as a duplicate, next to the code.
    await page.goto("/admin/discounts/new");
    await fillNewCode(page, { code: ` ${casio.toLowerCase()} `, percent: "5" });
    await page.getByRole("button", { name: "Create code" }).click();
    await expect(page.getByText(`There is already a code ${casio} (codes are matched without regard to case or spaces). Choose another code.`)).toBeVisible();

    // A fixed ₹500 off the whole order on ₹2,000 or more.
    await fillNewCode(page, { code: flat, kind: "A fixed amount", percent: "", amount: "500", minSubtotal: "2000" });
    await page.getByRole("button", { name: "Create code" }).click();
    await expect(toast(page, `${flat} was created.`)).toBeVisible();
    await expect(page.getByText("₹500 off the whole order · on ₹2,000 or more")).toBeVisible();

    // Edit the Casio code: 20 %; its history shows the change.
    await page.goto("/admin/discounts");
    await page.getByRole("link", { name: casio }).click();
    await expect(page.getByLabel("Percentage off (%)")).toHaveValue("15");
    await expect(page.getByLabel("Ends (IST)")).toHaveValue("2030-12-31T23:30");
    await page.getByLabel("Percentage off (%)").fill("20");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, `${casio} was saved.`)).toBeVisible();
    await expect(page.getByText("20 % off watches by Casio · ends 31 Dec 2030, 23:30 IST")).toBeVisible();
    await expect(page.locator("#audit-heading").locator("..")).toContainText("percent: 15 % → 20 %");

    // Pause it.
    await page.getByRole("button", { name: "Pause code" }).click();
    await expect(toast(page, `${casio} is paused: shoppers can't use it.`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Activate code" })).toBeVisible();

    // The list: both codes with their terms, state and figures.
    await page.getByRole("link", { name: "Discounts" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Discounts" })).toBeVisible();
    const casioRow = page.getByRole("row").filter({ hasText: casio });
    await expect(casioRow).toContainText("20 % off watches by Casio; ends 31 Dec 2030, 23:30 IST");
    await expect(casioRow).toContainText("paused");
    await expect(casioRow).toContainText("0 / no limit");
    await expect(casioRow.getByRole("button", { name: `Activate ${casio}` })).toBeVisible();
    const flatRow = page.getByRole("row").filter({ hasText: flat });
    await expect(flatRow).toContainText("₹500 off the whole order; on ₹2,000 or more");
    await expect(flatRow).toContainText("active");
    await expect(flatRow).toContainText("₹0");
    await expectNoAxeViolations(page);

    // Pause the fixed code from the list, then activate it again.
    await flatRow.getByRole("button", { name: `Pause ${flat}` }).click();
    await expect(toast(page, `${flat} is paused: shoppers can't use it.`)).toBeVisible();
    await page.getByRole("row").filter({ hasText: flat }).getByRole("button", { name: `Activate ${flat}` }).click();
    await expect(toast(page, `${flat} is active again.`)).toBeVisible();

    // The CSV: one row per code, figures in rupees.
    const csv = await page.request.get("/admin/discounts/export.csv");
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toBe(
      "Code,Terms,State,Public,Uses taken,Total limit,Uses given back,Revenue (INR),Discount given (INR),Starts (IST),Ends (IST),Created (IST),Created by",
    );
    expect(lines.find((line) => line.startsWith(`${casio},`))).toMatch(
      new RegExp(`^${casio},"20 % off watches by Casio; ends 31 Dec 2030, 23:30 IST",paused,no,0,,0,0\\.00,0\\.00,,"31 Dec 2030, 23:30",`),
    );
    expect(lines.find((line) => line.startsWith(`${flat},`))).toMatch(new RegExp(`^${flat},"₹500 off the whole order; on ₹2,000 or more",active,no,0,,0,0\\.00,0\\.00,,,`));

    // A post from another site changes nothing: 403.
    const forged = await page.request.post("/admin/discounts/new", {
      form: { intent: "save", code: `EVIL-${sfx}`, kind: "percent", percent: "90", scope: "all", status: "active" },
      headers: { origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    const forgedPause = await page.request.post("/admin/discounts", {
      form: { intent: "status", codeId: "1", status: "paused" },
      headers: { origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(forgedPause.status()).toBe(403);
    expect(await (await page.request.get("/admin/discounts/export.csv")).text()).not.toContain(`EVIL-${sfx}`);

    // Hostile forms from the owner's own session: 400 with the sentence, nothing made, never a 500.
    const attacks: [Record<string, string>, string][] = [
      [{ code: "<script>alert(1)</script>", percent: "10" }, "Enter a code of 3 to 32 letters, digits, - or _"],
      [{ code: `BIG-${sfx}`, percent: "1e3" }, "Enter a percentage from 0.01 to 100, like 10 or 12.5."],
      [{ code: `NEG-${sfx}`, percent: "-10" }, "Enter a percentage from 0.01 to 100, like 10 or 12.5."],
      [{ code: "X".repeat(60_000), percent: "10" }, "Enter a code of 3 to 32 letters, digits, - or _"],
      [{ code: `GHOST-${sfx}`, percent: "10", scope: "products", products: "no-such-watch" }, "No product has the id no-such-watch."],
      [{ code: `LATE-${sfx}`, percent: "10", startsAt: "2030-01-02T10:00", endsAt: "2030-01-01T10:00" }, "The end must be after the start."],
    ];
    for (const [fields, sentence] of attacks) {
      const answer = await page.request.post("/admin/discounts/new", {
        form: { intent: "save", kind: "percent", scope: "all", status: "active", ...fields },
        headers: { origin: BACK_OFFICE_URL },
        maxRedirects: 0,
      });
      expect(answer.status(), JSON.stringify(fields).slice(0, 80)).toBe(400);
      const html = await answer.text();
      expect(html).toContain(sentence);
      expect(html).not.toContain("<script>alert(1)</script>");
    }
    const listed = await (await page.request.get("/admin/discounts/export.csv")).text();
    for (const code of [`BIG-${sfx}`, `NEG-${sfx}`, `GHOST-${sfx}`, `LATE-${sfx}`]) expect(listed).not.toContain(code);
  });

  test("staff see the codes but cannot create one; a shopper gets the ordinary 404", async ({ playwright, page }) => {
    test.skip(jsDisabled(), "HTTP answers: the same with and without JavaScript");
    test.setTimeout(60_000); // two staff members made with the owner's command (a node process each), two logins
    const sfx = suffix();
    const owner = await newStaffMember(page.request, "owner");
    const ownerClient = await signedInClient(playwright, owner);
    const made = await ownerClient.post("/admin/discounts/new", {
      form: { intent: "save", code: `STAFF-${sfx}`, kind: "percent", percent: "5", scope: "all", status: "active" },
      maxRedirects: 0,
    });
    expect(made.status()).toBe(303);
    await ownerClient.dispose();

    await signInAsStaff(page, "staff");
    await page.goto("/admin/discounts");
    await expect(page.getByRole("row").filter({ hasText: `STAFF-${sfx}` })).toContainText("5 % off the whole order");
    await expect(page.getByRole("link", { name: "New code" })).toHaveCount(0);
    expect((await page.request.get("/admin/discounts/new", { maxRedirects: 0 })).status()).toBe(403);
    const refused = await page.request.post("/admin/discounts/new", {
      form: { intent: "save", code: `STAFF2-${sfx}`, kind: "percent", percent: "5", scope: "all", status: "active" },
      headers: { origin: BACK_OFFICE_URL },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
    // The code's page is there for staff, read-only; staff may pause the code, not activate it again.
    await page.getByRole("link", { name: `STAFF-${sfx}` }).click();
    await expect(page.getByText("Only an owner can edit a discount code.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
    await page.getByRole("button", { name: "Pause code" }).click();
    await expect(toast(page, `STAFF-${sfx} is paused: shoppers can't use it.`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Activate code" })).toHaveCount(0);
    const codeId = new URL(page.url()).pathname.split("/").pop()!;
    const activate = await page.request.post(`/admin/discounts/${codeId}`, {
      form: { intent: "status", status: "active" },
      headers: { origin: BACK_OFFICE_URL },
      maxRedirects: 0,
    });
    expect(activate.status()).toBe(403);
    expect(await activate.text()).toContain("Only an owner can activate a discount code.");
    const edit = await page.request.post(`/admin/discounts/${codeId}`, {
      form: { intent: "save", code: `STAFF-${sfx}`, kind: "percent", percent: "90", scope: "all", status: "active" },
      headers: { origin: BACK_OFFICE_URL },
      maxRedirects: 0,
    });
    expect(edit.status()).toBe(403);
    await page.goto("/admin/discounts");
    await expect(page.getByRole("row").filter({ hasText: `STAFF-${sfx}` })).toContainText("paused");
    await expect(page.getByRole("row").filter({ hasText: `STAFF-${sfx}` })).toContainText("5 % off the whole order");

    const shopper = newShopper("nodiscounts");
    await registerWithApi(page.request, shopper);
    const shopperClient = await signedInClient(playwright, shopper);
    for (const url of ["/admin/discounts", "/admin/discounts/new", "/admin/discounts/export.csv"]) {
      expect((await shopperClient.get(url, { maxRedirects: 0 })).status(), url).toBe(404);
    }
    expect((await shopperClient.post("/admin/discounts", { form: { intent: "status", codeId: "1", status: "paused" }, maxRedirects: 0 })).status()).toBe(404);
    await shopperClient.dispose();
  });
});
