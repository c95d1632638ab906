import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDemoCatalogue } from "~/db/demo-catalogue";
import type { DB } from "~/db/db.server";
import * as memory from "~/lib/catalogue";
import { DEFAULT_COLLECTION_PARAMS } from "~/schemas/collection-params";
import { productToJson, type Product } from "~/schemas/product";
import { listAudit } from "~/services/audit.server";
import * as catalogue from "~/services/catalogue.server";
import { checkImage, IMAGE_MESSAGES, readStoredImage, storeImages } from "~/services/media.server";
import {
  adminProductList,
  createProduct,
  getAdminProduct,
  PRICE_OWNER_ONLY,
  ProductWriteError,
  setProductBestseller,
  setProductHidden,
  updateProduct,
} from "~/services/products-admin.server";
import { parseAdminProductListParams } from "~/utils/admin-forms.server";
import { parseProductForm } from "~/utils/product-form.server";
import { testDatabases } from "../setup/databases";

const owner = { id: 1, email: "owner@example.com" };

/** A tiny valid PNG (1×1), built here so the test needs no fixture file. */
function pngBytes(): Uint8Array {
  const crc = (buf: Buffer) => {
    let c = ~0;
    for (const byte of buf) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8;
  header[9] = 2;
  const pixels = zlib.deflateSync(Buffer.from([0, 200, 30, 30]));
  return new Uint8Array(
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", pixels), chunk("IEND", Buffer.alloc(0))]),
  );
}

/** The product form as a browser posts it (multipart fields), with overrides. */
function productForm(fields: Record<string, string>, files: File[] = []): FormData {
  const form = new FormData();
  const base: Record<string, string> = {
    _id: "new-1",
    name: "Casio Edifice EFR-100",
    image: "/images/one.png",
    price: "4,999",
    discount: "5999",
    category: "Men",
    subCategory: "Casio",
    description: "A steel chronograph.",
    features: "Chronograph\n100 m water resistant",
    movement: "Quartz",
    colours: "",
    sold: "0",
  };
  for (const [key, value] of Object.entries({ ...base, ...fields })) form.set(key, value);
  for (const file of files) form.append("upload", file);
  return form;
}

describe.each(testDatabases())("back office products on $name (issue 12 item 2)", (kind) => {
  let db: DB;
  let cleanup: () => Promise<void>;
  let products: Product[];

  beforeAll(async () => {
    ({ db, cleanup } = await kind.create());
    const result = await catalogue.importCatalogue(db, generateDemoCatalogue(60));
    expect(result.ok).toBe(true);
    products = await catalogue.listProducts(db);
  });
  afterAll(async () => cleanup());

  it("a hidden product leaves every storefront path, and the SQL answers still equal the in-memory ones", async () => {
    const target = (await catalogue.homeSections(db)).bestSellers[0] ?? products[0];
    const versionBefore = await catalogue.catalogueVersion(db);
    await setProductHidden(db, target.id, true, owner);
    expect(await catalogue.catalogueVersion(db)).toBeGreaterThan(versionBefore);

    expect(await catalogue.getProduct(db, target.id)).toBeNull();
    expect((await catalogue.getProducts(db, [target.id, products[1].id])).has(target.id)).toBe(false);
    const shown = await catalogue.listProducts(db);
    expect(shown.map((p) => p.id)).not.toContain(target.id);
    expect(shown).toHaveLength(products.length - 1);
    const batches: string[] = [];
    for await (const batch of catalogue.productBatches(db, 7)) batches.push(...batch.map((p) => p.id));
    expect(batches).toEqual(shown.map((p) => p.id));
    const all: string[] = [];
    for await (const batch of catalogue.productBatches(db, 7, { includeHidden: true })) all.push(...batch.map((p) => p.id));
    expect(all).toContain(target.id);
    expect(await catalogue.productIds(db, 0, 1000)).not.toContain(target.id);
    expect((await catalogue.catalogueInfo(db)).count).toBe(products.length - 1);
    const home = await catalogue.homeSections(db);
    expect([...home.latest, ...home.bestSellers].map((p) => p.id)).not.toContain(target.id);

    // The http adapter's memory path (listproduct, which leaves hidden products out) and the SQL
    // path agree on pages, facet counts and related products.
    for (const params of [
      DEFAULT_COLLECTION_PARAMS,
      { ...DEFAULT_COLLECTION_PARAMS, max: 10_000_000 },
      { ...DEFAULT_COLLECTION_PARAMS, max: 10_000_000, q: target.name.slice(0, 5), sort: "low-high" as const },
      { ...DEFAULT_COLLECTION_PARAMS, max: 10_000_000, brands: [target.subCategory as never] },
    ]) {
      const sqlPage = await catalogue.queryCatalogue(db, params);
      expect(sqlPage.products.map((p) => p.id)).not.toContain(target.id);
      expect(sqlPage).toEqual(memory.queryCatalogue(shown, params));
    }
    for (const product of shown.slice(0, 15)) {
      expect((await catalogue.relatedProducts(db, product, 5)).map((p) => p.id)).toEqual(memory.relatedProducts(shown, product, 5).map((p) => p.id));
    }

    await setProductHidden(db, target.id, false, owner);
    expect(await catalogue.getProduct(db, target.id)).not.toBeNull();
    const audit = await listAudit(db, "product", target.id);
    expect(audit.map((entry) => entry.action)).toEqual(["show", "hide"]);
    expect(audit[1]).toMatchObject({ before: { hidden: false }, after: { hidden: true }, actorEmail: owner.email });
  });

  it("related products skip a hidden listing but still offer the model's next shown listing", async () => {
    const shown = await catalogue.listProducts(db);
    const hideAll = shown.filter((p) => p.subCategory === shown[3].subCategory).slice(0, 3);
    for (const p of hideAll) await setProductHidden(db, p.id, true, owner);
    const visible = await catalogue.listProducts(db);
    for (const product of visible.slice(0, 20)) {
      expect((await catalogue.relatedProducts(db, product, 5)).map((p) => p.id)).toEqual(memory.relatedProducts(visible, product, 5).map((p) => p.id));
    }
    for (const p of hideAll) await setProductHidden(db, p.id, false, owner);
  });

  it("creates a product from the form (rupees → paise) and writes one audit row", async () => {
    const parsed = await parseProductForm(productForm({}), { createdAt: "2026-06-01T00:00:00.000Z" });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const created = await createProduct(db, parsed.product, owner, { canSetPrice: true });
    expect(created).toMatchObject({ id: "new-1", pricePaise: 499_900, originalPaise: 599_900, features: ["Chronograph", "100 m water resistant"], hidden: false });
    expect(await catalogue.getProduct(db, "new-1")).toMatchObject({ name: "Casio Edifice EFR-100" });
    const audit = await listAudit(db, "product", "new-1");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "create", after: { _id: "new-1", price: 4999 } });
    await expect(createProduct(db, parsed.product, owner, { canSetPrice: true })).rejects.toMatchObject({ status: 409, field: "_id" });
    await expect(createProduct(db, { ...parsed.product, _id: "new-2" }, { id: 2, email: "staff@example.com" }, { canSetPrice: false })).rejects.toMatchObject({ status: 403 });
  });

  it("refuses a bad form with field errors, using the import's rules", async () => {
    const parsed = await parseProductForm(productForm({ name: "", price: "abc", category: "Kids", image: "https://elsewhere.example/x.png", _id: "bad id" }), {
      createdAt: "2026-06-01T00:00:00.000Z",
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const errors = parsed.reply.error ?? {};
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(["name", "price", "category", "_id"]));
    expect(errors.category?.[0]).toMatch(/must be one of Men, Women, Couple/);
    expect(errors._id?.[0]).toMatch(/letters, digits/);
  });

  it("refuses a changed price from staff, lets staff edit the rest, audits the changed fields only", async () => {
    const staff = { id: 2, email: "staff@example.com" };
    const before = (await getAdminProduct(db, "new-1"))!;
    const json = productToJson(before);
    await expect(updateProduct(db, "new-1", { ...json, price: 1 }, staff, { canChangePrice: false })).rejects.toMatchObject({ status: 403, message: PRICE_OWNER_ONLY });
    await expect(updateProduct(db, "new-1", { ...json, discount: 9999 }, staff, { canChangePrice: false })).rejects.toBeInstanceOf(ProductWriteError);
    expect((await getAdminProduct(db, "new-1"))!.pricePaise).toBe(499_900);
    // Issue 43 item 8: the declared MRP is a price too — ₹1 on a ₹4,999 watch, refused, nothing written.
    await expect(updateProduct(db, "new-1", { ...json, declarations: { ...json.declarations, mrp: 1 } }, staff, { canChangePrice: false })).rejects.toMatchObject({
      status: 403,
      message: PRICE_OWNER_ONLY,
      field: "declarations.mrp",
    });
    expect((await getAdminProduct(db, "new-1"))!.declarations?.mrpPaise).toBe(before.declarations?.mrpPaise);

    const version = await catalogue.catalogueVersion(db);
    const saved = await updateProduct(db, "new-1", { ...json, name: "Casio Edifice Renamed" }, staff, { canChangePrice: false });
    expect(saved.changed).toBe(true);
    expect(await catalogue.catalogueVersion(db)).toBe(version + 1);
    expect((await catalogue.getProduct(db, "new-1"))!.name).toBe("Casio Edifice Renamed");
    expect((await catalogue.queryCatalogue(db, { ...DEFAULT_COLLECTION_PARAMS, q: "renamed", max: 10_000_000 })).products.map((p) => p.id)).toEqual(["new-1"]);
    const [latest] = await listAudit(db, "product", "new-1");
    expect(latest).toMatchObject({ action: "edit", actorEmail: staff.email, before: { name: "Casio Edifice EFR-100" }, after: { name: "Casio Edifice Renamed" } });
    expect(Object.keys(latest.after as object)).toEqual(["name"]);

    const priced = await updateProduct(db, "new-1", { ...json, name: "Casio Edifice Renamed", price: 3999 }, owner, { canChangePrice: true });
    expect(priced.product.pricePaise).toBe(399_900);

    await setProductBestseller(db, "new-1", true, owner);
    expect((await catalogue.getProduct(db, "new-1"))!.bestseller).toBe(true);
    expect((await listAudit(db, "product", "new-1"))[0].action).toBe("bestseller on");
  });

  it("import keeps hidden products hidden and reads the export's hidden marks; a bad row imports nothing", async () => {
    await setProductHidden(db, "new-1", true, owner);
    const exported: unknown[] = [];
    for await (const batch of catalogue.productBatches(db, 1000, { includeHidden: true })) {
      exported.push(...batch.map((p) => (p.hidden ? { ...productToJson(p), hidden: true } : productToJson(p))));
    }
    const bad = [...exported, { _id: "broken", name: "" }];
    const refused = await catalogue.importCatalogue(db, bad, undefined, owner);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.errors[0]).toMatchObject({ index: exported.length });
    expect(await getAdminProduct(db, "new-1")).not.toBeNull();

    const result = await catalogue.importCatalogue(db, { success: true, products: exported }, undefined, owner);
    expect(result).toEqual({ ok: true, imported: exported.length });
    expect((await getAdminProduct(db, "new-1"))!.hidden).toBe(true);
    expect(await catalogue.getProduct(db, "new-1")).toBeNull();
    expect((await listAudit(db, "catalogue", "import"))[0]).toMatchObject({ action: "import", actorEmail: owner.email });
  });
});

