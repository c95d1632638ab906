/**
 * Delivery dates in words (issue 13 items 3, 4), pure and isomorphic (no zod: My Orders and the
 * checkout render them in the browser too). Dates are IST calendar dates "YYYY-MM-DD".
 */

/** The promised window: the first and last IST dates delivery may happen on. */
export type DeliveryWindow = { from: string; to: string };

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** "2026-11-27" → "Fri, 27 Nov" (the same in every locale and ICU version). */
export function formatDeliveryDate(date: string): string {
  const value = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[value.getUTCDay()]}, ${value.getUTCDate()} ${MONTHS[value.getUTCMonth()]}`;
}

/** "by Fri, 27 Nov", or "between Fri, 27 Nov and Tue, 1 Dec" when the window spans days. */
export function formatDeliveryWindow(window: DeliveryWindow): string {
  return window.from === window.to
    ? `by ${formatDeliveryDate(window.to)}`
    : `between ${formatDeliveryDate(window.from)} and ${formatDeliveryDate(window.to)}`;
}

