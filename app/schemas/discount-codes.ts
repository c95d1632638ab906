import { z } from "zod";
import { CATEGORIES } from "~/constants/store";

/**
 * The back office's discount code form (issue 47 item 1; docs/decisions/1012): what the owner types,
 * as text, → the code's stored fields (money in integer paise, percent in basis points, times in ms
 * since epoch). Every refusal is a sentence next to its field. The code's own rule (lib/discounts
 * `normaliseCode` and `CODE_PATTERN`) is passed in by the caller: schemas sit below lib
 * (tests/unit/layers.test.ts), so this file never imports it.
 */

/** IST is UTC+05:30 all year (no daylight saving), in ms. */
const IST_OFFSET_MS = 330 * 60 * 1000;

/** Most values in one scope (brands, categories or product ids). */
export const MAX_SCOPE_VALUES = 200;
/** The largest fixed discount, in paise: ₹10,00,000. */
export const MAX_FIXED_PAISE = 100_000_000;
/** The largest minimum subtotal, in paise: ₹1,00,00,000. */
export const MAX_MIN_SUBTOTAL_PAISE = 1_000_000_000;
/** The largest total or per-shopper limit. */
export const MAX_USE_LIMIT = 10_000_000;

/** The sentences of the form's refusals (English: the back office is English). */
export const DISCOUNT_FORM_MESSAGES = {
  code: "Enter a code of 3 to 32 letters, digits, - or _ (spaces are dropped, letters are made capitals).",
  kind: "Choose a percentage or a fixed amount.",
  percent: "Enter a percentage from 0.01 to 100, like 10 or 12.5.",
  amount: "Enter a fixed amount from ₹1 to ₹10,00,000, like 500 or 499.50.",
  scope: "Choose what the code applies to.",
  brands: "Choose at least one brand.",
  categories: "Choose at least one category.",
  products: "Enter at least one product id, one a line.",
  tooManyValues: `Choose at most ${MAX_SCOPE_VALUES}.`,
  scopeValue: "Each entry has at most 100 characters.",
  category: "Choose a category of the store.",
  minSubtotal: "Enter the minimum subtotal in rupees, 0 or more (blank: none), like 5000.",
  totalLimit: "Leave blank for no limit, or enter a whole number of uses from 1.",
  perShopperLimit: "Leave blank for no limit, or enter a whole number of uses per shopper from 1.",
  startsAt: "Enter the start as a date and time (IST), or leave it blank.",
  endsAt: "Enter the end as a date and time (IST), or leave it blank.",
  endAfterStart: "The end must be after the start.",
  status: "Choose active or paused.",
} as const;

/**
 * A datetime-local value in IST ("2026-12-31T23:30", seconds optional) → ms since epoch: the IST
 * wall time minus 5 h 30 min. Null when it is not such a value or names no real time (31 Feb,
 * 24:00). E.g. "2026-12-31T23:30" → 1798740000000 (2026-12-31T18:00:00Z).
 */
export function istDateTimeToMs(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second = "0"] = match.slice(1).map((part) => part ?? "0");
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const back = new Date(wall);
  const exact =
    back.getUTCFullYear() === Number(year) &&
    back.getUTCMonth() === Number(month) - 1 &&
    back.getUTCDate() === Number(day) &&
    back.getUTCHours() === Number(hour) &&
    back.getUTCMinutes() === Number(minute) &&
    back.getUTCSeconds() === Number(second);
  return exact && Number(year) >= 2000 && Number(year) <= 9999 ? wall - IST_OFFSET_MS : null;
}

/** ms since epoch → the datetime-local value of its IST wall time ("2026-12-31T23:30"; seconds when not 0). */
export function msToIstDateTime(ms: number): string {
  const iso = new Date(ms + IST_OFFSET_MS).toISOString();
  return iso.slice(17, 19) === "00" ? iso.slice(0, 16) : iso.slice(0, 19);
}

/**
 * Rupees as typed ("4,999", "₹ 499.50") → paise, exactly (no floating point); null when not a
 * plain amount with at most two decimals. "1e3", "-5", "0x10" are not amounts.
 */
export function rupeesToPaise(text: string): number | null {
  const clean = text.trim().replace(/^₹\s*/, "").replace(/,/g, "");
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(clean);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** A percentage as typed ("10", "12.5", "0.01", "10 %") → basis points; null when not one with at most two decimals. */
export function percentToBp(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/\s*%$/, ""));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Form text: a missing field is "", longer text is cut to `max` (the refusal then follows from the rules). */
const text = (max: number) =>
  z.preprocess((value) => (typeof value === "string" ? value.slice(0, max) : ""), z.string());

