import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/local-links";
import { getBackend } from "~/backend/index.server";
import { BackendError } from "~/backend/types";
import { OrderRow } from "~/components/orders/OrderRow";
import { shopperMayCancel } from "~/lib/order-cancel";
import { languageOfPath } from "~/i18n/language";
import { messagesFor, phrasesFor, translate } from "~/i18n/messages.server";
import { useT } from "~/i18n/use-t";
import { orderRows } from "~/lib/order-rows";
import type { Order } from "~/schemas/orders";
import { orderWordsIn } from "~/utils/order-words.server";
import { expiredSessionRedirect, requireUserToken } from "~/utils/session.server";
import { log } from "~/observability/log.server";

/**
 * /orders, My Orders (SPEC.md §2, §4; DESIGN.md §9): the logged-in shopper's paid and
 * cash-on-delivery orders, one row per item, newest first. A list that cannot be read is logged
 * and shown as empty, not as an error (SPEC.md §8); an expired session goes to /login and back.
 * In the page's language (/hi/orders: Hindi; issue 27): the rows' words, dates and windows are
 * made in it on the server, the page's own from the `orders` catalogue.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = await requireUserToken(request);
  let orders: Order[] = [];
  try {
    orders = await getBackend().userOrders(token);
  } catch (error) {
    if (error instanceof BackendError && error.status === 401) throw await expiredSessionRedirect(request, "/orders");
    log.error({ err: error }, "Could not read the orders list");
  }
  const language = languageOfPath(new URL(request.url).pathname);
  return json(
    {
      rows: orderRows(orders, orderWordsIn(language)),
      // Issue 45 item 1 (docs/decisions/0981): the orders the shopper may still cancel (a store with its own data only).
      cancellable: getBackend().own ? orders.filter((order) => shopperMayCancel(order.status)).map((order) => order.id) : [],
      messages: messagesFor(language, ["orders", "afterSale"]),
      // "Test payment" (ORDER_MESSAGES) on a row.
      phrases: phrasesFor(language, ["order"]),
      title: translate(language, "orders.listTitle"),
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

export default function OrdersPage() {
  const { rows, cancellable } = useLoaderData<typeof loader>();
  // The cancel form goes on the first row of each order that may still be cancelled.
  const cancelOn = new Set<string>();
  const offered = new Set<string>();
  for (const row of rows) {
    if (cancellable.includes(row.orderId) && !offered.has(row.orderId)) {
      offered.add(row.orderId);
      cancelOn.add(row.key);
    }
  }
  const { t } = useT();
  return (
    <div className="mx-auto max-w-screen-xl border-t px-4 pb-16 pt-14 sm:px-[5vw] lg:px-[7vw]">
      <h1 className="mb-3 inline-flex items-center gap-2 text-2xl text-gray-800">
        <span className="text-gray-600">{t("orders.headingLead")}</span> <span className="font-medium">{t("orders.headingMain")}</span>
        <span aria-hidden="true" className="h-[2px] w-8 bg-gray-700 sm:w-12" />
      </h1>
      {rows.length === 0 ? (
        <div className="border-t py-16 text-center" data-testid="orders-empty">
          <p className="text-lg text-gray-800">{t("orders.empty")}</p>
          <p className="mt-2 text-sm text-gray-600">{t("orders.emptyHint")}</p>
          <Link to="/collection" className="mt-6 inline-block bg-black px-8 py-3 text-sm text-white hover:bg-gray-800">
            {t("orders.browse")}
          </Link>
        </div>
      ) : (
        <ul aria-label={t("orders.orderedItems")} className="border-t">
          {rows.map((row) => (
            <OrderRow key={row.key} row={row} cancellable={cancelOn.has(row.key)} />
          ))}
        </ul>
      )}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "My orders — Chrono India" }, { name: "robots", content: "noindex" }];
