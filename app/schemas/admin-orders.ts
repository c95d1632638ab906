import { z } from "zod";
import { ORDER_STATUSES } from "~/constants/store";
import { plainText } from "~/schemas/text";

/**
 * The back office's order forms and URL filters (issue 12 items 1, 4; DESIGN.md §18), shared by
 * the admin routes, the orders services and `npm run orders:status`. Isomorphic. Money typed by
 * staff is in rupees (at most two decimals) and leaves these schemas as integer paise.
 */

/** A shipment entered when an order moves to `Shipped`: courier, AWB (air waybill) number, optional tracking URL. */
export const shipmentSchema = z.object({
  courier: plainText(
    z.string({ error: "Enter the courier's name to mark the order Shipped." }).trim().min(1, "Enter the courier's name to mark the order Shipped.").max(60, "The courier's name can be at most 60 characters."),
    "The courier's name",
  ),
  awbNumber: z
    .string({ error: "Enter the AWB (tracking) number to mark the order Shipped." })
    .trim()
    .min(1, "Enter the AWB (tracking) number to mark the order Shipped.")
    .regex(/^[A-Za-z0-9-]{3,40}$/, "The AWB number is 3 to 40 letters, digits or dashes."),
  trackingUrl: z
    .string()
    .trim()
    .max(500, "The tracking link can be at most 500 characters.")
    .regex(/^https?:\/\/[^\s<>"]+$/i, "The tracking link must start with https:// or http://.")
    .nullish()
    .transform((value) => value || null),
});
export type Shipment = z.output<typeof shipmentSchema>;

/** Rupees as typed ("1500", "1,500.50", "₹ 99.5") → integer paise; more than 0, two decimals at most. */
export const rupeeAmountSchema = z
  .string({ error: "Enter the amount to refund in rupees." })
  .trim()
  .transform((value) => value.replace(/[₹,\s]/g, ""))
  .pipe(z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, "Enter the amount in rupees, like 1500 or 1500.50."))
  .transform((value) => Math.round(Number(value) * 100))
  .pipe(z.number().int().positive("The refund must be more than ₹0."));

/** A refund's bank or UPI reference, or the note kept with it: one line of plain text. */
export const refundTextSchema = (label: string, max: number) =>
  plainText(z.string().trim().max(max, `${label} can be at most ${max} characters.`), label)
    .nullish()
    .transform((value) => value || null);

/** The refund form's one-time key (made by the order page's loader): a double submit is one refund. */
export const refundKeySchema = z.string({ error: "This form has expired. Please reload the page." }).regex(/^[A-Za-z0-9_-]{16,64}$/, "This form has expired. Please reload the page.");

export const ORDERS_PAGE_SIZE = 50;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value));

/**
 * The order list's filters as they stand in the URL (GET form; bookmarkable). Each field is read
 * on its own and a bad value is dropped (never a 400): `status`, `method` (cod|cashfree),
 * `payment` (PAID|PENDING|FAILED; unset = paid or cash-on-delivery orders, the real orders),
 * `mode` (test|live), `from`/`to` (IST dates YYYY-MM-DD, both days included), `q` (order id,
 * email or phone), `refund=due`, `page` (1-based).
 */
export const adminOrdersFilterSchema = z.object({
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  method: z.enum(["cod", "cashfree"]).optional().catch(undefined),
  payment: z.enum(["PAID", "PENDING", "FAILED"]).optional().catch(undefined),
  mode: z.enum(["test", "live"]).optional().catch(undefined),
  from: isoDate.optional().catch(undefined),
  to: isoDate.optional().catch(undefined),
  // Control characters can't be typed into the search box, and PostgreSQL refuses NUL in text:
  // they are dropped (as the storefront's search does, docs/decisions/0500).
  q: z
    .string()
    .transform((value) => value.replace(/[\u0000-\u001f\u007f]/g, ""))
    .pipe(z.string().trim().max(100))
    .transform((value) => value || undefined)
    .optional()
    .catch(undefined),
  refund: z.literal("due").optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});
export type AdminOrdersFilter = z.output<typeof adminOrdersFilterSchema>;

/** Reads the filters from a URL's search params (first value of each; unknown keys ignored). */
export function parseAdminOrdersFilter(params: URLSearchParams): AdminOrdersFilter {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(adminOrdersFilterSchema.shape)) {
    const value = params.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  return adminOrdersFilterSchema.parse(raw);
}
