import { z } from "zod";
import { STORE_CONTACT } from "~/content/store-details";
import { DEFAULT_STOCK_HOLD_MINUTES } from "~/lib/stock";
import { DEFAULT_GST_RATE, GST_RATES_EVER, gstStateCode, validateGstin } from "~/lib/gst";
import { SELLER_DETAIL_LABELS, type SellerDetailField, type SellerDetails } from "~/lib/seller-details";
import { normaliseIndianMobile } from "~/schemas/checkout-rules";
import { CHANGED_MIND_POLICIES, DEFAULT_CHANGED_MIND_POLICY, DEFAULT_RETURN_WINDOW_DAYS, MAX_RETURN_WINDOW_DAYS } from "~/lib/after-sale-policy";
import { plainText } from "~/schemas/text";

export { SELLER_DETAIL_LABELS, type SellerDetailField, type SellerDetails };

/**
 * The seller's details printed on GST tax invoices (issue 14 item 2; DESIGN.md §20) and shown on
 * every page with the customer-care contacts and the grievance officer (issue 25 item 1; Consumer
 * Protection (E-Commerce) Rules 2020, rules 4 and 5; docs/decisions/0780), edited by the owner at
 * /admin/settings and stored as one JSON row (`store_settings`, id 1). Pure and isomorphic.
 */

/** Most lines of the seller's postal address. */
export const MAX_SELLER_ADDRESS_LINES = 6;


/** The demo store's GSTIN (right shape, nobody's): counts as not filled in while payments are live. */
export const PLACEHOLDER_GSTIN = "29AABCC1234D1Z7";

/** The demo store's grievance officer (docs/decisions/0750), until the owner names theirs. */
const DEMO_GRIEVANCE_OFFICER = { name: "Meera Iyer", designation: "Grievance Officer", email: "grievance@chronoindia.in" } as const;

/**
 * An Indian phone number as typed → its digits for the pattern (`normaliseIndianMobile`: spaces,
 * dashes, brackets, dots and a leading +91, 91 or 0 dropped).
 */
export function normaliseIndianPhone(value: string): string {
  return normaliseIndianMobile(value.trim());
}

/**
 * An Indian phone number after `normaliseIndianPhone`: 10 digits not starting with 0 (a mobile, or
 * a landline with its STD code: "80 4718 2200"), or a toll-free 1800/1860 number of 11 digits.
 * Wider than checkout's INDIAN_MOBILE_PATTERN: customer care is often a landline.
 */
export const INDIAN_PHONE_PATTERN = /^(?:[1-9]\d{9}|18[06]0\d{7})$/;

/** The `tel:` target of an Indian phone number as typed: +91 and its 10 digits, a toll-free number as is; "" when empty or not one. */
export function phoneHref(phone: string): string {
  const digits = normaliseIndianPhone(phone);
  if (!INDIAN_PHONE_PATTERN.test(digits)) return "";
  return /^18[06]0\d{7}$/.test(digits) ? digits : `+91${digits}`;
}

/**
 * An optional line of plain text (empty allowed: the warnings name it when payments are live; no
 * control characters, docs/decisions/0340); absent in settings saved before issue 25 item 1.
 */
function detailText(label: string, max: number, fallback: string) {
  const sentenceLabel = label[0].toUpperCase() + label.slice(1);
  return plainText(z.string().trim().max(max, `Keep the ${label.toLowerCase()} within ${max} characters.`), sentenceLabel).default(fallback);
}

function detailEmail(label: string, fallback: string) {
  return z
    .string()
    .trim()
    .max(254, `Keep the ${label.toLowerCase()} within 254 characters.`)
    .refine((value) => value === "" || z.email().safeParse(value).success, `Enter the ${label.toLowerCase()} as an email address, e.g. support@example.in.`)
    .default(fallback);
}

function detailPhone(label: string, fallback: string) {
  return z
    .string()
    .trim()
    .max(30, `Enter the ${label.toLowerCase()} as an Indian phone number, e.g. +91 80 4718 2200.`)
    .refine((value) => value === "" || INDIAN_PHONE_PATTERN.test(normaliseIndianPhone(value)), `Enter the ${label.toLowerCase()} as an Indian phone number, e.g. +91 80 4718 2200.`)
    .default(fallback);
}

const STOCK_HOLD_MESSAGE = "Hold unpaid orders' stock for 5 to 1440 minutes (whole minutes).";

const RETURN_WINDOW_MESSAGE = `Set the return window to 0 to ${MAX_RETURN_WINDOW_DAYS} days (whole days; 0: no returns but the ones the law requires).`;

/**
 * A rate no period of GST has had (the form and `saveStoreSettings` refuse a rate not in force
 * today with lib/gst `gstRateRefusal`'s sentence before this one is reached).
 */
