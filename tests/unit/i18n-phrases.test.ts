import { describe, expect, it } from "vitest";
import { INDIAN_STATES_AND_UTS } from "~/constants/indian-states";
import { hiPhrases } from "~/i18n/catalogues/phrases.hi.server";
import { phrasesFor, translatePhrase } from "~/i18n/messages.server";
import { phraseIn } from "~/i18n/phrases";
import { WISHLIST_MESSAGES } from "~/lib/wishlist";
import { STOCK_MESSAGES } from "~/lib/stock";
import { ORDER_LIMIT_MESSAGES } from "~/lib/order-limits";
import { ACCOUNT_MESSAGES } from "~/schemas/account-rules";
import { API_MESSAGES } from "~/schemas/api-constants";
import { ADDRESS_MESSAGES, ADDRESS_RULES } from "~/schemas/checkout-rules";
import { DELIVERY_MESSAGES } from "~/schemas/delivery";
import { ORDER_MESSAGES } from "~/schemas/order-constants";
import { PASSWORD_RESET_MESSAGES } from "~/schemas/password-reset-rules";
import { controlCharactersMessage } from "~/schemas/text";
import { CHECKOUT_ADDRESS_MESSAGES, savedAddressProblems } from "~/utils/address-book.server";
import { SAVED_ADDRESS_MESSAGES } from "~/services/addresses.server";
import { ERASED_ON_DELETE, KEPT_ON_DELETE, KEPT_REASON, PERSONAL_DATA_MESSAGES } from "~/lib/personal-data";
import { personalDataHtml } from "~/utils/personal-data.server";
import { rateLimitMessage } from "~/utils/rate-limit.server";
import type { PersonalDataExport } from "~/backend/own/types";
import { GRIEVANCE_MESSAGES } from "~/schemas/grievance-constants";
import { NEWSLETTER_CHECK_INBOX, NEWSLETTER_MESSAGES, NEWSLETTER_NOTE, NEWSLETTER_PAGE_MESSAGES } from "~/schemas/newsletter-constants";
import { newsletterSignUpSchema } from "~/schemas/newsletter";
import { reviewInputSchema } from "~/schemas/review";
import { REJECT_REASONS, REVIEW_MESSAGES } from "~/constants/reviews";
import { UNREADABLE_LINK_PAGE } from "~/lib/outside-text";
import { CANCEL_MESSAGES, cancelledRefundMessage } from "~/lib/order-cancel";
import { KIND_LABELS, KIND_NAMES, REPORT_MESSAGES, REPORT_STATUS_WORDS, reportRateLimitMessage, reportWindow } from "~/lib/problem-reports";

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
  // The back office's side of personal data (issue 27 item 4: it stays English).
  PERSONAL_DATA_MESSAGES.openOrderStaff,
  PERSONAL_DATA_MESSAGES.staffAccount,
  PERSONAL_DATA_MESSAGES.notFound,
  PERSONAL_DATA_MESSAGES.confirmEmail,
  PERSONAL_DATA_MESSAGES.deletedByStaff,
  // Staff's side of complaints and review moderation (the back office stays English).
  GRIEVANCE_MESSAGES.answerRequired,
  GRIEVANCE_MESSAGES.answerTooLong,
  GRIEVANCE_MESSAGES.alreadyResolved,
  GRIEVANCE_MESSAGES.notFound,
  REVIEW_MESSAGES.notPending,
  REVIEW_MESSAGES.reason,
  REVIEW_MESSAGES.published,
  REVIEW_MESSAGES.rejected,
  // The back office's side of problem reports (issue 27 item 4: it stays English).
  REPORT_MESSAGES.answer,
  REPORT_MESSAGES.answerTooLong,
  REPORT_MESSAGES.reportNotFound,
  REPORT_MESSAGES.alreadyAnswered,
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
  // Issue 43 item 3: the order limits (docs/decisions/0930).
  ORDER_LIMIT_MESSAGES.watchOverLimit("Casio Edifice"),
  ORDER_LIMIT_MESSAGES.orderOverLimit,
  ORDER_LIMIT_MESSAGES.unpaidWatchOverLimit("Casio Edifice"),
  ORDER_LIMIT_MESSAGES.unpaidOverLimit,
  ...savedAddressProblems({ zipcode: DELIVERY_MESSAGES.pinUnknown }, "110001").formErrors,
  ...Object.values(ADDRESS_RULES).flatMap((rule) =>
    rule.checks.flatMap((check) => (check.kind === "plainText" ? [controlCharactersMessage(check.label)] : [])),
  ),
  controlCharactersMessage("Your name"),
  "Item added to cart!",
  "Please Login with Account",
  // The order page's "Report a problem" section (docs/decisions/0900).
  ...strings(REPORT_MESSAGES),
  ...Object.values(KIND_LABELS),
  ...Object.values(KIND_NAMES),
  ...Object.values(REPORT_STATUS_WORDS),
  ...[reportWindow({ status: "Delivered", deliveredAt: Date.UTC(2026, 10, 24), openReport: false }, Date.UTC(2026, 11, 24))].flatMap((window) => [window.damaged.reason!, window.wrong.reason!]),
  reportRateLimitMessage(30),
  reportRateLimitMessage(600),
  // The grievance form, the newsletter box and pages, the review page (docs/decisions/0910).
  ...strings(GRIEVANCE_MESSAGES),
  controlCharactersMessage("Your complaint"),
  ...strings(NEWSLETTER_MESSAGES),
  NEWSLETTER_CHECK_INBOX,
  NEWSLETTER_NOTE,
  ...strings(NEWSLETTER_PAGE_MESSAGES),
  ...(newsletterSignUpSchema.safeParse({ email: "asha@example.in", consentVersion: "1999-v0" }).error?.issues.map((issue) => issue.message) ?? []),
  "Please check the form.",
  ...strings(REVIEW_MESSAGES),
  ...Object.values(REJECT_REASONS),
  ...(reviewInputSchema.safeParse({ rating: "9", title: "a\u0007b", body: "x\u0000" }).error?.issues.map((issue) => issue.message) ?? []),
  ...(reviewInputSchema.safeParse({ rating: "4", title: 3, body: 4 }).error?.issues.map((issue) => issue.message) ?? []),
  // The account pages: /profile's address toasts (app/routes/profile.tsx), the login limits'
  // sentence on its password form and /profile/delete, the personal-data forms and the deletion
  // page's erased and kept lines.
  "Address saved.",
  "Address updated.",
  "Address deleted.",
  "Default address changed.",
  rateLimitMessage(60),
  rateLimitMessage(900),
  ...strings(PERSONAL_DATA_MESSAGES),
  ...ERASED_ON_DELETE,
  ...KEPT_ON_DELETE,
  KEPT_REASON,
  // app/routes/login.tsx: a sign-up refused for its honeypot.
  "We could not create your account. Please try again.",
  // The shopper's cancel before it ships (issue 45 item 1; docs/decisions/0981): toasts and the Store API's sentences.
  ...Object.values(CANCEL_MESSAGES).filter((text) => !text.includes("{amount}")),
  cancelledRefundMessage("₹4,500.50"),
  // The HTTP guard's page for a link it cannot read (issue 43 item 5; docs/decisions/0940).
  UNREADABLE_LINK_PAGE.title,
  UNREADABLE_LINK_PAGE.text,
  UNREADABLE_LINK_PAGE.home.replace("{storeName}", "Chrono India"),
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
    expect(translatePhrase("hi", "Wrong products can be reported within 48 hours of delivery. This order was delivered on 24 Nov 2026, 10:05.")).toBe(
      "गलत प्रोडक्ट की रिपोर्ट डिलीवरी के 48 घंटे के अंदर की जा सकती है। यह ऑर्डर 24 नव॰ 2026, 10:05 को डिलीवर हुआ था।",
    );
  });

  it("sends a page only the groups it asks for", () => {
    const book = phrasesFor("hi", ["address"]);
    expect(book["Please enter your PIN code."]).toBe("कृपया अपना पिन कोड लिखें।");
    expect(book["Invalid email or password."]).toBeUndefined();
  });
});

