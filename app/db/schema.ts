import type { Generated, Insertable, Selectable } from "kysely";

/** Tables of DESIGN.md §6. Money in paise, times in ms since epoch, lists as JSON text. */
export interface Database {
  products: ProductsTable;
  users: UsersTable;
  sessions: SessionsTable;
  cart_lines: CartLinesTable;
  orders: OrdersTable;
  payment_events: PaymentEventsTable;
  store_settings: StoreSettingsTable;
  invoices: InvoicesTable;
  invoice_counters: InvoiceCountersTable;
  catalogue_state: CatalogueStateTable;
  catalogue_facets: CatalogueFacetsTable;
  audit_log: AuditLogTable;
  order_events: OrderEventsTable;
  refunds: RefundsTable;
  delivery_rules: DeliveryRulesTable;
  saved_addresses: SavedAddressesTable;
  outbox: OutboxTable;
  problem_reports: ProblemReportsTable;
  stock_movements: StockMovementsTable;
  colour_stock: ColourStockTable;
  brand_declarations: BrandDeclarationsTable;
  reviews: ReviewsTable;
  password_resets: PasswordResetsTable;
  wishlist_items: WishlistItemsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  newsletter_consent_log: NewsletterConsentLogTable;
  newsletter_campaigns: NewsletterCampaignsTable;
  grievances: GrievancesTable;
  grievance_counters: GrievanceCountersTable;
  return_requests: ReturnRequestsTable;
  return_lines: ReturnLinesTable;
  credit_notes: CreditNotesTable;
  credit_note_counters: CreditNoteCountersTable;
  discount_codes: DiscountCodesTable;
  discount_code_uses: DiscountCodeUsesTable;
  cart_codes: CartCodesTable;
  scheduled_runs: ScheduledRunsTable;
}

/**
 * One job on a timer that must run once for the whole store however many processes run (issue 49
 * item 1; docs/decisions/1020; services/scheduled-runs.server.ts). Times in ms since epoch by the
 * DATABASE's clock, never a process's.
 */
export interface ScheduledRunsTable {
  /** The job's name, e.g. "backup". */
  job: string;
  /** The next run is due at this time. */
  due_at: number;
  /** A process runs it now until this time (renewed while it runs), or null. */
  lease_until: number | null;
  /** The run's taker: "<host>:<pid>:<random>" of the latest process that took a run. */
  ran_by: string | null;
  /** When the latest run finished, or null. */
  ran_at: number | null;
}

/** The discount code a shopper applied to their cart (issue 47 item 2): one per shopper; cleared with the ordered lines. */
export interface CartCodesTable {
  user_id: number;
  /** lib/discounts `normaliseCode` of what the shopper typed (a code that exists when applied). */
  code_key: string;
  applied_at: number;
}

/**
 * A discount code of the back office (issue 47 item 1; DESIGN.md §27; docs/decisions/1011). Money
 * in paise, times in ms since epoch (shown in IST).
 */
export interface DiscountCodesTable {
  id: Generated<number>;
  /** As the owner typed it (shown). */
  code: string;
  /** lib/discounts `normaliseCode` of `code`: what a shopper's code is matched on; unique. */
  code_key: string;
  /** lib/discounts `DiscountKind`: `percent` or `fixed`. */
  kind: string;
  /** `percent`: basis points, 1–10000 (1000 = 10 %); null for `fixed`. */
  percent_bp: number | null;
  /** `fixed`: paise off, > 0; null for `percent`. */
  value_paise: number | null;
  /** lib/discounts `DiscountScope`: `all`, `brands`, `categories` or `products`. */
  scope: string;
  /** JSON list of strings: the brands (`products.sub_category`), categories or product ids of the scope; `[]` for `all`. */
  scope_json: Generated<string>;
  /** The cart subtotal the code needs, paise (0: none). */
  min_subtotal_paise: Generated<number>;
  /** Uses in all; null: no limit. */
  total_limit: number | null;
  /** Uses per shopper (account, delivery email or phone); null: no limit. */
  per_shopper_limit: number | null;
  /** Uses taken and not given back; moved only by services/discounts.server.ts's conditional UPDATEs. */
  uses_taken: Generated<number>;
  /** First instant it works; null: from creation. */
  starts_at: number | null;
  /** First instant it no longer works (exclusive); null: no end. */
  ends_at: number | null;
  /** `active` or `paused`. */
  status: string;
  /** 1: the Offers page (/offers) lists it with its terms; 0: a private code, handed out. */
  public: Generated<number>;
  created_at: number;
  /** Staff emails. */
  created_by: string;
  updated_at: number;
  updated_by: string;
}

