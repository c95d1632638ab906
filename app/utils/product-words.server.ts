import type { Language } from "~/i18n/language";
import { translate } from "~/i18n/messages.server";
import type { MessageKey } from "~/i18n/catalogues/en.server";
import { istDateIn } from "~/lib/ist-dates";
import { collectionPeriodWords, formatReviewDate, reviewCountWords } from "~/lib/reviews";
import { vocabularyIn, type VocabularyKind } from "~/i18n/vocabulary.server";

/*
 * The product page's words its loader makes (issue 27 item 2): the specification and Legal
 * Metrology tables' labels, the Reviews tab's sentences and the Description tab's paragraphs, in
 * the page's language. English is what SPEC.md and the earlier pages say, word for word (the
 * English catalogue holds it; tests/unit/product-words.test.ts holds both to tables by hand).
 */

/** The labels the Legal Metrology rows carry in English (lib/declarations `declarationRows`) → their key. */
const DECLARATION_KEYS: Record<string, MessageKey> = {
  "Generic name": "productInfo.genericName",
  "Net quantity": "productInfo.netQuantity",
  "Country of origin": "productInfo.countryOfOrigin",
  "Manufactured by": "productInfo.manufacturedBy",
  "Imported by": "productInfo.importedBy",
  "Month and year of manufacture or import": "productInfo.manufactured",
  MRP: "productInfo.mrp",
  "Consumer care": "productInfo.consumerCare",
};

const HINDI_MONTHS = ["जनवरी", "फ़रवरी", "मार्च", "अप्रैल", "मई", "जून", "जुलाई", "अगस्त", "सितंबर", "अक्तूबर", "नवंबर", "दिसंबर"] as const;
const ENGLISH_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

/**
 * The specification rows (SPEC.md §2: Movement, Strap Material if present, Category /
 * SubCategory) as [label, value] in `language`; the category ("Men") in the page's words, the
 * movement and strap material through the Hindi vocabulary ("Quartz" → "क्वार्ट्ज़"; a value it
 * lacks stays as written; docs/decisions/0972), the brand as the catalogue names it.
 */
export function specRowsIn(
  product: { movement?: string | null; strapMaterial?: string | null; category: string; subCategory: string },
  language: Language,
): [string, string][] {
  const say = (key: MessageKey) => translate(language, key);
  const category = CATEGORY_KEYS[product.category] ? say(CATEGORY_KEYS[product.category]) : product.category;
  const rows: [string, string][] = [];
  if (product.movement) rows.push([say("productInfo.movement"), vocabularyIn("movement", product.movement, language)]);
  if (product.strapMaterial) rows.push([say("productInfo.strapMaterial"), vocabularyIn("strapMaterial", product.strapMaterial, language)]);
  rows.push([say("productInfo.categorySub"), `${category} / ${product.subCategory}`]);
  return rows;
}

const CATEGORY_KEYS: Record<string, MessageKey> = { Men: "collection.categoryMen", Women: "collection.categoryWomen", Couple: "collection.categoryCouple" };

/**
 * The Legal Metrology rows (lib/declarations `declarationRows`, English) in `language`: each label
 * translated (the Legal Metrology (Packaged Commodities) Rules, 2011 allow the declarations in
 * Hindi or English), the month of manufacture in Hindi ("नवंबर 2026") and the MRP's "incl. of all
 * taxes" too; the generic name ("Wrist watch" → "कलाई घड़ी") and the country of origin through the
 * Hindi vocabulary, the net quantity's unit ("1 N" → "1 नग") (docs/decisions/0972); names,
 * addresses and a value the vocabulary lacks stay as the owner wrote them.
 */