/**
 * The list's stock filter (issue 23): `?stock=low` is tracked with 1 to 5 units, `?stock=out` is
 * none; a product whose stock is not tracked is neither; hidden products are listed unless
 * `show` says otherwise. The URL is parsed as the route parses it, so a bad value lists all.
 */
describe.each(testDatabases())("the back office list's stock filter on $name (issue 23)", (kind) => {
  let db: DB;
  let cleanup: () => Promise<void>;

  /** [id, stock]: one product for each side of every boundary; s-1 is hidden. */
  const TABLE: [string, number | null][] = [
    ["s-null", null],
    ["s-0", 0],
    ["s-1", 1],
    ["s-5", 5],
    ["s-6", 6],
    ["s-40", 40],
  ];

  beforeAll(async () => {
    ({ db, cleanup } = await kind.create());
    const result = await catalogue.importCatalogue(
      db,
      TABLE.map(([id, stock], i) => ({
        _id: id,
        name: `Stock test ${id}`,
        image: ["/one.png"],
        price: 1000 + i,
        category: "Men",
        subCategory: "Casio",
        createdAt: "2025-01-01",
        stock,
      })),
    );
    expect(result.ok).toBe(true);
    await setProductHidden(db, "s-1", true, owner);
  });
  afterAll(async () => cleanup());

  /** The ids the list answers for the query string `search`, in the list's order. */
  async function idsFor(search: string, pageSize?: number): Promise<string[]> {
    const list = await adminProductList(db, parseAdminProductListParams(new URLSearchParams(search)), pageSize);
    return list.products.map((p) => p.id);
  }

  it.each([
    ["stock=low", ["s-1", "s-5"]],
    ["stock=out", ["s-0"]],
    ["", ["s-null", "s-0", "s-1", "s-5", "s-6", "s-40"]],
    ["stock=all", ["s-null", "s-0", "s-1", "s-5", "s-6", "s-40"]],
    ["stock=LOW", ["s-null", "s-0", "s-1", "s-5", "s-6", "s-40"]],
    ["stock=", ["s-null", "s-0", "s-1", "s-5", "s-6", "s-40"]],
    ["stock=%3Cb%3E", ["s-null", "s-0", "s-1", "s-5", "s-6", "s-40"]],
    ["stock=low&stock=out", ["s-1", "s-5"]],
    ["stock=low&show=shown", ["s-5"]],
    ["stock=low&show=hidden", ["s-1"]],
    ["stock=out&show=hidden", []],
    ["stock=low&q=s-5", ["s-5"]],
    ["stock=low&sort=high-low", ["s-5", "s-1"]],
  ])("?%s lists %j", async (search, expected) => {
    expect(await idsFor(search)).toEqual(expected);
  });

  it("pages through a filtered list with its total", async () => {
    const params = parseAdminProductListParams(new URLSearchParams("stock=low&page=2"));
    expect(params.stock).toBe("low");
    const list = await adminProductList(db, params, 1);
    expect([list.products.map((p) => p.id), list.total, list.page, list.pageCount]).toEqual([["s-5"], 2, 2, 2]);
  });
});

