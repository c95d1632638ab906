import { describe, expect, it } from "vitest";
import { en } from "~/i18n/catalogues/en.server";
import { hi } from "~/i18n/catalogues/hi.server";
import { formatMessage, type Message } from "~/i18n/format";
import { languageOfCookie, languageOffer, languageOfPath, pathIn, samePageIn, unprefixedPath } from "~/i18n/language";
import { messagesFor, translate } from "~/i18n/messages.server";
import { stockWordsIn } from "~/utils/stock-words.server";
import { ENGLISH_STOCK_WORDS, stockLabel } from "~/lib/stock";
import { CURATED_COLLECTIONS } from "~/lib/curated-collections";
import { curatedWords } from "~/utils/collection-page.server";

/**
 * The message catalogues (issue 27 item 2; docs/decisions/0850): each has every key the other
 * has, with the same plural shape and placeholders; and the words they make, checked against a
 * fixed table written by hand (not computed by the code under test).
 */

type Catalogue = Record<string, Record<string, Message>>;
const catalogues: Record<string, Catalogue> = { en, hi };

/** "namespace.key" → message, for a catalogue. */
function flat(catalogue: Catalogue): Map<string, Message> {
  return new Map(Object.entries(catalogue).flatMap(([namespace, messages]) => Object.entries(messages).map(([key, message]) => [`${namespace}.${key}`, message] as const)));
}

/** The `{name}` placeholders of a message, all forms together, sorted. */
function placeholders(message: Message): string[] {
  const texts = typeof message === "string" ? [message] : [message.one, message.other];
  return [...new Set(texts.flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1])))].sort();
}

describe("the catalogues have the same keys", () => {
  for (const [name, other] of [["en", "hi"], ["hi", "en"]] as const) {
    it(`every key of ${name} is in ${other}, as a text or plural forms alike, with the same placeholders`, () => {
      const mine = flat(catalogues[name]);
      const theirs = flat(catalogues[other]);
      const missing = [...mine.keys()].filter((key) => !theirs.has(key));
      expect(missing, `keys missing from the ${other} catalogue`).toEqual([]);
      for (const [key, message] of mine) {
        const counterpart = theirs.get(key)!;
        expect(typeof counterpart, key).toBe(typeof message);
        expect(placeholders(counterpart), key).toEqual(placeholders(message));
      }
    });
  }

  it("the check fails for a catalogue missing a key (a positive control)", () => {
    const { search: _dropped, ...shell } = hi.shell;
    const short = { ...hi, shell } as unknown as Catalogue;
    expect([...flat(en).keys()].filter((key) => !flat(short).has(key))).toEqual(["shell.search"]);
  });

  it("no message is empty, and Hindi messages are written in Devanagari", () => {
    for (const [key, message] of flat(hi)) {
      for (const text of typeof message === "string" ? [message] : [message.one, message.other]) {
        expect(text.trim(), key).not.toBe("");
        // A message of placeholders and punctuation only ("{average} ({reviews})") has no words to write.
        const words = text.replace(/\{\w+\}/g, "");
        if (!/\p{L}/u.test(words)) continue;
        expect(/[\u0900-\u097F]/.test(text), `${key}: "${text}"`).toBe(true);
      }
    }
  });
});

describe("messages with numbers", () => {
  it("choose the plural form by each language's rules and write numbers with Indian grouping", () => {
    const table: [Parameters<typeof translate>[0], number, string][] = [
      ["en", 0, "My Wishlist (0 watches)"],
      ["en", 1, "My Wishlist (1 watch)"],
      ["en", 2, "My Wishlist (2 watches)"],
      ["en", 123456, "My Wishlist (1,23,456 watches)"],
      ["hi", 0, "मेरी विशलिस्ट (0 घड़ी)"],
      ["hi", 1, "मेरी विशलिस्ट (1 घड़ी)"],
      ["hi", 2, "मेरी विशलिस्ट (2 घड़ियाँ)"],
      ["hi", 123456, "मेरी विशलिस्ट (1,23,456 घड़ियाँ)"],
    ];
    for (const [language, count, words] of table) expect(translate(language, "shell.myWishlist", { count }), `${language} ${count}`).toBe(words);
  });

  it("put in every placeholder, and leave one without a value as written", () => {
    expect(formatMessage("hi", "© {year} {storeName}. सर्वाधिकार सुरक्षित।", { year: "2026", storeName: "Chrono India" })).toBe("© 2026 Chrono India. सर्वाधिकार सुरक्षित।");
    expect(formatMessage("en", "Hello {name}")).toBe("Hello {name}");
  });
});

describe("a page gets only the namespaces it asks for", () => {
  it("flattened to namespace.key, in its language", () => {
    const messages = messagesFor("hi", ["nav"]);
    expect(messages["nav.home"]).toBe("होम");
    expect(Object.keys(messages).every((key) => key.startsWith("nav."))).toBe(true);
    expect(messagesFor("en", ["shell"])["shell.search"]).toBe("Search");
  });
});

