import { afterEach, describe, expect, it } from "vitest";
import { importCatalogue, listProducts } from "~/services/catalogue.server";
import { testDatabases, type TestDatabase } from "../setup/databases";

describe.each(testDatabases())("data layer on $name", ({ create }) => {
  let current: TestDatabase | undefined;
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });

  it("migrates, imports and reads back a catalogue in order, money in paise", async () => {
    current = await create();
    const result = await importCatalogue(current.db, [
      { _id: "b", name: "Second", image: ["/b.svg"], price: 1234.5, discount: 2000, category: "Men", subCategory: "Casio", createdAt: "2025-01-02" },
      { _id: "a", name: "First", image: ["/a.svg"], discount: 999, category: "Women", subCategory: "Rado", createdAt: 1735689600000, bestseller: true, colours: ["Gold"] },
    ]);
    expect(result).toEqual({ ok: true, imported: 2 });
    const products = await listProducts(current.db);
    expect(products.map((p) => p.id)).toEqual(["b", "a"]);
    expect(products[0]).toMatchObject({ pricePaise: 123450, originalPaise: 200000 });
    expect(products[1]).toMatchObject({ pricePaise: 99900, originalPaise: null, bestseller: true, colours: ["Gold"], createdAt: 1735689600000 });
  });

  it("writes nothing when one row is bad", async () => {
    current = await create();
    await importCatalogue(current.db, [{ _id: "keep", name: "Kept", image: ["/k.svg"], price: 10, category: "Men", subCategory: "Casio", createdAt: "2025-01-01" }]);
    const result = await importCatalogue(current.db, [
      { _id: "ok", name: "Fine", image: ["/x.svg"], price: 10, category: "Men", subCategory: "Casio", createdAt: "2025-01-01" },
      { _id: "bad", name: "Bad", image: [], price: 10, category: "Kids", subCategory: "Casio", createdAt: "2025-01-01" },
    ]);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ index: 1, field: "image" }),
          expect.objectContaining({ index: 1, field: "category" }),
        ]),
      );
    }
    expect((await listProducts(current.db)).map((p) => p.id)).toEqual(["keep"]);
  });
});