/**
 * One order's use of a discount code (issue 47 item 2): taken in the order's transaction, given
 * back once when the order is cancelled or its payment fails or expires. Money in paise.
 */
export interface DiscountCodeUsesTable {
  id: Generated<number>;
  code_id: number;
  /** Unique: one code per order. */
  order_id: string;
  user_id: number;
  /** The delivery email, trimmed and lower-cased, and the 10-digit mobile: the per-shopper limit's other identities. */
  email: string;
  phone: string;
  discount_paise: number;
  /** JSON list of lib/discounts `LineDiscount` (`{key, discountPaise}`): the discount as allocated to the order's lines. */
  lines_json: string;
  /** `taken` or `given_back`. */
  state: string;
  taken_at: number;
  given_back_at: number | null;
}

/**
 * A consumer's complaint (issue 25 item 3; DESIGN.md §23; docs/decisions/0750). Times in ms since
 * epoch; `status` open | resolved.
 */
export interface GrievancesTable {
  id: Generated<number>;
  /** `GR-{IST year}-{seq, 6 digits}`, gap-free per year. */
  ticket: string;
  /** The signed-in shopper who filed it, or null for a visitor. */
  user_id: number | null;
  name: string;
  /** Where the acknowledgement and the answer go (the account's own for a shopper). */
  email: string;
  /** The language of the page it was filed on, "en" or "hi": its emails' (issue 27; 0023_grievance_language). */
  language: Generated<string>;
  /** The shopper's own order it is about, or null (a visitor's only once their address confirmed and owns it). */
  order_id: string | null;
  /** The order number a visitor typed, as text, never linked by itself (issue 43 item 1; 0025_grievance_verification). */
  order_typed: string | null;
  /** When the named address confirmed it (a signed-in shopper's: when filed); null: not verified (issue 43 item 1). */
  verified_at: number | null;
  /** One of GRIEVANCE_SUBJECTS (schemas/grievance-constants.ts). */
  subject: string;
  body: string;
  /** SHA-256 (hex) of the follow link's token. */
  key_hash: string;
  status: string;
  created_at: number;
  /** When the acknowledgement email was queued (in the filing's transaction). */
  acknowledged_at: number | null;
  acknowledge_by: number;
  resolve_by: number;
  answer: string | null;
  /** The staff member's email. */
  answered_by: string | null;
  answered_at: number | null;
}

/** The last grievance number given out in an IST calendar year. */
export interface GrievanceCountersTable {
  year: number;
  last_seq: number;
}

/**
 * An address that asked for the newsletter (issue 24 item 3; docs/decisions/0720). Subscribed
 * while `confirmed_at` is set and `unsubscribed_at` null. Times in ms since epoch.
 */
export interface NewsletterSubscribersTable {
  id: Generated<number>;
  /** Trimmed and lower-cased; unique. */
  email: string;
  /** The words agreed to (schemas/newsletter-constants NEWSLETTER_CONSENT_TEXTS) and their version. */
  consent_version: string;
  consent_text: string;
  /** The latest sign-up. */
  requested_at: number;
  /** SHA-256 (hex) of the pending confirmation link's token; null once used. */
  confirm_token_hash: string | null;
  confirm_expires_at: number | null;
  confirmed_at: number | null;
  unsubscribed_at: number | null;
  /** Random, per subscriber: the unsubscribe links' token. */
  unsubscribe_token: string;
}

/** Every confirmation and withdrawal of newsletter consent (`event`: confirmed | unsubscribed), kept. */
export interface NewsletterConsentLogTable {
  id: Generated<number>;
  subscriber_id: number;
  event: string;
  at: number;
  consent_version: string | null;
  consent_text: string | null;
}

/** One newsletter sent from the back office: one outbox row per confirmed subscriber (`outbox.campaign_id`). */
export interface NewsletterCampaignsTable {
  id: Generated<number>;
  subject: string;
  /** The owner's Markdown. */
  body: string;
  created_at: number;
  /** The staff member's email. */
  created_by: string;
  recipients: number;
}