const RATE_MESSAGE = `Choose a GST rate: ${GST_RATES_EVER.join(", ")} %.`;

/**
 * The settings: `sellerLegalName` (as registered for GST), `sellerAddress` (1–6 lines), `sellerGstin`
 * (validated: format and check digit), `sellerState` (a state or UT name with a GST state code; its
 * code must match the GSTIN's first two digits), `gstRatePercent` (one of GST_RATES_EVER, prices include
 * it: a rate saved while it was in force still reads back; whether it is in force today is the
 * form's and `saveStoreSettings`' check, lib/gst `gstRateRefusal`, issue 47 item 4), `invoicePrefix` (letters and digits, 1–8, e.g. "CI"), `stockHoldMinutes` (how long an unpaid
 * online order holds its stock, 5–1440, default 15; issue 23, issue 43 item 3); the customer-care `carePhone`,
 * `careEmail` and `careHours` and the grievance officer's `grievanceOfficerName`, `…Designation`,
 * `…Email` and `…Phone` (issue 25 item 1: each may be left empty — `missingSellerDetails` names
 * it while payments are live —, an email must be one, a phone an Indian number; absent in settings
 * saved before, they take the demo store's values); the after-sale policy's `returnWindowDays` (0–30,
 * default 7) and `changedMindReturns` ("refund" | "exchange" | "none", default "refund"; issue 45,
 * lib/after-sale-policy.ts, docs/decisions/0980). Refusals are sentences per field.
 */
export const storeSettingsSchema = z
  .object({
    sellerLegalName: z.string().trim().min(2, "Enter the seller's legal name.").max(120, "Keep the legal name within 120 characters."),
    sellerAddress: z
      .array(z.string().trim().min(1).max(120, "Keep each address line within 120 characters."))
      .min(1, "Enter the seller's address.")
      .max(MAX_SELLER_ADDRESS_LINES, `Keep the address within ${MAX_SELLER_ADDRESS_LINES} lines.`),
    sellerGstin: z.string().transform((value, ctx) => {
      const checked = validateGstin(value);
      if (!checked.ok) {
        ctx.addIssue({ code: "custom", message: checked.message });
        return z.NEVER;
      }
      return checked.gstin;
    }),
    sellerState: z
      .string()
      .trim()
      .refine((state) => gstStateCode(state) !== null, "Choose the seller's state or union territory."),
    gstRatePercent: z
      .number({ error: RATE_MESSAGE })
      .refine((rate) => GST_RATES_EVER.includes(rate), RATE_MESSAGE),
    invoicePrefix: z.string().trim().regex(/^[A-Z0-9]{1,8}$/, "The invoice prefix is 1 to 8 capital letters or digits, e.g. CI."),
    /** Minutes an unpaid online order holds its units of stock (issue 23; absent in settings saved before it). */
    stockHoldMinutes: z
      .number({ error: STOCK_HOLD_MESSAGE })
      .int(STOCK_HOLD_MESSAGE)
      .min(5, STOCK_HOLD_MESSAGE)
      .max(1440, STOCK_HOLD_MESSAGE)
      .default(DEFAULT_STOCK_HOLD_MINUTES),
    carePhone: detailPhone(SELLER_DETAIL_LABELS.carePhone, STORE_CONTACT.phone),
    careEmail: detailEmail(SELLER_DETAIL_LABELS.careEmail, STORE_CONTACT.email),
    careHours: detailText("customer care hours", 80, STORE_CONTACT.hours),
    grievanceOfficerName: detailText(SELLER_DETAIL_LABELS.grievanceOfficerName, 120, DEMO_GRIEVANCE_OFFICER.name),
    grievanceOfficerDesignation: detailText(SELLER_DETAIL_LABELS.grievanceOfficerDesignation, 120, DEMO_GRIEVANCE_OFFICER.designation),
    grievanceOfficerEmail: detailEmail(SELLER_DETAIL_LABELS.grievanceOfficerEmail, DEMO_GRIEVANCE_OFFICER.email),
    grievanceOfficerPhone: detailPhone(SELLER_DETAIL_LABELS.grievanceOfficerPhone, STORE_CONTACT.phone),
    /** Days after delivery a change-of-mind return stays open (issue 45; docs/decisions/0980; absent in settings saved before it: 7). */
    returnWindowDays: z
      .number({ error: RETURN_WINDOW_MESSAGE })
      .int(RETURN_WINDOW_MESSAGE)
      .min(0, RETURN_WINDOW_MESSAGE)
      .max(MAX_RETURN_WINDOW_DAYS, RETURN_WINDOW_MESSAGE)
      .default(DEFAULT_RETURN_WINDOW_DAYS),
    /** What a change of mind brings within the window: a refund (or an exchange), only an exchange, nothing (issue 45; default "refund"). */
    changedMindReturns: z.enum(CHANGED_MIND_POLICIES, { error: "Choose what a change of mind brings: a refund, an exchange only, or no return." }).default(DEFAULT_CHANGED_MIND_POLICY),
  })
  .superRefine((settings, ctx) => {
    const code = gstStateCode(settings.sellerState);
    if (code !== null && settings.sellerGstin.slice(0, 2) !== code) {
      ctx.addIssue({ code: "custom", path: ["sellerGstin"], message: `The GSTIN's state code (${settings.sellerGstin.slice(0, 2)}) is not ${settings.sellerState}'s (${code}).` });
    }
  });

