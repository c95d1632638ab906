import { splitGstInclusive, type GstSplit } from "~/lib/gst";
import { formatPaise } from "~/lib/money";

/**
 * Discount codes (issue 47; DESIGN.md §27; docs/decisions/1011): the pure rules — what a code is,
 * whether it applies to a cart, how much it takes off, how that amount is spread over the lines,
 * and the lines' tax after it (CGST Act s.15(3)(a): a discount recorded on the invoice at the time
 * of supply is left out of the taxable value). Money is integer paise throughout; times are ms
 * since epoch, shown in IST. The database side (the code's uses, taken in the order's transaction)
 * is services/discounts.server.ts.
 */

export const DISCOUNT_KINDS = ["percent", "fixed"] as const;
/** `percent`: basis points of the eligible subtotal; `fixed`: rupees off, in paise. */
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const DISCOUNT_SCOPES = ["all", "brands", "categories", "products"] as const;
/** What a code applies to: the whole order, or the lines of chosen brands, categories or products. */
export type DiscountScope = (typeof DISCOUNT_SCOPES)[number];

export const DISCOUNT_STATUSES = ["active", "paused"] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

/** Longest code a shopper may type, in characters (after trimming). */
export const MAX_CODE_LENGTH = 32;

/**
 * Codes a shopper may try in a minute, on the cart and checkout pages and `POST /api/cart/applyCode`
 * together (rate limit name `discountCode`): enough for typos, too few to guess codes.
 */
export const CODE_TRIES_PER_MINUTE = 10;

/** A code as the owner saves it: 3–32 letters, digits, `-` or `_` (after normalising). */
export const CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

/**
 * The order total a code may never take an order below, in paise: ₹1, Cashfree's smallest order
 * amount (Cashfree API 2025-01-01 `order_amount` minimum 1). A code worth more is capped.
 */
export const MIN_ORDER_TOTAL_PAISE = 100;

/** A discount code as the rules read it (services/discounts.server.ts maps the row). */
export type DiscountCode = {
  id: number;
  /** As the owner typed it, for display. */
  code: string;
  kind: DiscountKind;
  /** `percent`: 1–10000 basis points (1000 = 10 %); null for `fixed`. */
  percentBp: number | null;
  /** `fixed`: paise off; null for `percent`. */
  valuePaise: number | null;
  scope: DiscountScope;
  /** Brands (the catalogue's `subCategory`), categories or product ids of the scope; empty for `all`. */
  scopeValues: readonly string[];
  /** The eligible lines' subtotal the code needs, paise (0: none). */
  minSubtotalPaise: number;
  /** Uses in all (null: no limit) and uses taken and not given back. */
  totalLimit: number | null;
  usesTaken: number;
  /** Uses per shopper (account, delivery email or phone; null: no limit). */
  perShopperLimit: number | null;
  /** First instant it works (inclusive) and first instant it no longer works (exclusive); null: open. */
  startsAt: number | null;
  endsAt: number | null;
  status: DiscountStatus;
  /** Listed with its terms on the Offers page. */
  public: boolean;
};

/** One line of a cart or order as the rules need it; `key` identifies it (product id + colour). */
export type DiscountLine = {
  key: string;
  productId: string;
  /** The catalogue's `subCategory` (the brand) and `category`. */
  brand: string;
  category: string;
  pricePaise: number;
  quantity: number;
};

/** The discount on one line: paise off the line's whole amount (price × quantity). */
export type LineDiscount = { key: string; discountPaise: number };

/** Why a code does not apply, each with what the shopper is told (DISCOUNT_MESSAGES). */
export type DiscountRefusal =
  | { reason: "unknown" }
  | { reason: "paused" }
  | { reason: "notStarted"; startsAt: number }
  | { reason: "ended"; endsAt: number }
  | { reason: "belowMinimum"; minSubtotalPaise: number; shortPaise: number }
  | { reason: "usedUp" }
  | { reason: "usedByYou" }
  | { reason: "nothingApplies" };

