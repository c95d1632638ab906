import type { LoaderFunctionArgs } from "@remix-run/node";
import { shopperPdfDownload } from "~/utils/pdf-download.server";

/**
 * GET /orders/:orderId/invoice.pdf (issue 14 item 2; DESIGN.md §20; docs/decisions/0650): the
 * shopper's GST tax invoice as a download. Logged-in only (→ /login and back); another shopper's
 * order, an unknown id, an unpaid attempt and an order without an invoice yet are the ordinary 404
 * (utils/pdf-download.server.ts).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return shopperPdfDownload(request, (own, token) => own.orderPages.shopperInvoicePdf(token, params.orderId ?? ""));
}
