import { sizeKeyName, sizeLabel } from "~/lib/cart-lines";
import { formatDeliveryWindow } from "~/lib/delivery-dates";
import { formatPaise } from "~/lib/money";
import type { Order } from "~/schemas/orders";

/** One row of My Orders: one item of one order (SPEC.md §4). Money in paise; `date` already formatted. */
export type OrderRowData = {
  key: string;
  orderId: string;
  productId: string;
  name: string;
  image: string;
  pricePaise: number;
  quantity: number;
  size: string;
  /** "Colour" when `size` is a colour the shopper chose; null for a product without colours ("Standard"). */
  sizeName: "Colour" | null;
  date: string;
  dateTime: string;
  paymentMethod: string;
  status: string;
  paid: boolean;
  /** Paid in test mode (the simulator or Cashfree's sandbox): no real money moved (issue 8 item 1). */
  testPayment: boolean;
  /** The promised delivery window in words ("between Sat, 28 Nov and Tue, 1 Dec"; issue 13 item 4), while the order is on its way; else null. */
  delivery: string | null;
};

/** Statuses after which a promised window is no longer news. */
const DELIVERY_SETTLED = new Set(["Delivered", "Cancelled"]);

/** How a payment method reads on My Orders and the order page. */
export const PAYMENT_METHOD_LABELS: Record<Order["paymentMethod"], string> = {
  cashfree: "Card / UPI (Cashfree)",
  cod: "Cash on delivery",
  stripe: "Stripe",
};

const dateFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });

/**
 * The orders as rows, one per item, in the orders' order (the server answers newest first).
 * Dates are formatted for India (IST) here, on the server, so the HTML and hydration agree.
 */
export function orderRows(orders: Order[]): OrderRowData[] {
  return orders.flatMap((order) =>
    order.items.map((item, index) => ({
      key: `${order.id}:${index}`,
      orderId: order.id,
      productId: item.productId,
      name: item.name,
      image: item.image,
      pricePaise: item.pricePaise,
      quantity: item.quantity,
      size: sizeLabel(item.size),
      sizeName: sizeKeyName(item.size),
      date: dateFormat.format(order.createdAt),
      dateTime: new Date(order.createdAt).toISOString(),
      paymentMethod: PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod,
      status: order.status,
      paid: order.paymentStatus === "PAID",
      testPayment: order.paymentMode === "test",
      delivery: order.deliveryWindow && !DELIVERY_SETTLED.has(order.status) ? formatDeliveryWindow(order.deliveryWindow) : null,
    })),
  );
}

/**
 * The pieces of a row's detail line, in order, as read: price in rupees, quantity, and the colour
 * ("Colour: Blue") or "Standard" for a product without colours — never "Size" for a colour
 * (issue 9 item 2). OrderRow puts a " · " separator between them.
 */
export function orderRowDetails(row: Pick<OrderRowData, "pricePaise" | "quantity" | "size" | "sizeName">): string[] {
  return [formatPaise(row.pricePaise), `Quantity: ${row.quantity}`, row.sizeName ? `${row.sizeName}: ${row.size}` : row.size];
}
