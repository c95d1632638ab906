/**
 * GST arithmetic for the tax invoice (issue 14 item 2; DESIGN.md §20; docs/decisions/0650), pure
 * and isomorphic: splitting a GST-inclusive amount, rupees in words in Indian numbering, the
 * financial year of an IST date, GSTIN validation and state codes. Money in integer paise.
 */

import { IST_OFFSET_MS, istDate } from "~/lib/admin-format";
import { SHORT_MONTHS } from "~/lib/delivery-dates";

/** HSN code of wrist watches (chapter 91, heading 9102). */
export const HSN_WRIST_WATCHES = "9102";

/** The rate when the store settings name none, percent. */
export const DEFAULT_GST_RATE = 18;

/**
 * One period of the GST rates on goods, percent, from the IST date `from` ("YYYY-MM-DD") to
 * `until` (its last day, inclusive; null: still in force), with the law that set them.
 */
export type GstRatePeriod = { from: string; until: string | null; rates: readonly number[]; source: string };

/**
 * The GST rates on goods by date, oldest first, consecutive (issue 47 item 4; docs/decisions/1010):
 * from 1 July 2017 the slabs 5, 12, 18 and 28 % with 0 %, and 3 % and 0.25 % for precious metals
 * and stones (Notification 1/2017-Central Tax (Rate), Schedules I–VI); from 22 September 2025 the
 * 12 % and 28 % slabs ended and 40 % began (GST Council, 56th meeting, 3 September 2025). A new
 * change of rates is a new last period here (and `until` on the one before it).
 */
export const GST_RATE_PERIODS: readonly GstRatePeriod[] = [
  {
    from: "2017-07-01",
    until: "2025-09-21",
    rates: [0, 0.25, 3, 5, 12, 18, 28],
    source: "CGST Act 2017; Notification 1/2017-Central Tax (Rate)",
  },
  {
    from: "2025-09-22",
    until: null,
    rates: [0, 0.25, 3, 5, 18, 40],
    source: "GST Council, 56th meeting (3 September 2025), in force from 22 September 2025",
  },
];

/**
 * Every rate any period of GST_RATE_PERIODS has, ascending, percent: what a stored setting or an
 * invoice line may hold (a rate saved while it was in force still reads back).
 */
export const GST_RATES_EVER: readonly number[] = [...new Set(GST_RATE_PERIODS.flatMap((period) => period.rates))].sort((a, b) => a - b);

const IST_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Throws RangeError unless `date` is a real calendar date "YYYY-MM-DD". */
function checkIstDate(date: string): void {
  const match = IST_DATE.exec(date);
  const day = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!day || day.toISOString().slice(0, 10) !== date) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
}

/**
 * The period of GST rates in force on the IST calendar date `istDate` ("YYYY-MM-DD"), or null
 * before GST began (1 July 2017). Throws RangeError for a malformed or impossible date.
 * Source: issue 47 item 4; GST_RATE_PERIODS.
 */
export function gstRatePeriodOn(istDate: string): GstRatePeriod | null {
  checkIstDate(istDate);
  // "YYYY-MM-DD" strings compare as the dates do.
  return GST_RATE_PERIODS.find((period) => period.from <= istDate && (period.until === null || istDate <= period.until)) ?? null;
}

/**
 * The GST rates in force on the IST calendar date `istDate` ("YYYY-MM-DD"), ascending, percent:
 * "2025-09-21" → [0, 0.25, 3, 5, 12, 18, 28]; "2025-09-22" → [0, 0.25, 3, 5, 18, 40]; [] before
 * 1 July 2017. Throws RangeError for a malformed or impossible date. Source: issue 47 item 4
 * (GST Council, 56th meeting); GST_RATE_PERIODS.
 */
export function gstRatesOn(istDate: string): readonly number[] {
  return gstRatePeriodOn(istDate)?.rates ?? [];
}

/**
 * The last IST date ("YYYY-MM-DD") on which `ratePercent` was in force before `istDate`, when it
 * is not in force on `istDate` but was earlier (28 on "2026-12-02" → "2025-09-21"); null when it is
 * in force on `istDate` or never was before it. Throws RangeError for a malformed date.
 * Source: issue 47 item 4; GST_RATE_PERIODS.
 */