export type StoreSettings = z.output<typeof storeSettingsSchema>;

/**
 * The settings before the owner saves any: the legal name, address and customer-care contacts
 * from content/store-details.ts, the demo grievance officer, Karnataka, 18 %, prefix "CI" and a
 * placeholder GSTIN of the right shape (STORE OWNER: replace them at /admin/settings before the
 * first sale).
 */
export const DEFAULT_STORE_SETTINGS: StoreSettings = {
  sellerLegalName: STORE_CONTACT.address[0],
  sellerAddress: STORE_CONTACT.address.slice(1),
  sellerGstin: PLACEHOLDER_GSTIN,
  sellerState: "Karnataka",
  gstRatePercent: DEFAULT_GST_RATE,
  invoicePrefix: "CI",
  stockHoldMinutes: DEFAULT_STOCK_HOLD_MINUTES,
  carePhone: STORE_CONTACT.phone,
  careEmail: STORE_CONTACT.email,
  careHours: STORE_CONTACT.hours,
  grievanceOfficerName: DEMO_GRIEVANCE_OFFICER.name,
  grievanceOfficerDesignation: DEMO_GRIEVANCE_OFFICER.designation,
  grievanceOfficerEmail: DEMO_GRIEVANCE_OFFICER.email,
  grievanceOfficerPhone: STORE_CONTACT.phone,
  returnWindowDays: DEFAULT_RETURN_WINDOW_DAYS,
  changedMindReturns: DEFAULT_CHANGED_MIND_POLICY,
};


/** The seller's details of `settings`, as pages show them. */
export function sellerDetailsOf(settings: StoreSettings): SellerDetails {
  return {
    legalName: settings.sellerLegalName,
    address: settings.sellerAddress,
    gstin: settings.sellerGstin,
    care: { phone: settings.carePhone, phoneHref: phoneHref(settings.carePhone), email: settings.careEmail, hours: settings.careHours },
    officer: {
      name: settings.grievanceOfficerName,
      designation: settings.grievanceOfficerDesignation,
      email: settings.grievanceOfficerEmail,
      phone: settings.grievanceOfficerPhone,
      phoneHref: phoneHref(settings.grievanceOfficerPhone),
    },
  };
}

/**
 * The seller's details the law asks for that `settings` leaves empty, in the form's order — the
 * placeholder GSTIN counts as empty (Consumer Protection (E-Commerce) Rules 2020, rules 4 and 5;
 * issue 25 item 1). Meant for a store with live payments; [] when all are filled in.
 */
export function missingSellerDetails(settings: StoreSettings): SellerDetailField[] {
  const missing: SellerDetailField[] = [];
  for (const field of Object.keys(SELLER_DETAIL_LABELS) as SellerDetailField[]) {
    const value = settings[field];
    const empty = Array.isArray(value) ? value.every((line) => line.trim() === "") : value.trim() === "";
    if (empty || (field === "sellerGstin" && value === PLACEHOLDER_GSTIN)) missing.push(field);
  }
  return missing;
}

/**
 * The warning for a store taking live payments whose seller's details lack `missing` (from
 * `missingSellerDetails`), naming each by its form label; null when nothing is missing.
 */
export function sellerDetailsWarning(missing: readonly SellerDetailField[]): string | null {
  if (missing.length === 0) return null;
  const names = missing.map((field) => SELLER_DETAIL_LABELS[field] + (field === "sellerGstin" ? " (still the demo placeholder)" : "")).join(", ");
  return `Seller details: live payments are on but ${missing.length === 1 ? "this is" : "these are"} not filled in at /admin/settings: ${names} (Consumer Protection (E-Commerce) Rules 2020, rules 4 and 5).`;
}

/**
 * How to reach customer care in a sentence: "write to EMAIL or call PHONE", either alone when the
 * other is empty, "" when both are (emails' "Questions?" lines; issue 25 item 1).
 */
export function careContactWords(care: { email: string; phone: string }): string {
  const ways = [care.email ? `write to ${care.email}` : "", care.phone ? `call ${care.phone}` : ""].filter(Boolean);
  return ways.join(" or ");
}
