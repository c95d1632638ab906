import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { newShopper, registerWithApi, toast } from "./auth";
import { expect, expectNoAxeViolations, jsDisabled, test } from "./fixtures";
import { newStaffMember, signInAsStaff } from "./staff";

/**
 * Who gets into the back office (issue 12): every admin route and action answers a visitor and a
 * shopper with the store's ordinary 404; staff get in but cannot manage roles; owners can.
 */

/** Every URL of an admin route module, read from app/routes (params filled with a made-up id). */
function adminUrls(): string[] {
  return fs
    .readdirSync(path.resolve("app/routes"))
    .filter((file) => /^admin(\.|$)/.test(file) && /\.tsx?$/.test(file) && !file.includes(".test."))
    .map((file) => {
      const route = file.replace(/\.tsx?$/, "");
      const segments = route.split(/\.(?![^[]*\])/).filter((segment) => segment !== "_index");
      return (
        "/" +
        segments
          .map((segment) => (segment.startsWith("$") ? "CI000000-NOSUCHID" : segment.replace(/\[([^\]]*)\]/g, "$1")))
          .join("/")
      );
    });
}

async function answers(request: APIRequestContext, url: string, cookie?: string) {
  const headers = { origin: new URL(test.info().project.use.baseURL!).origin, ...(cookie ? { cookie } : {}) };
  const get = await request.get(url, { headers, maxRedirects: 0 });
  const post = await request.post(url, { headers, form: { intent: "status", status: "Packing", email: "x@example.com", role: "owner" }, maxRedirects: 0 });
  return [get.status(), post.status()];
}

async function sessionCookie(request: APIRequestContext, email: string, password: string): Promise<string> {
  const base = test.info().project.use.baseURL!;
  const response = await request.post("/login", { headers: { origin: new URL(base).origin }, form: { email, password }, maxRedirects: 0 });
  expect(response.status()).toBe(303);
  return response
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value.split(";")[0])
    .join("; ");
}

test.describe("who gets into /admin", () => {
  test("a visitor and a shopper get 404 on every admin route and action; staff get in", async ({ request }) => {
    test.slow();
    test.skip(jsDisabled(), "HTTP answers: the same with and without JavaScript");
    const urls = adminUrls();
    expect(urls).toContain("/admin");
    expect(urls.length).toBeGreaterThanOrEqual(2);

    const shopper = newShopper("nonstaff");
    await registerWithApi(request, shopper);
    const shopperCookie = await sessionCookie(request, shopper.email, shopper.password);
    for (const url of urls) {
      expect(await answers(request, url), `visitor on ${url}`).toEqual([404, 404]);
      expect(await answers(request, url, shopperCookie), `shopper on ${url}`).toEqual([404, 404]);
    }
    // Not a hint that it exists: the same page as any unknown address.
    const unknown = await request.get("/no-such-page");
    const admin = await request.get("/admin", { headers: { cookie: shopperCookie } });
    expect(await admin.text()).toContain("Page not found");
    expect(unknown.status()).toBe(admin.status());

    const staff = await newStaffMember(request, "staff");
    const staffCookie = await sessionCookie(request, staff.email, staff.password);
    expect((await request.get("/admin", { headers: { cookie: staffCookie } })).status()).toBe(200);
    // The account menu links the back office for staff only.
    expect(await (await request.get("/about", { headers: { cookie: staffCookie } })).text()).toContain('href="/admin"');
    expect(await (await request.get("/about", { headers: { cookie: shopperCookie } })).text()).not.toContain('href="/admin"');
    // Staff cannot manage roles: not the page, not the action.
    const [staffPage, staffPost] = await answers(request, "/admin/staff", staffCookie);
    expect([staffPage, staffPost]).toEqual([403, 403]);
    expect(await answers(request, "/admin/staff", shopperCookie)).toEqual([404, 404]);
  });

  test("the owner sees the dashboard and gives a shopper the staff role on /admin/staff", async ({ page }) => {
    test.slow();
    await signInAsStaff(page, "owner");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Today" })).toBeVisible();
    await expectNoAxeViolations(page);

    const shopper = newShopper("tobestaff");
    await registerWithApi(page.request, shopper);
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Staff" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
    await page.getByLabel("Email").fill(shopper.email);
    await page.getByRole("radio", { name: "staff" }).check();
    await page.getByRole("button", { name: "Give role" }).click();
    await expect(toast(page, `${shopper.email} is now staff.`)).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: shopper.email })).toContainText("staff");
    await expect(page.getByRole("region", { name: "Change history" }).or(page.locator("#audit-heading").locator(".."))).toContainText("role staff");
    await expectNoAxeViolations(page);

    // An unknown email is refused with a sentence, nothing changes.
    await page.getByLabel("Email").fill(`nobody-${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Give role" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Ask them to sign up first." })).toBeVisible();
  });
});
