import he from "he";
import { addressLines } from "~/lib/address-text";
import { sizeKeyName, sizeLabel } from "~/lib/cart-lines";
import { formatDeliveryWindow } from "~/lib/delivery-dates";
import { formatPaise } from "~/lib/money";
import type { Shipment } from "~/schemas/admin-orders";
import type { Order, OrderLanguage } from "~/schemas/orders";
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
  "return_update",
  "order_cancelled",
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

/**
 * A return request's step (issue 45; services/returns.server.ts, returns-admin.server.ts): one
 * email kind `return_update` for every step, `step` saying which (lib/returns RETURN_STATUSES:
 * `requested` from the shopper, the later ones from the back office). The lines as the shopper
 * asked them; `details` the step's own facts in the order's language (a reject reason, a courier
 * and AWB, an amount), one paragraph each. Money in paise.
 */
export type ReturnEmailFacts = {
  id: string;
  step: string;
  resolution: string;
  lines: { name: string; colour: string; quantity: number; exchangeColour: string | null }[];
  details?: string[];
};

/** The review kinds: they say nothing about delivery or payment, so they leave the order's details out. */
const REVIEW_KINDS: ReadonlySet<OrderEmailKind> = new Set(["review_invite", "review_published", "review_rejected"]);

/** What one email says: its kind, the order, and the facts of its kind. */
export type OrderEmailFacts =
  | { kind: "order_placed" | "payment_received"; order: Order }
  /** `returnLine`: the after-sale policy's sentence in the order's language (issue 45; services/order-emails.server.ts makes it from the settings). */
  | { kind: "delivered"; order: Order; returnLine?: string }
  /** The shopper's cancel (issue 45 item 1): `refundPaise` the refund started (0: nothing was paid, cash on delivery). */
  | { kind: "order_cancelled"; order: Order; refundPaise: number }
  | { kind: "shipped" | "out_for_delivery"; order: Order; shipment: Shipment | null }
  | { kind: "refund_recorded"; order: Order; refund: RefundFacts }
  | { kind: "report_answered"; order: Order; report: ReportFacts }
  | { kind: "review_invite"; order: Order }
  | { kind: "review_published" | "review_rejected"; order: Order; review: ReviewFacts }
  | { kind: "return_update"; order: Order; ret: ReturnEmailFacts };

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
  if (facts.kind === "return_update") return `${facts.order.id}:${facts.kind}:${facts.ret.id}:${facts.ret.step}`;
  return `${facts.order.id}:${facts.kind}`;
}

type Block = { heading?: string; paragraphs?: string[]; link?: { text: string; href: string } };

/**
 * Everything an order email says, in one language (issue 27; docs/decisions/0900): a word table
 * keyed by the order's language, here in lib (which may not import app/i18n's catalogues). The
 * English entries are the words the emails had before issue 27, unchanged; the Hindi ones are
 * written as large Indian marketplaces write their order emails ("ऑर्डर", "डिलीवरी", "रिफ़ंड").
 * Amounts come in already written (`formatPaise`: ₹ with Indian grouping in both languages).
 */
