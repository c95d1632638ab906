import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseAdminOrderId } from "~/utils/admin-forms.server";
import { refuseAdminPost, requireStaff } from "~/utils/staff.server";

const NO_STORE = { "cache-control": "private, no-store" };

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
  if (!invoice) throw new Response("Not Found", { status: 404, statusText: "Not Found", headers: NO_STORE });
  const body = await own.invoices.renderInvoicePdf(invoice);
  return new Response(new Uint8Array(body), {
    headers: {
      ...NO_STORE,
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${own.invoices.invoicePdfFilename(invoice.number)}"`,
      "content-length": String(body.length),
      "x-content-type-options": "nosniff",
    },
  });
}

/** Nothing to post here: 404 for anyone but staff. */
export const action = refuseAdminPost;
