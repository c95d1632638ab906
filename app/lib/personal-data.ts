/**
 * The words of a shopper's personal-data controls (issue 25 item 4; DESIGN.md §23; DPDP Act 2023;
 * docs/decisions/0770): what deleting an account erases, what it keeps and why, shown before the
 * shopper (or staff for them) confirms; and the sentences the forms answer with. Pure.
 */

/** The name an erased account, its reviews and its grievances are left with. */
export const DELETED_SHOPPER_NAME = "Deleted shopper";

/** The non-deliverable placeholder email of erased account `userId` (`.invalid`: RFC 2606, never delivered). */
export function deletedEmail(userId: number): string {
  return `deleted-${userId}@invalid`;
}

/** What deleting the account erases, one line each. */
export const ERASED_ON_DELETE = [
  "Your name, email address and password: the account can no longer be signed in to.",
  "Your saved addresses, wishlist and cart.",
  "Every session (you are signed out everywhere) and any password reset link.",
  "Your newsletter subscription and its consent record.",
  "Your name on your reviews (their text stays, shown as “Deleted shopper”) and on complaints you filed.",
  "Your phone number and email address on your orders, and the emails we sent you.",
] as const;

/** What deleting the account keeps, one line each. */
export const KEPT_ON_DELETE = [
  "Your orders: number, date, watches, amounts, payment status and the delivery state and PIN code; for an order with a tax invoice, also the delivery name and address printed on it.",
  "Tax invoices exactly as issued (invoice number, date, amounts, GST, the buyer's name, address and state, and a business buyer's GSTIN).",
] as const;

/** Why orders and invoices are kept (the tax law's rule). */
export const KEPT_REASON =
  "GST law requires every seller to keep its accounts, including each tax invoice and the record of each supply, for 72 months from the due date of that year's annual GST return (CGST Act 2017, section 36; CGST Rules, rule 56). The DPDP Act 2023 lets us keep what another law requires us to keep (section 8(7)).";

/** Sentences of the personal-data forms and services. */
export const PERSONAL_DATA_MESSAGES = {
  openOrder: "You have an order that is not finished yet. You can delete your account once it has been delivered or cancelled.",
  openOrderStaff: "This shopper has an order that is not finished yet (paid or cash on delivery, not yet delivered or cancelled). Finish or cancel it first.",
  staffAccount: "This is a staff account. Take its back-office role away on the Staff page first.",
  alreadyDeleted: "This account has already been deleted.",
  notFound: "No shopper with that email address.",
  passwordWrong: "That is not your current password.",
  passwordRequired: "Enter your current password to delete your account.",
  confirmEmail: "Type the shopper's email address exactly to confirm.",
  deleted: "Your account is deleted. Your orders and tax invoices are kept as GST law requires.",
  deletedByStaff: "The account is deleted: personal data erased, orders and invoices kept.",
  withdrawn: "Marketing consent withdrawn: you will get no more newsletters.",
  nothingToWithdraw: "You have no newsletter subscription to withdraw.",
  nameChanged: "Your name is corrected.",
} as const;
