import type { CataloguePage, HomeSections } from "~/lib/catalogue";
import type { DeliveryAnswer } from "~/lib/delivery";
import type { ReportSectionView } from "~/lib/problem-reports";
import type { ReturnSectionView } from "~/lib/return-requests";
import type { OrderDeliveryCheck } from "~/services/delivery.server";
import type { CartData } from "~/schemas/api";
import type { CollectionParams } from "~/schemas/collection-params";
import type { OrderDetail } from "~/schemas/order-detail";
import type { CheckoutMode, Order, OrderBodyInput } from "~/schemas/orders";
import type { Product } from "~/schemas/product";
import type { OwnStore } from "~/backend/own/index.server";

/** Failures of every Backend call (defined below the services: issue 8 item 4). */
export { BackendError } from "~/lib/errors";

/**
 * The storefront's only way to its backend: the calls of SPEC.md §7 (DESIGN.md §3).
 * Money in paise, times in ms since epoch. Methods throw BackendError for failures the
 * shopper should hear about; anything else is a bug.
 */
export interface Backend {
  /**
   * What this store can do beyond SPEC.md §7's calls, declared here and nowhere else
   * (docs/decisions/0680-one-door.md): a route asks "does this store have a back office /
   * invoices / problem reports …?" of this, never of the environment.
   */
  readonly capabilities: StoreCapabilities;

  /**
   * The store's own features (back office, invoices, problem reports, address book, delivery
   * rules, webhooks, the payment simulator) on this process's database; null when the store's data
   * lives on another server (the http adapter), whose Store API does not offer them.
   */
  readonly own: OwnStore | null;

  /**
   * `GET /api/product/listproduct`: every product in catalogue order. For moving a catalogue and
   * for the Store API; the storefront's pages ask the calls below, never for the whole list.
   */
  listProducts(): Promise<Product[]>;

  /**
   * The catalogue's version tag (an HTTP ETag, quoted): it changes whenever the catalogue does
   * (issue 10 item 3). Local: `catalogue_state.version`; http: the remote listproduct's ETag.
   */
  catalogueTag(): Promise<string>;

  /**
   * The whole catalogue in catalogue order, a batch at a time, for answers too large to build at
   * once (`listproduct` streams it; issue 10 item 3).
   */
  productBatches(): AsyncIterable<Product[]>;

  /**
   * How many products the catalogue holds and when it last changed (ms since epoch): the
   * sitemap's size and `lastmod` (issue 11 item 4).
   */
  catalogueInfo(): Promise<{ count: number; changedAt: number }>;

  /** Up to `limit` product ids from `offset` (0-based), in catalogue order: one sitemap file. */
  productIds(offset: number, limit: number): Promise<string[]>;

  /**
   * One page of /collection (DESIGN.md §3, §5; SPEC.md §5, §9): the products of the clamped page,
   * the total, the disjunctive facet counts of every Category and Brand option, and the lowest
   * and highest price of the whole catalogue (paise; null when it is empty: the price filter's
   * inputs, docs/decisions/0970). `params` prices are whole rupees; `page` past the end clamps
   * to the last page. The local adapter answers with indexed SQL, the http adapter in memory over
   * `listproduct`; both give identical answers (tests/unit/catalogue-paths.test.ts).
   */
  queryCatalogue(params: CollectionParams): Promise<CataloguePage>;

  /** One product by id, or null when there is none (SPEC.md §2 product page). */
  getProduct(id: string): Promise<Product | null>;

  /** The products of these ids that exist, by id, in catalogue order (cart lines, checkout); unknown ids are left out. */
  getProducts(ids: readonly string[]): Promise<Map<string, Product>>;

  /**
   * Up to `count` products related to `product` (SPEC.md §2 "You might also like"): same brand
   * first, then same category, then the rest, in catalogue order, one listing per model, never
   * the product's own model (`modelKey`, docs/decisions/0425).
   */
  relatedProducts(product: Product, count: number): Promise<Product[]>;

  /** The home page's rows (SPEC.md §2): the first 10 products and the first 10 bestsellers. */
  homeSections(): Promise<HomeSections>;

  /**
   * `POST /api/user/register` `{name, email, password}` → a fresh session token.
   * BackendError 400 (missing/bad field), 409 (email already registered), 429 (rate limited).
   */
  register(input: { name: string; email: string; password: string }): Promise<{ token: string }>;

  /**
   * `POST /api/user/login` `{email, password}` → a fresh session token.
   * BackendError 400 (missing/bad field), 401 (unknown email or wrong password, one message), 429.
   */
  login(input: { email: string; password: string }): Promise<{ token: string }>;

  /**
   * Revokes the token on the server (DESIGN.md §7). Not a SPEC.md §7 call: the http adapter uses
   * the added `POST /api/user/logout`. Unknown or revoked tokens are a no-op.
   */
  logout(token: string): Promise<void>;

