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

/**
 * What a refund ends as (Cashfree API 2025-01-01, openapi.yaml RefundEntity.refund_status):
 * `SUCCESS` (the default), `ONHOLD_THEN_SUCCESS` (ONHOLD on one read, SUCCESS on the next),
 * `CANCELLED`, or `FAILED` — FAILED is named in the field's description ("one of SUCCESS, PENDING,
 * CANCELLED, ONHOLD, FAILED") but not in its enum, so the simulator plays it as the description
 * says (docs/decisions/0962).
 */
export type RefundOutcome = "SUCCESS" | "ONHOLD_THEN_SUCCESS" | "CANCELLED" | "FAILED";

/** Refund statuses the simulator answers: RefundEntity.refund_status's enum, and FAILED from its description. */
export type SimRefundStatus = "PENDING" | "SUCCESS" | "ONHOLD" | "CANCELLED" | "FAILED";

/**
 * How `PATCH /orders/{id}` terminates (openapi.yaml TerminateOrderRequest: "order might not be
 * terminated — confirm with the order_status in response"): `immediate` answers TERMINATED (the
 * default); `requested` answers TERMINATION_REQUESTED, and the order becomes TERMINATED on its next
 * read (`GET /orders/{id}`) unless a payment in flight (settle()) succeeds first and makes it PAID.
 */
export type TerminateMode = "immediate" | "requested";

/**
 * Which orders a control applies to: a Cashfree order_id, or a link_id (then the orders Cashfree
 * makes for that link's payments, tagged order_tags.link_id). Unset: every order without a control of its own.
 */
export type ControlScope = { for?: string };

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
  payment_status: SimulatedOutcome;
  /** Rupees: the order amount plus the surcharge (setSurcharge) the shopper was charged. */
  payment_amount: number;
  /** The surcharge in paise (0: none); on the wire as PaymentEntity.payment_surcharge. */
  surchargePaise: number;
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
  /** PENDING when made; then as its plan says, one step per read (GET of the refund or of the order's refunds). */
  status: SimRefundStatus;
  /** What it ends as, after how many reads still PENDING (setRefundOutcome; default SUCCESS after 0). */
  plan: { outcome: RefundOutcome; pendingReads: number };
  /** Reads so far. */
  reads: number;
  createdAt: number;
  processedAt: number | null;
};

/** The customer as Cashfree keeps it (openapi.yaml CustomerDetailsResponse; a link's has no customer_id). */
export type SimCustomer = {
  customer_id?: string;
  customer_phone: string;
  customer_email: string | null;
  customer_name: string | null;
};

export type SimOrder = {
  cfOrderId: number;
  orderId: string;
  amountPaise: number;
  /** OrderEntity.order_status: TERMINATION_REQUESTED only after a terminate in `requested` mode. */
  status: "ACTIVE" | "PAID" | "TERMINATED" | "TERMINATION_REQUESTED";
  sessionId: string;
  customer: SimCustomer;
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
  customer: SimCustomer;
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
  /**
   * What the next refund made (on the scope's orders when `for` is set, else on any order) does:
   * it stays PENDING for `pendingReads` reads (default 0), then ends as `outcome`. Used once.
   * Without a control a refund is PENDING when made and SUCCESS from its first read on.
   */
  setRefundOutcome(outcome: RefundOutcome, options?: { pendingReads?: number } & ControlScope): void;
  /** How terminates answer from now on (for the scope's orders when `for` is set); see TerminateMode. */
  setTerminateMode(mode: TerminateMode, options?: ControlScope): void;
  /**
   * A surcharge in paise the shopper is charged on top of the order amount in the payments settled
   * from now on (for the scope's orders when `for` is set): payment_amount = order_amount +
   * surcharge in `GET /orders/{id}/payments` and the payment webhook, with payment_surcharge. 0 stops it.
   */
  setSurcharge(paise: number, options?: ControlScope): void;
  /**
   * Applies one control given as data — `{kind: "refund" | "terminate" | "surcharge" | "reset", …}`
   * (controls.server.ts controlSchema), as the hosted page's form and the fake server's /control
   * send it. Throws a ZodError for anything else.
   */
  applyControl(control: unknown): void;
  /** The controls as they stand (the hosted page's test controls show them). */
  controls(): SimulatorControls;
  /** Back to the defaults: no refund plans, immediate terminates, no surcharge. */
  resetControls(): void;
  /** The API requests seen, newest last (at most 500). */
  readonly requests: RecordedRequest[];
};

/** The simulator's test controls (setRefundOutcome, setTerminateMode, setSurcharge), by scope ("" = every order). */
export type SimulatorControls = {
  /** Refund plans not yet used, oldest first. */
  refundPlans: Array<{ for: string; outcome: RefundOutcome; pendingReads: number }>;
  terminateModes: Record<string, TerminateMode>;
  surcharges: Record<string, number>;
};

/** A webhook as Cashfree would send it: the notify URL (null: none is sent), the JSON body and the signed headers. */
export type SignedWebhook = { url: string | null; body: string; headers: Record<string, string> };
