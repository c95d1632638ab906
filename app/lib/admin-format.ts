/**
 * Formatting for the back office (issue 12), pure and isomorphic: times in India Standard Time,
 * audit entries as field-by-field changes.
 */

import { SHORT_MONTHS } from "~/lib/delivery-dates";

/**
 * ms since epoch → "24 Nov 2026, 16:05" in IST (the store's clock, whatever the server's zone),
 * the hour 00–23. Written out from fixed tables rather than with Intl: Node's ICU wrote the hour
 * after midnight as "24" ("28 Nov 2026, 24:26") where the browser's wrote "00", so every back-office
 * page showing such a time failed to hydrate between 00:00 and 01:00 IST.
 */
export function formatIstDateTime(ms: number): string {
  const ist = new Date(ms + IST_OFFSET_MS);
  const two = (value: number) => String(value).padStart(2, "0");
  return `${ist.getUTCDate()} ${SHORT_MONTHS.en[ist.getUTCMonth()]} ${ist.getUTCFullYear()}, ${two(ist.getUTCHours())}:${two(ist.getUTCMinutes())}`;
}

/** IST is UTC+05:30 all year (no daylight saving), in ms. */
export const IST_OFFSET_MS = 330 * 60 * 1000;

/** The IST calendar date of an instant, "YYYY-MM-DD". */
export function istDate(ms: number): string {
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant (ms) an IST calendar date "YYYY-MM-DD" begins; NaN for a malformed date. */
export function istDayStart(date: string): number {
  return Date.parse(`${date}T00:00:00+05:30`);
}

/** One audit entry, ready to show. */
export type AuditEntryView = { id: number; at: number; actorEmail: string; action: string; changes: { field: string; before: string; after: string }[] };

function show(value: unknown): string {
  if (value === null || value === undefined) return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * The fields an audit entry changed, before → after: the keys of two JSON objects whose values
 * differ (a scalar before/after is one change named "value").
 */
export function auditChanges(before: unknown, after: unknown): { field: string; before: string; after: string }[] {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!isObject(before) && !isObject(after)) {
    return before === after || (before == null && after == null) ? [] : [{ field: "value", before: show(before), after: show(after) }];
  }
  const b = isObject(before) ? before : {};
  const a = isObject(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.filter((key) => JSON.stringify(b[key]) !== JSON.stringify(a[key])).map((key) => ({ field: key, before: show(b[key]), after: show(a[key]) }));
}