/** A code that applies: the amount off and its parts per eligible line (summing exactly to it). */
export type DiscountEffect = {
  discountPaise: number;
  lines: LineDiscount[];
  /** The subtotal of the lines the code applies to, paise. */
  eligibleSubtotalPaise: number;
};

export type DiscountOutcome = { ok: true; effect: DiscountEffect } | { ok: false; refusal: DiscountRefusal };

/**
 * A code as typed → the key it is matched on: surrounding spaces dropped, inner spaces removed,
 * upper case ("  diwali 10 " → "DIWALI10"; issue 47 item 1: matched without regard to case or spaces).
 */
export function normaliseCode(text: string): string {
  return text.normalize("NFKC").replace(/\s+/g, "").toUpperCase();
}

/** The English sentences a shopper reads (the phrasebook group `discounts` holds their Hindi). */
export const DISCOUNT_MESSAGES = {
  unknown: "We don't know this code. Please check it.",
  paused: "This code is not available right now.",
  notStarted: (when: string) => `This code starts on ${when} IST.`,
  ended: (when: string) => `This code ended on ${when} IST.`,
  belowMinimum: (minimum: string, short: string) => `This code needs ${minimum} of eligible watches: add ${short} more.`,
  usedUp: "This code has been used up.",
  usedByYou: "You have already used this code.",
  nothingApplies: "This code doesn't apply to anything in your cart.",
  empty: "Please enter a code.",
  tooLong: `A code has at most ${MAX_CODE_LENGTH} characters.`,
  applied: "Code applied.",
  removed: "Code removed.",
  oneCode: "One code per order: remove the applied code first.",
  tooManyTries: "Too many codes tried. Please wait a minute and try again.",
} as const;

/**
 * A refusal → its English sentence; `formatWhen` writes an instant as the page does (IST,
 * "24 Nov 2026, 10:05"). Rupee amounts as formatPaise ("₹1,000").
 */
export function refusalMessage(refusal: DiscountRefusal, formatWhen: (ms: number) => string): string {
  switch (refusal.reason) {
    case "unknown":
      return DISCOUNT_MESSAGES.unknown;
    case "paused":
      return DISCOUNT_MESSAGES.paused;
    case "notStarted":
      return DISCOUNT_MESSAGES.notStarted(formatWhen(refusal.startsAt));
    case "ended":
      return DISCOUNT_MESSAGES.ended(formatWhen(refusal.endsAt));
    case "belowMinimum":
      return DISCOUNT_MESSAGES.belowMinimum(formatPaise(refusal.minSubtotalPaise), formatPaise(refusal.shortPaise));
    case "usedUp":
      return DISCOUNT_MESSAGES.usedUp;
    case "usedByYou":
      return DISCOUNT_MESSAGES.usedByYou;
    case "nothingApplies":
      return DISCOUNT_MESSAGES.nothingApplies;
  }
}

/** Whether a line is one the code applies to (its scope). */
export function lineInScope(code: Pick<DiscountCode, "scope" | "scopeValues">, line: Pick<DiscountLine, "productId" | "brand" | "category">): boolean {
  switch (code.scope) {
    case "all":
      return true;
    case "brands":
      return code.scopeValues.includes(line.brand);
    case "categories":
      return code.scopeValues.includes(line.category);
    case "products":
      return code.scopeValues.includes(line.productId);
  }
}

/**
 * Spreads `totalPaise` over parts in proportion to `weights` (largest remainder, Hamilton): each
 * part gets floor(total × weight / Σweights), and the paise left go one each to the parts with the
 * largest remainders, ties to the earlier part — so the parts add up to `totalPaise` exactly and
 * the same input always gives the same parts. Weights are non-negative integers; all zero → all 0.
 * DESIGN.md §27 ("remainders placed deterministically"). E.g. 100000 over [600000, 400000] →
 * [60000, 40000]; 100 over [1, 1, 1] → [34, 33, 33].
 */
