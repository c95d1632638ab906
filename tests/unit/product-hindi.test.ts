import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { generateDemoCatalogue } from "~/db/demo-catalogue";
import { migrations } from "~/db/migrations";
import * as memory from "~/lib/catalogue";
import { catalogueSearch } from "~/lib/search-words";
import { DEFAULT_COLLECTION_PARAMS } from "~/schemas/collection-params";
import { productJsonSchema, productToJson } from "~/schemas/product";
import { listAudit } from "~/services/audit.server";
import * as catalogue from "~/services/catalogue.server";
import { createProduct, getAdminProduct, updateProduct } from "~/services/products-admin.server";
import { parseProductForm } from "~/utils/product-form.server";
import { productIn } from "~/utils/product-texts.server";
import { testDatabases } from "../setup/databases";

/*
 * A product's optional Hindi name and description (issue 27 item 3; docs/decisions/0880): parsed
 * like the English ones, saved and audited by the back office, carried by the import and the
 * export, found by name search, and shown on the /hi pages only. Expected values written by hand.
 */

const owner = { id: 1, email: "owner@example.com" };
const base = { _id: "h1", name: "Casio Edifice EFR-100", image: ["/images/h1.png"], price: 4999, category: "Men", subCategory: "Casio", createdAt: "2026-01-01" };

/** What the import's schema makes of `extra` on a good row: the Hindi fields, or the problems by field. */
function parsed(extra: Record<string, unknown>) {
  const result = productJsonSchema.safeParse({ ...base, ...extra });
  if (!result.success) return { problems: result.error.issues.map((issue) => [issue.path.join("."), issue.message]) };
  return { nameHi: result.data.nameHi, descriptionHi: result.data.descriptionHi, description: result.data.description };
}

describe("the Hindi fields' rules (the import's schema, which the product form uses too)", () => {
  it.each([
    ["left out", {}, { nameHi: undefined, descriptionHi: undefined, description: "" }],
    ["empty: none", { nameHi: "", descriptionHi: "" }, { nameHi: undefined, descriptionHi: undefined, description: "" }],
    ["only spaces: none", { nameHi: "   ", descriptionHi: " \n " }, { nameHi: undefined, descriptionHi: undefined, description: "" }],
    ["null: none", { nameHi: null, descriptionHi: null }, { nameHi: undefined, descriptionHi: undefined, description: "" }],
    ["trimmed", { nameHi: "  कैसियो एडिफ़िस  ", descriptionHi: " स्टील की घड़ी। " }, { nameHi: "कैसियो एडिफ़िस", descriptionHi: "स्टील की घड़ी।", description: "" }],
    ["a description keeps its line breaks and tabs", { descriptionHi: "पहली पंक्ति\nदूसरी\tपंक्ति" }, { nameHi: undefined, descriptionHi: "पहली पंक्ति\nदूसरी\tपंक्ति", description: "" }],
    ["at the limits: 200 and 5,000 characters", { nameHi: "घ".repeat(200), descriptionHi: "घ".repeat(5000) }, { nameHi: "घ".repeat(200), descriptionHi: "घ".repeat(5000), description: "" }],
  ])("%s", (_, extra, expected) => {
    expect(parsed(extra)).toEqual(expected);
  });

  it.each([
    ["a name over 200 characters", { nameHi: "घ".repeat(201) }, [["nameHi", "must be at most 200 characters"]]],
    ["a description over 5,000 characters", { descriptionHi: "घ".repeat(5001) }, [["descriptionHi", "must be at most 5000 characters"]]],
    ["a NUL in the name", { nameHi: "घड़ी\u0000" }, [["nameHi", "The Hindi name must not contain control characters."]]],
    ["a line break inside the name (one line)", { nameHi: "घड़ी\nनई" }, [["nameHi", "The Hindi name must not contain control characters."]]],
    ["an escape in the description", { descriptionHi: "घड़ी\u001b[31m" }, [["descriptionHi", "The Hindi description must not contain control characters."]]],
    ["not text", { nameHi: 42 }, [["nameHi", expect.stringMatching(/string/)]]],
    // The English fields follow the same rules (a NUL answered 500 on PostgreSQL before).
    ["a NUL in the English name", { name: "Casio\u0000" }, [["name", "The name must not contain control characters."]]],
    ["an English name over 200 characters", { name: "x".repeat(201) }, [["name", "must be at most 200 characters"]]],
    ["a C1 control in the English description", { description: "steel\u0085" }, [["description", "The description must not contain control characters."]]],
  ])("refuses %s, with a message by field", (_, extra, problems) => {
    expect(parsed(extra)).toEqual({ problems });
  });

  it("the product form: empty Hindi fields save none; a long one is refused beside its field, nothing parsed", async () => {
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      const all = { _id: "h1", name: "Casio Edifice", image: "/images/h1.png", price: "4999", category: "Men", subCategory: "Casio", description: "Steel.", ...fields };
      for (const [key, value] of Object.entries(all)) data.set(key, value);
      return parseProductForm(data, { createdAt: "2026-06-01T00:00:00.000Z" });
    };
    const empty = await form({ nameHi: "", descriptionHi: "  " });
    expect(empty.ok && { nameHi: empty.product.nameHi, descriptionHi: empty.product.descriptionHi }).toEqual({ nameHi: undefined, descriptionHi: undefined });
    const given = await form({ nameHi: " कैसियो एडिफ़िस ", descriptionHi: "स्टील।" });
    expect(given.ok && { nameHi: given.product.nameHi, descriptionHi: given.product.descriptionHi }).toEqual({ nameHi: "कैसियो एडिफ़िस", descriptionHi: "स्टील।" });
    const long = await form({ nameHi: "घ".repeat(201) });
    expect(long.ok).toBe(false);
    if (!long.ok) expect(long.reply.error).toEqual({ nameHi: ["must be at most 200 characters"] });
  });
});

