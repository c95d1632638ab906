import { describe, expect, it } from "vitest";
import { translate } from "~/i18n/messages.server";
import { orderReturnLine, productReturnLine, returnChoicesFor, returnPolicyOf, type PolicySentence } from "~/lib/after-sale-policy";
import { DEFAULT_STORE_SETTINGS, storeSettingsSchema } from "~/lib/store-settings";
import { htmlToText, loadContentPage } from "~/utils/content.server";
import { orderAfterSaleView } from "~/utils/order-after-sale.server";
import { parseStoreSettingsForm, storeSettingsFormValues } from "~/utils/store-settings-form.server";

/**
 * "No page says anything the settings don't" (issue 45; docs/decisions/0980): for a window of 0,
 * 7 and 10 days (and a change of mind exchanged only), the product page's line, the Return and
 * Refund policy pages in English and Hindi and the order page's line, as rendered, against a fixed
 * table written by hand; the settings' defaults and the form's refusals.
 */

const sayEn = (sentence: PolicySentence) => translate("en", sentence.key, sentence.values);
const sayHi = (sentence: PolicySentence) => translate("hi", sentence.key, sentence.values);

type Case = {
  name: string;
  settings: { returnWindowDays: number; changedMindReturns: "refund" | "exchange" | "none" };
  product: { en: string; hi: string };
  /** The order page's line before delivery. */
  order: string;
  /** What the English Return Policy says of a change of mind, and what it must not say. */
  page: { says: string[]; never: string[] };
  /** The Hindi Return Policy's change-of-mind words. */
  hiPage: string[];
};

const CASES: Case[] = [
  {
    name: "window 0: no returns but the legal ones",
    settings: { returnWindowDays: 0, changedMindReturns: "refund" },
    product: { en: "Returns only for defective, wrong or damaged watches", hi: "वापसी सिर्फ़ खराब, गलत या टूटी घड़ी की" },
    order: "Returns only for defective, wrong, damaged or late watches, within 30 days of delivery",
    page: {
      says: ["We do not take back a watch because you changed your mind.", "within 30 days of delivery when it is", 'Our product pages say: "Returns only for defective, wrong or damaged watches".'],
      never: ["Easy return and exchange", "within 0 days", "within 7 days", "Changed your mind? Return"],
    },
    hiPage: ["मन बदलने पर हम घड़ी वापस नहीं लेते।", "डिलीवरी के 30 दिन के अंदर"],
  },
  {
    name: "window 7 (the default): SPEC.md §2's line word for word",
    settings: { returnWindowDays: 7, changedMindReturns: "refund" },
    product: { en: "Easy return and exchange policy within 7 days", hi: "7 दिन में आसान वापसी और बदलाव" },
    order: "Returns and exchanges within 7 days of delivery",
    page: {
      says: ["Return the watch within 7 days of delivery for a refund", 'Our product pages say: "Easy return and exchange policy within 7 days".', "within 30 days of delivery when it is"],
      never: ["do not accept returns", "All sales are final", "returns are not accepted", "within 10 days"],
    },
    hiPage: ["डिलीवरी के 7 दिन के अंदर घड़ी लौटाकर रिफ़ंड लें", "7 दिन में आसान वापसी और बदलाव"],
  },
  {
    name: "window 10",
    settings: { returnWindowDays: 10, changedMindReturns: "refund" },
    product: { en: "Easy return and exchange policy within 10 days", hi: "10 दिन में आसान वापसी और बदलाव" },
    order: "Returns and exchanges within 10 days of delivery",
    page: { says: ["Return the watch within 10 days of delivery for a refund", "within 30 days of delivery when it is"], never: ["within 7 days", "do not accept returns"] },
    hiPage: ["डिलीवरी के 10 दिन के अंदर घड़ी लौटाकर रिफ़ंड लें"],
  },
  {
    name: "window 10, a change of mind exchanged only",
    settings: { returnWindowDays: 10, changedMindReturns: "exchange" },
    product: { en: "Easy exchange within 10 days; returns for defective, wrong or damaged watches", hi: "10 दिन में आसान बदलाव; खराब, गलत या टूटी घड़ी की वापसी" },
    order: "Exchanges within 10 days of delivery; refunds for defective, wrong, damaged or late watches",
    page: { says: ["Within 10 days of delivery you can exchange the watch", "a change of mind does not bring a refund"], never: ["Easy return and exchange", "Return the watch within"] },
    hiPage: ["मन बदलने पर रिफ़ंड नहीं मिलता"],
  },
];