/** A multi-value field (checkboxes, or a textarea of lines and commas) → its distinct trimmed entries. */
const list = z.preprocess((value) => {
  const raw = (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((v): v is string => typeof v === "string");
  const entries = raw.flatMap((v) => v.slice(0, 20_000).split(/[\n\r,]+/)).map((v) => v.trim()).filter(Boolean);
  return [...new Set(entries)];
}, z.array(z.string()));

const limit = (message: string) =>
  text(20).transform((value, ctx) => {
    const trimmed = value.trim();
    if (trimmed === "") return null;
    if (!/^\d{1,8}$/.test(trimmed) || Number(trimmed) < 1 || Number(trimmed) > MAX_USE_LIMIT) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return Number(trimmed);
  });

const instant = (message: string) =>
  text(40).transform((value, ctx) => {
    if (value.trim() === "") return null;
    const ms = istDateTimeToMs(value);
    if (ms === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return ms;
  });

/** A code's fields as the service stores them (after the form's schema). */
/** The code form's values as text, the way the owner types them (the form component and utils/discount-form.server.ts). */
export type DiscountCodeFormValues = {
  code: string;
  kind: "percent" | "fixed";
  percent: string;
  amount: string;
  scope: "all" | "brands" | "categories" | "products";
  brands: string[];
  categories: string[];
  products: string;
  minSubtotal: string;
  totalLimit: string;
  perShopperLimit: string;
  startsAt: string;
  endsAt: string;
  status: "active" | "paused";
  public: boolean;
};

export type DiscountCodeInput = {
  /** As typed, trimmed (shown). */
  code: string;
  /** normaliseCode of it (matched on; unique). */
  codeKey: string;
  kind: "percent" | "fixed";
  percentBp: number | null;
  valuePaise: number | null;
  scope: "all" | "brands" | "categories" | "products";
  scopeValues: string[];
  minSubtotalPaise: number;
  totalLimit: number | null;
  perShopperLimit: number | null;
  startsAt: number | null;
  endsAt: number | null;
  status: "active" | "paused";
  public: boolean;
};

/**
 * The form's schema (fields: code, kind, percent, amount, scope, brands, categories, products,
 * minSubtotal, totalLimit, perShopperLimit, startsAt, endsAt, status, public) → DiscountCodeInput.
 * `rules.normalise` and `rules.pattern` are lib/discounts `normaliseCode` and `CODE_PATTERN`. The
 * rules: the code matches the pattern after normalising; percent 0.01–100 (stored as 1–10000 basis
 * points) or fixed ₹1–₹10,00,000 (paise), only the chosen kind's field read; a non-"all" scope has
 * at least one value (categories: the store's CATEGORIES; brands and products are checked against
 * the catalogue by the service); minimum subtotal ₹0 or more (blank: 0); limits blank or whole ≥ 1;
 * start and end IST date-times (blank: open), the end after the start; status active or paused;
 * `public` a checkbox. Product ids, brands: as typed (the service refuses unknown ones).
 */
export function discountCodeFormSchema(rules: { normalise: (text: string) => string; pattern: RegExp }) {
  return z
    .object({
      code: text(200),
      kind: z.enum(["percent", "fixed"], { error: DISCOUNT_FORM_MESSAGES.kind }),
      percent: text(40),
      amount: text(40),
      scope: z.enum(["all", "brands", "categories", "products"], { error: DISCOUNT_FORM_MESSAGES.scope }),
      brands: list,
      categories: list,
      products: list,
      minSubtotal: text(40),
      totalLimit: limit(DISCOUNT_FORM_MESSAGES.totalLimit),
      perShopperLimit: limit(DISCOUNT_FORM_MESSAGES.perShopperLimit),
      startsAt: instant(DISCOUNT_FORM_MESSAGES.startsAt),
      endsAt: instant(DISCOUNT_FORM_MESSAGES.endsAt),
      status: z.enum(["active", "paused"], { error: DISCOUNT_FORM_MESSAGES.status }),
      public: z.preprocess((value) => value === "on" || value === "true" || value === "1", z.boolean()),
    })
    .transform((form, ctx): DiscountCodeInput => {
      const fail = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      const code = form.code.trim();
      const codeKey = rules.normalise(code);
      if (!rules.pattern.test(codeKey)) fail("code", DISCOUNT_FORM_MESSAGES.code);
      let percentBp: number | null = null;
      let valuePaise: number | null = null;
      if (form.kind === "percent") {
        percentBp = percentToBp(form.percent);
        if (percentBp === null || percentBp < 1 || percentBp > 10_000) fail("percent", DISCOUNT_FORM_MESSAGES.percent);
      } else {
        valuePaise = rupeesToPaise(form.amount);
        if (valuePaise === null || valuePaise < 100 || valuePaise > MAX_FIXED_PAISE) fail("amount", DISCOUNT_FORM_MESSAGES.amount);
      }
      const scopeValues = form.scope === "all" ? [] : form[form.scope];
      if (form.scope !== "all") {
        if (scopeValues.length === 0) fail(form.scope, DISCOUNT_FORM_MESSAGES[form.scope]);
        else if (scopeValues.length > MAX_SCOPE_VALUES) fail(form.scope, DISCOUNT_FORM_MESSAGES.tooManyValues);
        else if (scopeValues.some((value) => value.length > 100)) fail(form.scope, DISCOUNT_FORM_MESSAGES.scopeValue);
        else if (form.scope === "categories" && scopeValues.some((value) => !(CATEGORIES as readonly string[]).includes(value))) {
          fail("categories", DISCOUNT_FORM_MESSAGES.category);
        }
      }
      const minSubtotalPaise = form.minSubtotal.trim() === "" ? 0 : rupeesToPaise(form.minSubtotal);
      if (minSubtotalPaise === null || minSubtotalPaise > MAX_MIN_SUBTOTAL_PAISE) fail("minSubtotal", DISCOUNT_FORM_MESSAGES.minSubtotal);
      if (form.startsAt !== null && form.endsAt !== null && form.endsAt <= form.startsAt) fail("endsAt", DISCOUNT_FORM_MESSAGES.endAfterStart);
      return {
        code,
        codeKey,
        kind: form.kind,
        percentBp,
        valuePaise,
        scope: form.scope,
        scopeValues,
        minSubtotalPaise: minSubtotalPaise ?? 0,
        totalLimit: form.totalLimit,
        perShopperLimit: form.perShopperLimit,
        startsAt: form.startsAt,
        endsAt: form.endsAt,
        status: form.status,
        public: form.public,
      };
    });
}

/** The list's pause/activate buttons: the code's id and the status to set. */
export const discountStatusFormSchema = z.object({
  intent: z.literal("status"),
  status: z.enum(["active", "paused"], { error: DISCOUNT_FORM_MESSAGES.status }),
});
