/**
 * Delivery dates in words (issue 13 items 3, 4), pure and isomorphic (no zod: My Orders and the
 * checkout render them in the browser too). Dates are IST calendar dates "YYYY-MM-DD".
 */

/** The promised window: the first and last IST dates delivery may happen on. */
export type DeliveryWindow = { from: string; to: string };

/** The languages dates are written in (app/i18n/language.ts `Language`; lib may not import i18n). */
type DateLanguage = "en" | "hi";

/**
 * Weekday and month names, fixed so a date reads the same in every locale and ICU version: the
 * Hindi ones are CLDR's short forms for hi-IN ("शनि, 28 नव॰", issue 27 item 2).
 */
const WEEKDAYS: Record<DateLanguage, readonly string[]> = {
  en: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
  hi: ["रवि", "सोम", "मंगल", "बुध", "गुरु", "शुक्र", "शनि"],
};
export const SHORT_MONTHS: Record<DateLanguage, readonly string[]> = {
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  hi: ["जन॰", "फ़र॰", "मार्च", "अप्रैल", "मई", "जून", "जुल॰", "अग॰", "सित॰", "अक्तू॰", "नव॰", "दिस॰"],
};

/** "2026-11-27" → "Fri, 27 Nov" ("शुक्र, 27 नव॰" in Hindi). */
export function formatDeliveryDate(date: string, language: DateLanguage = "en"): string {
  const value = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[language][value.getUTCDay()]}, ${value.getUTCDate()} ${SHORT_MONTHS[language][value.getUTCMonth()]}`;
}

/**
 * "by Fri, 27 Nov", or "between Fri, 27 Nov and Tue, 1 Dec" when the window spans days; in Hindi
 * "शुक्र, 27 नव॰ तक" and "शुक्र, 27 नव॰ से मंगल, 1 दिस॰ के बीच".
 */
export function formatDeliveryWindow(window: DeliveryWindow, language: DateLanguage = "en"): string {
  const to = formatDeliveryDate(window.to, language);
  if (window.from === window.to) return language === "hi" ? `${to} तक` : `by ${to}`;
  const from = formatDeliveryDate(window.from, language);
  return language === "hi" ? `${from} से ${to} के बीच` : `between ${from} and ${to}`;
}

