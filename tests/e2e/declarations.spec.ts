import { expect, expectNoAxeViolations, jsDisabled, test } from "./fixtures";
import { BACK_OFFICE_URL } from "./servers";
import { signInAsStaff } from "./staff";

/**
 * Legal Metrology declarations (issue 25 item 2; Legal Metrology (Packaged Commodities) Rules, 2011,
 * rule 6(10)), JavaScript on and off: a product page shows its "Product details (Legal Metrology)"
 * from the demo brand's declarations and the product's own month; the owner's dashboard counts the
 * products lacking one, and a brand's change is seen there at once.
 *
 * Expected values: the demo's Fossil declarations written out here (app/db/demo-catalogue.ts
 * DEMO_BRAND_DECLARATIONS, imported by the store's company), the MRP and month from listproduct.
 */

type Listed = { _id: string; subCategory: string; price: number; discount?: number; declarations?: { manufactured?: string } };
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const rupees = (value: number) => `₹${value.toLocaleString("en-IN")}`;

test("a product page shows its Legal Metrology declarations", async ({ page }) => {
  const products = ((await (await page.request.get("/api/product/listproduct")).json()) as { products: Listed[] }).products;
  const fossil = products.find((p) => p.subCategory === "Fossil" && p.declarations?.manufactured)!;
  const [year, month] = fossil.declarations!.manufactured!.split("-");
  await page.goto(`/product/${fossil._id}`);
  const table = page.getByRole("table", { name: "Product details (Legal Metrology)" });
  const rows = await table.getByRole("row").evaluateAll((trs) => trs.map((tr) => [tr.querySelector("th")!.textContent, tr.querySelector("td")!.textContent]));
  expect(rows).toEqual([
    ["Generic name", "Wrist watch"],
    ["Net quantity", "1 N"],
    ["Country of origin", "China"],
    ["Manufactured by", "Fossil Group, Inc., Richardson, Texas, USA"],
    ["Imported by", "Chrono India Retail Pvt. Ltd., 3rd Floor, 42 Residency Road, Bengaluru, Karnataka 560025, India"],
    ["Month and year of manufacture or import", `${MONTHS[Number(month) - 1]} ${year}`],
    ["MRP", `${rupees(fossil.discount ?? fossil.price)} (incl. of all taxes)`],
    ["Consumer care", "+91 80 4718 2200, support@chronoindia.in (Mon-Sat 10:00-19:00 IST); Chrono India Retail Pvt. Ltd., 3rd Floor, 42 Residency Road, Bengaluru, Karnataka 560025, India"],
  ]);
  await expectNoAxeViolations(page);
});

test.describe("the owner's view", () => {
  test.use({ baseURL: BACK_OFFICE_URL });

  test("the dashboard counts products lacking a declaration; a brand's change shows at once", async ({ page, request }) => {
    const products = ((await (await request.get(`${BACK_OFFICE_URL}/api/product/listproduct`)).json()) as { products: Listed[] }).products;
    // Each project changes its own brand, so the two never see each other's count.
    const brand = jsDisabled() ? "Tissot" : "Rado";
    const count = products.filter((p) => p.subCategory === brand).length;
    await signInAsStaff(page, "owner");
    await page.goto("/admin");
    const line = page.getByTestId("declarations-line");
    await expect(line).toContainText("Legal Metrology declarations");

    // The owner empties the brand's importer: every one of its watches (made in Switzerland) now lacks one.
    await page.goto("/admin/declarations");
    const form = page.getByRole("form", { name: brand });
    const importer = form.getByLabel("Importer", { exact: true });
    const before = await importer.inputValue();
    await importer.fill("");
    await form.getByRole("button", { name: `Save ${brand}` }).click();
    await expect(page.getByTestId("undeclared").getByRole("listitem").filter({ hasText: `(${brand}) — lacks Importer.` })).toHaveCount(count);
    await page.goto("/admin");
    await expect(line).toHaveText(/^\d+ products lack Legal\s+Metrology declarations$/);
    expect(Number((await line.textContent())!.match(/\d+/)![0])).toBeGreaterThanOrEqual(count);

    // Put back as it was.
    await page.goto("/admin/declarations");
    await page.getByRole("form", { name: brand }).getByLabel("Importer", { exact: true }).fill(before);
    await page.getByRole("form", { name: brand }).getByRole("button", { name: `Save ${brand}` }).click();
    await expect(page.getByTestId("undeclared").getByRole("listitem").filter({ hasText: `(${brand})` })).toHaveCount(0);
  });
});
