import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseAdminOrderId } from "~/utils/admin-forms.server";
import { pdfDownload, pdfNotFound } from "~/utils/pdf-download.server";
import { refuseAdminPost, requireStaff } from "~/utils/staff.server";

/**
 * GET /admin/orders/:orderId/invoice.pdf (issue 14 item 2; issue 25 item 4; docs/decisions/0650,
 * 0770): an order's GST tax invoice for the owner and staff, as issued — also once its shopper's
 * account is deleted (the invoice is kept as GST law requires). An unknown order or one without
 * an invoice is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { own } = await requireStaff(request);
  const orderId = parseAdminOrderId(params.orderId);
  const invoice = orderId ? await own.invoices.findInvoice(orderId) : null;
  if (!invoice) throw pdfNotFound();
  return pdfDownload(own.invoices.invoicePdfFilename(invoice.number), await own.invoices.renderInvoicePdf(invoice));
}

/** Nothing to post here: 404 for anyone but staff. */
export const action = refuseAdminPost;
