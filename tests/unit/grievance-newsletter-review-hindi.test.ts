import { describe, expect, it } from "vitest";
import { formatMessage } from "~/i18n/format";
import { messagesFor, phrasesFor, translate, translatePhrase } from "~/i18n/messages.server";
import { phraseIn } from "~/i18n/phrases";
import { REVIEW_MESSAGES } from "~/constants/reviews";
import { GRIEVANCE_MESSAGES } from "~/schemas/grievance-constants";
import { NEWSLETTER_CONSENT_TEXTS, NEWSLETTER_CONSENT_VERSION, NEWSLETTER_CONSENT_VERSION_BY_LANGUAGE, newsletterConsentLanguage } from "~/schemas/newsletter-constants";
import { newsletterSignUpSchema } from "~/schemas/newsletter";
import { reviewInputSchema } from "~/schemas/review";
import { grievanceSubjectLabelIn, grievanceSubjectsIn } from "~/utils/grievances.server";
import { istDateIn, istDateTimeIn } from "~/lib/ist-dates";
import { renderGrievanceAck } from "~/lib/grievances";
import { renderConfirmationEmail } from "~/lib/newsletter";

/**
 * The grievance pages, the newsletter and the review page in Hindi (issue 27; docs/decisions/0910):
 * the consent words' Hindi version, the dates, the subjects and the sentences the pages show, against
 * texts written out here by hand.
 */

const HINDI_CONSENT = "मुझे स्टोर का न्यूज़लेटर भेजें: नई घड़ियाँ और ऑफ़र, महीने में लगभग दो बार। आप किसी भी ईमेल से अनसब्सक्राइब कर सकते हैं।";
const ENGLISH_CONSENT = "Send me the store's newsletter: new watches and offers, about twice a month. You can unsubscribe from any email.";

describe("the newsletter's consent words in Hindi", () => {
  it("keep the English version as it was and add a Hindi one", () => {
    expect(NEWSLETTER_CONSENT_VERSION).toBe("2026-11-v1");
    expect(NEWSLETTER_CONSENT_TEXTS["2026-11-v1"]).toBe(ENGLISH_CONSENT);
    expect(NEWSLETTER_CONSENT_VERSION_BY_LANGUAGE).toEqual({ en: "2026-11-v1", hi: "2026-11-v1-hi" });
    expect(NEWSLETTER_CONSENT_TEXTS["2026-11-v1-hi"]).toBe(HINDI_CONSENT);
    expect(newsletterConsentLanguage("2026-11-v1-hi")).toBe("hi");
    expect(newsletterConsentLanguage("2026-11-v1")).toBe("en");
  });

  it("the box shows the text of the version it posts, in each language", () => {
    expect(translate("en", "newsletter.consentText")).toBe(ENGLISH_CONSENT);
    expect(translate("hi", "newsletter.consentText")).toBe(HINDI_CONSENT);
  });

  it("a sign-up with the Hindi version is accepted; an unknown version is refused, in Hindi on a Hindi page", () => {
    const hindi = newsletterSignUpSchema.safeParse({ email: "asha@example.in", consentVersion: "2026-11-v1-hi" });
    expect(hindi.success && hindi.data.consentVersion).toBe("2026-11-v1-hi");
    const unknown = newsletterSignUpSchema.safeParse({ email: "asha@example.in", consentVersion: "2026-11-v9-hi" });
    expect(unknown.success).toBe(false);
    expect(phraseIn(phrasesFor("hi", ["newsletter"]), unknown.error!.issues[0].message)).toBe("कृपया हमारे होम पेज के बॉक्स से सब्सक्राइब करें।");
  });

  it("the one answer to a sign-up is a Hindi toast on a Hindi page", () => {
    expect(translatePhrase("hi", "Thank you! If this address can receive our newsletter, we have sent it an email: open the link in it to confirm your subscription.")).toBe(
      "धन्यवाद! अगर इस पते पर हमारा न्यूज़लेटर आ सकता है, तो हमने उस पर एक ईमेल भेजा है: सब्सक्रिप्शन कन्फ़र्म करने के लिए उसमें दिया लिंक खोलें।",
    );
  });
});

describe("dates in IST in the page's language", () => {
  // 24 Nov 2026, 10:35 UTC = 16:05 IST; 31 Dec 2026, 20:00 UTC = 1 Jan 2027, 01:30 IST.
  const filed = Date.UTC(2026, 10, 24, 10, 35);
  const newYear = Date.UTC(2026, 11, 31, 20, 0);
  it("English as before, Hindi with CLDR's short months", () => {
    expect(istDateIn(filed, "en")).toBe("24 Nov 2026");
    expect(istDateTimeIn(filed, "en")).toBe("24 Nov 2026, 16:05");
    expect(istDateIn(filed, "hi")).toBe("24 नव॰ 2026");
    expect(istDateTimeIn(filed, "hi")).toBe("24 नव॰ 2026, 16:05");
    expect(istDateTimeIn(newYear, "hi")).toBe("1 जन॰ 2027, 01:30");
  });
});