export function gstRateEndedOn(ratePercent: number, istDate: string): string | null {
  if (gstRatesOn(istDate).includes(ratePercent)) return null;
  let ended: string | null = null;
  for (const period of GST_RATE_PERIODS) {
    if (period.until !== null && period.until < istDate && period.rates.includes(ratePercent)) ended = period.until;
  }
  return ended;
}

/** An IST date "YYYY-MM-DD" as the store writes dates in English: "2025-09-21" → "21 Sep 2025". */
export function formatGstDate(istDate: string): string {
  checkIstDate(istDate);
  const [year, month, day] = istDate.split("-").map(Number) as [number, number, number];
  return `${day} ${SHORT_MONTHS.en[month - 1]} ${year}`;
}

/**
 * The English sentences about GST rates by date (issue 47 item 4); each has its Hindi in the
 * phrasebook (i18n/catalogues/phrases.hi.server.ts, group "gstRates"), the `{…}` parts put in.
 */
export const GST_RATE_MESSAGES = {
  /** Not a rate, or one never in force: `{rates}` today's list ("0, 0.25, 3, 5, 18, 40"). */
  notInForce: "Choose a GST rate in force today: {rates} %.",
  /** A rate that was in force earlier: `{date}` its last day ("21 Sep 2025"). */
  ended: "GST at {rate} % ended on {date}: choose a rate in force today ({rates} %).",
  /** The settings page, when the saved rate has ended. */
  savedEnded: "The saved GST rate, {rate} %, ended on {date}. Invoices issued from now on still use it until you choose a rate in force today ({rates} %) and save.",
  /** The rate list's entry for a saved rate that has ended. */
  endedOption: "{rate}% (ended {date})",
  /** The rate list's empty entry, when the saved value is no rate at all. */
  chooseOption: "Choose a rate",
} as const;

function fill(template: string, parts: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => parts[name] ?? whole);
}

/**
 * Why `ratePercent` (a number, NaN for none) may not be chosen on the IST date `istDate`, as an
 * English sentence (GST_RATE_MESSAGES `ended` for a rate that was in force earlier, `notInForce`
 * otherwise, both naming today's list); null when it is in force on that date. Throws RangeError
 * for a malformed date. Source: issue 47 item 4 (the list follows the law in force).
 */
export function gstRateRefusal(ratePercent: number, istDate: string): string | null {
  const rates = gstRatesOn(istDate);
  if (rates.includes(ratePercent)) return null;
  const list = rates.join(", ");
  const ended = gstRateEndedOn(ratePercent, istDate);
  if (ended !== null) return fill(GST_RATE_MESSAGES.ended, { rate: String(ratePercent), date: formatGstDate(ended), rates: list });
  return fill(GST_RATE_MESSAGES.notInForce, { rates: list });
}

/**
 * The settings page's sentence for a saved rate `ratePercent` that has ended by the IST date
 * `istDate` (GST_RATE_MESSAGES `savedEnded`: the rate, its last day, today's list), or null when
 * it is in force (or never was: the storage schema keeps such a rate out). Nothing is changed for
 * the owner: invoices keep using the saved rate until a rate in force is saved.
 * Throws RangeError for a malformed date. Source: issue 47 item 4.
 */
export function savedGstRateNotice(ratePercent: number, istDate: string): string | null {
  const ended = gstRateEndedOn(ratePercent, istDate);
  if (ended === null) return null;
  return fill(GST_RATE_MESSAGES.savedEnded, { rate: String(ratePercent), date: formatGstDate(ended), rates: gstRatesOn(istDate).join(", ") });
}

/**
 * The rate list's label for a rate `ratePercent` that ended before `istDate`: "28% (ended 21 Sep
 * 2025)"; null when it has not ended. Throws RangeError for a malformed date. Source: issue 47 item 4.
 */
export function endedGstRateLabel(ratePercent: number, istDate: string): string | null {
  const ended = gstRateEndedOn(ratePercent, istDate);
  return ended === null ? null : fill(GST_RATE_MESSAGES.endedOption, { rate: String(ratePercent), date: formatGstDate(ended) });
}


/** A GST-inclusive amount split into its taxable value and tax, all integer paise. */
export type GstSplit = {
  /** The GST-inclusive amount (what the shopper paid for the line). */
  totalPaise: number;
  taxablePaise: number;
  /** totalPaise − taxablePaise. */
  taxPaise: number;
  /** Intra-state: floor(tax / 2) and the rest; inter-state: both 0. */
  cgstPaise: number;
  sgstPaise: number;
  /** Inter-state: the whole tax; intra-state: 0. */
  igstPaise: number;
};