type EmailWords = {
  /** `<html lang>`. */
  htmlLang: string;
  /** The greeting: "Hello Asha," / "Hello,". */
  hello: (name: string) => string;
  testNote: string;
  placed: { subject: (store: string, id: string) => string; heading: string; body: (id: string, total: string) => string };
  paid: { subject: (store: string, id: string) => string; heading: string; cash: (id: string, total: string) => string; online: (id: string, total: string) => string };
  shipped: { subject: (store: string, id: string) => string; heading: string; body: (id: string) => string };
  outForDelivery: { subject: (store: string, id: string) => string; heading: string; body: (id: string) => string };
  shipment: { heading: string; courier: (name: string) => string; awb: (number: string) => string; track: (courier: string) => string };
  delivered: { subject: (store: string, id: string) => string; heading: string; body: (id: string) => string };
  /** The shopper's cancel before it ships (issue 45 item 1). */
  cancelled: { subject: (store: string, id: string) => string; heading: string; body: (id: string) => string; refund: (amount: string) => string; nothing: string };
  refund: {
    subject: (store: string, id: string, amount: string) => string;
    heading: string;
    body: (id: string, amount: string) => string;
    cash: string;
    online: string;
    blockHeading: string;
    amount: (amount: string) => string;
    reference: (reference: string) => string;
  };
  report: { subject: (store: string, id: string) => string; heading: string; body: (id: string) => string; blockHeading: string };
  invite: { subject: (store: string, id: string) => string; heading: string; body: (id: string, guidelines: string) => string; one: string; many: string };
  published: { subject: (product: string) => string; heading: string; body: (product: string, url: string) => string };
  rejected: {
    subject: (product: string) => string;
    heading: string;
    body: (product: string, guidelines: string) => string;
    blockHeading: string;
    reason: string;
    again: (product: string, url: string) => string;
  };
  /**
   * A return request's emails (issue 45): each step's subject, heading and first line by
   * `ReturnEmailFacts.step` (a step without its own words reads as `other`), and the block of the
   * lines asked for.
   */
  returns: {
    steps: Record<string, { subject: (store: string, id: string) => string; heading: string; body: (id: string) => string }>;
    other: { subject: (store: string, id: string) => string; heading: string; body: (id: string) => string };
    blockHeading: string;
    refund: string;
    exchange: string;
    line: (name: string, colour: string, quantity: number) => string;
    exchangeFor: (colour: string) => string;
  };
  /** The order's block: its heading, the table's caption and labels, the lines around it. */
  order: (id: string) => string;
  caption: (id: string) => string;
  item: string;
  quantity: string;
  amount: string;
  delivery: string;
  free: string;
  /** Issue 47: the discount code's line ("Discount (DIWALI10)"), its amount shown "−₹1,000". */
  discount: (code: string | null) => string;
  total: string;
  payment: string;
  /** An item's price for one: "₹1,000 each". */
  each: (amount: string) => string;
  expected: (window: string) => string;
  address: string;
  mobile: (phone: string) => string;
  viewYourOrder: string;
  viewOrder: (id: string) => string;
  /** The name of an item's colour ("Colour: Blue"), and the word for the one style of a watch without colours. */
  colour: string;
  standard: string;
  payments: Record<string, string>;
  /** The support line with the owner's customer-care contacts (those not left empty). */
  support: (care: { email: string; phone: string }) => string;
};

