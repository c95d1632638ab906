import he from "he";
import { addressLines } from "~/lib/address-text";
import { sizeKeyName, sizeLabel } from "~/lib/cart-lines";
import { formatDeliveryWindow } from "~/lib/delivery-dates";
import { formatPaise } from "~/lib/money";
import type { Shipment } from "~/schemas/admin-orders";
import type { Order } from "~/schemas/orders";
import { REVIEW_GUIDELINES_PATH, reviewPath } from "~/lib/reviews";
import { careContactWords } from "~/lib/store-settings";

/**
 * The order emails' words (issue 14 item 4; DESIGN.md §20; docs/decisions/0640): pure, so tests
 * and the outbox share them. Every value is escaped for HTML with `he`; the text part carries the
 * same content. Money is paise in, rupees out.
 */

/** What an order email reports. `report_answered` is sent by problem reports (DESIGN.md §20). */
export const ORDER_EMAIL_KINDS = [
  "order_placed",
  "payment_received",
  "shipped",
  "out_for_delivery",
  "delivered",
  "refund_recorded",
  "report_answered",
  "review_invite",
  "review_published",
  "review_rejected",
] as const;
export type OrderEmailKind = (typeof ORDER_EMAIL_KINDS)[number];

/** The order status whose move sends an email, and that email's kind (setOrderStatus). */
export const STATUS_EMAIL_KINDS: Readonly<Record<string, "shipped" | "out_for_delivery" | "delivered">> = {
  Shipped: "shipped",
  "Out for delivery": "out_for_delivery",
  Delivered: "delivered",
};

/** A refund as the shopper reads it. Money in paise. */
export type RefundFacts = { id: string; amountPaise: number; reference: string | null };

/** A problem report's answer, from the back office (DESIGN.md §20). */
export type ReportFacts = { id: string; answer: string };

/**
 * A review's fate, from the back office (issue 23 item 2): the watch it is about and, when
 * rejected, the reason's words (lib/reviews REJECT_REASONS).
 */
export type ReviewFacts = { id: string; productId: string; productName: string; reason?: string };

/** The review kinds: they say nothing about delivery or payment, so they leave the order's details out. */
const REVIEW_KINDS: ReadonlySet<OrderEmailKind> = new Set(["review_invite", "review_published", "review_rejected"]);

/** What one email says: its kind, the order, and the facts of its kind. */
export type OrderEmailFacts =
  | { kind: "order_placed" | "payment_received" | "delivered"; order: Order }
  | { kind: "shipped" | "out_for_delivery"; order: Order; shipment: Shipment | null }
  | { kind: "refund_recorded"; order: Order; refund: RefundFacts }
  | { kind: "report_answered"; order: Order; report: ReportFacts }
  | { kind: "review_invite"; order: Order }
  | { kind: "review_published" | "review_rejected"; order: Order; review: ReviewFacts };

/**
 * The store around the email: its name, the order page's absolute URL, how to reach support, and
 * the name of the account the email goes to (greeted; the delivery address's first name when
 * absent). Issue 21 item 2: order emails go to the account, not the delivery address.
 */
export type OrderEmailContext = {
  storeName: string;
  orderUrl: string;
  supportEmail: string;
  supportPhone: string;
  recipientName?: string;
  /** The store's public origin (PUBLIC_URL), for links to product pages (the review emails). */
  storeUrl?: string;
};

export type RenderedEmail = { subject: string; html: string; text: string };

/**
 * The outbox's unique key of an email: "{orderId}:{kind}", plus the refund or report id for the
 * kinds an order can have several of. Two writes of one fact (a replayed webhook, a double submit,
 * a status move replayed) get one key, so one email.
 */
export function orderEmailDedupeKey(facts: OrderEmailFacts): string {
  if (facts.kind === "refund_recorded") return `${facts.order.id}:${facts.kind}:${facts.refund.id}`;
  if (facts.kind === "report_answered") return `${facts.order.id}:${facts.kind}:${facts.report.id}`;
  if (facts.kind === "review_published" || facts.kind === "review_rejected") return `${facts.order.id}:${facts.kind}:${facts.review.id}`;
  return `${facts.order.id}:${facts.kind}`;
}

const PAYMENT_WORDS: Record<string, string> = { cod: "Cash on delivery", cashfree: "Paid online (Cashfree)", stripe: "Paid online (Stripe)" };

type Block = { heading?: string; paragraphs?: string[]; link?: { text: string; href: string } };

