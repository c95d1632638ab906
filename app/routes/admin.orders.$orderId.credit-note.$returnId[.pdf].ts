import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseAdminOrderId } from "~/utils/admin-forms.server";
import { pdfDownload, pdfNotFound } from "~/utils/pdf-download.server";
import { refuseAdminPost, requireStaff } from "~/utils/staff.server";

/**
 * GET /admin/orders/:orderId/credit-note/:returnId.pdf (issue 45 item 5; docs/decisions/0986): the
 * GST credit note of a refunded return for the owner and staff, as issued — also once the
 * shopper's account is deleted (kept, as the invoice is). An unknown order or return, or one
 * without a credit note, is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { own } = await requireStaff(request);
  const orderId = parseAdminOrderId(params.orderId);
  const returnId = params.returnId ?? "";
  const note = orderId && /^rt_[0-9a-f]{24}$/.test(returnId) ? await own.creditNotes.findCreditNote(orderId, returnId) : null;
  if (!note) throw pdfNotFound();
  return pdfDownload(own.creditNotes.creditNotePdfFilename(note.number), await own.creditNotes.renderCreditNotePdf(note));
}

/** Nothing to post here: 404 for anyone but staff. */
export const action = refuseAdminPost;