const EMAIL_WORDS: Record<OrderLanguage, EmailWords> = {
  en: {
    htmlLang: "en-IN",
    hello: (name) => (name ? `Hello ${name},` : "Hello,"),
    testNote: "This order was paid in test mode: no money was taken.",
    placed: {
      subject: (store, id) => `Your ${store} order ${id} is placed`,
      heading: "Thank you for your order",
      body: (id, total) => `We have your order ${id}. You pay ${total} in cash when it is delivered.`,
    },
    paid: {
      subject: (store, id) => `Payment received for your ${store} order ${id}`,
      heading: "Payment received",
      cash: (id, total) => `We have received your cash payment of ${total} for order ${id}. Thank you.`,
      online: (id, total) => `We have received your payment of ${total} for order ${id}. Your order is placed and we are getting it ready.`,
    },
    shipped: { subject: (store, id) => `Your ${store} order ${id} has shipped`, heading: "Your order is on its way", body: (id) => `Order ${id} has left our warehouse.` },
    outForDelivery: {
      subject: (store, id) => `Your ${store} order ${id} is out for delivery`,
      heading: "Your order is out for delivery",
      body: (id) => `Order ${id} is out for delivery today.`,
    },
    shipment: {
      heading: "Shipment",
      courier: (name) => `Courier: ${name}`,
      awb: (number) => `AWB (tracking) number: ${number}`,
      track: (courier) => `Track it on ${courier}'s site`,
    },
    delivered: {
      subject: (store, id) => `Your ${store} order ${id} has been delivered`,
      heading: "Your order has been delivered",
      body: (id) => `Order ${id} has been delivered. We hope you enjoy your watch.`,
    },
    cancelled: {
      subject: (store, id) => `Your ${store} order ${id} has been cancelled`,
      heading: "Your order has been cancelled",
      body: (id) => `You cancelled order ${id} before it was shipped. Nothing is charged for it, and its watches go back on sale.`,
      refund: (amount) => `The refund of ${amount} has started, to the card, UPI or account you paid with; it is credited within 3-4 business days, and your bank may take a little longer to show it.`,
      nothing: "It was to be paid in cash on delivery, so there is nothing to refund.",
    },
    refund: {
      subject: (store, id, amount) => `Refund of ${amount} for your ${store} order ${id}`,
      heading: "Refund recorded",
      body: (id, amount) => `We have refunded ${amount} for order ${id}.`,
      cash: "The money is sent by bank transfer or UPI, as agreed with you.",
      online: "The money goes back to the card, UPI or account you paid with; banks usually take 5 to 7 working days to show it.",
      blockHeading: "Refund",
      amount: (amount) => `Amount: ${amount}`,
      reference: (reference) => `Reference: ${reference}`,
    },
    report: {
      subject: (store, id) => `We have answered your report on ${store} order ${id}`,
      heading: "We have answered your report",
      body: (id) => `Here is our answer to the problem you reported with order ${id}.`,
      blockHeading: "Our answer",
    },
    invite: {
      subject: (store, id) => `How is your watch? Review your ${store} order ${id}`,
      heading: "Tell other shoppers what you think",
      body: (id, guidelines) =>
        `Your order ${id} was delivered a few days ago. If you have a minute, a review helps other shoppers choose. It is shown with your first name and initial, after our team has checked it against our review guidelines (${guidelines}).`,
      one: "Review your watch",
      many: "Review your watches",
    },
    published: {
      subject: (product) => `Your review of ${product} is published`,
      heading: "Your review is published",
      body: (product, url) =>
        `Thank you for reviewing ${product}. Your review is now on the watch's page, marked "Verified purchase". You can withdraw it there at any time: ${url}`,
    },
    rejected: {
      subject: (product) => `Your review of ${product} was not published`,
      heading: "Your review was not published",
      body: (product, guidelines) =>
        `Thank you for reviewing ${product}. We could not publish your review because it does not follow our review guidelines (${guidelines}).`,
      blockHeading: "Reason",
      reason: "It does not follow our review guidelines.",
      again: (product, url) => `You can write a new review of ${product} that keeps to the guidelines: ${url}`,
    },
    returns: {
      steps: {
        requested: {
          subject: (store, id) => `We have your return request for ${store} order ${id}`,
          heading: "Return request received",
          body: (id) => `We have your return request for order ${id}. We will answer within 48 hours and arrange a pickup if it is approved.`,
        },
        // The back office's steps (services/returns-admin.server.ts; the refund's email is "refund recorded").
        approved: {
          subject: (store, id) => `Your return for ${store} order ${id} is approved`,
          heading: "Return approved",
          body: (id) => `We have approved your return request for order ${id}. We will schedule a pickup and email you the courier and AWB number.`,
        },
        rejected: {
          subject: (store, id) => `Your return for ${store} order ${id} was not approved`,
          heading: "Return not approved",
          body: (id) => `We could not approve your return request for order ${id}.`,
        },
        pickup_scheduled: {
          subject: (store, id) => `Pickup scheduled for your return of ${store} order ${id}`,
          heading: "Pickup scheduled",
          body: (id) => `A courier will pick up your return of order ${id}. Please keep the watch packed with its box, papers and tags.`,
        },
        received: {
          subject: (store, id) => `We have received your return of ${store} order ${id}`,
          heading: "Return received",
          body: (id) => `Your return of order ${id} has reached us and has been inspected.`,
        },
        exchanged: {
          subject: (store, id) => `Your exchange for ${store} order ${id} has shipped`,
          heading: "Your exchange is on its way",
          body: (id) => `We have shipped the watch you asked for in exchange, for order ${id}.`,
        },
      },
      other: {
        subject: (store, id) => `An update on your return for ${store} order ${id}`,
        heading: "An update on your return",
        body: (id) => `There is news about your return request for order ${id}.`,
      },
      blockHeading: "Your return",
      refund: "You asked for a refund.",
      exchange: "You asked for an exchange.",
      line: (name, colour, quantity) => `${name} (${colour}) × ${quantity}`,
      exchangeFor: (colour) => `in exchange for ${colour}`,
    },
    order: (id) => `Order ${id}`,
    caption: (id) => `Items in order ${id}`,
    item: "Item",
    quantity: "Quantity",
    amount: "Amount",
    delivery: "Delivery",
    free: "Free",
    discount: (code) => (code ? `Discount (${code})` : "Discount"),
    total: "Total",
    payment: "Payment",
    each: (amount) => `${amount} each`,
    expected: (window) => `Expected delivery ${window}`,
    address: "Delivery address",
    mobile: (phone) => `Mobile ${phone}`,
    viewYourOrder: "View your order",
    viewOrder: (id) => `View order ${id}`,
    colour: "Colour",
    standard: "Standard",
    payments: { cod: "Cash on delivery", cashfree: "Paid online (Cashfree)", stripe: "Paid online (Stripe)" },
    support: (care) => {
      const words = careContactWords(care);
      return `Questions? Reply to this email${words ? `, ${words}` : ""}.`;
    },
  },
  hi: {
    htmlLang: "hi",
    hello: (name) => (name ? `नमस्ते ${name},` : "नमस्ते,"),
    testNote: "इस ऑर्डर का भुगतान टेस्ट मोड में हुआ: कोई पैसा नहीं कटा।",
    placed: {
      subject: (store, id) => `आपका ${store} ऑर्डर ${id} प्लेस हो गया है`,
      heading: "आपके ऑर्डर के लिए धन्यवाद",
      body: (id, total) => `हमें आपका ऑर्डर ${id} मिल गया है। डिलीवरी के समय आप ${total} नकद चुकाएँगे।`,
    },
    paid: {
      subject: (store, id) => `आपके ${store} ऑर्डर ${id} का भुगतान मिल गया है`,
      heading: "भुगतान मिल गया",
      cash: (id, total) => `ऑर्डर ${id} के लिए आपका ${total} का नकद भुगतान हमें मिल गया है। धन्यवाद।`,
      online: (id, total) => `ऑर्डर ${id} के लिए आपका ${total} का भुगतान हमें मिल गया है। आपका ऑर्डर प्लेस हो गया है और हम उसे तैयार कर रहे हैं।`,
    },
    shipped: {
      subject: (store, id) => `आपका ${store} ऑर्डर ${id} भेज दिया गया है`,
      heading: "आपका ऑर्डर रास्ते में है",
      body: (id) => `ऑर्डर ${id} हमारे वेयरहाउस से निकल चुका है।`,
    },
    outForDelivery: {
      subject: (store, id) => `आपका ${store} ऑर्डर ${id} डिलीवरी के लिए निकल चुका है`,
      heading: "आपका ऑर्डर डिलीवरी के लिए निकल चुका है",
      body: (id) => `ऑर्डर ${id} आज डिलीवरी के लिए निकल चुका है।`,
    },
    shipment: {
      heading: "शिपमेंट",
      courier: (name) => `कूरियर: ${name}`,
      awb: (number) => `AWB (ट्रैकिंग) नंबर: ${number}`,
      track: (courier) => `${courier} की साइट पर ट्रैक करें`,
    },
    delivered: {
      subject: (store, id) => `आपका ${store} ऑर्डर ${id} डिलीवर हो गया है`,
      heading: "आपका ऑर्डर डिलीवर हो गया है",
      body: (id) => `ऑर्डर ${id} डिलीवर हो गया है। उम्मीद है, आपको अपनी घड़ी पसंद आएगी।`,
    },
    cancelled: {
      subject: (store, id) => `आपका ${store} ऑर्डर ${id} रद्द हो गया है`,
      heading: "आपका ऑर्डर रद्द हो गया है",
      body: (id) => `आपने ऑर्डर ${id} भेजे जाने से पहले रद्द कर दिया। इसका कोई पैसा नहीं लिया जाएगा, और इसकी घड़ियाँ फिर से बिक्री पर हैं।`,
      refund: (amount) => `${amount} का रिफ़ंड शुरू हो गया है, उसी कार्ड, UPI या खाते में जिससे आपने भुगतान किया था; यह 3-4 कामकाजी दिनों में जमा होता है, और आपके बैंक को दिखाने में थोड़ा ज़्यादा समय लग सकता है।`,
      nothing: "इसका भुगतान डिलीवरी पर नकद होना था, इसलिए लौटाने को कुछ नहीं है।",
    },
    refund: {
      subject: (store, id, amount) => `आपके ${store} ऑर्डर ${id} के लिए ${amount} का रिफ़ंड`,
      heading: "रिफ़ंड दर्ज हो गया",
      body: (id, amount) => `हमने ऑर्डर ${id} के लिए ${amount} रिफ़ंड कर दिए हैं।`,
      cash: "पैसे आपसे तय हुए तरीके से, बैंक ट्रांसफ़र या UPI से भेजे जाते हैं।",
      online: "पैसे उसी कार्ड, UPI या खाते में वापस जाते हैं जिससे आपने भुगतान किया था; बैंक आम तौर पर इन्हें दिखाने में 5 से 7 कामकाजी दिन लेते हैं।",
      blockHeading: "रिफ़ंड",
      amount: (amount) => `राशि: ${amount}`,
      reference: (reference) => `रेफ़रेंस: ${reference}`,
    },
    report: {
      subject: (store, id) => `${store} ऑर्डर ${id} पर आपकी रिपोर्ट का हमने जवाब दिया है`,
      heading: "हमने आपकी रिपोर्ट का जवाब दिया है",
      body: (id) => `ऑर्डर ${id} में आपने जो समस्या बताई थी, उस पर हमारा जवाब यह है।`,
      blockHeading: "हमारा जवाब",
    },
    invite: {
      subject: (store, id) => `आपकी घड़ी कैसी है? अपने ${store} ऑर्डर ${id} का रिव्यू लिखें`,
      heading: "दूसरे खरीदारों को बताएँ कि आपको घड़ी कैसी लगी",
      body: (id, guidelines) =>
        `आपका ऑर्डर ${id} कुछ दिन पहले डिलीवर हुआ था। अगर आपके पास एक मिनट हो, तो आपका रिव्यू दूसरे खरीदारों को चुनने में मदद करेगा। हमारी टीम इसे हमारी रिव्यू गाइडलाइंस (${guidelines}) के हिसाब से जाँचती है, फिर यह आपके पहले नाम और उपनाम के पहले अक्षर के साथ दिखाया जाता है।`,
      one: "अपनी घड़ी का रिव्यू लिखें",
      many: "अपनी घड़ियों का रिव्यू लिखें",
    },
    published: {
      subject: (product) => `${product} का आपका रिव्यू प्रकाशित हो गया है`,
      heading: "आपका रिव्यू प्रकाशित हो गया है",
      body: (product, url) =>
        `${product} का रिव्यू लिखने के लिए धन्यवाद। आपका रिव्यू अब घड़ी के पेज पर "Verified purchase" (सत्यापित खरीदारी) के निशान के साथ दिख रहा है। आप इसे वहाँ कभी भी वापस ले सकते हैं: ${url}`,
    },
    rejected: {
      subject: (product) => `${product} का आपका रिव्यू प्रकाशित नहीं हुआ`,
      heading: "आपका रिव्यू प्रकाशित नहीं हुआ",
      body: (product, guidelines) =>
        `${product} का रिव्यू लिखने के लिए धन्यवाद। हम आपका रिव्यू प्रकाशित नहीं कर सके, क्योंकि यह हमारी रिव्यू गाइडलाइंस (${guidelines}) के मुताबिक नहीं है।`,
      blockHeading: "वजह",
      reason: "यह हमारी रिव्यू गाइडलाइंस के मुताबिक नहीं है।",
      again: (product, url) => `आप ${product} का नया रिव्यू लिख सकते हैं, जो गाइडलाइंस के मुताबिक हो: ${url}`,
    },
    returns: {
      steps: {
        requested: {
          subject: (store, id) => `${store} ऑर्डर ${id} के लिए आपका रिटर्न अनुरोध हमें मिल गया है`,
          heading: "रिटर्न अनुरोध मिल गया",
          body: (id) => `ऑर्डर ${id} के लिए आपका रिटर्न अनुरोध हमें मिल गया है। हम 48 घंटों के अंदर जवाब देंगे और मंज़ूरी मिलने पर पिकअप की व्यवस्था करेंगे।`,
        },
        approved: {
          subject: (store, id) => `${store} ऑर्डर ${id} का आपका रिटर्न मंज़ूर हो गया है`,
          heading: "रिटर्न मंज़ूर",
          body: (id) => `ऑर्डर ${id} के लिए आपका रिटर्न अनुरोध हमने मंज़ूर कर दिया है। हम पिकअप तय करके आपको कूरियर और AWB नंबर ईमेल करेंगे।`,
        },
        rejected: {
          subject: (store, id) => `${store} ऑर्डर ${id} का आपका रिटर्न मंज़ूर नहीं हुआ`,
          heading: "रिटर्न मंज़ूर नहीं हुआ",
          body: (id) => `ऑर्डर ${id} के लिए आपका रिटर्न अनुरोध हम मंज़ूर नहीं कर सके।`,
        },
        pickup_scheduled: {
          subject: (store, id) => `${store} ऑर्डर ${id} के आपके रिटर्न का पिकअप तय हो गया है`,
          heading: "पिकअप तय हो गया",
          body: (id) => `एक कूरियर ऑर्डर ${id} का आपका रिटर्न लेने आएगा। कृपया घड़ी को उसके डिब्बे, कागज़ात और टैग के साथ पैक रखें।`,
        },
        received: {
          subject: (store, id) => `${store} ऑर्डर ${id} का आपका रिटर्न हमें मिल गया है`,
          heading: "रिटर्न मिल गया",
          body: (id) => `ऑर्डर ${id} का आपका रिटर्न हम तक पहुँच गया है और उसकी जाँच हो गई है।`,
        },
        exchanged: {
          subject: (store, id) => `${store} ऑर्डर ${id} का आपका एक्सचेंज भेज दिया गया है`,
          heading: "आपका एक्सचेंज रास्ते में है",
          body: (id) => `ऑर्डर ${id} के लिए आपने बदले में जो घड़ी माँगी थी, वह हमने भेज दी है।`,
        },
      },
      other: {
        subject: (store, id) => `${store} ऑर्डर ${id} के रिटर्न की नई जानकारी`,
        heading: "आपके रिटर्न की नई जानकारी",
        body: (id) => `ऑर्डर ${id} के आपके रिटर्न अनुरोध पर नई जानकारी है।`,
      },
      blockHeading: "आपका रिटर्न",
      refund: "आपने रिफ़ंड माँगा है।",
      exchange: "आपने एक्सचेंज माँगा है।",
      line: (name, colour, quantity) => `${name} (${colour}) × ${quantity}`,
      exchangeFor: (colour) => `बदले में ${colour}`,
    },
    order: (id) => `ऑर्डर ${id}`,
    caption: (id) => `ऑर्डर ${id} के आइटम`,
    item: "आइटम",
    quantity: "मात्रा",
    amount: "राशि",
    delivery: "डिलीवरी",
    free: "मुफ़्त",
    discount: (code) => (code ? `छूट (${code})` : "छूट"),
    total: "कुल",
    payment: "भुगतान",
    each: (amount) => `एक का ${amount}`,
    expected: (window) => `अनुमानित डिलीवरी: ${window}`,
    address: "डिलीवरी का पता",
    mobile: (phone) => `मोबाइल ${phone}`,
    viewYourOrder: "अपना ऑर्डर देखें",
    viewOrder: (id) => `ऑर्डर ${id} देखें`,
    colour: "रंग",
    standard: "स्टैंडर्ड",
    payments: { cod: "कैश ऑन डिलीवरी", cashfree: "ऑनलाइन भुगतान (Cashfree)", stripe: "ऑनलाइन भुगतान (Stripe)" },
    support: (care) => {
      const ways = [care.email ? `${care.email} पर लिखें` : "", care.phone ? `${care.phone} पर कॉल करें` : ""].filter(Boolean);
      return `कोई सवाल? इस ईमेल का जवाब दें${ways.length ? `, या ${ways.join(" या ")}` : ""}।`;
    },
  },
};

