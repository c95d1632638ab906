import zlib from "node:zlib";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { BACK_OFFICE_URL } from "./servers";
import { signInAsStaff } from "./staff";

/**
 * The back office's products (issue 12 item 2), JavaScript on and off: an owner adds a watch with
 * an uploaded picture and it is on the store; a rename shows at once despite the page cache; a
 * hidden watch is a 404 and gone from /collection; staff see prices read-only and cannot change
 * them; an import with a bad row imports nothing and says which row.
 *
 * On the back office's own server (tests/e2e/servers.ts): a watch added here would otherwise
 * change the counts, pages and new arrivals that the collection and facet specs compare with the
 * Store API while they run.
 */
test.use({ baseURL: BACK_OFFICE_URL });

/** A 2×2 PNG, built here (no fixture file). */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.from([0, 200, 20, 20, 20, 20, 200, 0, 20, 200, 20, 240, 240, 240]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", zlib.deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
}

test("an owner adds, renames and hides a watch, and the store follows", async ({ page, request }, testInfo) => {
  // An owner made with the owner's command (a node process), an upload, some ten page loads and
  // two axe runs: up to 45 s on a busy machine.
  test.setTimeout(90_000);
  const id = `e2e-${testInfo.project.name}-${Date.now().toString(36)}`;
  const name = `Seiko Admin Test ${testInfo.project.name} ${Date.now().toString(36)}`;
  await signInAsStaff(page, "owner");

  await page.goto("/admin/products");
  await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "New product" }).click();
  await expect(page.getByRole("heading", { name: "New product" })).toBeVisible();
  await page.locator('[name="_id"]').fill(id);
  await page.locator('[name="name"]').fill(name);
  await page.locator('[name="category"]').selectOption("Men");
  await page.locator('[name="subCategory"]').fill("Seiko");
  await page.locator('[name="price"]').fill("12,500");
  await page.locator('[name="discount"]').fill("15000");
  await page.locator('[name="description"]').fill("An automatic diver with a date window.");
  await page.locator('[name="features"]').fill("Automatic\n200 m water resistant");
  await page.locator('[name="upload"]').setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: png() });
  await page.screenshot({ path: testInfo.outputPath("product-form.png"), fullPage: true });
  await page.getByRole("button", { name: "Add product" }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/products/${id}$`));
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  const src = await page.getByRole("img", { name: `Picture 1 of ${name}` }).getAttribute("src");
  expect(src).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
  await expectNoAxeViolations(page);
  const picture = await request.get(src!);
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toBe("image/png");
  expect(picture.headers()["cache-control"]).toContain("immutable");

  // Anonymous shoppers (no cookies: the page cache answers them) see the new watch …
  const first = await request.get(`/product/${id}`);
  expect(first.status()).toBe(200);
  expect(await first.text()).toContain(name);

  // … and its new name at once after an edit.
  const renamed = `${name} Renamed`;
  await page.locator('[name="name"]').fill(renamed);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible();
  await expect(page.getByText(`name: ${name} → ${renamed}`)).toBeVisible();
  await expect.poll(async () => (await (await request.get(`/product/${id}`)).text()).includes(renamed), { timeout: 5_000 }).toBe(true);

  // Hidden: the product page is a 404 and /collection does not list it.
  await page.getByRole("button", { name: "Hide from the store" }).click();
  await expect(page.getByText("Hidden from the store", { exact: true }).first()).toBeVisible();
  await expect.poll(async () => (await request.get(`/product/${id}`)).status(), { timeout: 5_000 }).toBe(404);
  const collection = await request.get(`/collection?q=${encodeURIComponent("Admin Test")}&max=1000000`);
  expect(await collection.text()).not.toContain(renamed);
  await page.goto("/admin/products?show=hidden");
  await expect(page.getByRole("link", { name: renamed })).toBeVisible();
});

test("staff see prices read-only and cannot change one", async ({ page }) => {
  await signInAsStaff(page, "staff");
  await page.goto("/admin/products");
  await expect(page.getByRole("link", { name: "New product" })).toHaveCount(0);
  await page.locator("tbody a").first().click();
  const price = page.locator('[name="price"]');
  await expect(price).toHaveAttribute("readonly", "");
  await expect(page.getByText("Only an owner can change prices.").first()).toBeVisible();

  // A hand-made post with a changed price is refused on the server. The form is read once the
  // page has arrived whole: without JavaScript the price field shows while the rest of the form is
  // still streaming, and a post of half the fields is refused as incomplete (400), not for its price.
  await page.waitForLoadState("load");
  const form = Object.fromEntries(
    await page.locator("form:has(button:text-is('Save')) [name]").evaluateAll((elements) =>
      elements
        .filter((element) => (element as HTMLInputElement).type !== "file" && (element as HTMLInputElement).type !== "checkbox")
        .map((element) => [(element as HTMLInputElement).name, (element as HTMLInputElement).value]),
    ),
  );
  const response = await page.request.post(page.url(), {
    headers: { origin: new URL(page.url()).origin },
    multipart: { ...form, price: "1" },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(403);
});

test("an import with a bad row imports nothing and names the row", async ({ page }) => {
  await signInAsStaff(page, "owner");
  await page.goto("/admin/products/import");
  const rows = [
    { _id: "imp-ok", name: "Fine Watch", image: ["/x.png"], price: 100, category: "Men", subCategory: "Casio", createdAt: "2026-01-01" },
    { _id: "imp-bad", name: "Bad Watch", image: ["/x.png"], price: -5, category: "Men", subCategory: "Casio", createdAt: "2026-01-01" },
  ];
  await page.locator('[name="file"]').setInputFiles({ name: "catalogue.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(rows)) });
  await page.getByRole("button", { name: "Check and import" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Nothing was imported" });
  await expect(alert).toContainText("Row 1, field price: must be 0 or more (_id imp-bad)");
  await expectNoAxeViolations(page);
});
