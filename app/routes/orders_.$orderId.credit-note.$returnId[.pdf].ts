import type { LoaderFunctionArgs } from "@remix-run/node";
import { shopperPdfDownload } from "~/utils/pdf-download.server";

/**
 * GET /orders/:orderId/credit-note/:returnId.pdf (issue 45 item 5; CGST Act s.34, Rule 53;
 * docs/decisions/0986): the GST credit note of the shopper's refunded return, as a download, with
 * the same door as the invoice's (utils/pdf-download.server.ts): logged-in only (→ /login and
 * back); another shopper's order, an unknown id and a return without a credit note are the
 * ordinary 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return shopperPdfDownload(request, (own, token) => own.creditNotes.shopperCreditNotePdf(token, params.orderId ?? "", params.returnId ?? ""));
}
