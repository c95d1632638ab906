import type { Language } from "~/i18n/language";
import { translate } from "~/i18n/messages.server";
import type { OrderWords } from "~/lib/order-rows";

/**
 * The words My Orders and the order page make in lib (lib/order-rows `OrderWords`: statuses,
 * payment methods and states, the detail line, refunds), from the `orders` catalogue in
 * `language` (issue 27; docs/decisions/0900). lib may not import the catalogues, so the page's
 * loader builds them here and passes them in; the English catalogue holds SPEC.md's texts, so an
 * English page reads exactly what it read before.
 */
export function orderWordsIn(language: Language): OrderWords {
  const t = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) => translate(language, key, values);
  return {
    language,
    statuses: {
      "Order Placed": t("orders.statusOrderPlaced"),
      Packing: t("orders.statusPacking"),
      Shipped: t("orders.statusShipped"),
      "Out for delivery": t("orders.statusOutForDelivery"),
      Delivered: t("orders.statusDelivered"),
      Cancelled: t("orders.statusCancelled"),
    },
    paymentMethods: { cashfree: t("orders.methodCashfree"), cod: t("orders.methodCod"), stripe: t("orders.methodStripe") },
    quantity: (count) => t("orders.quantity", { count }),
    colour: t("orders.colour"),
    standard: t("orders.standard"),
    free: t("orders.free"),
    paid: t("orders.paid"),
    payOnDelivery: t("orders.payOnDelivery"),
    notPaid: t("orders.notPaid"),
    failed: t("orders.failed"),
    pending: t("orders.pending"),
    refunded: (amount) => t("orders.refunded", { amount }),
    refundOnItsWay: (amount) => t("orders.refundOnItsWay", { amount }),
    mobile: (phone) => t("orders.mobile", { phone }),
    discount: (code) => (code ? t("orders.discountWithCode", { code }) : t("orders.discountNoCode")),
    totalPaid: (amount) => t("orders.totalPaid", { amount }),
  };
}