export function allocateProportionally(totalPaise: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || totalPaise <= 0) return weights.map(() => 0);
  const big = BigInt(totalPaise);
  const bigSum = BigInt(sum);
  const parts = weights.map((w) => Number((big * BigInt(w)) / bigSum));
  const remainders = weights.map((w, index) => ({ index, rest: (big * BigInt(w)) % bigSum }));
  let left = totalPaise - parts.reduce((s, p) => s + p, 0);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left <= 0) break;
    parts[index] += 1;
    left -= 1;
  }
  return parts;
}

/**
 * What the code takes off these lines before any limit or date is looked at: the eligible lines'
 * subtotal, and the discount — percent: round-half-up of subtotal × bp / 10000; fixed: its value —
 * capped so the eligible lines never go below zero and the cart total (`cartSubtotalPaise`, all
 * lines) never below MIN_ORDER_TOTAL_PAISE. Pure.
 */
export function discountAmount(
  code: Pick<DiscountCode, "kind" | "percentBp" | "valuePaise" | "scope" | "scopeValues">,
  lines: readonly DiscountLine[],
): { eligibleSubtotalPaise: number; discountPaise: number } {
  const eligibleSubtotalPaise = lines.filter((line) => lineInScope(code, line)).reduce((s, l) => s + l.pricePaise * l.quantity, 0);
  const cartSubtotalPaise = lines.reduce((s, l) => s + l.pricePaise * l.quantity, 0);
  const raw =
    code.kind === "percent" ? Math.floor((eligibleSubtotalPaise * (code.percentBp ?? 0) + 5000) / 10000) : (code.valuePaise ?? 0);
  const cap = Math.max(0, Math.min(eligibleSubtotalPaise, cartSubtotalPaise - MIN_ORDER_TOTAL_PAISE));
  return { eligibleSubtotalPaise, discountPaise: Math.max(0, Math.min(raw, cap)) };
}

/**
 * Whether `code` applies to `lines` at `now` (ms) for a shopper who has `shopperUses` uses of it
 * already (taken, not given back), and its effect. The checks, in the order a shopper is told:
 * paused, not started (now < startsAt), ended (now ≥ endsAt), used up (usesTaken ≥ totalLimit),
 * used by you (shopperUses ≥ perShopperLimit), nothing in the cart it applies to, below the
 * minimum (eligible subtotal < minSubtotalPaise, with the paise short). The discount is spread over
 * the eligible lines in proportion to their amounts (allocateProportionally, lines in the given
 * order). Pure: the caller brings the uses, and takes the use in the order's transaction.
 * `ignoreTotalLimit` skips the used-up check for a use already held (an order being paid again).
 */
export function evaluateDiscount(
  code: DiscountCode,
  lines: readonly DiscountLine[],
  context: { now: number; shopperUses: number; ignoreTotalLimit?: boolean },
): DiscountOutcome {
  const refuse = (refusal: DiscountRefusal): DiscountOutcome => ({ ok: false, refusal });
  if (code.status !== "active") return refuse({ reason: "paused" });
  if (code.startsAt !== null && context.now < code.startsAt) return refuse({ reason: "notStarted", startsAt: code.startsAt });
  if (code.endsAt !== null && context.now >= code.endsAt) return refuse({ reason: "ended", endsAt: code.endsAt });
  if (!context.ignoreTotalLimit && code.totalLimit !== null && code.usesTaken >= code.totalLimit) return refuse({ reason: "usedUp" });
  if (code.perShopperLimit !== null && context.shopperUses >= code.perShopperLimit) return refuse({ reason: "usedByYou" });
  const eligible = lines.filter((line) => lineInScope(code, line) && line.quantity > 0);
  if (eligible.length === 0) return refuse({ reason: "nothingApplies" });
  const { eligibleSubtotalPaise, discountPaise } = discountAmount(code, lines);
  if (eligibleSubtotalPaise < code.minSubtotalPaise) {
    return refuse({ reason: "belowMinimum", minSubtotalPaise: code.minSubtotalPaise, shortPaise: code.minSubtotalPaise - eligibleSubtotalPaise });
  }
  const parts = allocateProportionally(
    discountPaise,
    eligible.map((line) => line.pricePaise * line.quantity),
  );
  return {
    ok: true,
    effect: {
      discountPaise,
      eligibleSubtotalPaise,
      lines: eligible.map((line, index) => ({ key: line.key, discountPaise: parts[index] })),
    },
  };
}