/** An export with one of everything, so the readable view says each of its own words once. */
const EXPORT: PersonalDataExport = {
  exportedAt: "2026-11-26T10:00:00.000Z",
  account: { name: "Asha Rao", email: "asha@example.in", createdAt: "2026-01-02T03:04:05.000Z", phone: null, note: "" },
  addresses: [
    {
      name: "Asha Rao",
      businessName: null,
      street: "12 MG Road",
      city: "Bengaluru",
      state: "Karnataka",
      pinCode: "560001",
      country: "India",
      phone: "9876543210",
      email: "asha@example.in",
      gstin: null,
      isDefault: true,
      savedAt: "2026-01-02T03:04:05.000Z",
    },
  ],
  orders: [
    {
      number: "CI-1001",
      date: "2026-02-03T04:05:06.000Z",
      status: "Delivered",
      paymentMethod: "cod",
      paymentStatus: "PAID",
      amountRupees: 12345,
      lines: [{ productId: "p1", product: "Casio Edifice", size: "default", quantity: 2, unitPriceRupees: 6000, totalRupees: 12000 }],
      deliveryAddress: { name: "Asha Rao", businessName: null, street: "12 MG Road", city: "Bengaluru", state: "Karnataka", pinCode: "560001", country: "India", phone: "9876543210", email: "", gstin: null },
      invoiceNumber: null,
    },
  ],
  reviews: [{ productId: "p1", product: "Casio Edifice", rating: 4, title: "Good", text: "Keeps time.", status: "published", shownAs: "Asha R.", writtenAt: "2026-02-10T00:00:00.000Z" }],
  wishlist: [{ productId: "p2", product: "Seiko 5", priceWhenSavedRupees: 9999, savedAt: "2026-02-11T00:00:00.000Z" }],
  newsletter: {
    email: "asha@example.in",
    status: "subscribed",
    consentText: "Send me the newsletter.",
    consentVersion: "2026-v1",
    requestedAt: "2026-02-12T00:00:00.000Z",
    confirmedAt: "2026-02-12T00:05:00.000Z",
    withdrawnAt: null,
    history: [],
  },
  grievances: [{ ticket: "G-1", subject: "Delivery", text: "Late.", orderNumber: "CI-1001", status: "resolved", filedAt: "2026-02-13T00:00:00.000Z", answer: "Sorry.", answeredAt: null }],
  problemReports: [{ orderNumber: "CI-1001", kind: "damaged", description: "Cracked glass.", video: true, status: "open", filedAt: "2026-02-14T00:00:00.000Z", answer: "Replaced.", answeredAt: null }],
  returnRequests: [
    {
      orderNumber: "CI-1001",
      resolution: "refund",
      reason: "defective",
      description: "It stops overnight.",
      photos: 1,
      status: "requested",
      lines: [{ lineIndex: 0, productId: "w-1", colour: "default", quantity: 2, exchangeColour: null }],
      refundDetails: { kind: "upi", upiId: "asha@okaxis" },
      filedAt: "2026-02-15T00:00:00.000Z",
    },
  ],
};
const EMPTY_EXPORT: PersonalDataExport = { ...EXPORT, addresses: [], orders: [], reviews: [], wishlist: [], newsletter: null, grievances: [], problemReports: [], returnRequests: [] };

