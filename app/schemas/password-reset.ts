import { z } from "zod";
import { PASSWORD_MAX } from "~/schemas/account-rules";
import { PASSWORD_RESET_MESSAGES } from "~/schemas/password-reset-rules";
import { emailSchema, newPasswordSchema } from "~/schemas/api";

/**
 * The password reset and change forms (issue 24 item 1; DESIGN.md §22; docs/decisions/0700), with
 * sign-up's rules for the new password (`newPasswordSchema`: 12..128 characters; the
 * common-password list is checked by the accounts service). Isomorphic.
 */

/** A reset link's token: base64url of 32 random bytes (43 characters), like a session token. */
export const resetTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, PASSWORD_RESET_MESSAGES.linkUnknown);

/** The new password typed twice; a mismatch is reported on the second field. */
const confirmSchema = z
  .string({ error: PASSWORD_RESET_MESSAGES.confirmRequired })
  .min(1, PASSWORD_RESET_MESSAGES.confirmRequired)
  .max(PASSWORD_MAX, PASSWORD_RESET_MESSAGES.mismatch);

function matching<T extends { password: string; confirm: string }>(value: T, context: z.RefinementCtx) {
  if (value.password !== value.confirm) context.addIssue({ code: "custom", path: ["confirm"], message: PASSWORD_RESET_MESSAGES.mismatch });
}

/** /forgot-password: the email an account may use. */
export const forgotPasswordSchema = z.object({
  email: emailSchema,
  /** The language of the page the shopper asked on (issue 27): the email's when the account chose none. */
  language: z.enum(["en", "hi"]).catch("en").optional(),
});

/** /reset-password: the link's token and the new password twice. */
export const resetPasswordSchema = z
  .object({ token: resetTokenSchema, password: newPasswordSchema, confirm: confirmSchema })
  .superRefine(matching);

/** /profile's Change password: the current password and the new one twice. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: PASSWORD_RESET_MESSAGES.currentRequired })
      .min(1, PASSWORD_RESET_MESSAGES.currentRequired)
      .max(PASSWORD_MAX, PASSWORD_RESET_MESSAGES.currentWrong),
    password: newPasswordSchema,
    confirm: confirmSchema,
  })
  .superRefine(matching);
