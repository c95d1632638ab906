import type { FieldRule, FormRules } from "~/schemas/field-rules";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/schemas/password-limits";

/**
 * The account forms' sentences, limits and browser rules (Login, Sign Up; SPEC.md §5, DESIGN.md
 * §16), without zod: safe to import in the browser (DESIGN.md §17). The zod schemas of
 * `app/schemas/api.ts` are built from the same sentences and limits, and
 * tests/unit/field-rules.test.ts holds each rule to its schema.
 */

/** The account fields' sentences (part of the Store API's `API_MESSAGES`). */
export const ACCOUNT_MESSAGES = {
  nameRequired: "Please enter your name.",
  nameTooLong: "Your name must be at most 100 characters.",
  emailRequired: "Please enter your email.",
  emailInvalid: "Please enter a valid email address.",
  passwordRequired: "Please enter your password.",
  passwordTooShort: "Your password must be at least 12 characters.",
  passwordTooLong: "Your password must be at most 128 characters.",
  badCredentials: "Invalid email or password.",
} as const;

/** New passwords: 12..128 characters (DESIGN.md §16, ASVS 2.1.1–2.1.2; docs/decisions/0321). */
export { PASSWORD_MAX, PASSWORD_MIN } from "~/schemas/password-limits";
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

/**
 * An email address (the same expression as zod 4's `z.regexes.email`, which tests/unit/field-rules
 * holds it to): local part of letters, digits and _'+-. with no leading, trailing or double dot;
 * a domain of labels and a top-level name of 2+ letters.
 */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** `emailSchema` (app/schemas/api.ts) in the browser. */
export const EMAIL_RULE: FieldRule = {
  missing: ACCOUNT_MESSAGES.emailRequired,
  trim: true,
  checks: [
    { kind: "minLength", value: 1, message: ACCOUNT_MESSAGES.emailRequired },
    { kind: "maxLength", value: EMAIL_MAX, message: ACCOUNT_MESSAGES.emailInvalid },
    { kind: "pattern", value: EMAIL_PATTERN, message: ACCOUNT_MESSAGES.emailInvalid },
  ],
};

/** `nameSchema` in the browser. */
export const NAME_RULE: FieldRule = {
  missing: ACCOUNT_MESSAGES.nameRequired,
  trim: true,
  checks: [
    { kind: "minLength", value: 1, message: ACCOUNT_MESSAGES.nameRequired },
    { kind: "maxLength", value: NAME_MAX, message: ACCOUNT_MESSAGES.nameTooLong },
    { kind: "plainText", label: "Your name" },
  ],
};

/** `newPasswordSchema` in the browser (the common-password list stays on the server). */
export const NEW_PASSWORD_RULE: FieldRule = {
  missing: ACCOUNT_MESSAGES.passwordRequired,
  trim: false,
  checks: [
    { kind: "minLength", value: 1, message: ACCOUNT_MESSAGES.passwordRequired },
    { kind: "minLength", value: PASSWORD_MIN, message: ACCOUNT_MESSAGES.passwordTooShort },
    { kind: "maxLength", value: PASSWORD_MAX, message: ACCOUNT_MESSAGES.passwordTooLong },
  ],
};

/** `passwordSchema` (login) in the browser. */
export const PASSWORD_RULE: FieldRule = {
  missing: ACCOUNT_MESSAGES.passwordRequired,
  trim: false,
  checks: [
    { kind: "minLength", value: 1, message: ACCOUNT_MESSAGES.passwordRequired },
    { kind: "maxLength", value: PASSWORD_MAX, message: ACCOUNT_MESSAGES.badCredentials },
  ],
};

/** The Login form (`loginBodySchema`) in the browser. */
export const LOGIN_FORM_RULES = { email: EMAIL_RULE, password: PASSWORD_RULE } as const satisfies FormRules;
/** The Sign Up form (`registerBodySchema`) in the browser. */
export const SIGNUP_FORM_RULES = { name: NAME_RULE, email: EMAIL_RULE, password: NEW_PASSWORD_RULE } as const satisfies FormRules;
