import { readFileSync } from "node:fs";

/**
 * The delivery windows the browser tests expect, worked out here and not with the store's code
 * (app/lib/delivery.ts), so a wrong window fails them. The rules are the e2e server's
 * (tests/fixtures/delivery-rules.json, read as plain JSON); the calendar is docs/decisions/0620's:
 * business days are Monday to Saturday minus the holidays, counted from the IST order date (from
 * the next business day when that is a Sunday or a holiday). tests/unit/delivery-calendar.test.ts
 * holds this file to a table worked out by hand.
 */

type Zone = "metro" | "rest" | "remote";
type FixtureRules = {
  processing: { minDays: number; maxDays: number };
  zones: Record<Zone, { minDays: number; maxDays: number; cod: boolean }>;
  codMaxPaise: number;
  holidays: string[];
};

const RULES = JSON.parse(readFileSync("tests/fixtures/delivery-rules.json", "utf8")) as FixtureRules;
const HOLIDAYS = new Set(RULES.holidays);

/** The most an order may be for cash on delivery, paise (the fixture's `codMaxPaise`). */
export const COD_LIMIT_PAISE = RULES.codMaxPaise;

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Year, month (0–11) and day of the IST calendar date of an instant (ms since epoch; IST is UTC+05:30). */
function istDate(ms: number): [number, number, number] {
  const shifted = new Date(ms + 5.5 * 3_600_000);
  return [shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()];
}

/** The first `count` business days from an IST date on (the date itself first, if it is one), as UTC midnights. */
function businessDays([year, month, day]: [number, number, number], count: number): Date[] {
  const days: Date[] = [];
  for (let offset = 0; days.length < count; offset++) {
    const date = new Date(Date.UTC(year, month, day + offset));
    const ymd = date.toISOString().slice(0, 10);
    if (date.getUTCDay() !== 0 && !HOLIDAYS.has(ymd)) days.push(date);
  }
  return days;
}

const dayInWords = (date: Date) => `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;

/**
 * The window a shopper is promised for an order placed at `orderedAt` (ms), in the store's words:
 * "between Fri, 27 Nov and Mon, 30 Nov", or "by Fri, 27 Nov" when it is one day. The first day is
 * (processing + zone) fewest business days after the order date, the last (processing + zone) most.
 */
export function windowInWords(zone: Zone, orderedAt: number): string {
  const fewest = RULES.processing.minDays + RULES.zones[zone].minDays;
  const most = RULES.processing.maxDays + RULES.zones[zone].maxDays;
  const days = businessDays(istDate(orderedAt), most + 1);
  const [first, last] = [days[fewest], days[most]];
  return first.getTime() === last.getTime() ? `by ${dayInWords(last)}` : `between ${dayInWords(first)} and ${dayInWords(last)}`;
}

/**
 * `prefix` followed by the window of an order placed now or a minute ago (a test that runs across
 * midnight IST may see either): the whole text, or with `{ within: true }` a part of it.
 */
export function windowNow(prefix: string, zone: Zone, { within = false } = {}): RegExp {
  const windows = new Set([Date.now() - 60_000, Date.now()].map((now) => windowInWords(zone, now)));
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = `${escape(prefix)}(${[...windows].map(escape).join("|")})`;
  return new RegExp(within ? pattern : `^${pattern}$`);
}
