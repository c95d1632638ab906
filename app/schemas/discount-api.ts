import { z } from "zod";
import { API_MESSAGES } from "~/schemas/api-constants";
import { cartDataSchema } from "~/schemas/api";

/**
 * The Store API calls of discount codes (issue 47 item 6; docs/decisions/1013): the bodies and
 * answers of `POST /api/cart/applyCode`, `POST /api/cart/removeCode` and the `discount` that
 * `POST /api/cart/get` adds. Money in rupees (the edge; inside the store it is paise). Isomorphic:
 * no server-only imports; the code's rules are lib/discounts.ts.
 */

/** The 404 sentence of a store whose data lives on another server (BACKEND_URL): codes are the own store's. */
export const CODES_UNAVAILABLE = "Discount codes are not available on this store.";

/**
 * `POST /api/cart/applyCode` body: `{code}`, any text (the server trims, drops inner spaces and
 * ignores case; empty or over 32 characters answers 400 with the sentence). Other fields are ignored.
 */
export const applyCodeBodySchema = z.object({ code: z.unknown() }, { error: API_MESSAGES.bodyNotObject });
export type ApplyCodeBody = z.output<typeof applyCodeBodySchema>;

/** `POST /api/cart/removeCode` body: `{}` (anything else in it is ignored). */
export const removeCodeBodySchema = z.object({}, { error: API_MESSAGES.bodyNotObject });

/** One cart line's share of the discount: product id, size-or-colour key, rupees off the line's whole amount. */
export const cartDiscountLineJsonSchema = z.object({ _id: z.string(), size: z.string(), discount: z.number().min(0) });

/**
 * The code on the cart and its effect now: `terms` its terms in English (only those it has);
 * `applies` false with `message` (the reason, as the pages say it) when it does not apply now — its
 * discount is then 0 and `total` is `subtotal`; `discount` the rupees off, spread over `lines`
 * (summing to it exactly); `subtotal` the cart's lines at today's prices, `total` what PLACE ORDER
 * charges (subtotal − discount; delivery is free).
 */
export const cartDiscountJsonSchema = z.object({
  code: z.string(),
  terms: z.array(z.string()),
  applies: z.boolean(),
  message: z.string().optional(),
  discount: z.number().min(0),
  lines: z.array(cartDiscountLineJsonSchema),
  subtotal: z.number().min(0),
  total: z.number().min(0),
});
export type CartDiscountJson = z.output<typeof cartDiscountJsonSchema>;

/** Answer of `POST /api/cart/applyCode`: the code applied and its effect (`applies` is always true). */
export const applyCodeAnswerSchema = z.object({ success: z.literal(true), discount: cartDiscountJsonSchema });

/** Answer of `POST /api/cart/removeCode`. */
export const removeCodeAnswerSchema = z.object({ success: z.literal(true) });

/** Answer of `POST /api/cart/get` with the code: `discount` null when none is applied (or the store has no own data). */
export const cartWithDiscountAnswerSchema = z.object({ success: z.literal(true), cartData: cartDataSchema, discount: cartDiscountJsonSchema.nullable() });

/** A refused call: `{success:false, message}` (400 the code's reason, 401, 404, 405, 413, 415, 429). */
export const discountRefusalJsonSchema = z.object({ success: z.literal(false), message: z.string().min(1) });

/**
 * The cart's code (as services/discounts.server.ts `cartCodeSummary` answers it, paise) → its JSON
 * (rupees). Line keys are split back into product id and size.
 */
export function cartDiscountToJson(summary: {
  code: string;
  terms: string[];
  applies: boolean;
  message?: string;
  discountPaise: number;
  lines: { productId: string; size: string; discountPaise: number }[];
  subtotalPaise: number;
}): CartDiscountJson {
  const discountPaise = summary.applies ? summary.discountPaise : 0;
  return {
    code: summary.code,
    terms: summary.terms,
    applies: summary.applies,
    ...(summary.message !== undefined ? { message: summary.message } : {}),
    discount: discountPaise / 100,
    lines: summary.applies ? summary.lines.map((line) => ({ _id: line.productId, size: line.size, discount: line.discountPaise / 100 })) : [],
    subtotal: summary.subtotalPaise / 100,
    total: (summary.subtotalPaise - discountPaise) / 100,
  };
}
