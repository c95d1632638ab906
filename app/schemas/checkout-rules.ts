import { canonicalIndianState } from "~/constants/indian-states";
import { EMAIL_RULE } from "~/schemas/account-rules";
import type { FieldRule, FormRules } from "~/schemas/field-rules";
import { ORDER_MESSAGES } from "~/schemas/order-constants";

/**
 * The delivery form of /place-order (SPEC.md §3, §5; docs/decisions/0237): its sentences, fields,
 * the normalising of a PIN code and a mobile number, and its browser rules, without zod: safe to
 * import in the browser (DESIGN.md §17). `addressSchema` and `placeOrderFormSchema`
 * (app/schemas/orders.ts) are built from the same pieces, and tests/unit/field-rules.test.ts
 * holds each rule to its schema.
 */

/** The delivery form's sentences (docs/decisions/0237). */
export const ADDRESS_MESSAGES = {
  firstName: "Please enter your first name.",
  lastName: "Please enter your last name.",
  street: "Please enter your street address.",
  city: "Please enter your city.",
  state: "Please choose your state or union territory.",
  zipcode: "Please enter your PIN code.",
  zipcodeInvalid: "Please enter a valid 6-digit PIN code.",
  country: "We deliver within India only.",
  phone: "Please enter your mobile number.",
  phoneInvalid: "Please enter a valid 10-digit mobile number.",
  tooLong: "This is too long.",
} as const;

/** The delivery form's fields in page order (SPEC.md §3). */
export const ADDRESS_FIELDS = ["firstName", "lastName", "email", "street", "city", "state", "zipcode", "country", "phone"] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/**
 * A mobile number as typed → its 10 digits: spaces, dashes, brackets and dots are dropped, then a
 * leading +91, 91 or 0 ("+91 98765-43210" → "9876543210"). Anything else comes back as it is left.
 */
export function normaliseIndianMobile(value: string): string {
  const digits = value.replace(/[\s\-().]/g, "");
  if (/^\+91\d{10}$/.test(digits)) return digits.slice(3);
  if (/^91\d{10}$/.test(digits)) return digits.slice(2);
  if (/^0\d{10}$/.test(digits)) return digits.slice(1);
  return digits;
}

/** A 10-digit Indian mobile number (after `normaliseIndianMobile`): it starts with 6, 7, 8 or 9. */
export const INDIAN_MOBILE_PATTERN = /^[6-9]\d{9}$/;

/** A PIN code as typed → without spaces ("560 001" → "560001"). */
export function normalisePinCode(value: string): string {
  return value.replace(/\s/g, "");
}

/** An Indian PIN code (after `normalisePinCode`): six digits, the first not 0. */
export const PIN_CODE_PATTERN = /^[1-9]\d{5}$/;

/**
 * The message for a payment method that was posted (SPEC.md §8), or null when it can be used.
 * Cash on delivery can be used only when the store enables it (SPEC.md §4, DESIGN.md §12).
 */
export function paymentMethodProblem(method: unknown, codEnabled: boolean): string | null {
  if (method === "cashfree") return null;
  if (method === "cod" && codEnabled) return null;
  if (method === "stripe") return ORDER_MESSAGES.stripeUnavailable;
  if (method === "razorpay") return ORDER_MESSAGES.razorpayUnavailable;
  return ORDER_MESSAGES.invalidMethod;
}

/** A required one-line address field in the browser: trimmed, 1..max characters, plain text. */
function requiredTextRule(message: string, max: number, label: string): FieldRule {
  return {
    missing: message,
    trim: true,
    checks: [
      { kind: "minLength", value: 1, message },
      { kind: "maxLength", value: max, message: ADDRESS_MESSAGES.tooLong },
      { kind: "plainText", label },
    ],
  };
}

/** `addressSchema` (app/schemas/orders.ts) in the browser, field by field. */
export const ADDRESS_RULES = {
  firstName: requiredTextRule(ADDRESS_MESSAGES.firstName, 50, "Your first name"),
  lastName: requiredTextRule(ADDRESS_MESSAGES.lastName, 50, "Your last name"),
  email: EMAIL_RULE,
  street: requiredTextRule(ADDRESS_MESSAGES.street, 200, "The street address"),
  city: requiredTextRule(ADDRESS_MESSAGES.city, 80, "The city"),
  state: {
    missing: ADDRESS_MESSAGES.state,
    trim: false,
    checks: [{ kind: "custom", problem: (value) => (canonicalIndianState(value) ? null : ADDRESS_MESSAGES.state) }],
  },
  zipcode: {
    missing: ADDRESS_MESSAGES.zipcode,
    trim: true,
    checks: [
      { kind: "minLength", value: 1, message: ADDRESS_MESSAGES.zipcode },
      { kind: "pattern", value: PIN_CODE_PATTERN, normalise: normalisePinCode, message: ADDRESS_MESSAGES.zipcodeInvalid },
    ],
  },
  country: {
    missing: ADDRESS_MESSAGES.country,
    trim: true,
    checks: [{ kind: "custom", problem: (value) => (value.toLowerCase() === "india" ? null : ADDRESS_MESSAGES.country) }],
  },
  phone: {
    missing: ADDRESS_MESSAGES.phone,
    trim: true,
    checks: [
      { kind: "minLength", value: 1, message: ADDRESS_MESSAGES.phone },
      { kind: "pattern", value: INDIAN_MOBILE_PATTERN, normalise: normaliseIndianMobile, message: ADDRESS_MESSAGES.phoneInvalid },
    ],
  },
} as const satisfies Record<AddressField, FieldRule>;

/**
 * `placeOrderFormSchema` in the browser: the address and the payment method. The hidden fields
 * (the one-time key, how the page pays, the lines shown) are the page's own and checked on the
 * server only.
 */
export function placeOrderFormRules(options: { codEnabled: boolean }) {
  return {
    ...ADDRESS_RULES,
    paymentMethod: {
      missing: ORDER_MESSAGES.invalidMethod,
      trim: false,
      checks: [{ kind: "custom", problem: (method) => paymentMethodProblem(method, options.codEnabled) }],
    },
  } as const satisfies FormRules;
}
