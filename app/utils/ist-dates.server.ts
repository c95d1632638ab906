import type { Language } from "~/i18n/language";
import { IST_OFFSET_MS, formatIstDateTime } from "~/lib/admin-format";
import { formatIstDate } from "~/lib/gst";

/*
 * Dates in IST in the page's language, for the grievance and review pages (issue 27; docs/decisions/0910).
 * English keeps the store's formats as they were ("24 Nov 2026", "24 Nov 2026, 16:05"); Hindi uses
 * CLDR's short hi-IN month names from a fixed table (as lib/delivery-dates.ts does), so a date
 * reads the same whatever the server's ICU version: "24 नव॰ 2026", "24 नव॰ 2026, 16:05".
 */

const HINDI_MONTHS = ["जन॰", "फ़र॰", "मार्च", "अप्रैल", "मई", "जून", "जुल॰", "अग॰", "सित॰", "अक्तू॰", "नव॰", "दिस॰"];

/** The IST calendar day of `ms` in `language`: "24 Nov 2026" / "24 नव॰ 2026". */
export function istDateIn(ms: number, language: Language): string {
  if (language === "en") return formatIstDate(ms);
  const ist = new Date(ms + IST_OFFSET_MS);
  return `${ist.getUTCDate()} ${HINDI_MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
}

/** The IST day and 24-hour time of `ms` in `language`: "24 Nov 2026, 16:05" / "24 नव॰ 2026, 16:05". */
export function istDateTimeIn(ms: number, language: Language): string {
  if (language === "en") return formatIstDateTime(ms);
  const ist = new Date(ms + IST_OFFSET_MS);
  const two = (value: number) => String(value).padStart(2, "0");
  return `${istDateIn(ms, language)}, ${two(ist.getUTCHours())}:${two(ist.getUTCMinutes())}`;
}
