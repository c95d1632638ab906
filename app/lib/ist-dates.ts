import { IST_OFFSET_MS, formatIstDateTime } from "~/lib/admin-format";
import { SHORT_MONTHS } from "~/lib/delivery-dates";
import { formatIstDate } from "~/lib/gst";

/** The languages a date is written in (app/i18n/language.ts `Language`; lib may not import i18n). */
type Language = "en" | "hi";

/*
 * Dates in IST in a page's or an email's language: the grievance, review and profile pages and the
 * complaint emails (issue 27; docs/decisions/0910).
 * English keeps the store's formats as they were ("24 Nov 2026", "24 Nov 2026, 16:05"); Hindi uses
 * CLDR's short hi-IN month names from lib/delivery-dates.ts's fixed table, so a date
 * reads the same whatever the server's ICU version: "24 नव॰ 2026", "24 नव॰ 2026, 16:05".
 */

/** The IST calendar day of `ms` in `language`: "24 Nov 2026" / "24 नव॰ 2026". */
export function istDateIn(ms: number, language: Language): string {
  if (language === "en") return formatIstDate(ms);
  const ist = new Date(ms + IST_OFFSET_MS);
  return `${ist.getUTCDate()} ${SHORT_MONTHS.hi[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
}

/** The IST day and 24-hour time of `ms` in `language`: "24 Nov 2026, 16:05" / "24 नव॰ 2026, 16:05". */
export function istDateTimeIn(ms: number, language: Language): string {
  if (language === "en") return formatIstDateTime(ms);
  const ist = new Date(ms + IST_OFFSET_MS);
  const two = (value: number) => String(value).padStart(2, "0");
  return `${istDateIn(ms, language)}, ${two(ist.getUTCHours())}:${two(ist.getUTCMinutes())}`;
}
