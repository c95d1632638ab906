import { z } from "zod";
import { MAX_LINE_QUANTITY } from "~/constants/store";
import { EMAIL_MAX, EMAIL_PATTERN, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "~/schemas/account-rules";
import { API_MESSAGES } from "~/schemas/api-constants";
import { plainText } from "~/schemas/text";

export { MAX_LINE_QUANTITY } from "~/constants/store";
export { EMAIL_MAX, EMAIL_PATTERN, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "~/schemas/account-rules";
export { API_MESSAGES, SESSION_TTL_MS } from "~/schemas/api-constants";

/**
 * The Store API contract for accounts and the cart (SPEC.md §7, DESIGN.md §4): the zod schemas of
 * every body and answer, shared by the API routes, the services, the http adapter and the
 * storefront's forms. Isomorphic: no server-only imports. The return and exchange calls
 * (`POST /api/order/return`, `POST /api/order/returns`; issue 45) are documented in
 * app/lib/return-api.ts: their enums are lib/returns.ts's, which schemas may not import.
 */

/** A text field whose missing (or non-text) value reads `required`. */
function text(required: string) {
  return z.string({ error: required });
}

/** Name for sign-up: trimmed, 1..100 characters. */
export const nameSchema = plainText(
  text(API_MESSAGES.nameRequired).trim().min(1, API_MESSAGES.nameRequired).max(NAME_MAX, API_MESSAGES.nameTooLong),
  "Your name",
);

/** Email: trimmed, lower-cased, in email format (SPEC.md §5). */
export const emailSchema = text(API_MESSAGES.emailRequired)
  .trim()
  .toLowerCase()
  .min(1, API_MESSAGES.emailRequired)
  .max(EMAIL_MAX, API_MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, API_MESSAGES.emailInvalid);

/**
 * A new password: 12..128 characters, kept as typed (never trimmed). The common-password list is
 * checked on the server only (services/passwords.server.ts), never shipped to the browser.
 */
export const newPasswordSchema = text(API_MESSAGES.passwordRequired)
  .min(1, API_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN, API_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX, API_MESSAGES.passwordTooLong);

/**
 * A password at login: required and at most 128 characters. Length rules for new passwords are not
 * repeated here, so a wrong guess of any length gets the one "Invalid email or password." answer.
 */
export const passwordSchema = text(API_MESSAGES.passwordRequired)
  .min(1, API_MESSAGES.passwordRequired)
  .max(PASSWORD_MAX, API_MESSAGES.badCredentials);

/** `POST /api/user/register` body. */
export const registerBodySchema = z.object(
  { name: nameSchema, email: emailSchema, password: newPasswordSchema },
  { error: API_MESSAGES.bodyNotObject },
);
export type RegisterBody = z.output<typeof registerBodySchema>;

/** `POST /api/user/login` body. */
export const loginBodySchema = z.object(
  { email: emailSchema, password: passwordSchema },
  { error: API_MESSAGES.bodyNotObject },
);
export type LoginBody = z.output<typeof loginBodySchema>;

/** Answer of register and login: `{success:true, token}`. */
export const tokenAnswerSchema = z.object({ success: z.literal(true), token: z.string().min(1) });

/**
 * The session token as it travels in the `token` header: base64url of 32 random bytes
 * (43 characters). Anything else is refused before the database is asked.
 */
export const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, API_MESSAGES.tokenInvalid);

/** A catalogue product id (same alphabet as productJsonSchema's `_id`). */
export const itemIdSchema = z
  .string({ error: API_MESSAGES.itemRequired })
  .trim()
  .min(1, API_MESSAGES.itemRequired)
  .max(64, API_MESSAGES.productUnknown)
  .regex(/^[A-Za-z0-9_-]+$/, API_MESSAGES.productUnknown);

/** A size-or-colour key; missing or empty → 'Please select a size' (SPEC.md §5). */
export const sizeKeySchema = plainText(
  z.string({ error: API_MESSAGES.sizeRequired }).trim().min(1, API_MESSAGES.sizeRequired).max(50, API_MESSAGES.colourRequired),
  "The size or colour",
);

/**
 * A cart line quantity for update: whole number 0..MAX_LINE_QUANTITY (3); 0 removes the line
 * (DESIGN.md §8). Above it: the cap's sentence, which sends a larger order to the store (issue 43
 * item 3; docs/decisions/0930).
 */
export const quantitySchema = z
  .number({ error: API_MESSAGES.quantityInvalid })
  .int(API_MESSAGES.quantityInvalid)
  .min(0, API_MESSAGES.quantityInvalid)
  .max(MAX_LINE_QUANTITY, API_MESSAGES.quantityCap);

/**
 * A body of `{}` (`POST /api/cart/get`, `POST /api/user/logout`). Any other field (a `userId`,
 * say) is ignored: the cart is always the token's shopper's.
 */
export const emptyBodySchema = z.object({}, { error: API_MESSAGES.bodyNotObject });
export const cartGetBodySchema = emptyBodySchema;

/** `POST /api/cart/add` body. */
export const cartAddBodySchema = z.object(
  { itemId: itemIdSchema, size: sizeKeySchema },
  { error: API_MESSAGES.bodyNotObject },
);
export type CartAddBody = z.output<typeof cartAddBodySchema>;

/** `POST /api/cart/update` body. */
export const cartUpdateBodySchema = z.object(
  { itemId: itemIdSchema, size: sizeKeySchema, quantity: quantitySchema },
  { error: API_MESSAGES.bodyNotObject },
);
export type CartUpdateBody = z.output<typeof cartUpdateBodySchema>;

/** A cart: product id → size-or-colour key → quantity (SPEC.md §3). */
export const cartDataSchema = z.record(z.string(), z.record(z.string(), z.number().int().min(0)));
export type CartData = z.output<typeof cartDataSchema>;

/** Answer of `POST /api/cart/get`. */
export const cartAnswerSchema = z.object({ success: z.literal(true), cartData: cartDataSchema });

/** Answer of calls that only report: `{success, message}`. */
export const messageAnswerSchema = z.object({ success: z.literal(true), message: z.string().optional() });

/** A failure answer of any call (DESIGN.md §4). */
export const failureAnswerSchema = z.object({ success: z.literal(false), message: z.string() });

/** The first issue's message of a failed parse: the one sentence the shopper reads. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? "The request is not valid.";
}