/** Heading, subject and the kind's own lines; `outro`: lines after the block (the review emails only). */
function kindContent(facts: OrderEmailFacts, storeName: string, recipientName?: string, storeUrl = ""): { subject: string; heading: string; intro: string[]; extra: Block | null; outro?: string[] } {
  const { order } = facts;
  const name = (recipientName ?? order.address.firstName).trim();
  const hello = name ? `Hello ${name},` : "Hello,";
  const total = formatPaise(order.amountPaise);
  const testNote = order.paymentMode === "test" ? ["This order was paid in test mode: no money was taken."] : [];
  switch (facts.kind) {
    case "order_placed":
      return {
        subject: `Your ${storeName} order ${order.id} is placed`,
        heading: "Thank you for your order",
        intro: [hello, `We have your order ${order.id}. You pay ${total} in cash when it is delivered.`],
        extra: null,
      };
    case "payment_received":
      return {
        subject: `Payment received for your ${storeName} order ${order.id}`,
        heading: "Payment received",
        intro: [
          hello,
          order.paymentMethod === "cod"
            ? `We have received your cash payment of ${total} for order ${order.id}. Thank you.`
            : `We have received your payment of ${total} for order ${order.id}. Your order is placed and we are getting it ready.`,
          ...testNote,
        ],
        extra: null,
      };
    case "shipped":
    case "out_for_delivery":
      return {
        subject: facts.kind === "shipped" ? `Your ${storeName} order ${order.id} has shipped` : `Your ${storeName} order ${order.id} is out for delivery`,
        heading: facts.kind === "shipped" ? "Your order is on its way" : "Your order is out for delivery",
        intro: [hello, facts.kind === "shipped" ? `Order ${order.id} has left our warehouse.` : `Order ${order.id} is out for delivery today.`],
        extra: facts.shipment
          ? {
              heading: "Shipment",
              paragraphs: [`Courier: ${facts.shipment.courier}`, `AWB (tracking) number: ${facts.shipment.awbNumber}`],
              ...(facts.shipment.trackingUrl ? { link: { text: `Track it on ${facts.shipment.courier}'s site`, href: facts.shipment.trackingUrl } } : {}),
            }
          : null,
      };
    case "delivered":
      return {
        subject: `Your ${storeName} order ${order.id} has been delivered`,
        heading: "Your order has been delivered",
        intro: [hello, `Order ${order.id} has been delivered. We hope you enjoy your watch.`],
        extra: null,
      };
    case "refund_recorded":
      return {
        subject: `Refund of ${formatPaise(facts.refund.amountPaise)} for your ${storeName} order ${order.id}`,
        heading: "Refund recorded",
        intro: [
          hello,
          `We have refunded ${formatPaise(facts.refund.amountPaise)} for order ${order.id}.`,
          order.paymentMethod === "cod"
            ? "The money is sent by bank transfer or UPI, as agreed with you."
            : "The money goes back to the card, UPI or account you paid with; banks usually take 5 to 7 working days to show it.",
        ],
        extra: { heading: "Refund", paragraphs: [`Amount: ${formatPaise(facts.refund.amountPaise)}`, ...(facts.refund.reference ? [`Reference: ${facts.refund.reference}`] : [])] },
      };
    case "report_answered":
      return {
        subject: `We have answered your report on ${storeName} order ${order.id}`,
        heading: "We have answered your report",
        intro: [hello, `Here is our answer to the problem you reported with order ${order.id}.`],
        extra: { heading: "Our answer", paragraphs: facts.report.answer.split(/\r?\n\s*\r?\n/).map((paragraph) => paragraph.trim()).filter(Boolean) },
      };
    case "review_invite": {
      const watches = [...new Map(order.items.map((item) => [item.productId, item.name])).entries()];
      return {
        subject: `How is your watch? Review your ${storeName} order ${order.id}`,
        heading: "Tell other shoppers what you think",
        intro: [
          hello,
          `Your order ${order.id} was delivered a few days ago. If you have a minute, a review helps other shoppers choose. It is shown with your first name and initial, after our team has checked it against our review guidelines (${storeUrl}${REVIEW_GUIDELINES_PATH}).`,
        ],
        extra: { heading: watches.length === 1 ? "Review your watch" : "Review your watches", paragraphs: watches.map(([id, name]) => `${name}: ${storeUrl}${reviewPath(id)}`) },
      };
    }
    case "review_published":
      return {
        subject: `Your review of ${facts.review.productName} is published`,
        heading: "Your review is published",
        intro: [
          hello,
          `Thank you for reviewing ${facts.review.productName}. Your review is now on the watch's page, marked "Verified purchase". You can withdraw it there at any time: ${storeUrl}${reviewPath(facts.review.productId)}`,
        ],
        extra: null,
      };
    case "review_rejected":
      return {
        subject: `Your review of ${facts.review.productName} was not published`,
        heading: "Your review was not published",
        intro: [
          hello,
          `Thank you for reviewing ${facts.review.productName}. We could not publish your review because it does not follow our review guidelines (${storeUrl}${REVIEW_GUIDELINES_PATH}).`,
        ],
        extra: { heading: "Reason", paragraphs: [facts.review.reason ?? "It does not follow our review guidelines."] },
        // Issue 23 item 2: a rejected review does not use up the shopper's review of the watch.
        outro: [`You can write a new review of ${facts.review.productName} that keeps to the guidelines: ${storeUrl}${reviewPath(facts.review.productId)}`],
      };
  }
}

