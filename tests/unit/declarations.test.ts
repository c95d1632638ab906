import { afterEach, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { catalogueVersion } from "~/db/products.server";
import { declarationRows, effectiveDeclarations, missingDeclarations } from "~/lib/declarations";
import { getProduct, importCatalogue } from "~/services/catalogue.server";
import { refreshDeclarations, saveBrandDeclarations, undeclaredProducts } from "~/services/declarations.server";
import { getAdminProduct, updateProduct } from "~/services/products-admin.server";
import { productToJson } from "~/schemas/product";
import { listAudit } from "~/services/audit.server";
import { testDatabases, type TestDatabase } from "../setup/databases";

/**
 * Legal Metrology declarations (issue 25 item 2; Legal Metrology (Packaged Commodities) Rules, 2011,
 * rule 6(10)): a product's own over its brand's over the store's defaults; what a product lacks;
 * and a product lacking one withheld from shoppers while the store takes live payments.
 */

const OWNER = { id: 1, email: "owner@example.com" };
const SEIKO = { manufacturer: "Seiko Watch Corporation", manufacturerAddress: "Tokyo, Japan", countryOfOrigin: "Japan", importer: "Chrono India Retail Pvt. Ltd.", importerAddress: "Bengaluru 560025" };

describe("the declarations a page shows (fixed table)", () => {
  it("takes the product's own values over its brand's, the defaults last, the MRP from the original price", () => {
    const declared = effectiveDeclarations({ pricePaise: 899_900, originalPaise: 999_900, declarations: { manufactured: "2026-03", countryOfOrigin: "India" } }, SEIKO);
    expect(declared).toEqual({
      manufacturer: "Seiko Watch Corporation",
      manufacturerAddress: "Tokyo, Japan",
      importer: "Chrono India Retail Pvt. Ltd.",
      importerAddress: "Bengaluru 560025",
      countryOfOrigin: "India",
      genericName: "Wrist watch",
      netQuantity: "1 N",
      manufactured: "2026-03",
      mrpPaise: 999_900,
    });
    // Made in India: no importer to declare, so nothing is missing.
    expect(missingDeclarations(declared, 899_900)).toEqual([]);
    expect(declarationRows(declared, "+91 80 4718 2200")).toEqual([
      ["Generic name", "Wrist watch"],
      ["Net quantity", "1 N"],
      ["Country of origin", "India"],
      ["Manufactured by", "Seiko Watch Corporation, Tokyo, Japan"],
      ["Month and year of manufacture or import", "March 2026"],
      ["MRP", "₹9,999 (incl. of all taxes)"],
      ["Consumer care", "+91 80 4718 2200"],
    ]);
  });

  it("lists what an imported watch lacks, and an MRP below the price", () => {
    const declared = effectiveDeclarations({ pricePaise: 500_000, originalPaise: null, declarations: { countryOfOrigin: "Switzerland", mrpPaise: 400_000 } }, undefined);
    expect(missingDeclarations(declared, 500_000)).toEqual(["manufacturer", "manufacturerAddress", "importer", "importerAddress", "manufactured", "mrpPaise"]);
  });
});

describe.each(testDatabases())("declarations on $name", ({ create }) => {
  let current: TestDatabase | undefined;
  let db: DB;
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });

  const watch = (id: string, declarations?: Record<string, unknown>) => ({
    _id: id,
    name: `Seiko ${id}`,
    image: ["/s.svg"],
    price: 5000,
    category: "Men",
    subCategory: "Seiko",
    createdAt: "2026-03-02",
    ...(declarations ? { declarations } : {}),
  });
  const hiddenOf = async (id: string) => Number((await db.selectFrom("products").select("hidden").where("id", "=", id).executeTakeFirstOrThrow()).hidden);

  it("a product lacking a declaration is listed; on a live store it is withheld until complete, and shown in test mode", async () => {
    current = await create();
    db = current.db;
    await saveBrandDeclarations(db, "Seiko", SEIKO, OWNER);
    const result = await importCatalogue(db, [watch("s-full", { manufactured: "2026-02" }), watch("s-bare")]);
    expect(result.ok).toBe(true);
    expect(await undeclaredProducts(db)).toEqual({
      products: [{ id: "s-bare", name: "Seiko s-bare", brand: "Seiko", missing: ["Month and year of manufacture or import"], withheld: false }],
      total: 1,
    });

    // The store goes live: the incomplete watch leaves the storefront; the complete one stays.
    expect(await db.transaction().execute((trx) => refreshDeclarations(trx, {}, true))).toBe(1);
    expect([await hiddenOf("s-bare"), await hiddenOf("s-full")]).toEqual([2, 0]);
    expect(await getProduct(db, "s-bare")).toBeNull();
    expect((await getAdminProduct(db, "s-bare"))?.withheld).toBe(true);

    // The owner adds its month: shown again (the refresh runs in the save; live is passed by the process here).
    const before = await getAdminProduct(db, "s-bare");
    await updateProduct(db, "s-bare", { ...productToJson(before!), declarations: { manufactured: "2026-01" } } as never, OWNER, { canChangePrice: true });
    await db.transaction().execute((trx) => refreshDeclarations(trx, {}, true));
    expect(await hiddenOf("s-bare")).toBe(0);
    expect((await undeclaredProducts(db)).total).toBe(0);

    // A brand's change re-checks its products; back in test mode nothing is withheld.
    await saveBrandDeclarations(db, "Seiko", { ...SEIKO, importer: "" }, OWNER);
    expect((await undeclaredProducts(db)).products.map((p) => [p.id, p.missing])).toEqual([
      ["s-full", ["Importer"]],
      ["s-bare", ["Importer"]],
    ]);
    await db.transaction().execute((trx) => refreshDeclarations(trx, {}, true));
    expect([await hiddenOf("s-full"), await hiddenOf("s-bare")]).toEqual([2, 2]);
    await db.transaction().execute((trx) => refreshDeclarations(trx, {}, false));
    expect([await hiddenOf("s-full"), await hiddenOf("s-bare")]).toEqual([0, 0]);
    expect((await listAudit(db, "declarations", "Seiko")).map((entry) => entry.action)).toEqual(["brand declarations changed", "brand declarations changed"]);
  });

  it("a brand's new declarations move the catalogue's version though no product's visibility changed (issue 49 item 2)", async () => {
    current = await create();
    db = current.db;
    await saveBrandDeclarations(db, "Seiko", SEIKO, OWNER);
    expect((await importCatalogue(db, [watch("s-full", { manufactured: "2026-02" })])).ok).toBe(true);
    const before = await catalogueVersion(db);
    // Another importer's address: shown in every Seiko page's declarations table, nothing withheld or shown again.
    await saveBrandDeclarations(db, "Seiko", { ...SEIKO, importerAddress: "Mumbai 400001" }, OWNER);
    expect(await hiddenOf("s-full")).toBe(0);
    expect(await catalogueVersion(db)).toBe(before + 1);
  });

  it("a product hidden by staff stays hidden whatever its declarations", async () => {
    current = await create();
    db = current.db;
    await importCatalogue(db, [watch("s-hidden")]);
    await db.updateTable("products").set({ hidden: 1 }).where("id", "=", "s-hidden").execute();
    await db.transaction().execute((trx) => refreshDeclarations(trx, {}, true));
    expect(await hiddenOf("s-hidden")).toBe(1);
    expect((await undeclaredProducts(db)).total).toBe(0);
  });

  it("refuses a month that is not YYYY-MM in an import, naming the field", async () => {
    current = await create();
    db = current.db;
    const result = await importCatalogue(db, [watch("s-bad", { manufactured: "March 2026" })]);
    expect(result).toMatchObject({ ok: false, errors: [{ index: 0, field: "declarations.manufactured", message: "must be a month as YYYY-MM, e.g. 2026-03" }] });
  });
});