/** A watch a shopper saved (issue 24 item 2; docs/decisions/0710): one per shopper and product. */
export interface WishlistItemsTable {
  user_id: number;
  product_id: string;
  /** The product's price when saved, paise. */
  price_paise: number;
  /** ms since epoch. */
  saved_at: number;
}

/**
 * Units on hand of one colour of a product whose colours the owner keeps apart (issue 23 item 1;
 * docs/decisions/0692). The product's `stock` is the total of its rows; no rows: one count.
 */
export interface ColourStockTable {
  product_id: string;
  colour: string;
  /** Never below 0 (CHECK). */
  stock: number;
}

/** One change of a product's stock (issue 23 item 1; DESIGN.md §21): the audit of stock. */
export interface StockMovementsTable {
  id: Generated<number>;
  product_id: string;
  /** Units added (positive) or taken (negative). */
  delta: number;
  /** The product's stock after the change; null when the owner stopped tracking it. */
  stock_after: number | null;
  /** `sale`, `cancel`, `expiry`, `edit`, `import`. */
  reason: string;
  order_id: string | null;
  /** The colour the units were of, for a product whose colours are kept apart; null otherwise. */
  colour: string | null;
  /** A staff email, "cli", "system", or the shopper's order ("shopper"). */
  actor: string;
  at: number;
}

/**
 * A shopper's review of a product they received (issue 23 item 2; DESIGN.md §21; IS 19000:2022).
 * One per shopper and product; times in ms since epoch.
 */
export interface ReviewsTable {
  /** "rv_" and 24 hex digits. */
  id: string;
  product_id: string;
  user_id: number;
  /** The delivered order that proves the purchase. */
  order_id: string;
  /** Shown with the review: first name and initial ("Asha K."), kept as written at the time. */
  author_name: string;
  /** 1 to 5 stars. */
  rating: number;
  title: string | null;
  body: string | null;
  /** `pending`, `published`, `rejected`, `withdrawn`. */
  status: string;
  /** lib/reviews `REJECT_REASONS` key when rejected. */
  reject_reason: string | null;
  /** The staff email that published or rejected it. */
  moderated_by: string | null;
  moderated_at: number | null;
  published_at: number | null;
  created_at: number;
}

/**
 * An order email waiting to be sent, or sent (issue 14 item 4; DESIGN.md §20): rendered when the
 * change it reports is written, in the same transaction. Times in ms since epoch.
 */
export interface OutboxTable {
  id: Generated<number>;
  /** lib/order-emails `OrderEmailKind`: `order_placed`, `payment_received`, `shipped`, … */
  kind: string;
  order_id: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  /** Unique: "{orderId}:{kind}", with the refund or report id for kinds that repeat. */
  dedupe_key: string;
  /** Sends tried so far (failed ones, and the one that succeeded). */
  attempts: Generated<number>;
  /** Not sent before this time: now at enqueue, then the back-off after each failure. */
  next_attempt_at: number;
  sent_at: number | null;
  /** Set when the sender gave up (log line "MAIL FAILED:"). */
  failed_at: number | null;
  last_error: string | null;
  created_at: number;
  /** Extra headers as a JSON object (the newsletter's List-Unsubscribe), or null. */
  headers: string | null;
  /** The newsletter send (`newsletter_campaigns.id`) this message belongs to, or null. */
  campaign_id: number | null;
  /**
   * SQLite only: when a sender claimed the row and has not yet written what happened (its due time
   * was moved on by OUTBOX_LEASE_MS); null otherwise. The next start puts such a row due again at
   * this time (docs/decisions/1020). PostgreSQL's claim is the row lock instead.
   */
  claimed_at: Generated<number | null>;
}

/** The owner's delivery rules (issue 13; one row, id 1): JSON of `deliveryRulesSchema` (schemas/delivery.ts). */
export interface DeliveryRulesTable {
  id: number;
  rules_json: string;
  updated_at: number;
}

/** A shopper's saved delivery address (issue 13 item 5): JSON of `storedAddressSchema`; one default per shopper. */
export interface SavedAddressesTable {
  id: Generated<number>;
  user_id: number;
  address_json: string;
  /** 1 for the shopper's default address, else 0. */
  is_default: number;
  created_at: number;
  updated_at: number;
}