describe("what a page shows (productIn)", () => {
  const product = { id: "h1", name: "Casio Edifice", description: "Steel.", nameHi: "कैसियो एडिफ़िस", descriptionHi: "स्टील।" };

  it("English pages get the very same object: nothing changes on them", () => {
    expect(productIn(product, "en")).toBe(product);
  });

  it("Hindi pages get the Hindi texts where set, each on its own, the English ones otherwise", () => {
    expect(productIn(product, "hi")).toMatchObject({ name: "कैसियो एडिफ़िस", description: "स्टील।" });
    expect(productIn({ ...product, descriptionHi: undefined }, "hi")).toMatchObject({ name: "कैसियो एडिफ़िस", description: "Steel." });
    expect(productIn({ ...product, nameHi: undefined }, "hi")).toMatchObject({ name: "Casio Edifice", description: "स्टील।" });
    const english = { id: "h2", name: "Seiko 5", description: "Automatic." };
    expect(productIn(english, "hi")).toBe(english);
    // A card's slice (no description) stays a card's slice.
    expect(productIn({ id: "h1", name: "Casio Edifice", nameHi: "कैसियो एडिफ़िस" }, "hi")).toEqual({ id: "h1", name: "कैसियो एडिफ़िस", nameHi: "कैसियो एडिफ़िस" });
  });
});

/**
 * The demo owner's Hindi texts (issue 48 item 2; docs/decisions/0972; app/db/demo-catalogue-hi.ts),
 * written out here by hand: a name of brand, model and reference only has no Hindi name (it reads
 * the same), the others say their words in Hindi and keep the reference.
 */