  /**
   * `POST /api/cart/get` → the token's shopper's cart, product id → size key → quantity.
   * BackendError 401 when the token is missing, unknown, revoked or expired.
   */
  getCart(token: string): Promise<CartData>;

  /**
   * `POST /api/cart/add` `{itemId, size}`: one more of that line. BackendError 400 ('Please select
   * a size', 'Please select a colour.'), 401, 404 (unknown product), 409 (line at its cap).
   */
  addToCart(token: string, itemId: string, size: string): Promise<void>;

  /**
   * `POST /api/cart/update` `{itemId, size, quantity}`: sets the line; quantity 0 removes it.
   * BackendError 400 (quantity not a whole number 0..99, bad key), 401, 404 (unknown product).
   */
  updateCart(token: string, itemId: string, size: string, quantity: number): Promise<void>;

  /**
   * `POST /api/order/place` `{address, items, amount}`: a cash-on-delivery order for the cart
   * (SPEC.md §7). The server prices it; `amount` and item prices are ignored. The same
   * `idempotencyKey` (sent as the `Idempotency-Key` header) never makes a second order.
   * BackendError 400 (bad address, empty cart, items not in the cart, cash on delivery off:
   * 'Please select a valid payment method'), 401, 409 (the cart changed).
   */
  placeOrder(token: string, body: OrderBodyInput, options?: OrderCallOptions): Promise<{ orderId: string; message: string }>;

  /**
   * How the backend takes money (issue 8 item 4; not a SPEC.md §7 call: the http adapter uses the
   * added `GET /api/order/checkoutMode`): `{gateway: "cashfree", environment: "test" | "live",
   * checkout: "modal" | "hosted", simulator, sdkMode: "sandbox" | "production"}`. The checkout page
   * shows "Test mode" and chooses Cashfree's modal or the hosted payment page from this answer,
   * never from its own settings. BackendError 503 when the backend has no payment gateway.
   */
  checkoutMode(): Promise<CheckoutMode>;

  /**
   * `POST /api/order/cashfree` `{address, items, amount}` → our order (PENDING) and a Cashfree
   * payment session for the modal (SPEC.md §3 "Payment order response"). The cart is kept until
   * the payment is verified. An order has one open payment instrument: asking for the other kind
   * (session ↔ link) cancels the first at Cashfree. BackendError as placeOrder, plus 400 (returnUrl
   * not on the backend's PUBLIC_URL origin), 409 (already paid, also by the other instrument), 429
   * (10 unpaid online orders this hour), 502 (Cashfree refused or is down), 504 (Cashfree timed
   * out: the order stays PENDING).
   */
  createCashfreeOrder(
    token: string,
    body: OrderBodyInput,
    options: OrderPaymentOptions,
  ): Promise<{ orderId: string; paymentSessionId: string }>;

  /**
   * `POST /api/order/cashfreeLink` (not a SPEC.md §7 call, DESIGN.md §4): as createCashfreeOrder,
   * but a Cashfree payment link, whose hosted page is the checkout without JavaScript.
   */
  createCashfreePaymentLink(
    token: string,
    body: OrderBodyInput,
    options: OrderPaymentOptions,
  ): Promise<{ orderId: string; linkUrl: string }>;

  /**
   * `POST /api/order/verifyCashfree` `{orderId}`: asks Cashfree and, when paid, marks the order
   * PAID and clears its cart lines. Resolves only for a paid order. BackendError 402 (the payment
   * failed or was abandoned), 409 (not settled yet), 404 (unknown or another shopper's order),
   * 401, 400, 502/504 (Cashfree unreachable).
   */
  verifyCashfree(token: string, orderId: string): Promise<void>;

  /**
   * `POST /api/order/verifyStripe` `{success, orderId}`: never trusts `success`; resolves only
   * for this shopper's order that is already paid. BackendError 402, 404, 401, 400.
   */
  verifyStripe(token: string, input: { success?: string | boolean | null; orderId: string }): Promise<void>;

  /**
   * `POST /api/order/userorders` `{}` → My Orders, newest first: paid and cash-on-delivery
   * orders (DESIGN.md §9). BackendError 401.
   */
  userOrders(token: string): Promise<Order[]>;

  /**
   * `POST /api/order/detail` `{orderId}` (not a SPEC.md §7 call, DESIGN.md §4, §20; issue 14
   * item 1): one of the shopper's orders for its page, with the status timeline, refunds and, once
   * shipped, the shipment (money in paise, times in ms). Only orders My Orders lists. BackendError
   * 404 for an unknown id and for another shopper's order alike, 401.
   */
  userOrder(token: string, orderId: string): Promise<OrderDetail>;

  /**
   * The shopper's order page in one trip (issue 22 item 1; DESIGN.md §20): `userOrder`'s detail
   * with the GST invoice's number once issued and the "Report a problem" section; null for each a
   * store does not offer (`capabilities.invoices`, `capabilities.problemReports`). BackendError 401,
   * and 404 as `userOrder`.
   */
  orderPage(token: string, orderId: string): Promise<OrderPageData>;