/** Who changed what in the back office (issue 12; DESIGN.md §18). JSON before/after, ms times. */
export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  /** null for a terminal command (`orders:status`, `staff:add`). */
  actor_user_id: number | null;
  /** The actor's email, or the command's name ("cli:orders:status"). */
  actor_email: string;
  /** `order`, `product`, `user`, `catalogue`. */
  entity: string;
  entity_id: string;
  action: string;
  before_json: string | null;
  after_json: string | null;
}

/** An order's timeline (issue 12 item 1): status changes, shipment, COD paid, refunds. */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: string;
  at: number;
  /** `status`, `shipment`, `cod_paid`, `refund`, `refund_due_resolved`, `return` (a return request's step: details `{ returnId, step, … }`, issue 45). */
  kind: string;
  /** The status the order moved to (kind `status`). */
  status: string | null;
  /** Who: a staff email, "cli", "webhook", "system". */
  actor: string;
  /** JSON of the event's facts (courier and AWB, refund id and amount, …). */
  details: string | null;
}

/**
 * A shopper's report of a damaged or wrong delivery (issue 14 item 3; DESIGN.md §20; SPEC.md §9),
 * answered in the back office. Times in ms since epoch.
 */
export interface ProblemReportsTable {
  /** "rp_" and 24 hex digits. */
  id: string;
  order_id: string;
  user_id: number;
  /** `damaged` or `wrong`. */
  kind: string;
  description: string;
  /** The stored unboxing video's file name (private: served only to the shopper and staff), or null. */
  video_file: string | null;
  /** An https link to the unboxing video, or null. */
  video_link: string | null;
  /** `open` or `answered`. */
  status: string;
  answer: string | null;
  /** The staff email that answered. */
  answered_by: string | null;
  answered_at: number | null;
  created_at: number;
}

/** A refund recorded or issued through Cashfree (issue 12 item 1). Money in paise. */
export interface RefundsTable {
  /** Our refund id, also Cashfree's `refund_id` (their idempotency key for the refund). */
  id: string;
  order_id: string;
  amount_paise: number;
  reference: string | null;
  note: string | null;
  /** `cashfree` (issued through the refund API) or `manual` (recorded only: COD, bank transfer). */
  via: string;
  gateway_refund_id: string | null;
  /** `PENDING`, `SUCCESS`, `CANCELLED`, `ONHOLD` (Cashfree's refund_status) or `RECORDED`. */
  status: string;
  actor_user_id: number | null;
  created_at: number;
  updated_at: number;
}

/** One row (id 1): `version` goes up with every catalogue change (issue 10 items 3, 4). */
export interface CatalogueStateTable {
  id: number;
  version: number;
  /** ms since epoch of the last change. */
  changed_at: number;
}

/**
 * How many shown products (hidden = 0) have each category, brand and price: the facet counts'
 * source (docs/decisions/0820), kept by triggers on `products` in the same statement as the change.
 */
export interface CatalogueFacetsTable {
  category: string;
  sub_category: string;
  price_paise: number;
  /** Shown products with these three values; a row may stay at 0. */
  n: number;
}

export interface ProductsTable {
  id: string;
  position: number;
  name: string;
  images: string;
  videos: string;
  video_poster: string | null;
  price_paise: number;
  original_paise: number | null;
  category: string;
  sub_category: string;
  description: string;
  features: string;
  movement: string;
  strap_material: string | null;
  colours: string;
  bestseller: number;
  sold: number;
  created_at: number;
  /** The name as JavaScript lower-cases it: what name search matches (lib/catalogue `searchName`). */
  search_name: string;
  /** lib/catalogue `modelKey`: listings of one model share it (related products skip them). */
  model_key: string;
  /** 1 on the first listing (catalogue order) of each model in each brand and category (related products read only these). */
  model_first: number;
  /**
   * 0: shown; 1: kept off the storefront (back office "hide"); 2: withheld because a required
   * Legal Metrology declaration is missing while the store takes live payments (issue 25 item 2).
   * Orders keep their snapshots.
   */
  hidden: Generated<number>;
  /** Units on hand (issue 23); null: the owner does not track this product's stock. Never below 0. */
  stock: number | null;
  /** Published reviews: how many, and the sum of their stars (issue 23; kept through imports). */
  review_count: Generated<number>;
  rating_sum: Generated<number>;
  /** The product's own Legal Metrology declarations (JSON, lib/declarations ProductDeclarations); null: its brand's (issue 25 item 2). */
  declarations: string | null;
  /** The required declarations it still lacks, comma-separated (lib/declarations DeclarationField); null: complete. */
  declarations_missing: string | null;
  /** The owner's Hindi name and description (issue 27; docs/decisions/0880), shown on /hi pages; null: the English ones are shown. */
  name_hi: string | null;
  description_hi: string | null;
  /** The owner's Hindi feature list, a JSON list of strings (issue 48; docs/decisions/0972); null: none. */
  features_hi: string | null;
}

