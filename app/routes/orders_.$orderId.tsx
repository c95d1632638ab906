import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/local-links";
import { getBackend } from "~/backend/index.server";
import { BackendError } from "~/backend/types";
import { OrderPage } from "~/components/orders/OrderPage";
import { orderAfterSaleHtml, orderAfterSaleView } from "~/utils/order-after-sale.server";
import { ReportProblem } from "~/components/orders/ReportProblem";
import { ReturnSection } from "~/components/orders/ReturnRequests";
import { withPageWords } from "~/utils/return-view.server";
import { languageOfPath } from "~/i18n/language";
import { messagesFor, phrasesFor, translate } from "~/i18n/messages.server";
import { useT } from "~/i18n/use-t";
import { orderPageView } from "~/lib/order-page";
import { orderWordsIn } from "~/utils/order-words.server";
import { returnPayoutHtml } from "~/utils/return-payout-html.server";
import { expiredSessionRedirect, requireUserToken } from "~/utils/session.server";
import { log } from "~/observability/log.server";

const NO_STORE = { "cache-control": "private, no-store" };

/**
 * /orders/:orderId, the shopper's order page (issue 14 item 1; DESIGN.md §20): items, totals,
 * address, payment, promised window, status timeline and, once shipped, the shipment. Logged-in
 * only (→ /login and back); another shopper's order, an unknown or malformed id and an unpaid
 * online attempt are the store's ordinary 404 page (docs/decisions/0630-order-page.md). A backend
 * that cannot answer is a 503, never a 500. In the page's language (/hi/orders/:orderId: Hindi;
 * issue 27): statuses, timeline, dates and window made in it here, the page's own words from the
 * `orders` catalogue, the report section's sentences (made by the services in English) through
 * the phrasebook's `report` group where they are shown.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = await requireUserToken(request);
  try {
    // One trip (issue 22 item 1): the order, its GST invoice's number once issued (issue 14 item 2)
    // and the "Report a problem" section (issue 14 item 3; null where the store has no reports).
    const { detail, invoiceNumber, report, returns = null } = await getBackend().orderPage(token, params.orderId ?? "");
    // Issue 45 item 5: the GST credit notes of its refunded returns, listed under the invoice.
    const { own, capabilities } = getBackend();
    const creditNotes = invoiceNumber && own && capabilities.invoices ? (await own.creditNotes.shopperOrderCreditNotes(token, detail.order.id)).map(({ returnId, number }) => ({ returnId, number })) : [];
    // Issue 45 item 4: a cash-on-delivery refund request's payout details form (none on other orders).
    const payouts = own ? await own.returnsOffice.shopperPayoutStandings(token, detail.order.id) : [];
    const language = languageOfPath(new URL(request.url).pathname);
    return json(
      {
        view: orderPageView(detail, orderWordsIn(language)),
        // Issue 45 (docs/decisions/0980, 0981): the policy line the settings say, and the cancel form while it may be cancelled.
        // As HTML made by the loader (utils/order-after-sale.server.ts), so the page's JavaScript carries none of it.
        afterSale: orderAfterSaleHtml(detail.order.id, await orderAfterSaleView(detail, language), language),
        report,
        // Issue 45 item 2: the "Returns and exchanges" section (null where the store has none).
        returns: returns ? withPageWords(returns, language) : null,
        invoiceNumber,
        creditNotes,
        // As HTML made here (utils/return-payout-html.server.ts), so the page's JavaScript carries none of it.
        payout: returnPayoutHtml(detail.order.id, payouts, language),
        messages: messagesFor(language, ["orders", "returns", "afterSale"]),
        phrases: phrasesFor(language, ["order", "report", "returns"]),
        title: translate(language, "orders.pageTitle", { id: detail.order.id }),
      },
      { headers: NO_STORE },
    );
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    if (error.status === 401) throw await expiredSessionRedirect(request);
    if (error.status === 400 || error.status === 404) throw new Response("Not Found", { status: 404, statusText: "Not Found", headers: NO_STORE });
    log.error({ err: error }, "Could not read the order");
    throw new Response("Service Unavailable", { status: 503, statusText: "We couldn't load this order right now. Please try again in a moment.", headers: NO_STORE });
  }
}

export default function OrderRoute() {
  const { view, report, returns, invoiceNumber, creditNotes, payout, afterSale } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <>
      <OrderPage view={view} invoiceNumber={invoiceNumber} creditNotes={creditNotes} />
      {afterSale ? <div dangerouslySetInnerHTML={{ __html: afterSale }} /> : null}
      {returns ? <ReturnSection orderId={view.id} view={returns} /> : null}
      {payout ? <div dangerouslySetInnerHTML={{ __html: payout }} /> : null}
      {report ? <ReportProblem orderId={view.id} view={report} /> : null}
      {/* Issue 25 item 3: a complaint about this order, filed with the grievance officer. */}
      <p className="mx-auto mb-12 max-w-screen-lg px-4 text-sm text-gray-800 sm:px-6">
        {t("orders.complaintLead")}{" "}
        <Link to={`/grievance?order=${encodeURIComponent(view.id)}`} className="underline underline-offset-2">
          {t("orders.complaintLink")}
        </Link>
      </p>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  {
    title: data
      ? data.title
      : `${isRouteErrorResponse(error) && error.status === 404 ? "Page not found" : "Something went wrong"} — Chrono India`,
  },
  { name: "robots", content: "noindex" },
];

// No ErrorBoundary of its own: the 404 and 503 are the root's error page (header, ErrorPage, footer),
// as for every unknown URL. Importing ErrorPage here would split it into a chunk of its own that
// the product page then loads too, pushing that page over its 100 KB budget.
