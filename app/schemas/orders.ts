import { z } from "zod";
import { ORDER_STATUSES } from "~/constants/store";
import { INDIAN_STATES_AND_UTS, canonicalIndianState } from "~/constants/indian-states";
import { emailSchema, itemIdSchema, sizeKeySchema } from "~/schemas/api";
import {
  ADDRESS_MESSAGES,
  INDIAN_MOBILE_PATTERN,
  normaliseIndianMobile,
  normalisePinCode,
  paymentMethodProblem,
  PIN_CODE_PATTERN,
  type AddressField,
} from "~/schemas/checkout-rules";
import { ORDER_MESSAGES, type GatewayMode, type OrderPaymentMethod, type PaymentStatus } from "~/schemas/order-constants";
import { validateGstin } from "~/schemas/gstin";
import { plainText } from "~/schemas/text";

export {
  ADDRESS_FIELDS,
  ADDRESS_MESSAGES,
  ADDRESS_RULES,
  INDIAN_MOBILE_PATTERN,
  normaliseIndianMobile,
  normalisePinCode,
  paymentMethodProblem,
  PIN_CODE_PATTERN,
  placeOrderFormRules,
  type AddressField,
} from "~/schemas/checkout-rules";
export {
  MAX_DESTINATIONS_PER_HOUR,
  MAX_UNPAID_ONLINE_ORDERS_PER_HOUR,
  MAX_COD_ORDERS_PER_HOUR,
  ORDER_MESSAGES,
  PAYMENT_METHODS,
  type GatewayMode,
  type OrderPaymentMethod,
  type PaymentMethodChoice,
  type PaymentStatus,
} from "~/schemas/order-constants";

/**
 * The Store API contract for checkout and orders (SPEC.md §3, §7; DESIGN.md §4, §9) and the
 * delivery form's schema, shared by the API routes, the services, the http adapter and the
 * /place-order page. Isomorphic: no server-only imports. Money crosses the API in rupees and lives
 * everywhere else in integer paise.
 */

/** A required one-line address field: trimmed, 1..max characters, plain text (app/schemas/text.ts). */
function requiredText(message: string, max: number, label: string) {
  return plainText(z.string({ error: message }).trim().min(1, message).max(max, ADDRESS_MESSAGES.tooLong), label);
}

/**
 * A 10-digit Indian mobile number: spaces, dashes, brackets and a leading +91, 91 or 0 are
 * dropped ("+91 98765-43210" → "9876543210"); it must then start with 6, 7, 8 or 9.
 */
export const indianMobileSchema = z
  .string({ error: ADDRESS_MESSAGES.phone })
  .trim()
  .min(1, ADDRESS_MESSAGES.phone)
  .transform(normaliseIndianMobile)
  // Its own `error` too: conform reads the "" left of "()" or "-" as missing (docs/decisions/0530).
  .pipe(z.string({ error: ADDRESS_MESSAGES.phoneInvalid }).regex(INDIAN_MOBILE_PATTERN, ADDRESS_MESSAGES.phoneInvalid));

/** An Indian PIN code: six digits, the first not 0 (spaces inside are dropped: "560 001"). */
export const pinCodeSchema = z
  .string({ error: ADDRESS_MESSAGES.zipcode })
  .trim()
  .min(1, ADDRESS_MESSAGES.zipcode)
  .transform(normalisePinCode)
  .pipe(z.string({ error: ADDRESS_MESSAGES.zipcodeInvalid }).regex(PIN_CODE_PATTERN, ADDRESS_MESSAGES.zipcodeInvalid));

/** A state or union territory of India, any letter case in, the canonical name out. */
export const indianStateSchema = z
  .string({ error: ADDRESS_MESSAGES.state })
  .transform((value, ctx) => {
    const state = canonicalIndianState(value);
    if (!state) {
      ctx.addIssue({ code: "custom", message: ADDRESS_MESSAGES.state });
      return z.NEVER;
    }
    return state;
  });

/**
 * The delivery address: the nine fields of SPEC.md §3, all required (SPEC.md §5). Used by the
 * /place-order form (with conform) and by the order calls of the Store API alike.
 */