/** Whether the promised delivery window still means something to the shopper. */
function showsWindow(kind: OrderEmailKind): boolean {
  return kind === "order_placed" || kind === "payment_received" || kind === "shipped" || kind === "out_for_delivery";
}

const e = (value: string) => he.escape(value);
/** Escaped, with single line breaks kept. */
const multiline = (value: string) => e(value).replace(/\r?\n/g, "<br>");

/**
 * The email of one order event: subject, an accessible HTML document (lang en-IN, one h1, the
 * items as a table with headers and a total row, the delivery address, the promised window while
 * it is ahead, the shipment or refund, a link to the order) and a text part with the same content.
 * Item prices and the total in rupees (the order's paise formatted with `formatPaise`).
 */
export function renderOrderEmail(facts: OrderEmailFacts, context: OrderEmailContext): RenderedEmail {
  const { order } = facts;
  const content = kindContent(facts, context.storeName, context.recipientName, context.storeUrl);
  if (REVIEW_KINDS.has(facts.kind)) return renderShortEmail(content, context);
  const items = order.items.map((item) => {
    const keyName = sizeKeyName(item.size);
    return {
      name: item.name,
      detail: keyName ? `${keyName}: ${sizeLabel(item.size)}` : sizeLabel(item.size),
      quantity: item.quantity,
      amount: formatPaise(item.pricePaise * item.quantity),
      each: formatPaise(item.pricePaise),
    };
  });
  const total = formatPaise(order.amountPaise);
  const window = order.deliveryWindow && showsWindow(facts.kind) ? `Expected delivery ${formatDeliveryWindow(order.deliveryWindow)}` : null;
  const address = addressLines(order.address);
  const payment = PAYMENT_WORDS[order.paymentMethod] ?? order.paymentMethod;
  const support = supportLine(context);

  const text: string[] = [content.heading, "", ...content.intro.flatMap((line) => [line, ""])];
  if (content.extra) {
    if (content.extra.heading) text.push(content.extra.heading, "");
    for (const paragraph of content.extra.paragraphs ?? []) text.push(paragraph);
    if (content.extra.link) text.push(`${content.extra.link.text}: ${content.extra.link.href}`);
    text.push("");
  }
  text.push(`Order ${order.id}`, "");
  for (const item of items) text.push(`- ${item.name} (${item.detail}) × ${item.quantity}: ${item.amount} (${item.each} each)`);
  text.push("Delivery: Free", `Total: ${total}`, `Payment: ${payment}`, "");
  if (window) text.push(window, "");
  text.push("Delivery address:", ...address, "");
  text.push(`View your order: ${context.orderUrl}`, "", support, "", context.storeName, "");

  const paragraphs = (lines: string[]) => lines.map((line) => `<p>${multiline(line)}</p>`).join("\n");
  const extra = content.extra
    ? [
        content.extra.heading ? `<h2>${e(content.extra.heading)}</h2>` : "",
        paragraphs(content.extra.paragraphs ?? []),
        content.extra.link ? `<p><a href="${e(content.extra.link.href)}">${e(content.extra.link.text)}</a></p>` : "",
      ].join("\n")
    : "";
  const rows = items
    .map(
      (item) =>
        `<tr><td style="padding:4px 8px 4px 0">${e(item.name)}<br><small>${e(item.detail)} · ${e(item.each)} each</small></td>` +
        `<td style="padding:4px 8px;text-align:right">${item.quantity}</td><td style="padding:4px 0 4px 8px;text-align:right">${e(item.amount)}</td></tr>`,
    )
    .join("\n");
  const html = `<!DOCTYPE html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(content.subject)}</title>
</head>
<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;background:#ffffff">
<div style="max-width:600px;margin:0 auto">
<p style="font-size:14px;color:#444444">${e(context.storeName)}</p>
<h1 style="font-size:24px;margin:0 0 16px">${e(content.heading)}</h1>
${paragraphs(content.intro)}
${extra}
<h2>Order ${e(order.id)}</h2>
<table style="border-collapse:collapse;width:100%">
<caption style="text-align:left;padding-bottom:4px">Items in order ${e(order.id)}</caption>
<thead><tr><th scope="col" style="text-align:left;padding:4px 8px 4px 0">Item</th><th scope="col" style="text-align:right;padding:4px 8px">Quantity</th><th scope="col" style="text-align:right;padding:4px 0 4px 8px">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
<tr><th scope="row" colspan="2" style="text-align:left;padding:4px 8px 4px 0;font-weight:normal">Delivery</th><td style="text-align:right;padding:4px 0 4px 8px">Free</td></tr>
<tr><th scope="row" colspan="2" style="text-align:left;padding:4px 8px 4px 0">Total</th><td style="text-align:right;padding:4px 0 4px 8px"><strong>${e(total)}</strong></td></tr>
</tfoot>
</table>
<p>Payment: ${e(payment)}</p>
${window ? `<p><strong>${e(window)}</strong></p>` : ""}
<h2>Delivery address</h2>
<p>${address.map(e).join("<br>")}</p>
<p><a href="${e(context.orderUrl)}">View order ${e(order.id)}</a></p>
<p style="font-size:14px;color:#444444">${e(support)}</p>
<p style="font-size:14px;color:#444444">${e(context.storeName)}</p>
</div>
</body>
</html>
`;
  return { subject: content.subject, html, text: text.join("\n") };
}

