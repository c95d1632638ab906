/**
 * The password forms' sentences for route actions (issue 24 item 1), from a `.server` module: a
 * page whose browser code does not show them (/profile) then never fetches the account forms'
 * rules for its action alone (docs/decisions/0530).
 */
import { PASSWORD_MIN } from "~/schemas/password-limits";

export { PASSWORD_RESET_MESSAGES } from "~/schemas/password-reset-rules";

/**
 * The words of /profile's Change password and Sign out everywhere forms, sent with the loader's
 * data rather than in the page's script (the profile page is close to its 100 KB budget).
 */
export const PROFILE_PASSWORD_TEXT = {
  change: "Change password",
  current: "Current password",
  next: "New password",
  again: "New password again",
  hint: `At least ${PASSWORD_MIN} characters. Your other devices will be signed out.`,
  signOut: "Sign out everywhere",
  signOutText: "Signs your account out on every phone, tablet and computer, this one too.",
} as const;