/** The words of the order's language (absent: English, orders from before issue 27). */
function wordsOf(order: Order): EmailWords {
  return EMAIL_WORDS[order.language ?? "en"];
}

/** Heading, subject and the kind's own lines; `outro`: lines after the block (the review emails only). */
function kindContent(facts: OrderEmailFacts, storeName: string, recipientName?: string, storeUrl = ""): { subject: string; heading: string; intro: string[]; extra: Block | null; outro?: string[] } {
  const { order } = facts;
  const w = wordsOf(order);
  // A Hindi order's links go to the Hindi pages (/hi/product/…/review, /hi/review-guidelines).
  const page = (path: string) => `${storeUrl}${order.language === "hi" ? `/hi${path}` : path}`;
  const name = (recipientName ?? order.address.firstName).trim();
  const hello = w.hello(name);
  const total = formatPaise(order.amountPaise);
  const testNote = order.paymentMode === "test" ? [w.testNote] : [];
  switch (facts.kind) {
    case "order_placed":
      return { subject: w.placed.subject(storeName, order.id), heading: w.placed.heading, intro: [hello, w.placed.body(order.id, total)], extra: null };
    case "payment_received":
      return {
        subject: w.paid.subject(storeName, order.id),
        heading: w.paid.heading,
        intro: [hello, order.paymentMethod === "cod" ? w.paid.cash(order.id, total) : w.paid.online(order.id, total), ...testNote],
        extra: null,
      };
    case "shipped":
    case "out_for_delivery": {
      const kind = facts.kind === "shipped" ? w.shipped : w.outForDelivery;
      return {
        subject: kind.subject(storeName, order.id),
        heading: kind.heading,
        intro: [hello, kind.body(order.id)],
        extra: facts.shipment
          ? {
              heading: w.shipment.heading,
              paragraphs: [w.shipment.courier(facts.shipment.courier), w.shipment.awb(facts.shipment.awbNumber)],
              ...(facts.shipment.trackingUrl ? { link: { text: w.shipment.track(facts.shipment.courier), href: facts.shipment.trackingUrl } } : {}),
            }
          : null,
      };
    }
    case "delivered":
      return { subject: w.delivered.subject(storeName, order.id), heading: w.delivered.heading, intro: [hello, w.delivered.body(order.id), ...(facts.returnLine ? [facts.returnLine] : [])], extra: null };
    case "order_cancelled":
      return {
        subject: w.cancelled.subject(storeName, order.id),
        heading: w.cancelled.heading,
        intro: [hello, w.cancelled.body(order.id), facts.refundPaise > 0 ? w.cancelled.refund(formatPaise(facts.refundPaise)) : w.cancelled.nothing, ...testNote],
        extra: null,
      };
    case "refund_recorded": {
      const amount = formatPaise(facts.refund.amountPaise);
      return {
        subject: w.refund.subject(storeName, order.id, amount),
        heading: w.refund.heading,
        intro: [hello, w.refund.body(order.id, amount), order.paymentMethod === "cod" ? w.refund.cash : w.refund.online],
        extra: { heading: w.refund.blockHeading, paragraphs: [w.refund.amount(amount), ...(facts.refund.reference ? [w.refund.reference(facts.refund.reference)] : [])] },
      };
    }
    case "report_answered":
      return {
        subject: w.report.subject(storeName, order.id),
        heading: w.report.heading,
        intro: [hello, w.report.body(order.id)],
        extra: { heading: w.report.blockHeading, paragraphs: facts.report.answer.split(/\r?\n\s*\r?\n/).map((paragraph) => paragraph.trim()).filter(Boolean) },
      };
    case "review_invite": {
      const watches = [...new Map(order.items.map((item) => [item.productId, item.name])).entries()];
      return {
        subject: w.invite.subject(storeName, order.id),
        heading: w.invite.heading,
        intro: [hello, w.invite.body(order.id, page(REVIEW_GUIDELINES_PATH))],
        extra: { heading: watches.length === 1 ? w.invite.one : w.invite.many, paragraphs: watches.map(([id, name]) => `${name}: ${page(reviewPath(id))}`) },
      };
    }
    case "review_published":
      return {
        subject: w.published.subject(facts.review.productName),
        heading: w.published.heading,
        intro: [hello, w.published.body(facts.review.productName, page(reviewPath(facts.review.productId)))],
        extra: null,
      };
    case "review_rejected":
      return {
        subject: w.rejected.subject(facts.review.productName),
        heading: w.rejected.heading,
        intro: [hello, w.rejected.body(facts.review.productName, page(REVIEW_GUIDELINES_PATH))],
        // The reason's words are the back office's (lib/reviews REJECT_REASONS, in English).
        extra: { heading: w.rejected.blockHeading, paragraphs: [facts.review.reason ?? w.rejected.reason] },
        // Issue 23 item 2: a rejected review does not use up the shopper's review of the watch.
        outro: [w.rejected.again(facts.review.productName, page(reviewPath(facts.review.productId)))],
      };
    case "return_update": {
      const step = w.returns.steps[facts.ret.step] ?? w.returns.other;
      const colourOf = (key: string) => (sizeKeyName(key) !== null ? sizeLabel(key) : w.standard);
      return {
        subject: step.subject(storeName, order.id),
        heading: step.heading,
        intro: [hello, step.body(order.id)],
        extra: {
          heading: w.returns.blockHeading,
          paragraphs: [
            facts.ret.resolution === "exchange" ? w.returns.exchange : w.returns.refund,
            ...facts.ret.lines.map(
              (line) => `${w.returns.line(line.name, colourOf(line.colour), line.quantity)}${line.exchangeColour ? `, ${w.returns.exchangeFor(line.exchangeColour)}` : ""}`,
            ),
            ...(facts.ret.details ?? []),
          ],
        },
      };
    }
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
 * The email of one order event, in the order's language (`order.language`: English, or Hindi
 * for an order placed on a /hi page; issue 27): subject, an accessible HTML document (lang en-IN
 * or hi, one h1, the
 * items as a table with headers and a total row, the delivery address, the promised window while
 * it is ahead, the shipment or refund, a link to the order) and a text part with the same content.
 * Item prices and the total in rupees (the order's paise formatted with `formatPaise`).
 */
export function renderOrderEmail(facts: OrderEmailFacts, context: OrderEmailContext): RenderedEmail {
  const { order } = facts;
  const content = kindContent(facts, context.storeName, context.recipientName, context.storeUrl);
  if (REVIEW_KINDS.has(facts.kind)) return renderShortEmail(content, context, wordsOf(order));
  const w = wordsOf(order);
  const items = order.items.map((item) => {
    // "Colour: Gold", or the one style's word (cart-lines' English words, in the email's language).
    const coloured = sizeKeyName(item.size) !== null;
    return {
      name: item.name,
      detail: coloured ? `${w.colour}: ${sizeLabel(item.size)}` : w.standard,
      quantity: item.quantity,
      amount: formatPaise(item.pricePaise * item.quantity),
      each: formatPaise(item.pricePaise),
    };
  });
  const total = formatPaise(order.amountPaise);
  // Issue 47: the discount code's line between the items and the total ("Discount (DIWALI10): −₹1,000").
  const discount = (order.discountPaise ?? 0) > 0 ? { label: w.discount(order.discountCode ?? null), amount: `−${formatPaise(order.discountPaise ?? 0)}` } : null;
  const window = order.deliveryWindow && showsWindow(facts.kind) ? w.expected(formatDeliveryWindow(order.deliveryWindow, order.language ?? "en")) : null;
  // addressLines' last line is "Mobile {phone}": in the email's language.
  const address = [...addressLines(order.address).slice(0, -1), w.mobile(order.address.phone)];
  const payment = w.payments[order.paymentMethod] ?? order.paymentMethod;
  const support = w.support({ email: context.supportEmail, phone: context.supportPhone });

  const text: string[] = [content.heading, "", ...content.intro.flatMap((line) => [line, ""])];
  if (content.extra) {
    if (content.extra.heading) text.push(content.extra.heading, "");
    for (const paragraph of content.extra.paragraphs ?? []) text.push(paragraph);
    if (content.extra.link) text.push(`${content.extra.link.text}: ${content.extra.link.href}`);
    text.push("");
  }
  text.push(w.order(order.id), "");
  for (const item of items) text.push(`- ${item.name} (${item.detail}) × ${item.quantity}: ${item.amount} (${w.each(item.each)})`);
  text.push(`${w.delivery}: ${w.free}`, ...(discount ? [`${discount.label}: ${discount.amount}`] : []), `${w.total}: ${total}`, `${w.payment}: ${payment}`, "");
  if (window) text.push(window, "");
  text.push(`${w.address}:`, ...address, "");
  text.push(`${w.viewYourOrder}: ${context.orderUrl}`, "", support, "", context.storeName, "");

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
        `<tr><td style="padding:4px 8px 4px 0">${e(item.name)}<br><small>${e(item.detail)} · ${e(w.each(item.each))}</small></td>` +
        `<td style="padding:4px 8px;text-align:right">${item.quantity}</td><td style="padding:4px 0 4px 8px;text-align:right">${e(item.amount)}</td></tr>`,
    )
    .join("\n");
  const html = `<!DOCTYPE html>
<html lang="${w.htmlLang}">
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
<h2>${e(w.order(order.id))}</h2>
<table style="border-collapse:collapse;width:100%">
<caption style="text-align:left;padding-bottom:4px">${e(w.caption(order.id))}</caption>
<thead><tr><th scope="col" style="text-align:left;padding:4px 8px 4px 0">${e(w.item)}</th><th scope="col" style="text-align:right;padding:4px 8px">${e(w.quantity)}</th><th scope="col" style="text-align:right;padding:4px 0 4px 8px">${e(w.amount)}</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
<tr><th scope="row" colspan="2" style="text-align:left;padding:4px 8px 4px 0;font-weight:normal">${e(w.delivery)}</th><td style="text-align:right;padding:4px 0 4px 8px">${e(w.free)}</td></tr>
${discount ? `<tr><th scope="row" colspan="2" style="text-align:left;padding:4px 8px 4px 0;font-weight:normal">${e(discount.label)}</th><td style="text-align:right;padding:4px 0 4px 8px">${e(discount.amount)}</td></tr>\n` : ""}<tr><th scope="row" colspan="2" style="text-align:left;padding:4px 8px 4px 0">${e(w.total)}</th><td style="text-align:right;padding:4px 0 4px 8px"><strong>${e(total)}</strong></td></tr>
</tfoot>
</table>
<p>${e(w.payment)}: ${e(payment)}</p>
${window ? `<p><strong>${e(window)}</strong></p>` : ""}
<h2>${e(w.address)}</h2>
<p>${address.map(e).join("<br>")}</p>
<p><a href="${e(context.orderUrl)}">${e(w.viewOrder(order.id))}</a></p>
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
function renderShortEmail(content: ReturnType<typeof kindContent>, context: OrderEmailContext, w: EmailWords): RenderedEmail {
  const support = w.support({ email: context.supportEmail, phone: context.supportPhone });
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
<html lang="${w.htmlLang}">
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
