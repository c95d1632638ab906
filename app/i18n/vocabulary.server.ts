import { hiFeaturePatterns, hiVocabulary } from "~/i18n/catalogues/vocabulary.hi.server";
import type { Language } from "~/i18n/language";

/*
 * A product's fixed words in the page's language (issue 48 item 2; docs/decisions/0972): the
 * values of its specification table, declarations, colour picker and feature list, looked up in
 * the owner-extensible tables of i18n/catalogues/vocabulary.hi.server.ts. A value a table lacks
 * stays as given (English), never a blank; English pages get every value back untouched.
 */

/** The tables' kinds: "movement", "strapMaterial", "colour", "caseMaterial", "genericName", "countryOfOrigin", "feature". */
export type VocabularyKind = keyof typeof hiVocabulary;

/** A value as the tables are keyed: trimmed, inner spaces collapsed to one, lower case ("  Brown  genuine LEATHER" → "brown genuine leather"). */
export function vocabularyKey(value: string): string {
  return value.trim().replace(/\s+/g, " ").toLowerCase();
}

/** Each table by its normalised English keys, built once. */
const TABLES = new Map<VocabularyKind, Map<string, string>>(
  (Object.keys(hiVocabulary) as VocabularyKind[]).map((kind) => [
    kind,
    new Map(Object.entries(hiVocabulary[kind] as Record<string, string>).map(([en, hi]) => [vocabularyKey(en), hi])),
  ]),
);

/** A figure inside a feature pattern: digits, with "." or "," inside ("42.5", "1,000"). */
const FIGURE = "(\\d+(?:[.,]\\d+)*)";

/** The feature patterns as regular expressions (case-insensitive, whole line), with the order their `{n}` / `{material}` come in. */
const PATTERNS = hiFeaturePatterns.map(({ en, hi }) => {
  const parts = en.split(/(\{n\}|\{material\})/);
  const slots: ("n" | "material")[] = [];
  const source = parts
    .map((part) => {
      if (part === "{n}" || part === "{material}") {
        slots.push(part === "{n}" ? "n" : "material");
        return part === "{n}" ? FIGURE : "(.+?)";
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");
    })
    .join("");
  return { pattern: new RegExp(`^${source}$`, "i"), slots, hi };
});

/**
 * `value` of kind `kind` as a page in `language` shows it: on Hindi pages its Hindi from the
 * vocabulary table (matched whole, trimmed, any case, spaces collapsed), else `value` itself;
 * English pages get `value` unchanged. Pure.
 */
export function vocabularyIn(kind: VocabularyKind, value: string, language: Language): string {
  if (language !== "hi") return value;
  return TABLES.get(kind)?.get(vocabularyKey(value)) ?? value;
}

/**
 * One feature line in `language`: on Hindi pages the `feature` table's Hindi for the whole line,
 * else the first of `hiFeaturePatterns` it matches ("Water resistant to 100 m" → "100 मीटर तक
 * पानी से सुरक्षित"; "40 mm stainless steel case" → "स्टेनलेस स्टील का 40 मिमी केस", the
 * material through the `caseMaterial` table), else the line as given. English: unchanged.
 */
export function featureIn(line: string, language: Language): string {
  if (language !== "hi") return line;
  const whole = TABLES.get("feature")?.get(vocabularyKey(line));
  if (whole) return whole;
  const text = line.trim().replace(/\s+/g, " ");
  for (const { pattern, slots, hi } of PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const values: Record<string, string> = {};
    let known = true;
    slots.forEach((slot, index) => {
      const found = match[index + 1];
      if (slot === "n") values.n = found;
      else {
        const material = TABLES.get("caseMaterial")?.get(vocabularyKey(found));
        if (material) values.material = material;
        else known = false;
      }
    });
    if (known) return hi.replace(/\{(n|material)\}/g, (_, slot: string) => values[slot]);
  }
  return line;
}

/**
 * A product's feature list as a page in `language` shows it: on Hindi pages the owner's
 * `featuresHi` when it has any (the whole list, as written), else each English line through
 * `featureIn`; English pages: `features` itself.
 */
export function featuresIn(product: { features: string[]; featuresHi?: string[] }, language: Language): string[] {
  if (language !== "hi") return product.features;
  if (product.featuresHi && product.featuresHi.length > 0) return product.featuresHi;
  return product.features.map((line) => featureIn(line, language));
}
