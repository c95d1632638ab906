/**
 * GST arithmetic for the tax invoice (issue 14 item 2; DESIGN.md §20; docs/decisions/0650), pure
 * and isomorphic: splitting a GST-inclusive amount, rupees in words in Indian numbering, the
 * financial year of an IST date, GSTIN validation and state codes. Money in integer paise.
 */

import { IST_OFFSET_MS } from "~/lib/admin-format";
import { SHORT_MONTHS } from "~/lib/delivery-dates";

/** HSN code of wrist watches (chapter 91, heading 9102). */
export const HSN_WRIST_WATCHES = "9102";

/** The rate when the store settings name none, percent. */
export const DEFAULT_GST_RATE = 18;

/** GST rates the form offers, percent (the Indian slabs). */
export const GST_RATES = [0, 0.25, 3, 5, 12, 18, 28] as const;


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