/**
 * Splits a GST-inclusive line total (integer paise ≥ 0) at `ratePercent` (e.g. 18):
 * taxable = round(total × 100 / (100 + rate)), tax = total − taxable; intra-state CGST =
 * floor(tax / 2), SGST = tax − CGST; inter-state IGST = tax. The parts always add up to the total.
 * Throws RangeError for a negative or fractional total or a rate outside 0–100.
 * Source: issue 14 item 2; DESIGN.md §20.
 */
export function splitGstInclusive(totalPaise: number, ratePercent: number, intraState: boolean): GstSplit {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0) throw new RangeError(`Not an amount in paise: ${totalPaise}`);
  if (!Number.isFinite(ratePercent) || ratePercent < 0 || ratePercent > 100) throw new RangeError(`Not a GST rate: ${ratePercent}`);
  // Integer arithmetic where the rate allows (rates like 18 or 12.5 in hundredths of a percent).
  const rateHundredths = Math.round(ratePercent * 100);
  const numerator = totalPaise * 10_000;
  const denominator = 10_000 + rateHundredths;
  const taxablePaise = Math.floor((2 * numerator + denominator) / (2 * denominator)); // round half up
  const taxPaise = totalPaise - taxablePaise;
  const cgstPaise = intraState ? Math.floor(taxPaise / 2) : 0;
  const sgstPaise = intraState ? taxPaise - cgstPaise : 0;
  return { totalPaise, taxablePaise, taxPaise, cgstPaise, sgstPaise, igstPaise: intraState ? 0 : taxPaise };
}

/** One entry of the GST rate list: the value posted and its label. */
export type GstRateChoice = { value: string; label: string };

/**
 * The GST rate list of the settings form on the IST date of `now` (ms), for the value `current`
 * (as saved, or as typed in a refused post): today's rates ("18%"), then — when `current` is not
 * one of them — an entry for it so the list shows what is saved rather than silently another rate:
 * a rate that has ended as "28% (ended 21 Sep 2025)" (posting it is refused), anything else as an
 * empty "Choose a rate" (posting it is refused too). `notice` is lib/gst `savedGstRateNotice`'s
 * sentence when `current` has ended, else null. Labels and notice in English; the route adds their
 * Hindi. Source: issue 47 item 4.
 */
export function gstRateChoices(current: string, now = Date.now()): { choices: GstRateChoice[]; selected: string; notice: string | null } {
  const today = istDate(now);
  const choices: GstRateChoice[] = gstRatesOn(today).map((rate) => ({ value: String(rate), label: `${rate}%` }));
  const typed = current.trim().replace(/%$/, "").trim();
  const rate = /^\d{1,2}(\.\d{1,2})?$/.test(typed) ? Number(typed) : Number.NaN;
  const offered = choices.find((choice) => Number(choice.value) === rate);
  if (offered) return { choices, selected: offered.value, notice: null };
  const ended = GST_RATES_EVER.includes(rate) ? endedGstRateLabel(rate, today) : null;
  if (ended !== null) return { choices: [...choices, { value: String(rate), label: ended }], selected: String(rate), notice: savedGstRateNotice(rate, today) };
  return { choices: [{ value: "", label: GST_RATE_MESSAGES.chooseOption }, ...choices], selected: "", notice: null };
}

const ONES = [
  "Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
  "Eleven", "Twelve", "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen", "Eighteen", "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 === 0 ? tens : `${tens}-${ONES[n % 10]}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds]} Hundred`);
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(" ");
}

/**
 * A whole number (0 ≤ n, safe integer) in words in Indian numbering: 123456 → "One Lakh
 * Twenty-Three Thousand Four Hundred Fifty-Six"; crores repeat for larger numbers
 * (1,00,00,00,000 → "One Hundred Crore"). Throws RangeError otherwise.
 */
