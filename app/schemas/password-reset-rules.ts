import type { FieldRule, FormRules } from "~/schemas/field-rules";
import { EMAIL_RULE, NEW_PASSWORD_RULE } from "~/schemas/account-rules";
import { PASSWORD_MAX } from "~/schemas/password-limits";

/*
 * The password reset and change forms' rules, apart from account-rules.ts so the pages that share
 * the sign-up rules (checkout's name and email) don't carry these sentences in their JavaScript.
 */

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
