import { describe, expect, it } from "vitest";
import { GENERIC_DESCRIPTION } from "~/content/product-description";
import { declarationRows } from "~/lib/declarations";
import { declarationRowsIn, genericDescriptionIn, reviewWordsIn, specRowsIn } from "~/utils/product-words.server";

/**
 * The product page's loader-made words in both languages (issue 27 item 2): English as the pages
 * said it before (SPEC.md §2 labels, IS 19000 review sentences), Hindi as written here by hand.
 */

const ROWS: [string, string][] = declarationRows(
  { genericName: "Wrist watch", netQuantity: "1 N", countryOfOrigin: "Japan", manufacturer: "Seiko Watch Corporation", importer: "Chrono India Pvt Ltd", manufactured: "2026-11", mrpPaise: 929_900 },
  "1800 000 000",
);

describe("the product page's words", () => {
  it("label the specification table in each language", () => {
    const product = { movement: "Automatic", strapMaterial: "Steel", category: "Men", subCategory: "Seiko" };
    expect(specRowsIn(product, "en")).toEqual([
      ["Movement", "Automatic"],
      ["Strap Material", "Steel"],
      ["Category / SubCategory", "Men / Seiko"],
    ]);
    expect(specRowsIn(product, "hi")).toEqual([
      // The movement through the Hindi vocabulary (docs/decisions/0972); "Steel" is in no table: as written.
      ["मूवमेंट", "ऑटोमैटिक"],
      ["स्ट्रैप का मटीरियल", "Steel"],
      ["श्रेणी / ब्रांड", "पुरुष / Seiko"],
    ]);
  });

  it("give the Legal Metrology declarations Hindi labels, month and MRP words, the vocabulary's generic name, unit and country, and leave names as declared", () => {
    expect(declarationRowsIn(ROWS, "en")).toBe(ROWS);
    expect(declarationRowsIn(ROWS, "hi")).toEqual([
      ["सामान्य नाम", "कलाई घड़ी"],
      ["शुद्ध मात्रा", "1 नग"],
      ["मूल देश", "जापान"],
      ["निर्माता", "Seiko Watch Corporation"],
      ["आयातक", "Chrono India Pvt Ltd"],
      ["निर्माण या आयात का महीना और वर्ष", "नवंबर 2026"],
      ["अधिकतम खुदरा मूल्य (MRP)", "₹9,299 (सभी करों सहित)"],
      ["ग्राहक सहायता", "1800 000 000"],
    ]);
  });

  it("say the Reviews tab's sentences in each language", () => {
    const from = Date.parse("2026-11-02T06:00:00Z");
    const to = Date.parse("2026-11-26T06:00:00Z");
    const en = reviewWordsIn("en", { count: 1234, average: "4.5", collected: { from, to } });
    expect(en.tabLabel).toBe("Reviews (1,234)");
    expect(en.ratingText).toBe("4.5 (1,234 reviews)");
    expect(en.summary).toBe(" out of 5. Based on 1,234 reviews. Reviews collected from 2 Nov 2026 to 26 Nov 2026, from shoppers whose order was delivered.");
    expect(en.byline("Asha R.", to)).toBe("Asha R. · Verified purchase · 26 Nov 2026");
    expect(en.pageWords(1, 3)).toBe("Page 1 of 3");
    const hi = reviewWordsIn("hi", { count: 1, average: "5.0", collected: { from: to, to } });
    expect(hi.tabLabel).toBe("रिव्यू (1)");
    expect(hi.ratingText).toBe("5.0 (1 रिव्यू)");
    expect(hi.summary).toBe(" / 5। 1 रिव्यू के आधार पर। ये रिव्यू 26 नव॰ 2026 को उन ग्राहकों से लिए गए जिनका ऑर्डर डिलीवर हो चुका था।");
    expect(hi.byline("Asha R.", to)).toBe("Asha R. · पक्की ख़रीद · 26 नव॰ 2026");
    expect(hi.pageWords(2, 3)).toBe("पेज 2 / 3");
    expect(reviewWordsIn("hi", { count: 0, average: null, collected: null }).summary).toBe("अभी कोई रिव्यू नहीं है। इस प्रोडक्ट का रिव्यू करने वाले पहले व्यक्ति बनें।");
    expect(reviewWordsIn("en", { count: 0, average: null, collected: null }).ratingText).toBe("No reviews yet. Be the first to review this product.");
  });

  it("keep the Description tab's English as SPEC.md's generic text, and have Hindi of it", () => {
    expect(genericDescriptionIn("en")).toEqual([...GENERIC_DESCRIPTION]);
    expect(genericDescriptionIn("hi")[0]).toMatch(/^हमारे स्टोर की हर घड़ी/);
  });
});
