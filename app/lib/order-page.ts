import { addressLines } from "~/lib/address-text";
import { sizeKeyName, sizeLabel } from "~/lib/cart-lines";
import { formatDeliveryWindow } from "~/lib/delivery-dates";
import { formatPaise } from "~/lib/money";
import { orderRowDetails, PAYMENT_METHOD_LABELS } from "~/lib/order-rows";
import { FINAL_STATUSES } from "~/lib/order-status";
import type { OrderDetail } from "~/schemas/order-detail";

/**
 * The shopper's order page in words (issue 14 item 1; DESIGN.md §20): built by the page's loader
 * on the server, so dates are formatted once in IST and the browser gets strings only. Pure.
 */

/** A date a shopper reads ("27 Nov 2026") and its machine form for `<time dateTime>`. */
export type PageDate = { text: string; dateTime: string };

/** What /orders/:orderId shows. Money already formatted; dates in IST. */
export type OrderPageView = {
  id: string;
  placedOn: PageDate;
  status: string;
  items: { key: string; productId: string; name: string; image: string; details: string[] }[];
  totals: { subtotal: string; delivery: string; total: string };
  address: string[];
  payment: { method: string; status: string; testPayment: boolean };
  /** The promised window in words while the order is on its way; else null. */
  delivery: string | null;
  /** Status steps then refunds, oldest first; `current` marks the order's status (aria-current="step"). */
  timeline: { key: string; label: string; date: PageDate | null; reached: boolean; current: boolean }[];
  shipment: { courier: string; awbNumber: string; trackingUrl: string | null } | null;
};

const dateFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });

function pageDate(ms: number): PageDate {
  return { text: dateFormat.format(ms), dateTime: new Date(ms).toISOString() };
}

/** "Paid", "Pay on delivery" (cash on delivery not collected yet), "Not paid" (a cancelled COD order) or the stored status. */
function paymentStatusText(detail: OrderDetail): string {
  const { order } = detail;
  if (order.paymentStatus === "PAID") return "Paid";
  if (order.paymentMethod === "cod") return order.status === "Cancelled" ? "Not paid" : "Pay on delivery";
  return order.paymentStatus === "FAILED" ? "Failed" : "Pending";
}

/** The order detail (services/order-page.server.ts) → the page's words. */
export function orderPageView(detail: OrderDetail): OrderPageView {
  const { order } = detail;
  const subtotalPaise = order.items.reduce((sum, item) => sum + item.pricePaise * item.quantity, 0);
  const deliveryPaise = Math.max(0, order.amountPaise - subtotalPaise);
  return {
    id: order.id,
    placedOn: pageDate(order.createdAt),
    status: order.status,
    items: order.items.map((item, index) => ({
      key: `${index}:${item.productId}:${item.size}`,
      productId: item.productId,
      name: item.name,
      image: item.image,
      details: orderRowDetails({ pricePaise: item.pricePaise, quantity: item.quantity, size: sizeLabel(item.size), sizeName: sizeKeyName(item.size) }),
    })),
    totals: { subtotal: formatPaise(subtotalPaise), delivery: deliveryPaise === 0 ? "Free" : formatPaise(deliveryPaise), total: formatPaise(order.amountPaise) },
    address: addressLines(order.address),
    payment: { method: PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod, status: paymentStatusText(detail), testPayment: order.paymentMode === "test" },
    delivery: order.deliveryWindow && !(FINAL_STATUSES as readonly string[]).includes(order.status) ? formatDeliveryWindow(order.deliveryWindow) : null,
    timeline: [
      ...detail.timeline.map((step) => ({
        key: step.status,
        label: step.status,
        date: step.at === null ? null : pageDate(step.at),
        reached: step.reached,
        current: step.status === order.status,
      })),
      ...detail.refunds.map((refund, index) => ({
        key: `refund-${index}`,
        label: refund.state === "refunded" ? `Refunded ${formatPaise(refund.amountPaise)}` : `Refund of ${formatPaise(refund.amountPaise)} on its way`,
        date: pageDate(refund.at),
        reached: true,
        current: false,
      })),
    ],
    shipment: detail.shipment,
  };
}
