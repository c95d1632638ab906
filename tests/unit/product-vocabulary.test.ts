import { describe, expect, it } from "vitest";
import { hiFeaturePatterns, hiVocabulary } from "~/i18n/catalogues/vocabulary.hi.server";
import { featureIn, featuresIn, vocabularyIn, vocabularyKey, type VocabularyKind } from "~/i18n/vocabulary.server";
import { productFromJson, productJsonSchema, productToJson } from "~/schemas/product";
import { parseProductForm } from "~/utils/product-form.server";
import { netQuantityIn } from "~/utils/product-words.server";

/*
 * The Hindi product vocabulary (issue 48 item 2; docs/decisions/0972): lookups of the owner's
 * tables with their English fallback, the feature lines and patterns, and the optional
 * `featuresHi` list in the product JSON. Expected Hindi written out here by hand.
 */

describe("the Hindi vocabulary's lookups", () => {
  it.each([
    ["movement", "Quartz", "क्वार्ट्ज़"],
    ["movement", "Automatic", "ऑटोमैटिक"],
    ["movement", "Mechanical (hand-wound)", "मैकेनिकल (हाथ से चाबी वाली)"],
    ["strapMaterial", "Brown Genuine Leather", "भूरा असली चमड़ा"],
    ["strapMaterial", "Stainless Steel Bracelet (Jubilee)", "स्टेनलेस स्टील ब्रेसलेट (जुबली)"],
    ["strapMaterial", "Black Alligator Leather", "काला एलिगेटर चमड़ा"],
    ["colour", "Mother of Pearl", "मदर-ऑफ़-पर्ल"],
    ["colour", "Blue", "नीला"],
    ["caseMaterial", "18k yellow gold", "18 कैरेट पीले सोने"],
    ["genericName", "Wrist watch", "कलाई घड़ी"],
    ["countryOfOrigin", "Switzerland", "स्विट्ज़रलैंड"],
    ["countryOfOrigin", "Japan", "जापान"],
    ["feature", "Two watches in one gift box", "एक गिफ़्ट बॉक्स में दो घड़ियाँ"],
  ] as [VocabularyKind, string, string][])("%s %s → %s on Hindi pages, itself on English ones", (kind, english, hindi) => {
    expect(vocabularyIn(kind, english, "hi")).toBe(hindi);
    expect(vocabularyIn(kind, english, "en")).toBe(english);
  });

  it("match a value whole, trimmed, in any case and with its spaces collapsed", () => {
    expect(vocabularyIn("strapMaterial", "  brown   GENUINE leather ", "hi")).toBe("भूरा असली चमड़ा");
    expect(vocabularyIn("movement", "quartz", "hi")).toBe("क्वार्ट्ज़");
    expect(vocabularyKey("  Brown  Genuine\tLeather ")).toBe("brown genuine leather");
  });

  it("fall back to the value as written when a table lacks it, never a blank", () => {
    expect(vocabularyIn("strapMaterial", "Ostrich Leather", "hi")).toBe("Ostrich Leather");
    expect(vocabularyIn("movement", "Tourbillon", "hi")).toBe("Tourbillon");
    // A term of another table is not this one's: "Quartz" is a movement, not a colour.
    expect(vocabularyIn("colour", "Quartz", "hi")).toBe("Quartz");
    expect(vocabularyIn("countryOfOrigin", "", "hi")).toBe("");
  });

  it("say the net quantity's unit in Hindi and leave anything else as declared", () => {
    expect([netQuantityIn("1 N", "hi"), netQuantityIn("2 N", "hi"), netQuantityIn("1N", "hi"), netQuantityIn("1 set", "hi"), netQuantityIn("1 N", "en")]).toEqual(["1 नग", "2 नग", "1 नग", "1 set", "1 N"]);
  });

  it("hold one Hindi entry per English term in each table, each in Devanagari and none blank", () => {
    for (const [kind, table] of Object.entries(hiVocabulary)) {
      const keys = Object.keys(table).map(vocabularyKey);
      expect(new Set(keys).size, kind).toBe(keys.length);
      for (const [english, hindi] of Object.entries(table as Record<string, string>)) {
        expect(hindi.trim(), `${kind}: ${english}`).not.toBe("");
        expect(hindi, `${kind}: ${english}`).toMatch(/[\u0900-\u097F]/);
      }
    }
    for (const { en, hi } of hiFeaturePatterns) {
      // The same slots on both sides.
      expect((hi.match(/\{\w+\}/g) ?? []).sort(), en).toEqual((en.match(/\{\w+\}/g) ?? []).sort());
    }
  });
});

