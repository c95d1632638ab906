import type { LoaderFunctionArgs } from "@remix-run/node";
import { BackendError } from "~/lib/errors";
import { getBackend } from "~/backend/index.server";
import { expiredSessionRedirect, requireUserToken } from "~/utils/session.server";

const NO_STORE = { "cache-control": "private, no-store" };

/**
 * GET /orders/:orderId/invoice.pdf (issue 14 item 2; DESIGN.md §20; docs/decisions/0650): the
 * shopper's GST tax invoice as a download. Logged-in only (→ /login and back); another shopper's
 * order, an unknown id, an unpaid attempt and an order without an invoice yet are the ordinary 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = await requireUserToken(request);
  try {
    const { own, capabilities } = getBackend();
    if (!capabilities.invoices || !own) throw new BackendError(404, "No invoices on this store.");
    const { filename, body } = await own.orderPages.shopperInvoicePdf(token, params.orderId ?? "");
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
