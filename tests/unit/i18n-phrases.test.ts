import { describe, expect, it } from "vitest";
import { hiPhrases } from "~/i18n/catalogues/phrases.hi.server";
import { phrasesFor, translatePhrase } from "~/i18n/messages.server";
import { phraseIn } from "~/i18n/phrases";
import { WISHLIST_MESSAGES } from "~/lib/wishlist";
import { STOCK_MESSAGES } from "~/lib/stock";
import { ACCOUNT_MESSAGES } from "~/schemas/account-rules";
import { API_MESSAGES } from "~/schemas/api-constants";
import { ADDRESS_MESSAGES, ADDRESS_RULES } from "~/schemas/checkout-rules";
import { DELIVERY_MESSAGES } from "~/schemas/delivery";
import { ORDER_MESSAGES } from "~/schemas/order-constants";
import { PASSWORD_RESET_MESSAGES } from "~/schemas/password-reset-rules";
import { controlCharactersMessage } from "~/schemas/text";
import { CHECKOUT_ADDRESS_MESSAGES, savedAddressProblems } from "~/utils/address-book.server";
import { SAVED_ADDRESS_MESSAGES } from "~/services/addresses.server";

/**
 * The Hindi phrasebook (issue 27 item 2; docs/decisions/0890): every sentence a shopper can be
 * shown by the store's rules has its Hindi, with the same placeholders, and the lookup puts the
 * parts in. A new English sentence without Hindi fails here.
 */

/** Sentences only developers calling the Store API (wrong Content-Type, a foreign returnUrl) or the back office (in English, issue 27 item 4) see. */
const NOT_FOR_SHOPPERS = new Set<string>([
  API_MESSAGES.notJson,
  API_MESSAGES.badJson,
  API_MESSAGES.tooLarge,
  API_MESSAGES.methodNotAllowed,
  API_MESSAGES.bodyNotObject,
  ORDER_MESSAGES.idempotencyKeyInvalid,
  ORDER_MESSAGES.returnUrlForeign,
  DELIVERY_MESSAGES.rulesInvalid,
]);

const strings = (table: Record<string, unknown>) => Object.values(table).filter((value): value is string => typeof value === "string");

/** Every sentence the shopper can meet: the tables' texts and the made ones, with sample parts. */
const SHOPPER_SENTENCES = [
  ...strings(API_MESSAGES),
  ...strings(ACCOUNT_MESSAGES),
  ...strings(ADDRESS_MESSAGES),
  ...strings(ORDER_MESSAGES),
  ...strings(PASSWORD_RESET_MESSAGES),
  ...strings(WISHLIST_MESSAGES),
  ...strings(CHECKOUT_ADDRESS_MESSAGES),
  ...strings(SAVED_ADDRESS_MESSAGES),
  ...strings(DELIVERY_MESSAGES),
  DELIVERY_MESSAGES.unserviceable("110001"),
  DELIVERY_MESSAGES.codOverLimit("₹50,000"),
  DELIVERY_MESSAGES.stateMismatch("Delhi"),
  STOCK_MESSAGES.outOfStock,
  STOCK_MESSAGES.soldOutNote,
  STOCK_MESSAGES.colourOutOfStock("Blue"),
  STOCK_MESSAGES.lineSoldOut("Casio Edifice"),
  STOCK_MESSAGES.lineShort("Casio Edifice", 1),
  STOCK_MESSAGES.lineShort("Casio Edifice", 3),
  ...savedAddressProblems({ zipcode: DELIVERY_MESSAGES.pinUnknown }, "110001").formErrors,
  ...Object.values(ADDRESS_RULES).flatMap((rule) =>
    rule.checks.flatMap((check) => (check.kind === "plainText" ? [controlCharactersMessage(check.label)] : [])),
  ),
  controlCharactersMessage("Your name"),
  "Item added to cart!",
  "Please Login with Account",
  // app/routes/login.tsx: a sign-up refused for its honeypot.
  "We could not create your account. Please try again.",
].filter((text) => !NOT_FOR_SHOPPERS.has(text));

const DEVANAGARI = /[\u0900-\u097F]/;

describe("the Hindi phrasebook", () => {
  it.each(SHOPPER_SENTENCES)("has Hindi for %s", (sentence) => {
    const hindi = translatePhrase("hi", sentence);
    expect(hindi, sentence).not.toBe(sentence);
    expect(hindi).toMatch(DEVANAGARI);
    // No English sentence left inside (a part put in untranslated would show here).
    expect(hindi).not.toMatch(/\{\w+\}/);
  });

  it("keeps each entry's placeholders", () => {
    for (const group of Object.values(hiPhrases)) {
      for (const [english, hindi] of Object.entries(group)) {
        const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(names(hindi), english).toEqual(names(english));
      }
    }
  });

  it("leaves English pages' sentences as they are", () => {
    for (const sentence of SHOPPER_SENTENCES.slice(0, 20)) expect(translatePhrase("en", sentence)).toBe(sentence);
    expect(phrasesFor("en", ["account", "address"])).toEqual({});
  });

  it("puts a made sentence's parts in, translating those it knows (a fixed table)", () => {
    const book = { "{label} must not contain control characters.": "{label} में कंट्रोल कैरेक्टर नहीं हो सकते।", "The city": "शहर के नाम" };
    expect(phraseIn(book, "The city must not contain control characters.")).toBe("शहर के नाम में कंट्रोल कैरेक्टर नहीं हो सकते।");
    expect(phraseIn(book, "The moon must not contain control characters.")).toBe("The moon में कंट्रोल कैरेक्टर नहीं हो सकते।");
    expect(phraseIn(book, "Something else.")).toBe("Something else.");
    expect(translatePhrase("hi", "We don't deliver to 795001 yet")).toBe("हम अभी 795001 पर डिलीवरी नहीं करते");
    expect(translatePhrase("hi", "Casio MTP: Moved to your cart.")).toBe("Casio MTP: आपके कार्ट में चली गई।");
  });

  it("sends a page only the groups it asks for", () => {
    const book = phrasesFor("hi", ["address"]);
    expect(book["Please enter your PIN code."]).toBe("कृपया अपना पिन कोड लिखें।");
    expect(book["Invalid email or password."]).toBeUndefined();
  });
});
