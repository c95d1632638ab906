import { MAX_UNITS_OF_ONE_WATCH } from "~/constants/store";
import { ACCOUNT_MESSAGES } from "~/schemas/account-rules";

/**
 * The Store API's sentences and limits (SPEC.md §7, DESIGN.md §4), without zod. Server code reads
 * them through `app/schemas/api.ts`; the browser needs only the account forms' part
 * (app/schemas/account-rules.ts), so this object is kept out of its bundles.
 */

/**
 * The Store API's and the form reader's 400 sentence for text the store cannot keep (issue 43 item
 * 5; the rule is lib/outside-text; its Hindi: the phrasebook's account group).
 */
export const UNREADABLE_TEXT_MESSAGE = "The request holds characters the store cannot read (a NUL byte or text that is not UTF-8). Please check it and try again.";

/** Sentences a shopper reads; the API answers them as `message` (DESIGN.md §4). */
export const API_MESSAGES = {
  ...ACCOUNT_MESSAGES,
  /** A new password on the common-password list (DESIGN.md §16, ASVS 2.1.7). */
  passwordCommon: "This password is too common. Please choose another.",
  emailTaken: "An account with this email already exists. Please log in.",
  tokenMissing: "Please log in to continue.",
  tokenInvalid: "Your session has expired. Please log in again.",
  itemRequired: "Please choose a product.",
  /** SPEC.md §5: add to cart without a size/colour key. */
  sizeRequired: "Please select a size",
  /** SPEC.md §5: a product with colours and none chosen. */
  colourRequired: "Please select a colour.",
  productUnknown: "This watch is not in our catalogue.",
  quantityInvalid: `Quantity must be a whole number from 0 to ${MAX_UNITS_OF_ONE_WATCH}.`,
  /** Issue 43 item 3 (docs/decisions/0930): a cart line holds what one order may have of a watch. */
  quantityCap: `You can have at most ${MAX_UNITS_OF_ONE_WATCH} of one watch in your cart. For a larger order, please contact the store.`,
  added: "Item added to cart!",
  updated: "Cart updated.",
  rateLimited: "Too many attempts. Please wait a minute and try again.",
  notJson: "Please send the body as JSON (Content-Type: application/json).",
  badJson: "The body is not valid JSON.",
  tooLarge: "The body is too large.",
  foreignOrigin: "This request came from another site and was refused.",
  methodNotAllowed: "Please use POST for this call.",
  bodyNotObject: "Please send the fields as a JSON object.",
  /** Issue 43 item 5 (docs/decisions/0940): a NUL, U+FFFD or a lone surrogate in the body's text. */
  unreadableText: UNREADABLE_TEXT_MESSAGE,
  loggedOut: "Logged out.",
} as const;

/** Session tokens last 30 days from login (DESIGN.md §7); the session cookie lives as long. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
