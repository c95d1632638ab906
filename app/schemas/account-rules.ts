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

/**
 * The password reset and change forms' sentences (issue 24 item 1; DESIGN.md §22;
 * docs/decisions/0700). The new password follows the sign-up rules above.
 */
export const PASSWORD_RESET_MESSAGES = {
  /** The one answer to "Forgot your password?", whether or not an account uses the email. */
  linkSent:
    "If an account uses that email address, we've sent it a link to choose a new password. The link works once, for one hour. If nothing arrives in a few minutes, check your spam folder or ask for a new link.",
  confirmRequired: "Please type your new password again.",
  mismatch: "The two passwords don't match. Please type the same new password twice.",
  currentRequired: "Please enter your current password.",
  currentWrong: "That is not your current password.",
  sameAsCurrent: "Your new password must be different from your current one.",
  linkUnknown: "This link to choose a new password doesn't work. Please ask for a new one.",
  linkUsed: "This link has already been used to choose a new password. Each link works only once. Please ask for a new one if you need it.",
  linkExpired: "This link has expired: links to choose a new password work for one hour. Please ask for a new one.",
  linkReplaced: "A newer link was sent after this one, so this one no longer works. Please use the newest email, or ask for a new link.",
  linkPasswordChanged: "This link stopped working because the account's password was changed since. Please ask for a new one if you need it.",
  resetDone: "Your new password is saved and you are signed in. Every other device was signed out.",
  changed: "Your password is changed. Your other devices were signed out.",
  signedOutEverywhere: "You are signed out everywhere, on this device too. Please log in again.",
  unavailable: "Passwords can't be reset on this store's pages. Please write to us and we'll help you back into your account.",
} as const;

/** The "type it again" field of a new password: required; that it matches is checked on the server. */
export const CONFIRM_PASSWORD_RULE: FieldRule = {
  missing: PASSWORD_RESET_MESSAGES.confirmRequired,
  trim: false,
  checks: [
    { kind: "minLength", value: 1, message: PASSWORD_RESET_MESSAGES.confirmRequired },
    { kind: "maxLength", value: PASSWORD_MAX, message: PASSWORD_RESET_MESSAGES.mismatch },
  ],
};

/** The current password on /profile's Change password form. */
export const CURRENT_PASSWORD_RULE: FieldRule = {
  missing: PASSWORD_RESET_MESSAGES.currentRequired,
  trim: false,
  checks: [
    { kind: "minLength", value: 1, message: PASSWORD_RESET_MESSAGES.currentRequired },
    { kind: "maxLength", value: PASSWORD_MAX, message: PASSWORD_RESET_MESSAGES.currentWrong },
  ],
};

/** /forgot-password's form in the browser. */
export const FORGOT_PASSWORD_FORM_RULES = { email: EMAIL_RULE } as const satisfies FormRules;
/** /reset-password's form in the browser (the token travels in a hidden field). */
export const RESET_PASSWORD_FORM_RULES = { password: NEW_PASSWORD_RULE, confirm: CONFIRM_PASSWORD_RULE } as const satisfies FormRules;
/** /profile's Change password form in the browser. */
export const CHANGE_PASSWORD_FORM_RULES = {
  currentPassword: CURRENT_PASSWORD_RULE,
  password: NEW_PASSWORD_RULE,
  confirm: CONFIRM_PASSWORD_RULE,
} as const satisfies FormRules;