const DEMO_HI = {
  w00001: {
    nameHi: undefined,
    descriptionHi:
      "रोमन अंकों, रेलवे मिनट ट्रैक और तारीख़ वाली एक सादी गोल Cartier घड़ी। सटीक क्वार्ट्ज़ मूवमेंट इसे महीने में बस कुछ सेकंड के अंतर तक सही रखता है। 40 मिमी का केस स्टेनलेस स्टील का है, 30 मीटर तक पानी से सुरक्षित, और यह काले एलिगेटर चमड़े के पट्टे पर आती है। ब्रांड के डिब्बे और वारंटी कार्ड के साथ पहुँचती है।",
    featuresHi: ["रोमन अंक और रेलवे मिनट ट्रैक", "तारीख़ की खिड़की", "नीला कैबोशॉन क्राउन", "एलिगेटर जैसी बनावट वाला पट्टा", "स्टेनलेस स्टील का 40 मिमी केस", "30 मीटर तक पानी से सुरक्षित", "बैटरी लगभग 3 साल चलती है"],
  },
  w00003: { nameHi: "Fossil Neutra और Carlie गिफ़्ट सेट FS5380 & ES4433SET" },
  w00004: { nameHi: "Casio G-Shock लवर्स कलेक्शन LOV-21A-1A" },
  w00005: { nameHi: "Rolex Submariner Date 41 मिमी काला डायल 126610LN" },
  w00010: { nameHi: "Seiko Presage लेडीज़ ऑटोमैटिक 34 मिमी नीला डायल SRP843J1" },
  w00017: { nameHi: "Tissot PRX कपल सेट नीला डायल T137.410.11.041.00 & T137.210.11.041.00" },
} as const;

describe("the demo catalogue's Hindi texts", () => {
  it("every watch has a Hindi description and feature list; a name with words of its own a Hindi name that keeps the reference", () => {
    const demo = generateDemoCatalogue(120);
    expect(demo.filter((p) => !p.descriptionHi || !p.featuresHi).map((p) => p._id)).toEqual([]);
    for (const product of demo) {
      const features = product.features as string[];
      const featuresHi = product.featuresHi as string[];
      const nameHi = product.nameHi as string | undefined;
      // One Hindi line per English line, none left in English.
      expect(featuresHi.length, product._id).toBe(features.length);
      expect(featuresHi.filter((line, index) => line === features[index]), product._id).toEqual([]);
      const reference = product.name.split(" ").slice(-1)[0];
      if (nameHi) expect(nameHi.endsWith(reference), `${product._id}: ${nameHi}`).toBe(true);
      // A name with no size, dial or line words of its own reads the same in Hindi: none.
      else expect(product.name, product._id).not.toMatch(/\d+mm| Dial |Set|Pair|Ladies|Chronograph|Automatic|Couple/);
    }
    const byId = new Map(demo.map((p) => [p._id, p]));
    expect(byId.get("w00001")).toMatchObject({ descriptionHi: DEMO_HI.w00001.descriptionHi, featuresHi: DEMO_HI.w00001.featuresHi });
    expect(byId.get("w00001")?.nameHi).toBeUndefined();
    for (const id of ["w00003", "w00004", "w00005", "w00010", "w00017"] as const) expect(byId.get(id)?.nameHi, id).toBe(DEMO_HI[id].nameHi);
  });
});