/** What a brand's watches share of their Legal Metrology declarations, set once by the owner (issue 25 item 2). */
export interface BrandDeclarationsTable {
  /** The brand as products name it (`sub_category`). */
  brand: string;
  /** JSON, lib/declarations BrandDeclarations. */
  declarations: string;
  updated_at: number;
}

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  created_at: number;
  /** null for a shopper; `owner` or `staff` (issue 12). */
  role: string | null;
  /** ms since epoch when the account was deleted (issue 25 item 4: name, email, password erased); null while live. */
  deleted_at: number | null;
  /** The language the shopper chose, "en" or "hi" (issue 27; 0022_languages); null: never chose. */
  language: string | null;
}

/**
 * A password reset link (issue 24 item 1; docs/decisions/0700): only the SHA-256 (hex) of its
 * token; live while `ended_at` is null and `expires_at` (ms) is ahead.
 */
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  ended_at: number | null;
  /** Why it ended: `used`, `replaced` (a newer link) or `password_changed`. */
  ended_reason: string | null;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  expires_at: number;
  created_at: number;
  /** ms since epoch of the last request, kept for staff sessions only (12 h idle expiry, issue 12). */
  last_seen_at: number | null;
}

export interface CartLinesTable {
  user_id: number;
  product_id: string;
  size_key: string;
  quantity: number;
}

export interface OrdersTable {
  id: string;
  user_id: number;
  items: string;
  amount_paise: number;
  address: string;
  status: string;
  payment_method: string;
  payment_status: string;
  gateway_order_id: string | null;
  idempotency_key: string;
  created_at: number;
  updated_at: number;
  /** `test` (simulator or Cashfree sandbox) or `live` (Cashfree production); null for cash on delivery. */
  gateway_mode: string | null;
  /** 1 when a second successful payment arrived for an already paid order: refund it (issue 8 item 2). */
  refund_due: Generated<number>;
  /** JSON list of the payments to refund: `[{paymentId, amountPaise, source, at}]`. */
  refund_payments: string | null;
  /** The payment instrument that paid the order: "order:{cashfree order id}" or "link:{link id}". */
  paid_by: string | null;
  /** The shipment, entered when the order moves to `Shipped` (issue 12 item 1). */
  courier: string | null;
  awb_number: string | null;
  tracking_url: string | null;
  /** The promised delivery window (issue 13 item 4): IST dates YYYY-MM-DD, null before issue 13. */
  delivery_from: string | null;
  delivery_to: string | null;
  /** `held` while the order holds its units of stock, `released` once given back; null: none held (issue 23). */
  stock_state: string | null;
  /** The language the order was placed in, "en" or "hi": its emails and links (issue 27; 0022_languages). */
  language: Generated<string>;
  /** The discount code the order used (`discount_codes.id`), or null (issue 47; 0028_discount_codes). */
  discount_code_id: Generated<number | null>;
  /** The code as shown when the order was placed (`discount_codes.code`), or null. */
  discount_code: Generated<string | null>;
  /** The discount taken off the order's items, paise (0: none); `amount_paise` is already after it. */
  discount_paise: Generated<number>;
}

export interface PaymentEventsTable {
  event_id: string;
  order_id: string;
  kind: string;
  payload: string;
  received_at: number;
}

export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Insertable<ProductsTable>;

/** The seller's details on tax invoices (issue 14 item 2; one row, id 1): JSON of `storeSettingsSchema` (schemas/store-settings.ts). */
export interface StoreSettingsTable {
  id: number;
  settings_json: string;
  updated_at: number;
}