  /**
   * "Check delivery" (issue 13 item 3): a PIN code as typed (hostile) → the answer for an order of
   * `amountPaise` placed at `now` (ms), under the store's delivery rules and cash-on-delivery switch.
   * A store without rules of its own (`capabilities.deliveryRules` false) answers with the default
   * rules; its backend checks its own again when the order is placed.
   */
  checkDelivery(pin: unknown, options: { amountPaise: number; now?: number }): Promise<DeliveryAnswer>;

  /** PLACE ORDER's delivery check before any payment (issue 13 item 4): the window, or the problems by field. Rules as `checkDelivery`. */
  checkOrderDelivery(address: { zipcode: string; state: string }, options: { amountPaise: number; paymentMethod: string; now?: number }): Promise<OrderDeliveryCheck>;
}

/** What the shopper's order page shows (Backend.orderPage). */
export type OrderPageData = {
  detail: OrderDetail;
  invoiceNumber: string | null;
  report: ReportSectionView | null;
  /** The "Returns and exchanges" section (issue 45 item 2); absent or null where the store has none (a remote Store API). */
  returns?: ReturnSectionView | null;
};

/** Options of the order calls. */
export type OrderCallOptions = {
  /** One key per checkout form (or API request): the same key never makes a second order. */
  idempotencyKey?: string;
};

/** Options of the calls that start an online payment. */
export type OrderPaymentOptions = OrderCallOptions & {
  /** This store's absolute base URL, `publicUrl()` (PUBLIC_URL, never a request header); no trailing slash. */
  storeUrl: string;
  /**
   * Where the shopper returns after paying, `{order_id}` standing for the order id; default
   * `${storeUrl}/verify?orderId={order_id}`. The backend refuses (400) one that is not on its own
   * PUBLIC_URL origin (issue 8 item 3): a storefront and its backend share one public origin.
   */
  returnUrl?: string;
};

/**
 * The features a store offers beyond SPEC.md §7 (docs/decisions/0680-one-door.md). The local
 * adapter has them all; a remote Store API server (the http adapter) has none of them yet.
 */
export type StoreCapabilities = {
  /** /admin: orders, products, staff, delivery rules, settings, reports (issue 12). */
  backOffice: boolean;
  /** GST tax invoices on the order page and in the shipped email (issue 14 item 2). */
  invoices: boolean;
  /** Problem reports on a delivered order, with unboxing videos (issue 14 item 3). */
  problemReports: boolean;
  /** Saved delivery addresses on /profile and at checkout (issue 13 item 5). */
  addressBook: boolean;
  /** The owner's delivery rules: PIN checks on product, cart and checkout pages (issue 13). */
  deliveryRules: boolean;
  /** Cashfree's webhooks and the payment simulator answered by this store (DESIGN.md §9). */
  payments: boolean;
  /**
   * Verified reviews written, moderated and listed here (issue 23 item 2). Without it the product
   * page still shows the published figures a remote store answers on the Product.
   */
  reviews: boolean;
  /** The shopper's wishlist kept here (issue 24 item 2): without it no page offers one. */
  wishlist: boolean;
  /**
   * "Forgot your password?" by emailed link, the profile's Change password and Sign out
   * everywhere (issue 24 item 1; docs/decisions/0700); SPEC.md §7's Store API has no such calls.
   */
  passwordReset: boolean;
  /** The newsletter kept here: sign-up with double opt-in, one-click unsubscribe, sends from /admin/newsletter (issue 24 item 3). */
  newsletter: boolean;
  /**
   * Grievances filed at /grievance, acknowledged by email with a ticket and answered from
   * /admin/grievances (issue 25 item 3; docs/decisions/0750). Without it /grievance gives the
   * store's email for complaints.
   */
  grievances: boolean;
  /**
   * The shopper's personal data on /profile — download, view, correct, withdraw marketing consent,
   * delete the account — and the back office's /admin/personal-data (issue 25 item 4;
   * docs/decisions/0770). Without it /profile offers none of these and the privacy notice's email applies.
   */
  personalData: boolean;
  /**
   * The shopper's chosen language kept on the account (issue 27; docs/decisions/0900): the header's
   * switch and a Hindi sign-up store it, a login brings it back as the `language` cookie. Without it
   * the cookie alone remembers the choice.
   */
  accountLanguage: boolean;
};

/** Every capability on (the local adapter) or off (the http adapter). */
export function capabilitiesAll(on: boolean): StoreCapabilities {
  return { backOffice: on, invoices: on, problemReports: on, addressBook: on, deliveryRules: on, payments: on, reviews: on, wishlist: on, passwordReset: on, newsletter: on, grievances: on, personalData: on, accountLanguage: on };
}