/**
 * A review email (issue 23 item 2): the heading, the kind's lines and block, and how to reach
 * support — no items, address or payment, which the review does not concern. Escaped like the rest.
 */
function renderShortEmail(content: ReturnType<typeof kindContent>, context: OrderEmailContext): RenderedEmail {
  const support = supportLine(context);
  const text: string[] = [content.heading, "", ...content.intro.flatMap((line) => [line, ""])];
  if (content.extra) {
    if (content.extra.heading) text.push(content.extra.heading, "");
    for (const paragraph of content.extra.paragraphs ?? []) text.push(paragraph);
    text.push("");
  }
  for (const line of content.outro ?? []) text.push(line, "");
  text.push(support, "", context.storeName, "");
  const paragraphs = (lines: string[]) => lines.map((line) => `<p>${linked(line)}</p>`).join("\n");
  const html = `<!DOCTYPE html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(content.subject)}</title>
</head>
<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;background:#ffffff">
<div style="max-width:600px;margin:0 auto">
<p style="font-size:14px;color:#444444">${e(context.storeName)}</p>
<h1 style="font-size:24px;margin:0 0 16px">${e(content.heading)}</h1>
${paragraphs(content.intro)}
${content.extra ? `${content.extra.heading ? `<h2>${e(content.extra.heading)}</h2>\n` : ""}${paragraphs(content.extra.paragraphs ?? [])}` : ""}
${paragraphs(content.outro ?? [])}
<p style="font-size:14px;color:#444444">${e(support)}</p>
<p style="font-size:14px;color:#444444">${e(context.storeName)}</p>
</div>
</body>
</html>
`;
  return { subject: content.subject, html, text: text.join("\n") };
}

/** A line escaped, its http(s) addresses made links (their text the address itself). */
function linked(line: string): string {
  return line
    .split(/(https?:\/\/[^\s()]+)/)
    .map((part, index) => (index % 2 === 1 ? `<a href="${e(part)}">${e(part)}</a>` : multiline(part)))
    .join("");
}

/** "Questions? Reply to this email, write to … or call …." with the owner's customer-care contacts (those not left empty). */
function supportLine(context: OrderEmailContext): string {
  const words = careContactWords({ email: context.supportEmail, phone: context.supportPhone });
  return `Questions? Reply to this email${words ? `, ${words}` : ""}.`;
}