/** The last invoice sequence number issued in a financial year ("2026-27"); bumped in the issuing transaction. */
export interface InvoiceCountersTable {
  fy: string;
  last_seq: number;
}

/**
 * A GST tax invoice (issue 14 item 2; DESIGN.md §20), issued once per order when it is paid (or,
 * cash on delivery, delivered). Snapshots as JSON (services/invoices.server.ts types); money in paise.
 */
export interface InvoicesTable {
  order_id: string;
  /** "CI/2026-27/000123": unique. */
  number: string;
  fy: string;
  seq: number;
  /** ms since epoch: the invoice date (IST). */
  issued_at: number;
  seller_json: string;
  buyer_json: string;
  lines_json: string;
}

/**
 * A shopper's request to return lines of a delivered order (issue 45; docs/decisions/0980), for a
 * refund or an exchange, moved by staff along lib/returns.ts `RETURN_STATUSES`. Money in paise,
 * times in ms since epoch.
 */
export interface ReturnRequestsTable {
  /** "rt_" and 24 hex digits. */
  id: string;
  order_id: string;
  user_id: number;
  /** lib/returns `ReturnResolution`: `refund` or `exchange`. */
  resolution: string;
  /** lib/returns `ReturnReason`: `defective`, `not_as_described`, `wrong_item`, `damaged_in_transit`, `late`, `changed_mind`. */
  reason: string;
  description: string;
  /** JSON list of the stored photos' file names (private: served only to the shopper and staff). */
  photos: string;
  /** lib/returns `ReturnStatus`. */
  status: string;
  /** 1 when the order was delivered after its promised window (delivery_to): returnable for a refund whatever the window. */
  late: Generated<number>;
  /** The request's language, "en" or "hi": its emails. */
  language: Generated<string>;
  /** lib/returns `RETURN_REJECT_REASONS` key, when rejected. */
  reject_reason: string | null;
  /** The reverse pickup: courier and AWB number. */
  pickup_courier: string | null;
  pickup_awb: string | null;
  /** The exchange's shipment to the shopper. */
  exchange_courier: string | null;
  exchange_awb: string | null;
  exchange_tracking_url: string | null;
  /** The refund that paid it back (`refunds.id`). */
  refund_id: string | null;
  /** A cash-on-delivery shopper's payout details, JSON `{ kind: "upi", upiId } | { kind: "bank", accountName, accountNumber, ifsc }`; null once the refund is recorded or the account deleted. */
  payout_json: string | null;
  /** created_at + 48 h and + 30 days (Consumer Protection (E-Commerce) Rules 2020, rule 4(5)). */
  acknowledge_by: number;
  resolve_by: number;
  /** The first staff step (approve or reject). */
  acknowledged_at: number | null;
  /** Refunded, exchanged or rejected. */
  resolved_at: number | null;
  created_at: number;
  updated_at: number;
}

/** An order line a return request takes back (issue 45). `live`: 1 while the request is not rejected, else null (one live request per order line). */
export interface ReturnLinesTable {
  return_id: string;
  order_id: string;
  /** Index into the order's `items`. */
  line_index: number;
  product_id: string;
  /** The line's colour key (order item `size`). */
  colour: string;
  quantity: number;
  /** What the shopper paid for one unit of the line (paise). */
  unit_paise: number;
  /** The colour asked for in exchange (reserved from stock at request time), or null for a refund. */
  exchange_colour: string | null;
  /** What staff received back: good and damaged units; null until inspected. */
  received_good: number | null;
  received_damaged: number | null;
  live: number | null;
}

/** The last credit note sequence number issued in a financial year ("2026-27"). */
export interface CreditNoteCountersTable {
  fy: string;
  last_seq: number;
}

/**
 * A GST credit note (issue 45 item 5; CGST Act s.34, CGST Rules Rule 53), one per refunded return,
 * citing the order's tax invoice. Snapshots as JSON; money in paise.
 */
export interface CreditNotesTable {
  return_id: string;
  order_id: string;
  /** Unique, its own series per financial year. */
  number: string;
  fy: string;
  seq: number;
  /** ms since epoch: the credit note's date (IST). */
  issued_at: number;
  invoice_number: string;
  invoice_issued_at: number;
  seller_json: string;
  buyer_json: string;
  lines_json: string;
}
