import { parseWithZod } from "@conform-to/zod/v4";
import { getBackend } from "~/backend/index.server";
import type { Account } from "~/backend/own/types";
import { BackendError } from "~/lib/errors";
import { grievanceFormSchema } from "~/schemas/grievance";
import { GRIEVANCE_SUBJECTS, type GrievanceSubject } from "~/schemas/grievance-constants";
import type { MessageKey } from "~/i18n/catalogues/en.server";
import type { Language } from "~/i18n/language";
import { translate } from "~/i18n/messages.server";
import { getSessionToken } from "~/utils/session.server";

/** /grievance's form, parsed with its zod schema (server only: the browser gets native constraints). */
export function parseGrievanceForm(formData: FormData) {
  return parseWithZod(formData, { schema: grievanceFormSchema });
}

/** The signed-in shopper of the request (their account), or null for a visitor or an expired session. */
export async function grievanceFiler(request: Request): Promise<Account | null> {
  const own = getBackend().own;
  const token = await getSessionToken(request);
  if (!own || !token) return null;
  try {
    return await own.accounts.requireAccount(token);
  } catch (error) {
    if (error instanceof BackendError && error.status === 401) return null;
    throw error;
  }
}

/** The store's own grievances, or a 404 Response where the store has none (a remote Store API). */
export function grievancesOwn() {
  const { own, capabilities } = getBackend();
  if (!own || !capabilities.grievances) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return own;
}

/** Each subject's words in the catalogues' `grievance` namespace (issue 27). */
const SUBJECT_KEYS: Record<GrievanceSubject, MessageKey> = {
  delivery: "grievance.subjectDelivery",
  product: "grievance.subjectProduct",
  payment_refund: "grievance.subjectPaymentRefund",
  return_warranty: "grievance.subjectReturnWarranty",
  website: "grievance.subjectWebsite",
  other: "grievance.subjectOther",
};

/** The form's subjects, in its order, each labelled in `language` ("Delivery" / "डिलीवरी"). */
export function grievanceSubjectsIn(language: Language): { value: GrievanceSubject; label: string }[] {
  return GRIEVANCE_SUBJECTS.map((subject) => ({ value: subject.value, label: translate(language, SUBJECT_KEYS[subject.value]) }));
}

/**
 * A complaint's subject as the service labels it (English, `grievanceSubjectLabel`) in
 * `language`: "Payment or refund" → "भुगतान या रिफ़ंड" on a Hindi page; an unknown label as it is.
 */
export function grievanceSubjectLabelIn(language: Language, englishLabel: string): string {
  const subject = GRIEVANCE_SUBJECTS.find((candidate) => candidate.label === englishLabel);
  return subject ? translate(language, SUBJECT_KEYS[subject.value]) : englishLabel;
}