describe("uploaded pictures are checked by content (issue 12 item 2)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "media-test-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("stores a PNG named .jpg as a PNG, by its hash, and serves it back", async () => {
    const bytes = pngBytes();
    const checked = await checkImage(bytes);
    expect(checked).toMatchObject({ type: "image/png" });
    if ("error" in checked) return;
    expect(checked.file).toMatch(/^[0-9a-f]{64}\.png$/);
    await storeImages([checked], dir);
    expect(await readStoredImage(checked.file, dir)).toMatchObject({ type: "image/png" });
    expect(await readStoredImage("../secret.png", dir)).toBeNull();

    const parsed = await parseProductForm(productForm({ image: "" }, [new File([bytes as BlobPart], "photo.jpg", { type: "image/jpeg" })]), { createdAt: "2026-06-01T00:00:00.000Z" });
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.product.image).toEqual([checked.url]);
  });

  it("refuses a text file named .png, a file over 5 MB and an SVG, with a sentence, storing nothing", async () => {
    expect(await checkImage(new TextEncoder().encode("hello, not a picture"))).toEqual({ error: IMAGE_MESSAGES.wrongType });
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(pngBytes());
    expect(await checkImage(big)).toEqual({ error: IMAGE_MESSAGES.tooLarge });
    expect(await checkImage(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toEqual({ error: IMAGE_MESSAGES.svg });

    const parsed = await parseProductForm(productForm({}, [new File(["just text"], "photo.png", { type: "image/png" })]), { createdAt: "2026-06-01T00:00:00.000Z" });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reply.error?.upload).toEqual(["photo.png is not a JPEG, PNG or WebP picture."]);
  });
});
