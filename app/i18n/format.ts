import type { Language } from "./language";

/**
 * One message of a catalogue: a text with `{name}` placeholders, or, for a text with a count, its
 * forms by the language's plural category (Intl.PluralRules: English and Hindi use "one" and
 * "other"; Hindi's "one" covers 0 and 1).
 */
export type Message = string | { one: string; other: string };

/** Values for a message's placeholders; `count` picks a plural form and is written with Indian grouping. */
export type MessageValues = Record<string, string | number>;

const pluralRules: Partial<Record<Language, Intl.PluralRules>> = {};
const numbers = new Intl.NumberFormat("en-IN");

/**
 * The text of `message` in `language` with `values` put in: ("{count} watches" forms, {count: 1200})
 * → "1,200 watches". Numbers are written with Indian grouping (1,23,456) in both languages
 * (issue 27 item 2). A placeholder without a value stays as written, so a gap shows in review
 * rather than disappearing.
 */
export function formatMessage(language: Language, message: Message, values: MessageValues = {}): string {
  let text: string;
  if (typeof message === "string") {
    text = message;
  } else {
    const count = Number(values.count ?? 0);
    const rules = (pluralRules[language] ??= new Intl.PluralRules(language === "hi" ? "hi-IN" : "en-IN"));
    text = rules.select(count) === "one" ? message.one : message.other;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === "number" ? numbers.format(value) : value;
  });
}
