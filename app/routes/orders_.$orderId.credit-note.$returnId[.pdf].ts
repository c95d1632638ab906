import type { LoaderFunctionArgs } from "@remix-run/node";
import { BackendError } from "~/lib/errors";
import { getBackend } from "~/backend/index.server";
import { expiredSessionRedirect, requireUserToken } from "~/utils/session.server";

const NO_STORE = { "cache-control": "private, no-store" };

/**
 * GET /orders/:orderId/credit-note/:returnId.pdf (issue 45 item 5; CGST Act s.34, Rule 53;
 * docs/decisions/0986): the GST credit note of the shopper's refunded return, as a download, with
 * the same door as the invoice's (orders_.$orderId.invoice[.pdf].ts): logged-in only (→ /login and
 * back); another shopper's order, an unknown id and a return without a credit note are the
 * ordinary 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = await requireUserToken(request);
  try {
    const { own, capabilities } = getBackend();
    if (!capabilities.invoices || !own) throw new BackendError(404, "No credit notes on this store.");
    const { filename, body } = await own.creditNotes.shopperCreditNotePdf(token, params.orderId ?? "", params.returnId ?? "");
    return new Response(new Uint8Array(body), {
      headers: {
        ...NO_STORE,
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="${filename}"`,
        "content-length": String(body.length),
        "x-content-type-options": "nosniff",
      },
    });
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    if (error.status === 401) throw await expiredSessionRedirect(request);
    if (error.status === 400 || error.status === 404) throw new Response("Not Found", { status: 404, statusText: "Not Found", headers: NO_STORE });
    throw error;
  }
}