describe("the language is part of the address", () => {
  it("reads /hi and what is under it as Hindi, and nothing else", () => {
    const table: [string, "en" | "hi"][] = [
      ["/", "en"],
      ["/hi", "hi"],
      ["/hi/", "hi"],
      ["/hi/collection", "hi"],
      ["/hindi", "en"],
      ["/history", "en"],
      ["/collection/hi", "en"],
    ];
    for (const [path, language] of table) expect(languageOfPath(path), path).toBe(language);
  });

  it("moves a path, its query and hash kept, into either language, however often asked", () => {
    const table: [string, "en" | "hi", string][] = [
      ["/", "hi", "/hi"],
      ["/collection?category=Men&sort=low-high", "hi", "/hi/collection?category=Men&sort=low-high"],
      ["/hi/collection?category=Men", "hi", "/hi/collection?category=Men"],
      ["/hi/collection?category=Men", "en", "/collection?category=Men"],
      ["/hi", "en", "/"],
      ["/hi?x=1", "en", "/?x=1"],
      ["/product/w00001#reviews", "hi", "/hi/product/w00001#reviews"],
      ["/history", "hi", "/hi/history"],
    ];
    for (const [path, language, moved] of table) expect(pathIn(path, language), `${path} → ${language}`).toBe(moved);
    expect(unprefixedPath("/hi/cart")).toBe("/cart");
  });

  it("leaves the Store API, the back office and files at their one address", () => {
    for (const path of ["/api/cart/add", "/admin/orders", "/images/watch/w1.svg", "/orders/o1/invoice.pdf", "/sitemap.xml", "https://example.com/x", "#main"]) {
      expect(pathIn(path, "hi"), path).toBe(path);
    }
  });

  it("the switch keeps a page's query but not a visitor-given destination or a secret", () => {
    expect(samePageIn("/collection", "?category=Men&sort=low-high", "hi")).toBe("/hi/collection?category=Men&sort=low-high");
    expect(samePageIn("/hi/login", "?redirectTo=%2F%5Cevil.example&mode=signup", "en")).toBe("/login?mode=signup");
    expect(samePageIn("/reset-password", "?token=abc", "hi")).toBe("/hi/reset-password");
    expect(samePageIn("/hi", "", "en")).toBe("/");
  });
});

describe("the remembered choice is offered, never forced", () => {
  it("reads the language cookie among others, and nothing else as one", () => {
    const table: [string | null, "en" | "hi" | null][] = [
      ["language=hi", "hi"],
      ["token=abc; language=en; x=1", "en"],
      ["language=fr", null],
      ["languages=hi", null],
      ["", null],
      [null, null],
    ];
    for (const [header, language] of table) expect(languageOfCookie(header), String(header)).toBe(language);
  });

  it("offers the chosen language only on a page in the other one", () => {
    expect(languageOffer("/collection", "language=hi")).toBe("hi");
    expect(languageOffer("/hi/collection", "language=hi")).toBeNull();
    expect(languageOffer("/hi", "language=en")).toBe("en");
    expect(languageOffer("/", "language=en")).toBeNull();
    expect(languageOffer("/", null)).toBeNull();
  });
});

describe("stock labels in the page's language (issue 23, issue 27)", () => {
  it("say in Hindi what they say in English, by the same rules", () => {
    const table: [number | null, string | null, string | null][] = [
      [12, "In stock", "स्टॉक में है"],
      [5, "Only 5 left", "सिर्फ़ 5 बची हैं"],
      [1, "Only 1 left", "सिर्फ़ 1 बची है"],
      [0, "Out of stock", "स्टॉक में नहीं है"],
      [null, null, null],
    ];
    for (const [units, english, hindi] of table) {
      expect(stockLabel(units, stockWordsIn("en")), `en ${units}`).toBe(english);
      expect(stockLabel(units, ENGLISH_STOCK_WORDS), `default ${units}`).toBe(english);
      expect(stockLabel(units, stockWordsIn("hi")), `hi ${units}`).toBe(hindi);
    }
  });
});

describe("the curated collections' words", () => {
  it("say in English what app/lib/curated-collections.ts says, and have Hindi of their own", () => {
    for (const collection of Object.values(CURATED_COLLECTIONS)) {
      expect(curatedWords(collection, "en")).toEqual({ title: collection.title, description: collection.description });
      const hindi = curatedWords(collection, "hi");
      expect(hindi.title, collection.path).toMatch(/[\u0900-\u097F]/);
      expect(hindi.description, collection.path).toMatch(/[\u0900-\u097F]/);
    }
    expect(curatedWords(CURATED_COLLECTIONS["/new-arrivals"], "hi").title).toBe("नई घड़ियाँ");
  });
});
