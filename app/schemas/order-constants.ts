/**
 * The checkout's and the orders' sentences and constants (SPEC.md §3, §4, §8; DESIGN.md §9),
 * without zod: safe to import in the browser (DESIGN.md §17). `app/schemas/orders.ts` re-exports
 * them beside its zod schemas, so server code keeps importing from there.
 */

/** Sentences a shopper reads. The SPEC.md §8 ones are word for word. */
export const ORDER_MESSAGES = {
  // SPEC.md §8
  stripeUnavailable: "Stripe payments are currently unavailable",
  razorpayUnavailable: "Razorpay payments are currently unavailable",
  invalidMethod: "Please select a valid payment method",
  gatewayInitFailed: "Failed to initialize payment gateway",
  gatewayNotInitialized: "Payment gateway not initialized. Please try again.",
  paymentFailed: "Payment failed. Please try again.",
  verificationFailed: "Payment verification failed. Please contact support.",
  paymentSuccessVerifying: "Payment successful! Verifying...",
  verified: "Payment verified successfully!",
  // Ours (docs/decisions/0233)
  orderPlaced: "Order placed successfully!",
  cartEmpty: "Your cart is empty.",
  itemsRequired: "Please send the items of your order.",
  itemsNotInCart: "Some items of this order are not in your cart. Please review your cart and try again.",
  cartChanged: "Your cart has changed since you opened checkout. Please review it and place the order again.",
  orderNotFound: "We couldn't find that order.",
  orderIdInvalid: "Please send a valid order id.",
  alreadyPaid: "This order has already been paid.",
  notOnlinePayment: "This order is not paid online.",
  paymentPending: "We have not received the payment for this order yet.",
  gatewayTimeout: "The payment gateway did not answer in time. Please try again.",
  gatewayUnavailable: "The payment gateway is unavailable right now. Please try again in a moment.",
  idempotencyKeyInvalid: "The Idempotency-Key must be 8 to 100 letters, digits, '-', '_' or ':'.",
  // Issue 8 items 2, 3, 5 (docs/decisions/0310)
  otherInstrumentPaid: "This order has already been paid another way. Please check My Orders.",
  returnUrlForeign: "returnUrl must be on this store's own address (PUBLIC_URL).",
  tooManyUnpaidOrders:
    "You have started too many unpaid orders in the last hour. Please complete one of them or try again later.",
  testPayment: "Test payment",
  // Issue 21 item 2 (docs/decisions/0670)
  tooManyCodOrders: "You can place up to 10 cash-on-delivery orders an hour. Please try again later, or pay online.",
  tooManyDestinations:
    "Orders from one account can go to at most 3 different addresses or mobile numbers in an hour. Please try again later.",
} as const;

/** Unpaid online orders a shopper may start per rolling hour; the next answers 429 (issue 8 item 5). */
export const MAX_UNPAID_ONLINE_ORDERS_PER_HOUR = 10;

/**
 * Cash-on-delivery orders a shopper may place per rolling hour (a limit of their own: each sends
 * an email and fills the back office without any payment); the next answers 429 (issue 21 item 2).
 */
export const MAX_COD_ORDERS_PER_HOUR = 10;

/** Different delivery addresses (PIN + street) or mobile numbers among those orders per rolling hour (issue 21 item 2). */
export const MAX_DESTINATIONS_PER_HOUR = 3;

/** Payment methods the checkout knows (SPEC.md §4). Only cashfree (and cod when enabled) can be used. */
export const PAYMENT_METHODS = ["cashfree", "stripe", "razorpay", "cod"] as const;
export type PaymentMethodChoice = (typeof PAYMENT_METHODS)[number];

/** Methods stored on an order (DESIGN.md §6). */
export type OrderPaymentMethod = "cod" | "cashfree" | "stripe";
export type PaymentStatus = "PENDING" | "PAID" | "FAILED";
/** The gateway mode an online order was paid in (issue 8 item 1): `test` moves no real money. */
export type GatewayMode = "test" | "live";