export const addressSchema = z.object({
  firstName: requiredText(ADDRESS_MESSAGES.firstName, 50, "Your first name"),
  lastName: requiredText(ADDRESS_MESSAGES.lastName, 50, "Your last name"),
  email: emailSchema,
  street: requiredText(ADDRESS_MESSAGES.street, 200, "The street address"),
  city: requiredText(ADDRESS_MESSAGES.city, 80, "The city"),
  state: indianStateSchema,
  zipcode: pinCodeSchema,
  country: z
    .string({ error: ADDRESS_MESSAGES.country })
    .trim()
    .refine((value) => value.toLowerCase() === "india", ADDRESS_MESSAGES.country)
    .transform(() => "India" as const),
  phone: indianMobileSchema,
} satisfies Record<AddressField, z.ZodType>).extend({
  /**
   * A business buyer's GSTIN (issue 14 item 2), optional: blank reads as none; otherwise 15
   * characters with a state code and a matching check character (schemas/gstin.ts). The tax
   * invoice then shows it.
   */
  gstin: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const typed = (value ?? "").trim();
      if (!typed) return undefined;
      const checked = validateGstin(typed);
      if (!checked.ok) {
        ctx.addIssue({ code: "custom", message: checked.message });
        return z.NEVER;
      }
      return checked.gstin;
    }),
  /** The business's name for the tax invoice (issue 14 item 2), optional; plain text up to 100 characters. */
  businessName: plainText(z.string().trim().max(100, ADDRESS_MESSAGES.tooLong), "The business name")
    .optional()
    .transform((value) => value || undefined),
});
export type Address = z.output<typeof addressSchema>;

/** The address as stored and read back (already normalised; no re-validation of old rows). */
export const storedAddressSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  country: z.string(),
  phone: z.string(),
  gstin: z.string().optional(),
  businessName: z.string().optional(),
});

export { INDIAN_STATES_AND_UTS };

/** An idempotency key chosen by the client: a form's one-time key or an `Idempotency-Key` header. */
export const idempotencyKeySchema = z
  .string({ error: ORDER_MESSAGES.idempotencyKeyInvalid })
  .regex(/^[A-Za-z0-9_:-]{8,100}$/, ORDER_MESSAGES.idempotencyKeyInvalid);

/**
 * The /place-order form: the address, the payment method (SPEC.md §8 sentences for a disabled
 * or unknown one), the one-time key that makes a double submit one order, and how the page will
 * pay: `modal` (JavaScript on, Cashfree's script loaded) or `redirect` (the hosted page).
 */
export function placeOrderFormSchema(options: { codEnabled: boolean }) {
  return addressSchema.extend({
    paymentMethod: z
      .string({ error: ORDER_MESSAGES.invalidMethod })
      .superRefine((method, ctx) => {
        const problem = paymentMethodProblem(method, options.codEnabled);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .transform((method) => method as "cashfree" | "cod"),
    idempotencyKey: idempotencyKeySchema,
    checkout: z.enum(["modal", "redirect"]).default("redirect"),
  });
}
export type PlaceOrderForm = z.output<ReturnType<typeof placeOrderFormSchema>>;

/**
 * One requested item of an order call: the product's `_id`, the size-or-colour key and the
 * quantity (SPEC.md §3 "each a copy of the product plus size and quantity"). Any other product
 * field, its price included, is accepted and ignored: the server prices the order (DESIGN.md §4).
 */
const ORDER_ITEM_QUANTITY_MAX = 99;

export const orderItemInputSchema = z.looseObject({
  _id: itemIdSchema,
  size: sizeKeySchema,
  quantity: z
    .number({ error: "Each item needs a quantity." })
    .int("Each item needs a whole-number quantity.")
    .min(1, "Each item needs a quantity of at least 1.")
    // An input bound only (docs/decisions/0202); how many an order may have is the order rules'
    // (lib/order-limits, issue 43 item 3), which answer with the sentence that names the watch.
    .max(ORDER_ITEM_QUANTITY_MAX, "Each item can have a quantity of at most 99."),
});
export type OrderItemInput = z.output<typeof orderItemInputSchema>;

/** The languages an order can be placed in (issue 27; app/i18n/language.ts LANGUAGES, repeated: schemas stay free of i18n). */
export const ORDER_LANGUAGES = ["en", "hi"] as const;
export type OrderLanguage = (typeof ORDER_LANGUAGES)[number];

/** The Store API's sentence for a `language` other than "en" or "hi" (developers see it, not shoppers). */
export const ORDER_LANGUAGE_INVALID = 'language must be "en" (English) or "hi" (Hindi).';

/**
 * Body of `POST /api/order/place`, `/api/order/cashfree` and `/api/order/cashfreeLink`:
 * `{address, items, amount, language?}`. `amount` is accepted and ignored (DESIGN.md §4).
 * `language` (beyond SPEC.md, issue 27; docs/decisions/0900): the language the shopper ordered
 * in, "en" or "hi", which the order's emails and links use; absent: "en"; anything else is
 * refused (400, ORDER_LANGUAGE_INVALID).
 */
export const orderBodySchema = z.object({
  address: addressSchema,
  items: z.array(orderItemInputSchema, { error: ORDER_MESSAGES.itemsRequired }).min(1, ORDER_MESSAGES.itemsRequired).max(200),
  amount: z.unknown().optional(),
  language: z.enum(ORDER_LANGUAGES, { error: ORDER_LANGUAGE_INVALID }).default("en"),
});
export type OrderBody = z.output<typeof orderBodySchema>;
export type OrderBodyInput = z.input<typeof orderBodySchema>;

/**
 * What the Store API's payment calls read besides the order body: where the shopper should return
 * after paying (absolute http(s) URL; `{order_id}` is replaced by the order id). Lets a storefront
 * on another host (BACKEND_URL) bring its shoppers back to itself.
 */
export const paymentReturnSchema = z.object({
  returnUrl: z
    .string()
    .max(500)
    .regex(/^https?:\/\/[^\s]+$/i, "returnUrl must be an absolute http(s) URL.")
    .optional(),
});

/** Largest order call body the Store API reads: items are copies of whole products (SPEC.md §3). */
export const ORDER_BODY_MAX_BYTES = 256 * 1024;

/** Our order ids: letters, digits, '-' and '_' (what Cashfree accepts as order_id and link_id). */
export const orderIdSchema = z
  .string({ error: ORDER_MESSAGES.orderIdInvalid })
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,45}$/, ORDER_MESSAGES.orderIdInvalid);

