/**
 * Grievances (issue 25 item 3; DESIGN.md §23; docs/decisions/0750): the form's fixed subjects,
 * limits and sentences. Plain data, no zod: the page's browser code reads them.
 */

/** The subjects a complaint is filed under, in the form's order. */
export const GRIEVANCE_SUBJECTS = [
  { value: "delivery", label: "Delivery" },
  { value: "product", label: "Product" },
  { value: "payment_refund", label: "Payment or refund" },
  { value: "return_warranty", label: "Return or warranty" },
  { value: "website", label: "The website" },
  { value: "other", label: "Other" },
] as const;

export type GrievanceSubject = (typeof GRIEVANCE_SUBJECTS)[number]["value"];

/** The label of a subject value ("Other" for an unknown one). */
export function grievanceSubjectLabel(value: string): string {
  return GRIEVANCE_SUBJECTS.find((subject) => subject.value === value)?.label ?? "Other";
}

/** The complaint's text: 10 to 4,000 characters. */
export const GRIEVANCE_TEXT_MIN = 10;
export const GRIEVANCE_TEXT_MAX = 4000;
/** Staff's answer: 1 to 4,000 characters. */
export const GRIEVANCE_ANSWER_MAX = 4000;

/** Hours to acknowledge, days to resolve (Consumer Protection (E-Commerce) Rules 2020, rule 4(5)). */
export const ACKNOWLEDGE_HOURS = 48;
export const RESOLVE_DAYS = 30;

/** A ticket number as shown: `GR-2026-000123`. */
export const TICKET_PATTERN = /^GR-\d{4}-\d{6}$/;

export const GRIEVANCE_MESSAGES = {
  subject: "Please choose what your complaint is about.",
  textRequired: "Please describe your complaint.",
  textTooShort: `Please describe your complaint in at least ${GRIEVANCE_TEXT_MIN} characters.`,
  textTooLong: `Please keep your complaint within ${GRIEVANCE_TEXT_MAX.toLocaleString("en-IN")} characters.`,
  orderInvalid: "An order number has letters, digits, - and _ only.",
  orderNotYours: "We can't find that order among yours. Leave the field empty or check the number on My Orders.",
  limited: "You have filed several complaints in a short time. Please wait a while, or write to us by email.",
  answerRequired: "Please write the answer.",
  answerTooLong: `Please keep the answer within ${GRIEVANCE_ANSWER_MAX.toLocaleString("en-IN")} characters.`,
  alreadyResolved: "This grievance is already resolved.",
  notFound: "No such grievance.",
} as const;
