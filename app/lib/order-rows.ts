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
  /** The detail line's pieces in the page's language (`orderRowDetails` with the loader's words). */
  details: string[];
  /**
   * Issue 47: on an order's first row when it used a discount code, its line and what was paid
   * ("Discount (DIWALI10)", "−₹1,000", "Total paid ₹9,000"); absent otherwise.
   */
  discount?: { label: string; amount: string; totalPaid: string };
};

/**
 * The words My Orders and the order page make here in lib (issue 27; docs/decisions/0900): the
 * status texts, payment methods and the detail line's words, in one language. English by default
 * (ENGLISH_ORDER_WORDS, SPEC.md's texts); a page's loader passes the `orders` catalogue's words in
 * its language (utils/order-words.server.ts), since lib may not import app/i18n. `language`
 * picks how dates and delivery windows are written.
 */
export type OrderWords = {
  language: "en" | "hi";
  /** A status text (SPEC.md §4, stored in English) as the shopper reads it; unknown ones stay as stored. */
  statuses: Readonly<Record<string, string>>;
  paymentMethods: Readonly<Record<Order["paymentMethod"], string>>;
  /** "Quantity: 2". */
  quantity: (count: number) => string;
  /** "Colour" (before ": Blue") and the one style of a watch without colours ("Standard"). */
  colour: string;
  standard: string;
  /** The order page's words: a free delivery, the payment's state, a refund on the timeline, the address's mobile line. */
  free: string;
  paid: string;
  payOnDelivery: string;
  notPaid: string;
  failed: string;
  pending: string;
  refunded: (amount: string) => string;
  refundOnItsWay: (amount: string) => string;
  mobile: (phone: string) => string;
  /** Issue 47: the discount code's line ("Discount (DIWALI10)"; no code: "Discount") and "Total paid ₹9,000". */
  discount: (code: string | null) => string;
  totalPaid: (amount: string) => string;
};

/** The English words: the texts My Orders and the order page had before issue 27. */
export const ENGLISH_ORDER_WORDS: OrderWords = {
  language: "en",
  statuses: {},
  paymentMethods: { cashfree: "Card / UPI (Cashfree)", cod: "Cash on delivery", stripe: "Stripe" },
  quantity: (count) => `Quantity: ${count}`,
  colour: "Colour",
  standard: "Standard",
  free: "Free",
  paid: "Paid",
  payOnDelivery: "Pay on delivery",
  notPaid: "Not paid",
  failed: "Failed",
  pending: "Pending",
  refunded: (amount) => `Refunded ${amount}`,
  refundOnItsWay: (amount) => `Refund of ${amount} on its way`,
  mobile: (phone) => `Mobile ${phone}`,
  discount: (code) => (code ? `Discount (${code})` : "Discount"),
  totalPaid: (amount) => `Total paid ${amount}`,
};

/** A status text in the words' language (as stored when the words have none: English, or unknown). */
export function statusIn(words: OrderWords, status: string): string {
  return words.statuses[status] ?? status;
}

const DATE_FORMATS = {
  en: new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" }),
  hi: new Intl.DateTimeFormat("hi-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" }),
};

/** A day in IST as the shopper reads it: "27 Nov 2026" in English, "27 नव॰ 2026" in Hindi (CLDR's hi-IN short month). */
export function formatOrderDate(ms: number, language: "en" | "hi" = "en"): string {
  return DATE_FORMATS[language].format(ms);
}

/** Statuses after which a promised window is no longer news. */
const DELIVERY_SETTLED = new Set(["Delivered", "Cancelled"]);

/** How a payment method reads on My Orders and the order page (in English; other languages: OrderWords). */
export const PAYMENT_METHOD_LABELS: Record<Order["paymentMethod"], string> = ENGLISH_ORDER_WORDS.paymentMethods;

/**
 * The orders as rows, one per item, in the orders' order (the server answers newest first), in
 * `words`' language (English by default). Dates are formatted for India (IST) here, on the
 * server, so the HTML and hydration agree.
 */
export function orderRows(orders: Order[], words: OrderWords = ENGLISH_ORDER_WORDS): OrderRowData[] {
  return orders.flatMap((order) =>
    order.items.map((item, index) => {
      const discount = index === 0 ? orderDiscountLine(order, words) : null;
      return {
        key: `${order.id}:${index}`,
        orderId: order.id,
        productId: item.productId,
        name: item.name,
        image: item.image,
        pricePaise: item.pricePaise,
        quantity: item.quantity,
        size: sizeLabel(item.size),
        sizeName: sizeKeyName(item.size),
        date: formatOrderDate(order.createdAt, words.language),
        dateTime: new Date(order.createdAt).toISOString(),
        paymentMethod: words.paymentMethods[order.paymentMethod] ?? order.paymentMethod,
        status: statusIn(words, order.status),
        paid: order.paymentStatus === "PAID",
        testPayment: order.paymentMode === "test",
        delivery: order.deliveryWindow && !DELIVERY_SETTLED.has(order.status) ? formatDeliveryWindow(order.deliveryWindow, words.language) : null,
        details: orderRowDetails({ pricePaise: item.pricePaise, quantity: item.quantity, size: sizeLabel(item.size), sizeName: sizeKeyName(item.size) }, words),
        ...(discount ? { discount } : {}),
      };
    }),
  );
}

/**
 * An order's discount line in `words`' language (issue 47): the code's label ("Discount
 * (DIWALI10)"), the amount as "−₹1,000" (a minus sign) and "Total paid ₹9,000" (`amountPaise`,
 * already after it); null for an order without a discount.
 */
export function orderDiscountLine(order: Pick<Order, "discountCode" | "discountPaise" | "amountPaise">, words: OrderWords = ENGLISH_ORDER_WORDS): { label: string; amount: string; totalPaid: string } | null {
  const paise = order.discountPaise ?? 0;
  if (paise <= 0) return null;
  return { label: words.discount(order.discountCode ?? null), amount: `−${formatPaise(paise)}`, totalPaid: words.totalPaid(formatPaise(order.amountPaise)) };
}

/**
 * The pieces of a row's detail line, in order, as read: price in rupees, quantity, and the colour
 * ("Colour: Blue") or "Standard" for a product without colours — never "Size" for a colour
 * (issue 9 item 2); in `words`' language. OrderRow puts a " · " separator between them.
 */
export function orderRowDetails(row: Pick<OrderRowData, "pricePaise" | "quantity" | "size" | "sizeName">, words: OrderWords = ENGLISH_ORDER_WORDS): string[] {
  return [formatPaise(row.pricePaise), words.quantity(row.quantity), row.sizeName ? `${words.colour}: ${row.size}` : words.standard];
}