export function numberInIndianWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole number: ${n}`);
  if (n === 0) return "Zero";
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  let rest = n % 10_000_000;
  if (crore > 0) parts.push(`${numberInIndianWords(crore)} Crore`);
  const lakh = Math.floor(rest / 100_000);
  rest %= 100_000;
  if (lakh > 0) parts.push(`${belowHundred(lakh)} Lakh`);
  const thousand = Math.floor(rest / 1000);
  rest %= 1000;
  if (thousand > 0) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(" ");
}

/**
 * An amount in paise (integer ≥ 0) as the invoice writes it: 12345650 → "Rupees One Lakh
 * Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only"; no paise → "Rupees One
 * Thousand Only". Throws RangeError for a negative or fractional amount.
 * Source: issue 14 item 2; DESIGN.md §20.
 */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount in paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const paisePart = rest > 0 ? ` and ${belowHundred(rest)} Paise` : "";
  return `Rupees ${numberInIndianWords(rupees)}${paisePart} Only`;
}

/**
 * The Indian financial year (1 April – 31 March, IST) of an instant (ms since epoch), as invoice
 * numbers write it: 2026-04-01 00:00 IST → "2026-27"; 2027-03-31 23:59 IST → "2026-27".
 */
export function financialYear(ms: number): string {
  const ist = new Date(ms + IST_OFFSET_MS);
  const year = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/**
 * Paise as the invoice prints rupees: Indian digit grouping, always two decimals, no sign:
 * 12345650 → "1,23,456.50"; 5 → "0.05". Throws RangeError for a negative or fractional amount.
 */
export function formatInvoiceRupees(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount in paise: ${paise}`);
  const rupees = String(Math.floor(paise / 100));
  const lastThree = rupees.slice(-3);
  const rest = rupees.slice(0, -3);
  const grouped = rest === "" ? lastThree : `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ",")},${lastThree}`;
  return `${grouped}.${String(paise % 100).padStart(2, "0")}`;
}

/** The IST calendar date of an instant (ms) as the invoice prints it: "24 Nov 2026". */
export function formatIstDate(ms: number): string {
  const ist = new Date(ms + IST_OFFSET_MS);
  return `${ist.getUTCDate()} ${SHORT_MONTHS.en[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
}

/** The invoice number: prefix, financial year and a six-digit sequence, e.g. "CI/2026-27/000123". */
export function formatInvoiceNumber(prefix: string, fy: string, seq: number): string {
  return `${prefix}/${fy}/${String(seq).padStart(6, "0")}`;
}

/** GST state codes by the state list's names (app/constants/indian-states.ts), for "place of supply". */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  "Jammu and Kashmir": "01",
  "Himachal Pradesh": "02",
  Punjab: "03",
  Chandigarh: "04",
  Uttarakhand: "05",
  Haryana: "06",
  Delhi: "07",
  Rajasthan: "08",
  "Uttar Pradesh": "09",
  Bihar: "10",
  Sikkim: "11",
  "Arunachal Pradesh": "12",
  Nagaland: "13",
  Manipur: "14",
  Mizoram: "15",
  Tripura: "16",
  Meghalaya: "17",
  Assam: "18",
  "West Bengal": "19",
  Jharkhand: "20",
  Odisha: "21",
  Chhattisgarh: "22",
  "Madhya Pradesh": "23",
  Gujarat: "24",
  "Dadra and Nagar Haveli and Daman and Diu": "26",
  Maharashtra: "27",
  Karnataka: "29",
  Goa: "30",
  Lakshadweep: "31",
  Kerala: "32",
  "Tamil Nadu": "33",
  Puducherry: "34",
  "Andaman and Nicobar Islands": "35",
  Telangana: "36",
  "Andhra Pradesh": "37",
  Ladakh: "38",
};

function normaliseState(name: string): string {
  return name.trim().toLowerCase().replace(/&/g, "and").replace(/[^a-z]+/g, " ").trim();
}

/** The two-digit GST state code of a state or UT name (case, "&" and punctuation ignored); null if unknown. */
export function gstStateCode(state: string): string | null {
  const wanted = normaliseState(state);
  if (wanted === "nct of delhi") return "07";
  for (const [name, code] of Object.entries(GST_STATE_CODES)) if (normaliseState(name) === wanted) return code;
  return null;
}

/** Whether two state names are the same state (intra-state supply: CGST + SGST). */
export function sameState(a: string, b: string): boolean {
  const codeA = gstStateCode(a);
  return codeA !== null ? codeA === gstStateCode(b) : normaliseState(a) === normaliseState(b);
}

export { gstinCheckChar, validateGstin } from "~/schemas/gstin";