/** A line of an order after its discount, with the GST split of what is paid for it. */
export type DiscountedLine = GstSplit & {
  /** price × quantity, paise (the gross amount). */
  grossPaise: number;
  discountPaise: number;
  /** grossPaise − discountPaise: what is paid for the line, GST included. */
  netPaise: number;
};

/**
 * A line's gross amount, its discount, and the GST split of what is paid (`splitGstInclusive` of
 * gross − discount at `ratePercent`): the taxable value is computed from the discounted amount, as
 * CGST Act s.15(3)(a) asks. E.g. ₹10,000 at 18 % with ₹1,000 off → taxable ₹7,627.12, tax
 * ₹1,372.88 (against ₹8,474.58 and ₹1,525.42 without). Pure.
 */
export function discountedLine(grossPaise: number, discountPaise: number, ratePercent: number, intraState: boolean): DiscountedLine {
  const netPaise = grossPaise - discountPaise;
  return { grossPaise, discountPaise, netPaise, ...splitGstInclusive(netPaise, ratePercent, intraState) };
}

/**
 * What was paid for `count` units of a line, starting after `before` units already counted (a
 * return of some of a line's units, a credit note): the line's discount spread over its units
 * equally, the odd paise on the first units (allocateProportionally with equal weights), so the
 * units of a line, returned in any number of steps, add up to the line's net amount exactly. Paise.
 * E.g. 3 units of ₹1,000 with ₹1 off: units pay ₹999.66, ₹999.67, ₹999.67 → 1 unit first: 99966.
 */
export function paidForUnits(line: { pricePaise: number; quantity: number; discountPaise?: number }, before: number, count: number): number {
  const shares = allocateProportionally(line.discountPaise ?? 0, Array.from({ length: line.quantity }, () => 1));
  let paid = 0;
  for (let unit = before; unit < Math.min(line.quantity, before + count); unit++) paid += line.pricePaise - shares[unit];
  return paid;
}

/**
 * The code's terms in English, as the Offers page, the checkout and the back office state them
 * ("10 % off the whole order", "₹500 off watches by Titan", "on ₹5,000 or more", "ends 1 Jan 2027,
 * 00:00 IST"): only terms the code really has; an end time only when it has one (CCPA dark-pattern
 * guidelines 2023: no invented urgency). `formatWhen` writes an instant in IST.
 */
export function codeTerms(code: DiscountCode, formatWhen: (ms: number) => string): string[] {
  const value = code.kind === "percent" ? `${formatPercent(code.percentBp ?? 0)} % off` : `${formatPaise(code.valuePaise ?? 0)} off`;
  const scope =
    code.scope === "all"
      ? "the whole order"
      : code.scope === "brands"
        ? `watches by ${code.scopeValues.join(", ")}`
        : code.scope === "categories"
          ? `${code.scopeValues.join(", ")} watches`
          : `${code.scopeValues.length === 1 ? "one chosen watch" : `${code.scopeValues.length} chosen watches`}`;
  const terms = [`${value} ${scope}`];
  if (code.minSubtotalPaise > 0) terms.push(`on ${formatPaise(code.minSubtotalPaise)} or more`);
  if (code.perShopperLimit !== null) terms.push(code.perShopperLimit === 1 ? "once per shopper" : `${code.perShopperLimit} times per shopper`);
  if (code.startsAt !== null) terms.push(`from ${formatWhen(code.startsAt)} IST`);
  if (code.endsAt !== null) terms.push(`ends ${formatWhen(code.endsAt)} IST`);
  return terms;
}

/** Basis points → the percent as written ("10", "12.5"). */
export function formatPercent(bp: number): string {
  return (bp / 100).toFixed(2).replace(/\.?0+$/, "");
}
