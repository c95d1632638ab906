import { parseWithZod } from "@conform-to/zod/v4";
import { CODE_PATTERN, formatPercent, normaliseCode, type DiscountCode } from "~/lib/discounts";
import type { StaffContext } from "~/utils/staff.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { discountCodeFormSchema, discountStatusFormSchema, msToIstDateTime, type DiscountCodeFormValues } from "~/schemas/discount-codes";

/**
 * The back office's discount code forms (issue 47 item 1; docs/decisions/1012), parsed with zod on
 * the server only (as utils/admin-forms.server.ts: a route that imported the schema would ship zod
 * to the browser). Answers conform's Submission.
 */

const schema = discountCodeFormSchema({ normalise: normaliseCode, pattern: CODE_PATTERN });

/** The code form (/admin/discounts/new and /admin/discounts/:codeId) → conform's Submission of DiscountCodeInput. */
export function parseDiscountCodeForm(formData: FormData) {
  return parseWithZod(formData, { schema, disableAutoCoercion: true });
}

export type DiscountCodeSubmission = ReturnType<typeof parseDiscountCodeForm>;
export type DiscountCodeReply = ReturnType<DiscountCodeSubmission["reply"]>;

/** conform's reply of `submission` with one more field error (a taken code, an unknown product). */
export function withDiscountFieldError(submission: DiscountCodeSubmission, field: string, message: string): DiscountCodeReply {
  const reply = submission.reply();
  return { ...reply, status: "error", error: { ...(reply.error ?? {}), [field]: [message] } };
}

/** The pause/activate buttons' form (`intent=status`, `status`): zod's safeParse result. */
export function parseDiscountStatusForm(formData: FormData) {
  return discountStatusFormSchema.safeParse({ intent: formData.get("intent"), status: formData.get("status") });
}

/** Paise → rupees as the owner types them: "500" for whole rupees, "499.50" otherwise (exact). */
function rupeeText(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(rupees) : `${rupees}.${String(rest).padStart(2, "0")}`;
}


/** A new code's starting values: 10 % off the whole order, active, no limits, open dates, not public. */
export const NEW_CODE_VALUES: DiscountCodeFormValues = {
  code: "",
  kind: "percent",
  percent: "",
  amount: "",
  scope: "all",
  brands: [],
  categories: [],
  products: "",
  minSubtotal: "",
  totalLimit: "",
  perShopperLimit: "",
  startsAt: "",
  endsAt: "",
  status: "active",
  public: false,
};

/** A saved code → the form's text: percent as written, rupees from paise, IST date-times for datetime-local. */
export function discountFormValues(code: DiscountCode): DiscountCodeFormValues {
  return {
    code: code.code,
    kind: code.kind,
    percent: code.percentBp === null ? "" : formatPercent(code.percentBp),
    amount: code.valuePaise === null ? "" : rupeeText(code.valuePaise),
    scope: code.scope,
    brands: code.scope === "brands" ? [...code.scopeValues] : [],
    categories: code.scope === "categories" ? [...code.scopeValues] : [],
    products: code.scope === "products" ? code.scopeValues.join("\n") : "",
    minSubtotal: code.minSubtotalPaise === 0 ? "" : rupeeText(code.minSubtotalPaise),
    totalLimit: code.totalLimit === null ? "" : String(code.totalLimit),
    perShopperLimit: code.perShopperLimit === null ? "" : String(code.perShopperLimit),
    startsAt: code.startsAt === null ? "" : msToIstDateTime(code.startsAt),
    endsAt: code.endsAt === null ? "" : msToIstDateTime(code.endsAt),
    status: code.status,
    public: code.public,
  };
}

/**
 * The Pause / Activate form of the list and of a code's page, posted by staff (`context`: requireStaff) (`intent=status`, `status`, and
 * `codeId` unless the URL names the code): pausing is open to staff and owners, activating to
 * owners only (403 "Only an owner can activate a discount code."); a malformed form 400, an
 * unknown code 404; else 303 to `back` (`{id}` replaced by the code's id) with a toast. Audited.
 */
export async function changeDiscountStatus(context: StaffContext, formData: FormData, back: string, codeIdFromUrl?: string) {
  const { own, actor, staff } = context;
  const parsed = parseDiscountStatusForm(formData);
  const idText = codeIdFromUrl ?? formData.get("codeId");
  const id = typeof idText === "string" && /^\d{1,12}$/.test(idText) ? Number(idText) : NaN;
  if (!parsed.success || !Number.isSafeInteger(id)) throw new Response("Choose a code and a status.", { status: 400, statusText: "Bad Request" });
  if (parsed.data.status === "active" && staff.role !== "owner") {
    throw new Response("Only an owner can activate a discount code.", { status: 403, statusText: "Forbidden" });
  }
  const result = await own.discountsAdmin.setCodeStatus(id, parsed.data.status, actor, Date.now());
  if (!result) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const message = !result.changed
    ? `${result.code.code} was already ${result.code.status}.`
    : parsed.data.status === "paused"
      ? `${result.code.code} is paused: shoppers can't use it.`
      : `${result.code.code} is active again.`;
  return redirectWithSuccess(back.replace("{id}", String(id)), message);
}
