import { addressLines } from "~/lib/address-text";
import { sizeKeyName, sizeLabel } from "~/lib/cart-lines";
import { formatDeliveryWindow } from "~/lib/delivery-dates";
import { formatPaise } from "~/lib/money";
import { ENGLISH_ORDER_WORDS, formatOrderDate, orderDiscountLine, orderRowDetails, statusIn, type OrderWords } from "~/lib/order-rows";
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
  /** `discount`: the code's line ("Discount (DIWALI10)", "−₹1,000"; issue 47), absent without one; `total` is what was paid. */
  totals: { subtotal: string; delivery: string; discount?: { label: string; amount: string }; total: string };
  address: string[];
  payment: { method: string; status: string; testPayment: boolean };
  /** The promised window in words while the order is on its way; else null. */
  delivery: string | null;
  /** Status steps then refunds, oldest first; `current` marks the order's status (aria-current="step"). */
  timeline: { key: string; label: string; date: PageDate | null; reached: boolean; current: boolean }[];
  shipment: { courier: string; awbNumber: string; trackingUrl: string | null } | null;
};

/** "Paid", "Pay on delivery" (cash on delivery not collected yet), "Not paid" (a cancelled COD order), "Failed" or "Pending", in `words`' language. */
function paymentStatusText(detail: OrderDetail, words: OrderWords): string {
  const { order } = detail;
  if (order.paymentStatus === "PAID") return words.paid;
  if (order.paymentMethod === "cod") return order.status === "Cancelled" ? words.notPaid : words.payOnDelivery;
  return order.paymentStatus === "FAILED" ? words.failed : words.pending;
}

/**
 * The order detail (services/order-page.server.ts) → the page's words, in `words`' language
 * (English by default; a Hindi page's loader passes the `orders` catalogue's, issue 27): statuses,
 * timeline steps, payment, dates (IST) and the delivery window.
 */
export function orderPageView(detail: OrderDetail, words: OrderWords = ENGLISH_ORDER_WORDS): OrderPageView {
  const { order } = detail;
  const pageDate = (ms: number): PageDate => ({ text: formatOrderDate(ms, words.language), dateTime: new Date(ms).toISOString() });
  const subtotalPaise = order.items.reduce((sum, item) => sum + item.pricePaise * item.quantity, 0);
  // Issue 47: the amount is after the code's discount, so delivery is what it has beyond the items' net.
  const deliveryPaise = Math.max(0, order.amountPaise - (subtotalPaise - (order.discountPaise ?? 0)));
  const discount = orderDiscountLine(order, words);
  return {
    id: order.id,
    placedOn: pageDate(order.createdAt),
    status: statusIn(words, order.status),
    items: order.items.map((item, index) => ({
      key: `${index}:${item.productId}:${item.size}`,
      productId: item.productId,
      name: item.name,
      image: item.image,
      details: orderRowDetails({ pricePaise: item.pricePaise, quantity: item.quantity, size: sizeLabel(item.size), sizeName: sizeKeyName(item.size) }, words),
    })),
    totals: {
      subtotal: formatPaise(subtotalPaise),
      delivery: deliveryPaise === 0 ? words.free : formatPaise(deliveryPaise),
      ...(discount ? { discount: { label: discount.label, amount: discount.amount } } : {}),
      total: formatPaise(order.amountPaise),
    },
    // addressLines' last line is "Mobile {phone}": in the page's language.
    address: [...addressLines(order.address).slice(0, -1), words.mobile(order.address.phone)],
    payment: { method: words.paymentMethods[order.paymentMethod] ?? order.paymentMethod, status: paymentStatusText(detail, words), testPayment: order.paymentMode === "test" },
    delivery:
      order.deliveryWindow && !(FINAL_STATUSES as readonly string[]).includes(order.status) ? formatDeliveryWindow(order.deliveryWindow, words.language) : null,
    timeline: [
      ...detail.timeline.map((step) => ({
        key: step.status,
        label: statusIn(words, step.status),
        date: step.at === null ? null : pageDate(step.at),
        reached: step.reached,
        current: step.status === order.status,
      })),
      ...detail.refunds.map((refund, index) => ({
        key: `refund-${index}`,
        label: refund.state === "refunded" ? words.refunded(formatPaise(refund.amountPaise)) : words.refundOnItsWay(formatPaise(refund.amountPaise)),
        date: pageDate(refund.at),
        reached: true,
        current: false,
      })),
    ],
    shipment: detail.shipment,
  };
}
