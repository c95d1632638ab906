import { formatDeliveryWindow } from "~/lib/delivery-dates";
import { formatPaise } from "~/lib/money";
import { DELIVERY_MESSAGES, type DeliveryRules, type DeliveryZone } from "~/schemas/delivery";

/**
 * The delivery promise's arithmetic (issue 13 items 2–4; DESIGN.md §19; docs/decisions/0620), pure:
 * which zone a place is in, whether it is served, the delivery window in business days
 * (Monday–Saturday minus the owner's holidays, IST), and whether cash on delivery is allowed.
 * Dates are IST calendar dates "YYYY-MM-DD"; instants are ms since epoch; money is paise.
 */

/** Where a PIN code is, from the PIN directory. `states` lists every state its post offices are in (first: the district's). */
export type PinPlace = { pin: string; district: string; state: string; states: string[] };

/** Whether cash on delivery can pay, and the sentence that says so or why not. */
export type CodAnswer = { available: boolean; message: string };

/** The answer to "does it reach my PIN code, by when, and can I pay on delivery?" (issue 13 item 3). */
export type DeliveryAnswer =
  | { kind: "invalid"; pin: string; message: string }
  | { kind: "unknown"; pin: string; message: string }
  | { kind: "unserviceable"; pin: string; place: PinPlace; message: string }
  | { kind: "deliverable"; pin: string; place: PinPlace; zone: DeliveryZone; window: DeliveryWindow; cod: CodAnswer; message: string };

export type { DeliveryWindow } from "~/lib/delivery-dates";
export { formatDeliveryDate, formatDeliveryWindow } from "~/lib/delivery-dates";
import type { DeliveryWindow } from "~/lib/delivery-dates";

/** IST is UTC+05:30 all year (no daylight saving), ms. */
const IST_OFFSET_MS = 330 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The IST calendar date of an instant (ms since epoch), "YYYY-MM-DD": 18:30 UTC is already the next day. */
export function istDateOf(ms: number): string {
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
}

function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Whether an IST date is a business day: Monday–Saturday and not one of `holidays`. */
export function isBusinessDay(date: string, holidays: ReadonlySet<string>): boolean {
  return new Date(`${date}T00:00:00Z`).getUTCDay() !== 0 && !holidays.has(date);
}

/**
 * The date `count` business days after `date` (IST dates "YYYY-MM-DD"; count ≥ 0). Count 0 is
 * `date` itself when it is a business day, else the next one. Example: Sat 28 Nov 2026 + 1 → Mon 30
 * Nov (Sunday skipped). At most 400 holidays are listed, so the walk ends.
 */
export function addBusinessDays(date: string, count: number, holidays: ReadonlySet<string>): string {
  let day = dayNumber(date);
  while (!isBusinessDay(dateOfDay(day), holidays)) day += 1;
  for (let left = count; left > 0; ) {
    day += 1;
    if (isBusinessDay(dateOfDay(day), holidays)) left -= 1;
  }
  return dateOfDay(day);
}

const same = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" }) === 0;

/** Whether a rules list names this place: its PIN code, its district or its state (any letter case). */
function names(list: readonly string[], place: PinPlace): boolean {
  return list.some((entry) => entry === place.pin || same(entry, place.district) || same(entry, place.state));
}

/** The zone of a place: metro when the metro list names its district or state, remote when its state is remote, else rest of India. */
export function deliveryZoneOf(place: PinPlace, rules: DeliveryRules): DeliveryZone {
  if (names(rules.metroPlaces, place)) return "metro";
  if (rules.remoteStates.some((state) => same(state, place.state))) return "remote";
  return "rest";
}

/** Whether the store delivers to a place: not when the not-served list names its PIN, district or state. */
export function isServiceable(place: PinPlace, rules: DeliveryRules): boolean {
  return !names(rules.unserviceable, place);
}

/**
 * The window an order placed at `now` (ms) is promised: processing days then the zone's delivery
 * days, all business days counted from the IST order date. First date: min + min; last: max + max.
 */
export function deliveryWindow(zone: DeliveryZone, rules: DeliveryRules, now: number): DeliveryWindow {
  const holidays = new Set(rules.holidays);
  const today = istDateOf(now);
  const zoneRule = rules.zones[zone];
  return {
    from: addBusinessDays(today, rules.processing.minDays + zoneRule.minDays, holidays),
    to: addBusinessDays(today, rules.processing.maxDays + zoneRule.maxDays, holidays),
  };
}

/**
 * Whether cash on delivery can pay an order of `amountPaise` to a zone: the store must enable it
 * (ENABLE_COD), the zone must allow it, and the amount must be at most `codMaxPaise`.
 */
export function codAnswer(zone: DeliveryZone, rules: DeliveryRules, amountPaise: number, codEnabled: boolean): CodAnswer {
  if (!codEnabled) return { available: false, message: DELIVERY_MESSAGES.codOff };
  if (!rules.zones[zone].cod) return { available: false, message: DELIVERY_MESSAGES.codNotInZone };
  if (amountPaise > rules.codMaxPaise) return { available: false, message: DELIVERY_MESSAGES.codOverLimit(formatPaise(rules.codMaxPaise)) };
  return { available: true, message: DELIVERY_MESSAGES.codAvailable };
}

/**
 * The answer for a PIN code the directory knows (`place`) or not (null): unknown, not served, or
 * the window and cash on delivery for an order of `amountPaise` placed at `now`.
 */
export function deliveryAnswer(
  pin: string,
  place: PinPlace | null,
  rules: DeliveryRules,
  options: { amountPaise: number; codEnabled: boolean; now: number },
): DeliveryAnswer {
  if (!place) return { kind: "unknown", pin, message: DELIVERY_MESSAGES.pinUnknown };
  if (!isServiceable(place, rules)) return { kind: "unserviceable", pin, place, message: DELIVERY_MESSAGES.unserviceable(pin) };
  const zone = deliveryZoneOf(place, rules);
  const window = deliveryWindow(zone, rules, options.now);
  return {
    kind: "deliverable",
    pin,
    place,
    zone,
    window,
    cod: codAnswer(zone, rules, options.amountPaise, options.codEnabled),
    message: `Delivery to ${place.district}, ${place.state} ${formatDeliveryWindow(window)}`,
  };
}
