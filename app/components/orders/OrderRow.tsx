import { Form, Link } from "~/components/ui/local-links";
import { Fragment } from "react";
import { NAME_MAX_CHARS } from "~/constants/store";
import { truncateName } from "~/lib/money";
import { usePhrase } from "~/i18n/use-phrase";
import { useT } from "~/i18n/use-t";
import type { OrderRowData } from "~/lib/order-rows";
import { ORDER_MESSAGES } from "~/schemas/order-constants";
import { Separator } from "~/components/ui/Separator";
import { CancelOrderForm } from "~/components/orders/OrderCancel";

/**
 * One item of an order in My Orders (SPEC.md §2, §4): image, name, price · quantity · colour, date,
 * payment method ("Test payment" when no real money moved, issue 8 item 1), the promised delivery
 * window while the order is on its way (issue 13 item 4), the order id linking to its page
 * (/orders/:orderId, issue 14 item 1) and the server's status text, with TRACK ORDER — a GET form
 * to /orders that reloads the list, with or without JavaScript (SPEC.md §4 keeps it so). In the
 * page's language: the row's words come made by the loader, the labels from the `orders` catalogue.
 * `cancellable`: the order's "Cancel order" form under it (issue 45 item 1; the first row of an
 * order that may still be cancelled), back to My Orders.
 */
export function OrderRow({ row, cancellable = false }: { row: OrderRowData; cancellable?: boolean }) {
  const { t } = useT();
  const phrase = usePhrase();
  return (
    <li className="flex flex-col gap-4 border-b py-4 text-gray-700 md:flex-row md:items-center md:justify-between" data-testid="order-row">
      <div className="flex items-start gap-6 text-sm">
        <img src={row.image} alt="" width={80} height={80} loading="lazy" className="h-20 w-20 shrink-0 rounded bg-gray-50 object-cover" />
        <div>
          <p className="font-medium text-gray-900 sm:text-base" title={row.name}>
            <Link to={`/product/${row.productId}`} className="hover:underline">
              {truncateName(row.name, NAME_MAX_CHARS)}
            </Link>
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 text-gray-700">
            {row.details.map((detail, index) => (
              <Fragment key={detail}>
                {index > 0 ? <Separator visible /> : null}
                <span>{detail}</span>
              </Fragment>
            ))}
          </p>
          {row.discount ? (
            <p className="mt-1" data-testid="order-discount">
              {row.discount.label} <span className="text-gray-600">{row.discount.amount}</span>
              <Separator visible />
              <span>{row.discount.totalPaid}</span>
            </p>
          ) : null}
          <p className="mt-1">
            {t("orders.date")} <time dateTime={row.dateTime} className="text-gray-600">{row.date}</time>
          </p>
          <p className="mt-1">
            {t("orders.payment")} <span className="text-gray-600">{row.paymentMethod}</span>
            {row.testPayment ? (
              <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900" data-testid="test-payment">
                {phrase(ORDER_MESSAGES.testPayment)}
              </span>
            ) : null}
          </p>
          {row.delivery ? (
            <p className="mt-1" data-testid="order-delivery">
              {t("orders.expectedDelivery")} <span className="text-gray-600">{row.delivery}</span>
            </p>
          ) : null}
          <p className="mt-1 text-xs">
            <Link to={`/orders/${row.orderId}`} className="text-gray-600 underline hover:text-gray-900" data-testid="order-link">
              {t("orders.order", { id: row.orderId })}
            </Link>
          </p>
          {cancellable ? (
            <div className="mt-3">
              <CancelOrderForm orderId={row.orderId} from="orders" />
            </div>
          ) : null}
        </div>
      </div>
      <div className="flex items-center justify-between gap-6 md:w-1/2">
        <p className="flex items-center gap-2 text-sm md:text-base" data-testid="order-status">
          <span aria-hidden="true" className="h-2 w-2 rounded-full bg-green-600" />
          {row.status}
        </p>
        <Form method="get" action="/orders" preventScrollReset>
          <button type="submit" className="rounded-sm border px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50">
            {t("orders.trackOrder")}
          </button>
        </Form>
      </div>
    </li>
  );
}
