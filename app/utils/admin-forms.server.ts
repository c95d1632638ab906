import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { STAFF_ROLES } from "~/constants/staff";
import { ORDER_STATUSES } from "~/constants/store";
import { refundKeySchema, refundTextSchema, rupeeAmountSchema } from "~/schemas/admin-orders";
import { parseCollectionParams } from "~/schemas/collection-params";
import { orderIdSchema } from "~/schemas/orders";
import type { AdminListParams } from "~/services/products-admin.server";

/**
 * The back office's forms and URLs, parsed with zod on the server only (issue 12; STYLE.md habit
 * 3). Like utils/forms.server.ts for the storefront: a route module that imported these schemas
 * would ship zod to the browser, and a schema shared with a storefront page would split that
 * page's bundle (DESIGN.md §17; docs/decisions/0530). Each `parse…Form` answers conform's
 * Submission.
 */

/** The order list's filters from its URL (schemas/admin-orders.ts; issue 12 item 1). */
export { parseAdminOrdersFilter } from "~/schemas/admin-orders";

/** An order id from the URL, or null when it cannot be one (the page then answers 404). */
export function parseAdminOrderId(value: string | undefined): string | null {
  const parsed = orderIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const optionalText = z.string().trim().max(500).optional();
const paymentIdField = z.string({ error: "Choose a payment." }).min(1).max(200);

/** The page's forms, one `intent` each. Rupees in, paise out (rupeeAmountSchema). */
const orderActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("status"),
    status: z.enum(ORDER_STATUSES, { error: "Choose a status." }),
    courier: optionalText,
    awbNumber: optionalText,
    trackingUrl: optionalText,
  }),
  z.object({ intent: z.literal("cod-paid") }),
  z.object({
    intent: z.literal("refund"),
    amount: rupeeAmountSchema,
    via: z.enum(["cashfree", "manual"], { error: "Choose how the money goes back." }),
    reference: refundTextSchema("The reference", 100),
    note: refundTextSchema("The note", 500),
    key: refundKeySchema,
  }),
  z.object({ intent: z.literal("refresh-refund"), refundId: z.string().regex(/^r[fx]_[0-9a-f]{24}$/, "Unknown refund.") }),
  z.object({ intent: z.literal("refund-extra"), paymentId: paymentIdField }),
  z.object({ intent: z.literal("extra-elsewhere"), paymentId: paymentIdField, reference: refundTextSchema("The reference", 100) }),
]);

/** The order page's forms (issue 12 item 1): status, cod-paid, refund, refresh-refund, refund-extra, extra-elsewhere. */
export function parseOrderActionForm(formData: FormData) {
  return parseWithZod(formData, { schema: orderActionSchema });
}

const emailField = z.string({ error: "Enter the email address of an existing account." }).trim().toLowerCase().min(1, "Enter the email address of an existing account.");

/** The page's forms: `grant` (email + role) and `remove` (email). */
const staffFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("grant"), email: emailField, role: z.enum(STAFF_ROLES, { error: "Choose owner or staff." }) }),
  z.object({ intent: z.literal("remove"), email: emailField }),
]);

/** /admin/staff's forms (issue 12 "Who gets in"): grant a role, remove it. */
export function parseStaffForm(formData: FormData) {
  return parseWithZod(formData, { schema: staffFormSchema });
}

const productIntentSchema = z.enum(["save", "hide", "show", "bestseller-on", "bestseller-off"]);

/** The product page's `intent` (issue 12 item 2): zod's safeParse result. */
export function parseProductIntent(value: FormDataEntryValue | null) {
  return productIntentSchema.safeParse(value);
}

const visibilitySchema = z.enum(["all", "shown", "hidden"]).catch("all");
const rupeeBound = z.string().trim().regex(/^\d{1,10}$/).transform(Number);

/**
 * The product list's URL (issue 12 item 2): the /collection parameters (app/schemas/collection-params.ts)
 * with `min`/`max` in whole rupees applied only when given (null otherwise: the storefront's
 * default 10,000 would hide dearer watches here), plus `show` = all | shown | hidden. Bad values
 * fall back to their defaults; never throws.
 */
export function parseAdminProductListParams(search: URLSearchParams): AdminListParams {
  const bound = (name: "min" | "max") => {
    const parsed = rupeeBound.safeParse(search.get(name) ?? "");
    return parsed.success ? parsed.data : null;
  };
  return { ...parseCollectionParams(search), min: bound("min"), max: bound("max"), visibility: visibilitySchema.parse(search.get("show") ?? "all") };
}
