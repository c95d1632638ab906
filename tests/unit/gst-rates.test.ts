import { describe, expect, it } from "vitest";
import { translatePhrase } from "~/i18n/messages.server";
import { GST_RATE_MESSAGES, GST_RATES_EVER, gstRateChoices, gstRateEndedOn, gstRateRefusal, gstRatesOn, savedGstRateNotice } from "~/lib/gst";
import { storeSettingsSchema, DEFAULT_STORE_SETTINGS } from "~/lib/store-settings";
import { parseStoreSettingsForm, storeSettingsFormValues } from "~/utils/store-settings-form.server";

/** GST rates by date (issue 47 item 4; GST Council, 56th meeting; docs/decisions/1010). Expected values written by hand. */

const OLD = [0, 0.25, 3, 5, 12, 18, 28];
const NEW = [0, 0.25, 3, 5, 18, 40];

/** ms of an IST wall-clock time. */
const ist = (text: string) => Date.parse(`${text}+05:30`);

describe("the GST rates in force on a date", () => {
  it.each([
    ["2017-07-01", OLD],
    ["2024-03-31", OLD],
    ["2025-09-21", OLD],
    ["2025-09-22", NEW],
    ["2026-12-02", NEW],
    ["2017-06-30", []],
  ])("%s → %j", (date, rates) => {
    expect(gstRatesOn(date)).toEqual(rates);
  });

  it("refuses a malformed or impossible date", () => {
    for (const bad of ["2025-9-22", "2025-02-30", "", "22/09/2025"]) expect(() => gstRatesOn(bad)).toThrow(RangeError);
  });

  it("knows every rate there has been, and when one ended", () => {
    expect(GST_RATES_EVER).toEqual([0, 0.25, 3, 5, 12, 18, 28, 40]);
    expect(gstRateEndedOn(28, "2026-12-02")).toBe("2025-09-21");
    expect(gstRateEndedOn(12, "2025-09-22")).toBe("2025-09-21");
    expect(gstRateEndedOn(12, "2025-09-21")).toBeNull();
    expect(gstRateEndedOn(18, "2026-12-02")).toBeNull();
    expect(gstRateEndedOn(40, "2025-09-21")).toBeNull(); // not yet in force, never ended
  });

  it("words a refusal in English and Hindi", () => {
    const ended = gstRateRefusal(28, "2026-12-02")!;
    expect(ended).toBe("GST at 28 % ended on 21 Sep 2025: choose a rate in force today (0, 0.25, 3, 5, 18, 40 %).");
    expect(translatePhrase("hi", ended)).toBe("28 % की GST दर 21 सित॰ 2025 को समाप्त हो गई: आज लागू कोई दर चुनें (0, 0.25, 3, 5, 18, 40 %)।");
    const never = gstRateRefusal(17, "2026-12-02")!;
    expect(never).toBe("Choose a GST rate in force today: 0, 0.25, 3, 5, 18, 40 %.");
    expect(translatePhrase("hi", never)).toBe("आज लागू कोई GST दर चुनें: 0, 0.25, 3, 5, 18, 40 %।");
    expect(gstRateRefusal(40, "2025-09-21")).toBe("Choose a GST rate in force today: 0, 0.25, 3, 5, 12, 18, 28 %.");
    expect(gstRateRefusal(18, "2026-12-02")).toBeNull();
    const notice = savedGstRateNotice(12, "2026-12-02")!;
    expect(notice).toBe("The saved GST rate, 12 %, ended on 21 Sep 2025. Invoices issued from now on still use it until you choose a rate in force today (0, 0.25, 3, 5, 18, 40 %) and save.");
    expect(translatePhrase("hi", notice)).not.toBe(notice);
    for (const message of Object.values(GST_RATE_MESSAGES)) expect(translatePhrase("hi", message)).not.toBe(message);
  });
});

describe("the settings form's GST rate", () => {
  const NOW = ist("2026-12-02T10:00:00");
  const form = (rate: string) => {
    const data = new FormData();
    const values = { ...storeSettingsFormValues(DEFAULT_STORE_SETTINGS), gstRatePercent: rate };
    for (const [key, value] of Object.entries(values)) data.set(key, value);
    return data;
  };

  it("offers today's list, and shows a saved rate that has ended as it is", () => {
    expect(gstRateChoices("18", NOW)).toEqual({ choices: NEW.map((r) => ({ value: String(r), label: `${r}%` })), selected: "18", notice: null });
    const ended = gstRateChoices("28", NOW);
    expect(ended.selected).toBe("28");
    expect(ended.choices.at(-1)).toEqual({ value: "28", label: "28% (ended 21 Sep 2025)" });
    expect(ended.notice).toContain("The saved GST rate, 28 %, ended on 21 Sep 2025.");
    const none = gstRateChoices("abc", NOW);
    expect([none.selected, none.choices[0], none.choices.length]).toEqual(["", { value: "", label: "Choose a rate" }, NEW.length + 1]);
    // The day before the change, the old list.
    expect(gstRateChoices("28", ist("2025-09-21T23:59:00")).choices.map((c) => c.value)).toEqual(OLD.map(String));
  });

  it("accepts 40 and refuses 28 and 12 today; took 28 before 22 Sep 2025 (IST)", () => {
    expect(parseStoreSettingsForm(form("40"), NOW)).toMatchObject({ ok: true, settings: { gstRatePercent: 40 } });
    expect(parseStoreSettingsForm(form("0.25"), NOW)).toMatchObject({ ok: true });
    expect(parseStoreSettingsForm(form("28"), NOW)).toMatchObject({ ok: false, errors: { gstRatePercent: "GST at 28 % ended on 21 Sep 2025: choose a rate in force today (0, 0.25, 3, 5, 18, 40 %)." } });
    expect(parseStoreSettingsForm(form("12"), NOW)).toMatchObject({ ok: false, errors: { gstRatePercent: expect.stringContaining("GST at 12 % ended") } });
    expect(parseStoreSettingsForm(form(""), NOW)).toMatchObject({ ok: false, errors: { gstRatePercent: "Choose a GST rate in force today: 0, 0.25, 3, 5, 18, 40 %." } });
    // 18:29 UTC on 21 Sep is 23:59 IST: still the old slabs; 18:30 UTC is 22 Sep IST.
    expect(parseStoreSettingsForm(form("28"), Date.parse("2025-09-21T18:29:00Z"))).toMatchObject({ ok: true });
    expect(parseStoreSettingsForm(form("28"), Date.parse("2025-09-21T18:30:00Z"))).toMatchObject({ ok: false });
  });

  it("still reads back a rate saved while it was in force", () => {
    expect(storeSettingsSchema.parse({ ...DEFAULT_STORE_SETTINGS, gstRatePercent: 28 }).gstRatePercent).toBe(28);
    expect(storeSettingsSchema.safeParse({ ...DEFAULT_STORE_SETTINGS, gstRatePercent: 17 }).success).toBe(false);
  });
});
