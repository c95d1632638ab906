/**
 * The payment simulator's shapes (DESIGN.md §9, docs/decisions/0231): its options and public
 * interface, and the entities it keeps in memory. Money in integer paise, times in ms since epoch.
 */

export type SimulatorOptions = {
  clientId: string;
  /** Checked against `x-client-secret`; also the key webhooks are signed with (as Cashfree does). */
  clientSecret: string;
  /**
   * Absolute URL under which hosted pages are served, e.g. http://127.0.0.1:4000/hosted. Unset:
   * the return URL's origin + "/payments/simulator" (the store's own resource route).
   */
  hostedBaseUrl?: string;
  /** Used to deliver webhooks; default global fetch. */
  fetch?: typeof fetch;
  /** Clock in ms since epoch; tests may stub it. */
  now?: () => number;
  /** Most orders (and links) kept; the oldest go first. Default 5000. */
  maxEntries?: number;
};

/** An outcome a payment attempt can be settled with (the hosted page offers SUCCESS and FAILED). */
export type SimulatedOutcome = "SUCCESS" | "FAILED" | "USER_DROPPED" | "PENDING";

/** A canned failure the next matching API calls answer with (tests of errors and timeouts). */
export type SimulatorFault = {
  method?: "GET" | "POST";
  /** Matches API paths that start with this, e.g. "/orders". */
  pathPrefix?: string;
  status?: number;
  body?: unknown;
  /** Wait this long before answering (or failing). */
  delayMs?: number;
  /** How many calls it applies to; default 1. */
  times?: number;
};

export type RecordedRequest = { method: string; path: string; headers: Record<string, string>; body: unknown };
export type SimPayment = {
  cf_payment_id: number;
  payment_status: string;
  payment_amount: number;
  payment_currency: string;
  payment_message: string;
  payment_time: string;
  payment_completion_time: string | null;
  payment_group: string;
};

export type SimRefund = {
  cfRefundId: number;
  refundId: string;
  amountPaise: number;
  note: string | null;
  speed: string;
  /** PENDING when made; SUCCESS from the first read on (the simulated bank has processed it). */
  status: "PENDING" | "SUCCESS";
  createdAt: number;
  processedAt: number | null;
};

export type SimOrder = {
  cfOrderId: number;
  orderId: string;
  amountPaise: number;
  status: "ACTIVE" | "PAID" | "TERMINATED";
  sessionId: string;
  customer: Record<string, string | null>;
  returnUrl: string | null;
  notifyUrl: string | null;
  note: string | null;
  tags: Record<string, string> | null;
  createdAt: number;
  /** The `order_expiry_time` asked for (ms); null: Cashfree's default, 30 days after creation. */
  expiresAt: number | null;
  payments: SimPayment[];
  refunds: SimRefund[];
};

export type SimLink = {
  cfLinkId: number;
  linkId: string;
  slug: string;
  amountPaise: number;
  amountPaidPaise: number;
  status: "ACTIVE" | "PAID" | "CANCELLED";
  purpose: string;
  customer: Record<string, string | null>;
  returnUrl: string | null;
  notifyUrl: string | null;
  url: string;
  createdAt: number;
  /** The `link_expiry_time` asked for (ms); null: Cashfree's default, 30 days after creation. */
  expiresAt: number | null;
  orders: SimOrder[];
};
export type CashfreeSimulator = {
  /** Cashfree's REST API; `path` is relative to the API base: "/orders", "/links/abc", … */
  handleApi(request: Request, path: string): Promise<Response>;
  /**
   * The hosted payment page; `path` is "/session/{payment_session_id}" or "/link/{slug}". GET shows
   * it; POST with `outcome=pay|fail` settles an attempt, delivers the webhook and redirects (303)
   * to the return URL, or answers JSON when the request accepts JSON (a same-origin script).
   * A POST whose `Origin` is missing or is not the page's own origin is refused with 403, and no
   * answer carries a CORS header (issue 8 item 1). A terminated order or cancelled link is no
   * longer payable (410).
   */
  handleHosted(request: Request, path: string): Promise<Response>;
  /**
   * Settles an attempt on an order (by our order id) or a link (by link id) without a browser —
   * a shopper who pays and closes the tab. Works even on a terminated order or cancelled link: a
   * payment already in flight when the store cancelled it (the race of issue 8 item 2). Answers the signed webhook Cashfree would send (null
   * when it sends none) and delivers it to the notify URL unless `notify: false`.
   */
  settle(
    target: { orderId: string } | { linkId: string },
    outcome: SimulatedOutcome,
    options?: { notify?: boolean },
  ): Promise<{ cfPaymentId: string; webhook: { url: string | null; body: string; headers: Record<string, string> } | null }>;
  /** Adds a canned failure for the next matching API calls. */
  injectFault(fault: SimulatorFault): void;
  clearFaults(): void;
  /** The API requests seen, newest last (at most 500). */
  readonly requests: RecordedRequest[];
};

/** A webhook as Cashfree would send it: the notify URL (null: none is sent), the JSON body and the signed headers. */
export type SignedWebhook = { url: string | null; body: string; headers: Record<string, string> };