describe("the grievance pages in Hindi", () => {
  it("label subjects in the page's language", () => {
    expect(grievanceSubjectsIn("hi").map((subject) => subject.label)).toEqual(["डिलीवरी", "प्रोडक्ट", "भुगतान या रिफ़ंड", "रिटर्न या वारंटी", "वेबसाइट", "अन्य"]);
    expect(grievanceSubjectsIn("en").map((subject) => subject.label)).toEqual(["Delivery", "Product", "Payment or refund", "Return or warranty", "The website", "Other"]);
    expect(grievanceSubjectLabelIn("hi", "Payment or refund")).toBe("भुगतान या रिफ़ंड");
    expect(grievanceSubjectLabelIn("en", "Payment or refund")).toBe("Payment or refund");
    expect(grievanceSubjectLabelIn("hi", "Something else")).toBe("Something else");
  });

  it("word the form's errors and the page's sentences", () => {
    const book = phrasesFor("hi", ["account", "grievance"]);
    expect(phraseIn(book, GRIEVANCE_MESSAGES.textTooShort)).toBe("कृपया अपनी शिकायत कम से कम 10 अक्षरों में लिखें।");
    expect(phraseIn(book, "Your complaint must not contain control characters.")).toBe("आपकी शिकायत में कंट्रोल कैरेक्टर नहीं हो सकते।");
    expect(phraseIn(book, "Please enter your name.")).toBe("कृपया अपना नाम लिखें।");
    expect(translate("hi", "grievance.filedHeadline", { ticket: "GR-2026-000123" })).toBe("आपकी शिकायत दर्ज हो गई है। आपका टिकट नंबर GR-2026-000123 है।");
    expect(translate("en", "grievance.textHint", { min: 10, max: 4000 })).toBe("10 to 4,000 characters.");
    expect(translate("hi", "grievance.textHint", { min: 10, max: 4000 })).toBe("10 से 4,000 अक्षर।");
  });
});

describe("the review page in Hindi", () => {
  it("words the form's errors, why one may not review, the reason and the stars", () => {
    const book = phrasesFor("hi", ["account", "review"]);
    const refused = reviewInputSchema.safeParse({ rating: "", title: "a\u0007b", body: "" });
    expect(refused.error!.issues.map((issue) => phraseIn(book, issue.message))).toEqual(["1 से 5 स्टार तक रेटिंग चुनें।", "शीर्षक में कंट्रोल कैरेक्टर नहीं हो सकते।"]);
    expect(phraseIn(book, REVIEW_MESSAGES.notDelivered)).toBe(
      "घड़ी की डिलीवरी हो जाने के बाद ही आप उसका रिव्यू लिख सकते हैं। इस खाते में इस घड़ी का कोई डिलीवर हुआ ऑर्डर नहीं है।",
    );
    expect(phraseIn(book, "Personal data (a phone number, an address, an email or someone's full name)")).toBe("निजी जानकारी (फ़ोन नंबर, पता, ईमेल या किसी का पूरा नाम)");
    const words = messagesFor("hi", ["review"]);
    expect(formatMessage("hi", words["review.starsOption"]!, { count: 1 })).toBe("1 स्टार");
    expect(formatMessage("en", messagesFor("en", ["review"])["review.starsOption"]!, { count: 1 })).toBe("1 star");
    expect(formatMessage("en", messagesFor("en", ["review"])["review.starsOption"]!, { count: 4 })).toBe("4 stars");
    expect(translate("hi", "review.heading", { name: "Casio Edifice" })).toBe("Casio Edifice का रिव्यू लिखें");
    expect(translate("en", "review.bodyLabel", { max: 2000 })).toBe("Your review (optional, up to 2,000 characters)");
  });
});

describe("the emails of a Hindi page's sign-up and complaint", () => {
  it("the confirmation email quotes the Hindi words in Hindi; English stays as it was", () => {
    const facts = { storeName: "Chrono India", confirmUrl: "https://shop.example/hi/newsletter/confirm?token=t", consentText: HINDI_CONSENT, validDays: 7 };
    const hindi = renderConfirmationEmail({ ...facts, language: "hi" });
    expect(hindi.subject).toBe("Chrono India न्यूज़लेटर का सब्सक्रिप्शन कन्फ़र्म करें");
    expect(hindi.text).toContain(`"${HINDI_CONSENT}"`);
    expect(hindi.text).toContain("यहाँ कन्फ़र्म करें (लिंक एक ही बार, 7 दिनों तक काम करता है):");
    expect(hindi.html).toContain('<html lang="hi">');
    const english = renderConfirmationEmail({ ...facts, consentText: ENGLISH_CONSENT });
    expect(english.subject).toBe("Confirm your subscription to the Chrono India newsletter");
    expect(english.html).toContain('<html lang="en-IN">');
  });

  it("the acknowledgement of a complaint filed in Hindi is Hindi", () => {
    const input = {
      storeName: "Chrono India",
      name: "Asha Rao",
      ticket: "GR-2026-000123",
      subject: "payment_refund",
      orderId: "CI261124-ABCD1234",
      filedAt: Date.UTC(2026, 10, 24, 10, 35),
      resolveBy: Date.UTC(2026, 11, 24, 10, 35),
      followUrl: "https://shop.example/hi/grievance/GR-2026-000123?key=k",
      officer: { name: "R. Mehta", email: "grievance@shop.example" },
    };
    const hindi = renderGrievanceAck({ ...input, language: "hi" });
    expect(hindi.subject).toBe("आपकी शिकायत GR-2026-000123 हमें मिल गई है — Chrono India");
    expect(hindi.text).toContain("आपकी शिकायत 24 नव॰ 2026, 16:05 IST को GR-2026-000123 (भुगतान या रिफ़ंड, ऑर्डर CI261124-ABCD1234) के रूप में दर्ज हो गई है।");
    expect(hindi.text).toContain("हमारे शिकायत अधिकारी, R. Mehta, ज़्यादा से ज़्यादा 24 दिस॰ 2026 तक इसका समाधान करेंगे");
    expect(renderGrievanceAck(input).subject).toBe("We have your complaint GR-2026-000123 — Chrono India");
  });
});
