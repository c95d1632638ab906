import { describe, expect, it } from "vitest";
import { hiPhrases } from "~/i18n/catalogues/phrases.hi.server";
import { translatePhrase } from "~/i18n/messages.server";
import { DISCOUNT_MESSAGES, codeTerms, refusalMessage, type DiscountCode, type DiscountRefusal } from "~/lib/discounts";
import { formatIstDateTime } from "~/lib/admin-format";
import { codeNoLongerApplies } from "~/services/discounts.server";
import { totalChangedMessage } from "~/utils/discount-code.server";

/**
 * The discount code sentences a shopper reads (issue 47 items 2, 5) in Hindi: every
 * DISCOUNT_MESSAGES sentence, each refusal with its date or rupees, the order's 409, the
 * checkout's changed total, and the Offers page's terms — each worded in Devanagari, parts kept.
 * The expected Hindi is written out here (the phrasebook's entries), not made by the code under test.
 */

const DEVANAGARI = /[\u0900-\u097F]/;
/** 1 Jan 2030, 00:00 IST as an instant. */
const IN_2030 = Date.UTC(2029, 11, 31, 18, 30);

const code = (overrides: Partial<DiscountCode>): DiscountCode => ({
  id: 1,
  code: "DIWALI10",
  kind: "percent",
  percentBp: 1000,
  valuePaise: null,
  scope: "all",
  scopeValues: [],
  minSubtotalPaise: 0,
  totalLimit: null,
  usesTaken: 0,
  perShopperLimit: null,
  startsAt: null,
  endsAt: null,
  status: "active",
  public: true,
  ...overrides,
});

describe("discount code sentences in Hindi", () => {
  it("every fixed sentence of DISCOUNT_MESSAGES has its Hindi in the phrasebook group discounts", () => {
    for (const [name, sentence] of Object.entries(DISCOUNT_MESSAGES)) {
      if (typeof sentence !== "string") continue;
      const hindi = (hiPhrases.discounts as Record<string, string>)[sentence];
      expect(hindi, name).toBeDefined();
      expect(hindi, name).toMatch(DEVANAGARI);
      expect(translatePhrase("hi", sentence)).toBe(hindi);
    }
  });

  it("refusals with dates and rupees, the order's 409 and the changed total come out in Hindi", () => {
    const when = (refusal: DiscountRefusal) => translatePhrase("hi", refusalMessage(refusal, formatIstDateTime));
    const table: [string, string][] = [
      [when({ reason: "notStarted", startsAt: IN_2030 }), "यह कोड 1 जन॰ 2030, 00:00 IST से शुरू होगा।"],
      [when({ reason: "ended", endsAt: IN_2030 }), "यह कोड 1 जन॰ 2030, 00:00 IST को समाप्त हो गया।"],
      [when({ reason: "belowMinimum", minSubtotalPaise: 500000, shortPaise: 50000 }), "इस कोड के लिए योग्य घड़ियाँ कम से कम ₹5,000 की होनी चाहिए: ₹500 की और जोड़ें।"],
      [translatePhrase("hi", codeNoLongerApplies(DISCOUNT_MESSAGES.usedUp)), "आपका डिस्काउंट कोड अब लागू नहीं होता: यह कोड पूरा इस्तेमाल हो चुका है। कृपया अपना कुल देखें और फिर कोशिश करें।"],
      [translatePhrase("hi", totalChangedMessage(6295500)), "यह पेज दिखाए जाने के बाद कुल बदलकर ₹62,955 हो गया है। कृपया उसे देखें और फिर से ऑर्डर करें।"],
    ];
    for (const [made, expected] of table) expect(made).toBe(expected);
    expect(totalChangedMessage(6295500)).toBe("The total has changed to ₹62,955 since this page was shown. Please check it and place the order again.");
  });

  it("a code's terms, as the Offers page and the box show them, in Hindi", () => {
    const terms = (c: DiscountCode) => codeTerms(c, formatIstDateTime).map((term) => translatePhrase("hi", term));
    expect(terms(code({ minSubtotalPaise: 500000, perShopperLimit: 1, endsAt: IN_2030 }))).toEqual([
      "पूरे ऑर्डर पर 10 % की छूट",
      "₹5,000 या उससे ज़्यादा की खरीद पर",
      "हर ग्राहक के लिए एक बार",
      "1 जन॰ 2030, 00:00 IST को समाप्त",
    ]);
    expect(terms(code({ kind: "fixed", percentBp: null, valuePaise: 50000, scope: "brands", scopeValues: ["Titan"], perShopperLimit: 2, startsAt: IN_2030 }))).toEqual([
      "Titan की घड़ियों पर ₹500 की छूट",
      "हर ग्राहक के लिए 2 बार",
      "1 जन॰ 2030, 00:00 IST से",
    ]);
    expect(terms(code({ scope: "products", scopeValues: ["w1", "w2"] }))).toEqual(["2 चुनी हुई घड़ियों पर 10 % की छूट"]);
    expect(terms(code({ kind: "fixed", percentBp: null, valuePaise: 50000, scope: "products", scopeValues: ["w1"] }))).toEqual(["एक चुनी हुई घड़ी पर ₹500 की छूट"]);
    // English terms stay as lib/discounts writes them; an end only when the code has one.
    expect(codeTerms(code({}), formatIstDateTime)).toEqual(["10 % off the whole order"]);
  });
});