describe("feature lines in Hindi", () => {
  it.each([
    ["Two watches in one gift box", "एक गिफ़्ट बॉक्स में दो घड़ियाँ"],
    ["sapphire crystal", "सफ़ायर क्रिस्टल"],
    ["Water resistant to 100 m", "100 मीटर तक पानी से सुरक्षित"],
    ["Water resistant to 300 metres", "300 मीटर तक पानी से सुरक्षित"],
    ["Water resistant to 10 bar", "10 बार तक पानी से सुरक्षित"],
    ["40 mm stainless steel case", "स्टेनलेस स्टील का 40 मिमी केस"],
    ["33.7 mm 18k rose gold case", "18 कैरेट रोज़ गोल्ड का 33.7 मिमी केस"],
    ["45 mm black PVD-coated steel case", "काली PVD कोटिंग वाले स्टील का 45 मिमी केस"],
    ["Battery life about 7 years", "बैटरी लगभग 7 साल चलती है"],
    ["Power reserve of about 70 hours", "लगभग 70 घंटे का पावर रिज़र्व"],
    ["Kinetic power reserve of up to 6 months", "6 महीने तक का काइनेटिक पावर रिज़र्व"],
  ])("%s → %s", (english, hindi) => {
    expect(featureIn(english, "hi")).toBe(hindi);
    expect(featureIn(english, "en")).toBe(english);
  });

  it("leave a line in English when the table lacks it or its case material", () => {
    expect(featureIn("Hand-engraved case back", "hi")).toBe("Hand-engraved case back");
    expect(featureIn("40 mm bronze case", "hi")).toBe("40 mm bronze case");
    expect(featureIn("Water resistant to lots of m", "hi")).toBe("Water resistant to lots of m");
  });

  it("show the owner's featuresHi on Hindi pages, else each English line through the vocabulary; English pages the features", () => {
    const features = ["Sapphire crystal", "Hand-engraved case back"];
    expect(featuresIn({ features }, "en")).toBe(features);
    expect(featuresIn({ features, featuresHi: ["हाथ से नक़्क़ाशी"] }, "en")).toBe(features);
    expect(featuresIn({ features, featuresHi: ["हाथ से नक़्क़ाशी"] }, "hi")).toEqual(["हाथ से नक़्क़ाशी"]);
    expect(featuresIn({ features }, "hi")).toEqual(["सफ़ायर क्रिस्टल", "Hand-engraved case back"]);
    expect(featuresIn({ features, featuresHi: [] }, "hi")).toEqual(["सफ़ायर क्रिस्टल", "Hand-engraved case back"]);
  });
});

describe("featuresHi in the product JSON", () => {
  const base = { _id: "v1", name: "Casio Enticer MTP-V002L-1B", image: ["/images/v1.png"], price: 1995, category: "Men", subCategory: "Casio", createdAt: "2026-01-01", features: ["Date display"] };

  it.each([
    ["left out", {}, undefined],
    ["null", { featuresHi: null }, undefined],
    ["an empty list", { featuresHi: [] }, undefined],
    ["lines, trimmed", { featuresHi: [" तारीख़ का डिस्प्ले ", "मिनरल ग्लास"] }, ["तारीख़ का डिस्प्ले", "मिनरल ग्लास"]],
    ["50 lines of 500 characters", { featuresHi: Array.from({ length: 50 }, () => "घ".repeat(500)) }, Array.from({ length: 50 }, () => "घ".repeat(500))],
  ])("accepts %s", (_label, extra, expected) => {
    const parsed = productJsonSchema.parse({ ...base, ...extra });
    expect(parsed.featuresHi).toEqual(expected);
  });

  it.each([
    ["a blank line", { featuresHi: ["  "] }, "featuresHi.0"],
    ["a line over 500 characters", { featuresHi: ["घ".repeat(501)] }, "featuresHi.0"],
    ["51 lines", { featuresHi: Array.from({ length: 51 }, () => "घड़ी") }, "featuresHi"],
    ["not a list", { featuresHi: "घड़ी" }, "featuresHi"],
  ])("refuses %s", (_label, extra, path) => {
    const result = productJsonSchema.safeParse({ ...base, ...extra });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues.map((issue) => issue.path.join("."))).toEqual([path]);
  });

  it("the product form's Features in Hindi: one line each, blanks dropped; empty saves none; a long line is refused beside the field", async () => {
    const form = (featuresHi: string) => {
      const data = new FormData();
      const all = { _id: "v1", name: "Casio Enticer", image: "/images/v1.png", price: "1995", category: "Men", subCategory: "Casio", features: "Date display\nMineral glass", featuresHi };
      for (const [key, value] of Object.entries(all)) data.set(key, value);
      return parseProductForm(data, { createdAt: "2026-06-01T00:00:00.000Z" });
    };
    const given = await form(" तारीख़ का डिस्प्ले \r\n\n मिनरल ग्लास\n");
    expect(given.ok && given.product.featuresHi).toEqual(["तारीख़ का डिस्प्ले", "मिनरल ग्लास"]);
    const empty = await form("  \n ");
    expect(empty.ok).toBe(true);
    expect(empty.ok && empty.product.featuresHi).toBeUndefined();
    const long = await form("घ".repeat(501));
    expect(long.ok).toBe(false);
    if (!long.ok) expect(Object.keys(long.reply.error ?? {})).toEqual(["featuresHi[0]"]);
  });

  it("goes into the store product and back out unchanged; none: no key, so a store without it answers as before", () => {
    const withHindi = productFromJson(productJsonSchema.parse({ ...base, featuresHi: ["तारीख़ का डिस्प्ले"] }));
    expect(withHindi.featuresHi).toEqual(["तारीख़ का डिस्प्ले"]);
    expect(productToJson(withHindi)).toMatchObject({ features: ["Date display"], featuresHi: ["तारीख़ का डिस्प्ले"] });
    const without = productFromJson(productJsonSchema.parse(base));
    expect("featuresHi" in without).toBe(false);
    expect(Object.keys(productToJson(without))).not.toContain("featuresHi");
  });
});