export function declarationRowsIn(rows: [string, string][], language: Language): [string, string][] {
  if (language === "en") return rows;
  return rows.map(([label, value]) => {
    const key = DECLARATION_KEYS[label];
    if (!key) return [label, value];
    if (key === "productInfo.mrp") {
      const price = /^(₹[\d,]+(?:\.\d+)?) \(incl\. of all taxes\)$/.exec(value)?.[1];
      return [translate(language, key), price ? translate(language, "productInfo.mrpValue", { price }) : value];
    }
    if (key === "productInfo.manufactured") {
      const match = /^([A-Z][a-z]+) (\d{4})$/.exec(value);
      const month = match ? ENGLISH_MONTHS.indexOf(match[1] as (typeof ENGLISH_MONTHS)[number]) : -1;
      return [translate(language, key), match && month >= 0 ? `${HINDI_MONTHS[month]} ${match[2]}` : value];
    }
    const kind = DECLARATION_VOCABULARY[label];
    if (kind) return [translate(language, key), vocabularyIn(kind, value, language)];
    if (key === "productInfo.netQuantity") return [translate(language, key), netQuantityIn(value, language)];
    return [translate(language, key), value];
  });
}

/** The declaration rows whose value is a vocabulary term. */
const DECLARATION_VOCABULARY: Record<string, VocabularyKind> = { "Generic name": "genericName", "Country of origin": "countryOfOrigin" };

/**
 * A net quantity in `language`: "N" (number, the Legal Metrology rules' unit for articles sold by
 * number) is "नग" in Hindi: "1 N" → "1 नग", "2 N" → "2 नग"; anything else as written.
 */
export function netQuantityIn(value: string, language: Language): string {
  if (language !== "hi") return value;
  const match = /^\s*(\d+)\s*N\s*$/.exec(value);
  return match ? `${match[1]} नग` : value;
}

/** ms since epoch → the review date in `language` (IST): "24 Nov 2026" / "24 नव॰ 2026". */
export function reviewDateIn(ms: number, language: Language): string {
  return language === "en" ? formatReviewDate(ms) : istDateIn(ms, language);
}

/** "12 reviews" / "12 रिव्यू" (Indian grouping). */
export function reviewCountIn(count: number, language: Language): string {
  return language === "en" ? reviewCountWords(count) : translate(language, "productInfo.reviewCount", { count });
}

/**
 * The Reviews tab's sentences in `language` (issue 23 item 2; IS 19000:2022): the tab's label,
 * the line under the name, the summary after the average with the collection period, a review's
 * byline and the page counter. `average` is "4.5" or null (none published).
 */
export function reviewWordsIn(
  language: Language,
  figures: { count: number; average: string | null; collected: { from: number; to: number } | null },
) {
  const say = (key: MessageKey, values?: Record<string, string | number>) => translate(language, key, values);
  const reviews = reviewCountIn(figures.count, language);
  let period = "";
  if (figures.collected && language === "en") {
    period = ` ${collectionPeriodWords(figures.collected.from, figures.collected.to)}`;
  } else if (figures.collected) {
    const [from, to] = [reviewDateIn(figures.collected.from, language), reviewDateIn(figures.collected.to, language)];
    period = ` ${from === to ? say("productInfo.collectedOn", { date: from }) : say("productInfo.collectedFromTo", { from, to })}`;
  }
  return {
    tabLabel: say("productInfo.reviewsTab", { count: figures.count }),
    ratingText: figures.average === null ? say("productInfo.noReviews") : say("productInfo.ratingText", { average: figures.average, reviews }),
    summary: figures.average === null ? say("productInfo.noReviews") : say("productInfo.summary", { reviews, period }),
    byline: (author: string, publishedAt: number) => say("productInfo.byline", { author, date: reviewDateIn(publishedAt, language) }),
    pageWords: (page: number, pages: number) => say("productInfo.pageOf", { page: String(page), pages: String(pages) }),
  };
}

/** The Description tab's generic paragraphs (SPEC.md §2) in `language`. */
export function genericDescriptionIn(language: Language): string[] {
  return [translate(language, "productInfo.descriptionOne"), translate(language, "productInfo.descriptionTwo")];
}