describe("/profile/data's readable view in Hindi (issue 27)", () => {
  it("has Hindi for every word of its own, full and empty", () => {
    const said: string[] = [];
    const record = (text: string) => (said.push(text), text);
    personalDataHtml(EXPORT, record);
    personalDataHtml({ ...EXPORT, newsletter: { ...EXPORT.newsletter!, status: "withdrawn" } }, record);
    personalDataHtml(EMPTY_EXPORT, record);
    personalDataHtml({ ...EXPORT, returnRequests: EXPORT.returnRequests.map((r) => ({ ...r, lines: [{ ...r.lines[0], quantity: 1 }], refundDetails: null })) }, record);
    expect(said.length).toBeGreaterThan(40);
    const book = phrasesFor("hi", ["profile"]);
    for (const text of said) {
      const hindi = phraseIn(book, text);
      expect(hindi, text).not.toBe(text);
      expect(hindi, text).toMatch(DEVANAGARI);
    }
  });

  it("words the view through the phrasebook, the data as stored (a fixed table)", () => {
    const html = personalDataHtml(EXPORT, (text) => translatePhrase("hi", text));
    expect(html).toContain("सेव किए गए पते (1)");
    expect(html).toContain("2 × Casio Edifice, ₹6,000 प्रति नग: कुल ₹12,000");
    expect(html).toContain("5 में से 4 स्टार");
    expect(html).toContain("ऑर्डर CI-1001 पर समस्या की रिपोर्ट (damaged, वीडियो के साथ)");
    expect(html).toContain("ऑर्डर CI-1001 पर रिटर्न का अनुरोध (refund, defective, 2 घड़ियाँ, आपकी रिफ़ंड की जानकारी के साथ)");
    expect(html).toContain("रिटर्न और एक्सचेंज (1)");
    expect(html).toContain("Send me the newsletter.");
    // Its times with Hindi month names, none left in English.
    expect(html).toContain("11 फ़र॰ 2026, 05:30 IST");
    expect(html).not.toMatch(/\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec) \d{4}/);
    expect(personalDataHtml(EXPORT)).toContain("Saved addresses (1)");
  });
});

describe("the states and union territories", () => {
  it("each have a Hindi name for the address form's list (the option's value stays English)", () => {
    const book = phrasesFor("hi", ["address"]);
    for (const state of INDIAN_STATES_AND_UTS) expect(book[state], state).toMatch(/^[\u0900-\u097F][\u0900-\u097F ]+$/);
    expect(book["Karnataka"]).toBe("कर्नाटक");
    // A made sentence puts the state's Hindi name in.
    expect(translatePhrase("hi", DELIVERY_MESSAGES.stateMismatch("Karnataka"))).toBe("यह पिन कोड कर्नाटक में है। कृपया राज्य या पिन कोड जाँचें।");
  });
});

describe("dates inside a sentence", () => {
  it("are written with the book's month names, whatever ICU calls September", () => {
    const sentence = (date: string) => `Damaged products can be reported within 24 hours of delivery. This order was delivered on ${date}.`;
    expect(translatePhrase("hi", sentence("24 Nov 2026, 10:05"))).toBe("खराब प्रोडक्ट की रिपोर्ट डिलीवरी के 24 घंटे के अंदर की जा सकती है। यह ऑर्डर 24 नव॰ 2026, 10:05 को डिलीवर हुआ था।");
    expect(translatePhrase("hi", sentence("3 Sept 2026, 09:00"))).toContain("3 सित॰ 2026, 09:00 को");
    expect(translatePhrase("hi", sentence("3 Sep 2026"))).toContain("3 सित॰ 2026 को");
    expect(translatePhrase("en", sentence("24 Nov 2026, 10:05"))).toBe(sentence("24 Nov 2026, 10:05"));
  });
});
