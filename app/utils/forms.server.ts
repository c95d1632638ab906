import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { parseQuantityInput } from "~/lib/cart-lines";
import { addToCartSchema } from "~/schemas/add-to-cart";
import {
  API_MESSAGES,
  emailSchema,
  itemIdSchema,
  MAX_LINE_QUANTITY,
  nameSchema,
  newPasswordSchema,
  passwordSchema,
  sizeKeySchema,
} from "~/schemas/api";
import { newsletterSchema } from "~/schemas/newsletter";
import { changePasswordSchema, forgotPasswordSchema, resetPasswordSchema } from "~/schemas/password-reset";
import { orderIdSchema, placeOrderFormSchema } from "~/schemas/orders";

/**
 * The storefront's form posts, parsed with their full zod schemas (STYLE.md habit 3), on the
 * server only. Route modules import these from this `.server` module, which the browser build
 * replaces with an empty one: an import that only a route's action uses is still fetched with
 * the page (esbuild keeps the import of a shared chunk), and with it all of zod (DESIGN.md §17;
 * docs/decisions/0530). The forms' browser rules are plain data beside the schemas
 * (`*_RULES` in app/schemas/account-rules.ts and checkout-rules.ts).
 * Each `parse…Form` answers conform's `Submission`; its `reply()` is what the page renders.
 */

/** Login form: email and password, the rules of the Store API (SPEC.md §5). */
const loginFormSchema = z.object({ email: emailSchema, password: passwordSchema });
/** Sign Up adds Name and the new-password rules (12 to 128 characters; DESIGN.md §16). */
const signupFormSchema = z.object({ name: nameSchema, email: emailSchema, password: newPasswordSchema });

/** /login's form, by mode. */
export function parseAuthForm(formData: FormData, mode: "login" | "signup") {
  return parseWithZod(formData, { schema: mode === "signup" ? signupFormSchema : loginFormSchema });
}

/** /forgot-password's form (issue 24 item 1). */
export function parseForgotPasswordForm(formData: FormData) {
  return parseWithZod(formData, { schema: forgotPasswordSchema });
}

/** /reset-password's form: the link's token and the new password twice (sign-up's rules). */
export function parseResetPasswordForm(formData: FormData) {
  return parseWithZod(formData, { schema: resetPasswordSchema });
}

/** /profile's Change password form: the current password and the new one twice. */
export function parseChangePasswordForm(formData: FormData) {
  return parseWithZod(formData, { schema: changePasswordSchema });
}

/** Backend sentences about a new password, shown on the password field rather than the form. */
const PASSWORD_MESSAGES = new Set<string>([API_MESSAGES.passwordCommon, API_MESSAGES.passwordTooShort, API_MESSAGES.passwordTooLong]);

/** True for the backend's sentences about a new password (the common-password list among them). */
export function isPasswordMessage(message: string): boolean {
  return PASSWORD_MESSAGES.has(message);
}

/** The home page's newsletter form (SPEC.md §1, §5). */
export function parseNewsletterForm(formData: FormData) {
  return parseWithZod(formData, { schema: newsletterSchema });
}

/**
 * A product page's ADD TO CART form, for a product with `colours` (SPEC.md §4, §5): the cart
 * line's size-or-colour key, or the sentence to show ("Please select a colour." or "Please
 * select a size").
 */
export function parseAddToCartForm(formData: FormData, colours: readonly string[]): { ok: true; size: string } | { ok: false; message: string } {
  const submission = parseWithZod(formData, { schema: addToCartSchema(colours) });
  if (submission.status === "success") return { ok: true, size: submission.value.size };
  return { ok: false, message: submission.error?.size?.[0] ?? API_MESSAGES.sizeRequired };
}

/**
 * /login's address with the way back, for an action that sends a logged-out shopper there (the
 * product page's ADD TO CART). Re-exported from here so that a page whose browser code does not
 * link to /login does not fetch app/utils/safe-redirect.ts for its action alone.
 */
export { loginPath } from "~/utils/safe-redirect";

/** /place-order's form (SPEC.md §4, §8). */
export function parsePlaceOrderForm(formData: FormData, options: { codEnabled: boolean }) {
  return parseWithZod(formData, { schema: placeOrderFormSchema(options) });
}

/** The hidden `cartLines` field of /place-order: [productId, sizeKey, quantity] of each line shown. */
const shownLinesSchema = z
  .array(z.tuple([z.string().max(64), z.string().max(50), z.number().int().min(1).max(99)]))
  .min(1)
  .max(200);

/** The lines /place-order showed (its `cartLines` field, JSON), or null when they are not readable. */
export function parseShownLines(value: FormDataEntryValue | null): [productId: string, sizeKey: string, quantity: number][] | null {
  let json: unknown;
  try {
    json = typeof value === "string" ? JSON.parse(value) : undefined;
  } catch {
    return null;
  }
  const shown = shownLinesSchema.safeParse(json);
  return shown.success ? shown.data : null;
}

/** A cart line's identity in the /cart forms. */
const cartLineSchema = z.object({ itemId: itemIdSchema, size: sizeKeySchema });
/** The /cart page's mutations, one `intent` (STYLE.md habit 4). */
const cartIntentSchema = z.enum(["update", "remove"]);

/**
 * A /cart form post (SPEC.md §4, §5): `intent=update` sets a line's quantity, `intent=remove` sets
 * it to 0. Answers the edit to make; `ignored` for a quantity that is not a whole number of at
 * least 1 (SPEC.md §5: nothing changes); `refused` with the sentence to show for an unknown
 * intent, a bad line or a quantity above MAX_LINE_QUANTITY (3; docs/decisions/0930).
 */
export function parseCartEditForm(
  formData: FormData,
):
  | { kind: "edit"; itemId: string; size: string; quantity: number }
  | { kind: "ignored" }
  | { kind: "refused"; message: string } {
  const intent = cartIntentSchema.safeParse(formData.get("intent"));
  const line = cartLineSchema.safeParse({ itemId: formData.get("itemId"), size: formData.get("size") });
  if (!line.success) return { kind: "refused", message: line.error.issues[0].message };
  if (!intent.success) return { kind: "refused", message: "Unknown cart action." };
  const { itemId, size } = line.data;
  if (intent.data === "remove") return { kind: "edit", itemId, size, quantity: 0 };
  const raw = String(formData.get("quantity") ?? "");
  const quantity = parseQuantityInput(raw);
  if (quantity !== null) return { kind: "edit", itemId, size, quantity };
  if (/^\s*\d+\s*$/.test(raw) && Number(raw) > MAX_LINE_QUANTITY) return { kind: "refused", message: API_MESSAGES.quantityCap };
  return { kind: "ignored" };
}

/** An order id posted or returned to /verify, or null when it is not one. */
export function parseOrderId(value: unknown): string | null {
  const parsed = orderIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A product id in the URL: 1–64 letters, digits, - or _ (the catalogue's ids). */
const productIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** The product id of a /product/:productId URL, or null when it cannot be one. */
export function parseProductId(value: string | undefined): string | null {
  const parsed = productIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