/** Body of `POST /api/order/verifyCashfree`. */
export const verifyCashfreeBodySchema = z.object({ orderId: orderIdSchema });

/**
 * Body of `POST /api/order/verifyStripe`: `success` is read (as the Stripe return URL gives it,
 * a boolean or "true"/"false") and never trusted (DESIGN.md §9).
 */
export const verifyStripeBodySchema = z.object({
  success: z.union([z.boolean(), z.string()]).optional(),
  orderId: orderIdSchema,
});

/** One item of an order as read back: the product snapshot (rupees) + size + quantity. */
export const orderItemJsonSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.array(z.string()),
  price: z.number(),
  size: z.string(),
  quantity: z.number().int(),
  /** Beyond SPEC.md (issue 47): rupees taken off this line's whole amount by the order's discount code; 0 or omitted: none. */
  discount: z.number().optional(),
});

/** An order as read back (DESIGN.md §4): `amount` in rupees, `date` in ms since epoch. */
export const orderJsonSchema = z.object({
  _id: z.string(),
  items: z.array(orderItemJsonSchema),
  amount: z.number(),
  address: storedAddressSchema,
  status: z.string(),
  payment: z.boolean(),
  paymentMethod: z.enum(["cod", "cashfree", "stripe"]),
  paymentStatus: z.enum(["PENDING", "PAID", "FAILED"]),
  date: z.number(),
  /** Beyond SPEC.md (issue 8 item 1): "test" or "live" for online orders, null for cash on delivery; older servers omit it. */
  paymentMode: z.enum(["test", "live"]).nullish(),
  /** Beyond SPEC.md (issue 13 item 4): the promised delivery window, IST dates "YYYY-MM-DD"; null for older orders, omitted by older servers. */
  deliveryWindow: z.object({ from: z.string(), to: z.string() }).nullish(),
  /** Beyond SPEC.md (issue 27): the language the order was placed in, "en" or "hi"; older servers omit it (read as "en"). */
  language: z.enum(ORDER_LANGUAGES).optional(),
  /** Beyond SPEC.md (issue 47): the discount code the order used and the rupees it took off (`amount` is after it); older servers omit them. */
  discountCode: z.string().nullish(),
  discount: z.number().optional(),
});
export type OrderJson = z.output<typeof orderJsonSchema>;

/** One item of an order inside the store: a snapshot taken when the order was placed. */
export type OrderItem = {
  productId: string;
  name: string;
  image: string;
  pricePaise: number;
  size: string;
  quantity: number;
  /**
   * Paise the order's discount code took off this line's whole amount (price × quantity; issue 47,
   * lib/discounts allocateProportionally); absent or 0: none. What was paid for the line is
   * pricePaise × quantity − discountPaise, and its invoice line's taxable value is computed from that.
   */
  discountPaise?: number;
};