describe.each(testDatabases())("Hindi product texts on $name", (kind) => {
  let db: DB;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ db, cleanup } = await kind.create());
    expect(await catalogue.importCatalogue(db, generateDemoCatalogue(40))).toEqual({ ok: true, imported: 40 });
  });
  afterAll(async () => cleanup());

  /** The row's stored Hindi columns, as the database holds them. */
  const stored = async (id: string) => db.selectFrom("products").select(["name_hi", "description_hi"]).where("id", "=", id).executeTakeFirstOrThrow();
  const storedFeatures = async (id: string) => (await db.selectFrom("products").select("features_hi").where("id", "=", id).executeTakeFirstOrThrow()).features_hi;

  it("the import stores them (none: null) and the storefront's reads carry them", async () => {
    expect(await stored("w00001")).toEqual({ name_hi: null, description_hi: DEMO_HI.w00001.descriptionHi });
    expect(JSON.parse((await storedFeatures("w00001"))!)).toEqual(DEMO_HI.w00001.featuresHi);
    expect((await stored("w00004")).name_hi).toBe(DEMO_HI.w00004.nameHi);
    expect(await catalogue.getProduct(db, "w00005")).toMatchObject({ nameHi: DEMO_HI.w00005.nameHi });
    expect(await catalogue.getProduct(db, "w00001")).toMatchObject({ featuresHi: DEMO_HI.w00001.featuresHi });
    const plain = (await catalogue.getProduct(db, "w00001"))!;
    expect("nameHi" in plain).toBe(false);
  });

  it("an export re-imports unchanged, Hindi fields and all; rows without them carry no such keys", async () => {
    const exportAll = async () => {
      const rows: Record<string, unknown>[] = [];
      for await (const batch of catalogue.productBatches(db, 15, { includeHidden: true })) rows.push(...batch.map((p) => productToJson(p) as unknown as Record<string, unknown>));
      return rows;
    };
    const first = await exportAll();
    expect(first[0]).toMatchObject({ _id: "w00001", descriptionHi: DEMO_HI.w00001.descriptionHi, featuresHi: DEMO_HI.w00001.featuresHi });
    expect(first[3]).toMatchObject({ _id: "w00004", nameHi: DEMO_HI.w00004.nameHi });
    // No Hindi name: no such key (an export of a store without Hindi texts answers as before).
    expect(Object.keys(first[0])).not.toContain("nameHi");
    // Through the file, as the owner downloads and uploads it.
    const file = JSON.parse(JSON.stringify({ success: true, products: first }));
    expect(await catalogue.importCatalogue(db, file, undefined, owner)).toEqual({ ok: true, imported: 40 });
    expect(await exportAll()).toEqual(first);
    // A file whose Hindi name is too long imports nothing, and says which row and field.
    const bad = first.map((row, index) => (index === 2 ? { ...row, nameHi: "घ".repeat(201) } : row));
    expect(await catalogue.importCatalogue(db, bad, undefined, owner)).toEqual({ ok: false, errors: [{ index: 2, field: "nameHi", message: "must be at most 200 characters" }] });
    expect(await stored("w00003")).toMatchObject({ name_hi: DEMO_HI.w00003.nameHi });
  });

  it("name search finds a watch by its Hindi name (as the collection page asks), and the SQL answer equals the in-memory one", async () => {
    const shown = await catalogue.listProducts(db);
    const words = new Map<string, string>([["कैसियो", "casio"], ["घड़ी", ""]]);
    for (const [typed, ids] of [
      ["लवर्स", ["w00004"]],
      // Typed with the nukta (गिफ़्ट) or without, as the search words are compared.
      ["गिफ़्ट सेट", ["w00003", "w00040"]],
      ["गिफ्ट सेट", ["w00003", "w00040"]],
      ["कपल सेट", ["w00011", "w00017", "w00028", "w00032"]],
      // The English names with "Black Dial": their Hindi names say काला डायल.
      ["काला डायल", shown.filter((p) => p.name.includes("Black Dial")).map((p) => p.id)],
    ] as const) {
      const params = { ...DEFAULT_COLLECTION_PARAMS, q: catalogueSearch(typed, words), max: 10_000_000 };
      const page = await catalogue.queryCatalogue(db, params);
      expect(page.products.map((p) => p.id), typed).toEqual(ids);
      expect(page).toEqual(memory.queryCatalogue(shown, params));
    }
    // An English search answers as before: the Hindi names hold no Latin words the English ones lack.
    const casio = { ...DEFAULT_COLLECTION_PARAMS, q: "casio", max: 10_000_000 };
    expect((await catalogue.queryCatalogue(db, casio)).products.map((p) => p.id)).toEqual(
      shown.filter((p) => p.name.toLowerCase().includes("casio")).map((p) => p.id).slice(0, 25),
    );
  });

  it("the back office saves, changes and clears them, auditing only what changed, and search follows", async () => {
    const json = productJsonSchema.parse({ ...base, _id: "h1", nameHi: "कैसियो एडिफ़िस", descriptionHi: "स्टील की क्रोनोग्राफ़।" });
    await createProduct(db, json, owner, { canSetPrice: true });
    expect(await stored("h1")).toEqual({ name_hi: "कैसियो एडिफ़िस", description_hi: "स्टील की क्रोनोग्राफ़।" });
    expect((await listAudit(db, "product", "h1"))[0]).toMatchObject({ action: "create", after: { nameHi: "कैसियो एडिफ़िस", descriptionHi: "स्टील की क्रोनोग्राफ़।" } });

    const before = productToJson((await getAdminProduct(db, "h1"))!);
    const renamed = await updateProduct(db, "h1", productJsonSchema.parse({ ...before, nameHi: "कैसियो एडिफ़िस रेसर" }), owner, { canChangePrice: true });
    expect(renamed.changed).toBe(true);
    const [edit] = await listAudit(db, "product", "h1");
    expect(edit).toMatchObject({ action: "edit", before: { nameHi: "कैसियो एडिफ़िस" }, after: { nameHi: "कैसियो एडिफ़िस रेसर" } });
    expect(Object.keys(edit.after as object)).toEqual(["nameHi"]);
    const found = await catalogue.queryCatalogue(db, { ...DEFAULT_COLLECTION_PARAMS, q: "रेसर", max: 10_000_000 });
    expect(found.products.map((p) => p.id)).toEqual(["h1"]);

    // Cleared on the form (""): stored as null, audited as null, and the old Hindi name no longer found.
    const cleared = await updateProduct(db, "h1", productJsonSchema.parse({ ...productToJson((await getAdminProduct(db, "h1"))!), nameHi: "", descriptionHi: "" }), owner, { canChangePrice: true });
    expect(cleared.changed).toBe(true);
    expect(await stored("h1")).toEqual({ name_hi: null, description_hi: null });
    expect((await listAudit(db, "product", "h1"))[0]).toMatchObject({ before: { nameHi: "कैसियो एडिफ़िस रेसर", descriptionHi: "स्टील की क्रोनोग्राफ़।" }, after: { nameHi: null, descriptionHi: null } });
    expect((await catalogue.queryCatalogue(db, { ...DEFAULT_COLLECTION_PARAMS, q: "रेसर", max: 10_000_000 })).products).toEqual([]);
  });

  it("the back office saves, changes and clears the Hindi features, auditing them as featuresHi; the Store API shape carries them only when set", async () => {
    const json = productJsonSchema.parse({ ...base, _id: "h2", features: ["Date display", "Mineral glass"], featuresHi: [" तारीख़ का डिस्प्ले ", "मिनरल ग्लास"] });
    await createProduct(db, json, owner, { canSetPrice: true });
    expect(JSON.parse((await storedFeatures("h2"))!)).toEqual(["तारीख़ का डिस्प्ले", "मिनरल ग्लास"]);
    const before = productToJson((await getAdminProduct(db, "h2"))!);
    expect(before).toMatchObject({ features: ["Date display", "Mineral glass"], featuresHi: ["तारीख़ का डिस्प्ले", "मिनरल ग्लास"] });
    await updateProduct(db, "h2", productJsonSchema.parse({ ...before, featuresHi: ["तारीख़ का डिस्प्ले"] }), owner, { canChangePrice: true });
    const [edit] = await listAudit(db, "product", "h2");
    expect(edit).toMatchObject({ action: "edit", before: { featuresHi: ["तारीख़ का डिस्प्ले", "मिनरल ग्लास"] }, after: { featuresHi: ["तारीख़ का डिस्प्ले"] } });
    expect(Object.keys(edit.after as object)).toEqual(["featuresHi"]);
    // Cleared (the form's empty field is an empty list): stored as null, left out of the JSON.
    await updateProduct(db, "h2", productJsonSchema.parse({ ...productToJson((await getAdminProduct(db, "h2"))!), featuresHi: [] }), owner, { canChangePrice: true });
    expect(await storedFeatures("h2")).toBeNull();
    expect(Object.keys(productToJson((await getAdminProduct(db, "h2"))!))).not.toContain("featuresHi");
  });

  it("migration 0026 goes down and up again: the Hindi features leave and come back, null", async () => {
    await migrations["0026_product_features_hindi"].down!(db);
    await expect(sql`select features_hi from products`.execute(db)).rejects.toThrow();
    await migrations["0026_product_features_hindi"].up(db);
    expect(await storedFeatures("w00001")).toBeNull();
  });

  it("migration 0021 goes down and up again: the columns leave and come back, nullable", async () => {
    await migrations["0021_product_hindi"].down!(db);
    await expect(sql`select name_hi from products`.execute(db)).rejects.toThrow();
    await migrations["0021_product_hindi"].up(db);
    expect(await stored("w00001")).toEqual({ name_hi: null, description_hi: null });
  });
});