describe("the after-sale policy said by every page", () => {
  for (const c of CASES) {
    it(`${c.name}: the product line, the Return and Refund pages (en, hi) and the order page say the setting`, async () => {
      const settings = storeSettingsSchema.parse({ ...DEFAULT_STORE_SETTINGS, ...c.settings });
      const policy = returnPolicyOf(settings);
      expect(sayEn(productReturnLine(policy))).toBe(c.product.en);
      expect(sayHi(productReturnLine(policy))).toBe(c.product.hi);
      expect(sayEn(orderReturnLine(policy, null))).toBe(c.order);

      const page = htmlToText((await loadContentPage("return-policy", { language: "en", policy })).html);
      for (const text of c.page.says) expect(page).toContain(text);
      for (const text of c.page.never) expect(page).not.toContain(text);
      expect(page).not.toMatch(/\{\{/);
      const hiPage = htmlToText((await loadContentPage("return-policy", { language: "hi", policy })).html);
      for (const text of c.hiPage) expect(hiPage).toContain(text);
      expect(hiPage).not.toMatch(/\{\{/);

      // The Refund, FAQ and Terms pages never say "no refunds", and fill every placeholder.
      for (const slug of ["refund-policy", "faqs", "terms-and-conditions"] as const) {
        for (const language of ["en", "hi"] as const) {
          const text = htmlToText((await loadContentPage(slug, { language, policy })).html);
          expect(text, `${slug} ${language}`).not.toMatch(/\{\{|No refunds or returns|All sales are final|do not accept returns/);
        }
      }
      const refund = htmlToText((await loadContentPage("refund-policy", { language: "en", policy })).html);
      expect(refund).toContain(`within ${policy.legalWindowDays} days of delivery`);
    });
  }

  it("the order page's line once delivered: until the window's last IST day, then the legal reasons', then closed", async () => {
    const policy = returnPolicyOf({ returnWindowDays: 7, changedMindReturns: "refund" });
    // Delivered 1 Dec 2026 18:00 IST (12:30 UTC): day 7 is 8 Dec, the legal 30th day 31 Dec.
    const deliveredAt = Date.UTC(2026, 11, 1, 12, 30);
    const line = (daysSinceDelivery: number) => sayEn(orderReturnLine(policy, { daysSinceDelivery, untilText: "8 Dec 2026", legalUntilText: "31 Dec 2026" }));
    expect(line(0)).toBe("Returns and exchanges until 8 Dec 2026");
    expect(line(7)).toBe("Returns and exchanges until 8 Dec 2026");
    expect(line(8)).toBe("Returns for defective, wrong, damaged or late watches until 31 Dec 2026");
    expect(line(31)).toBe("The return period for this order has ended; the warranty still applies");
    // As the order page's loader makes it (the default settings: this test's store has none saved).
    const detail = { order: { status: "Delivered" } as never, timeline: [{ status: "Delivered", at: deliveredAt, reached: true }] };
    const inWindow = await orderAfterSaleView(detail, "en", Date.UTC(2026, 11, 8, 18, 0)); // 8 Dec 23:30 IST: day 7
    expect(inWindow).toEqual({ policyLine: "Returns and exchanges until 8 Dec 2026", cancellable: false });
    const dayEight = await orderAfterSaleView(detail, "en", Date.UTC(2026, 11, 8, 18, 31)); // 9 Dec 00:01 IST: day 8
    expect(dayEight.policyLine).toBe("Returns for defective, wrong, damaged or late watches until 31 Dec 2026");
    expect((await orderAfterSaleView(detail, "hi", Date.UTC(2026, 11, 2))).policyLine).toBe("8 दिस॰ 2026 तक वापसी और बदलाव");
    const placed = await orderAfterSaleView({ order: { status: "Packing" } as never, timeline: [] }, "en");
    expect(placed).toEqual({ policyLine: "Returns and exchanges within 7 days of delivery", cancellable: true });
    expect(await orderAfterSaleView({ order: { status: "Cancelled" } as never, timeline: [] }, "en")).toEqual({ policyLine: null, cancellable: false });
  });

  it("which reasons allow what: the legal ones always (30 days), a change of mind as set, day N in and N + 1 out", () => {
    const exchangeOnly = returnPolicyOf({ returnWindowDays: 7, changedMindReturns: "exchange" });
    expect(exchangeOnly.refundReasons).toEqual(["defective", "not_as_described", "wrong_item", "damaged_in_transit", "late"]);
    expect(exchangeOnly.exchangeReasons).toContain("changed_mind");
    expect(returnChoicesFor(exchangeOnly, "changed_mind", 7)).toEqual({ refund: false, exchange: true });
    expect(returnChoicesFor(exchangeOnly, "changed_mind", 8)).toEqual({ refund: false, exchange: false });
    expect(returnChoicesFor(exchangeOnly, "defective", 30)).toEqual({ refund: true, exchange: true });
    expect(returnChoicesFor(exchangeOnly, "defective", 31)).toEqual({ refund: false, exchange: false });
    const none = returnPolicyOf({ returnWindowDays: 0, changedMindReturns: "refund" });
    expect([none.changedMind, none.acceptedReasons.includes("changed_mind"), none.legalWindowDays]).toEqual(["none", false, 30]);
    expect(returnChoicesFor(none, "late", 12)).toEqual({ refund: true, exchange: true });
    expect(returnPolicyOf({ returnWindowDays: 30, changedMindReturns: "refund" }).legalWindowDays).toBe(30);
  });

  it("settings saved before issue 45 take 7 days and a refund; the form refuses 31 days, -1 and 7.5 with a sentence", () => {
    const { returnWindowDays, changedMindReturns, ...before } = DEFAULT_STORE_SETTINGS;
    expect([returnWindowDays, changedMindReturns]).toEqual([7, "refund"]);
    expect(storeSettingsSchema.parse(before)).toMatchObject({ returnWindowDays: 7, changedMindReturns: "refund" });
    const form = (changes: Record<string, string>) => {
      const data = new FormData();
      for (const [name, value] of Object.entries({ ...storeSettingsFormValues(DEFAULT_STORE_SETTINGS), ...changes })) data.set(name, value);
      return parseStoreSettingsForm(data);
    };
    expect(form({ returnWindowDays: "10", changedMindReturns: "exchange" })).toMatchObject({ ok: true, settings: { returnWindowDays: 10, changedMindReturns: "exchange" } });
    expect(form({ returnWindowDays: "0" })).toMatchObject({ ok: true, settings: { returnWindowDays: 0 } });
    for (const bad of ["31", "-1", "7.5", "seven"]) {
      expect(form({ returnWindowDays: bad })).toMatchObject({ ok: false, errors: { returnWindowDays: "Set the return window to 0 to 30 days (whole days; 0: no returns but the ones the law requires)." } });
    }
    expect(form({ changedMindReturns: "cash" })).toMatchObject({ ok: false, errors: { changedMindReturns: "Choose what a change of mind brings: a refund, an exchange only, or no return." } });
  });
});