/** An order inside the store: money in paise, times in ms since epoch. */
export type Order = {
  id: string;
  items: OrderItem[];
  amountPaise: number;
  address: z.output<typeof storedAddressSchema>;
  status: string;
  paymentMethod: OrderPaymentMethod;
  paymentStatus: PaymentStatus;
  createdAt: number;
  /** `test` or `live` for an online order (issue 8 item 1); null for cash on delivery. */
  paymentMode: GatewayMode | null;
  /** The promised delivery window (issue 13 item 4): IST dates "YYYY-MM-DD"; null for orders placed before it. */
  deliveryWindow: { from: string; to: string } | null;
  /**
   * The language the order was placed in (issue 27; docs/decisions/0900): its emails are written
   * in it and link to its order page in it. Absent reads as "en" (orders made before, and tests).
   */
  language?: OrderLanguage;
  /** The discount code the order used, as shown (issue 47), or null; absent reads as none. */
  discountCode?: string | null;
  /** Paise the code took off the items (the sum of the items' discountPaise); `amountPaise` is after it. Absent reads as 0. */
  discountPaise?: number;
};

/** Store order (paise) → API JSON (rupees). */
export function orderToJson(order: Order): OrderJson {
  return {
    _id: order.id,
    items: order.items.map((item) => ({
      _id: item.productId,
      name: item.name,
      image: item.image ? [item.image] : [],
      price: item.pricePaise / 100,
      size: item.size,
      quantity: item.quantity,
      ...(item.discountPaise ? { discount: item.discountPaise / 100 } : {}),
    })),
    amount: order.amountPaise / 100,
    address: order.address,
    status: order.status,
    payment: order.paymentStatus === "PAID",
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    date: order.createdAt,
    paymentMode: order.paymentMode,
    deliveryWindow: order.deliveryWindow,
    language: order.language ?? "en",
    discountCode: order.discountCode ?? null,
    discount: (order.discountPaise ?? 0) / 100,
  };
}

/** API JSON (rupees) → store order (paise). Input must already be parsed by orderJsonSchema. */
export function orderFromJson(json: OrderJson): Order {
  return {
    id: json._id,
    items: json.items.map((item) => ({
      productId: item._id,
      name: item.name,
      image: item.image[0] ?? "",
      pricePaise: Math.round(item.price * 100),
      size: item.size,
      quantity: item.quantity,
      ...(item.discount ? { discountPaise: Math.round(item.discount * 100) } : {}),
    })),
    amountPaise: Math.round(json.amount * 100),
    address: json.address,
    status: json.status,
    paymentMethod: json.paymentMethod,
    paymentStatus: json.paymentStatus,
    createdAt: json.date,
    paymentMode: json.paymentMode ?? null,
    deliveryWindow: json.deliveryWindow ?? null,
    language: json.language ?? "en",
    discountCode: json.discountCode ?? null,
    discountPaise: Math.round((json.discount ?? 0) * 100),
  };
}

/** Answer of `POST /api/order/place`. */
export const placeOrderAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  orderId: z.string(),
  /** Beyond SPEC.md (issue 47 item 6): the rupees to pay (after the code), the code used (or null) and the rupees it took off; older servers omit them. */
  amount: z.number().optional(),
  discountCode: z.string().nullish(),
  discount: z.number().optional(),
});

/** Answer of `POST /api/order/cashfree` (SPEC.md §3 "Payment order response"). */
export const cashfreeOrderAnswerSchema = z.object({
  success: z.literal(true),
  order: z.object({ payment_session_id: z.string().min(1), order_id: z.string().min(1) }),
});

/** Answer of `POST /api/order/cashfreeLink`: where a shopper without JavaScript pays. */
export const cashfreeLinkAnswerSchema = z.object({
  success: z.literal(true),
  link: z.object({ link_url: z.string().url(), order_id: z.string().min(1) }),
});

/** Answer of `POST /api/order/verifyCashfree` and `/verifyStripe` when the order is paid. */
export const verifyAnswerSchema = z.object({ success: z.literal(true), paymentStatus: z.literal("PAID").optional() });

/** Answer of `POST /api/order/userorders`. */
export const userOrdersAnswerSchema = z.object({ success: z.literal(true), orders: z.array(orderJsonSchema) });

/**
 * Answer of `GET /api/order/checkoutMode` (issue 8 item 4; not a SPEC.md §7 call): how the
 * backend takes money, so the storefront shows "Test mode" and picks modal or hosted page from
 * the backend that makes the payment, never from its own settings.
 */
export const checkoutModeAnswerSchema = z.object({
  success: z.literal(true),
  checkoutMode: z.object({
    gateway: z.literal("cashfree"),
    environment: z.enum(["test", "live"]),
    checkout: z.enum(["modal", "hosted"]),
    simulator: z.boolean(),
    sdkMode: z.enum(["sandbox", "production"]),
  }),
});
/** See `checkoutModeOf` in app/payments/gateway.server.ts for what each field means. */
export type CheckoutMode = z.output<typeof checkoutModeAnswerSchema>["checkoutMode"];

/** The status texts an order moves through (SPEC.md §4, DESIGN.md §9). */
export const orderStatusSchema = z.enum(ORDER_STATUSES);
