import fs from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";
import { reportVideoDir } from "~/config/media.server";
import { outboxDir, removeOutboxFiles } from "~/config/outbox.server";
import { asStaffRole, type StaffRole } from "~/constants/staff";
import { isSqlite, type DB, type Executor } from "~/db/db.server";
import { markCatalogueChanged } from "~/db/products.server";
import { BackendError } from "~/lib/errors";
import { DELETED_SHOPPER_NAME, PERSONAL_DATA_MESSAGES, deletedEmail } from "~/lib/personal-data";
import { GRIEVANCE_SUBJECTS } from "~/schemas/grievance-constants";
import { emailSchema, nameSchema } from "~/schemas/api";
import { storedAddressSchema } from "~/schemas/orders";
import { verifyPassword } from "~/services/accounts.server";
import { recordAudit, type Actor } from "~/services/audit.server";
import { unsubscribe } from "~/services/newsletter.server";

/**
 * A shopper's personal data (issue 25 item 4; DESIGN.md §23; DPDP Act 2023 sections 11–13;
 * docs/decisions/0770): everything the store keeps about one account as one plain object (the
 * "download my data" file and the readable page), correcting the name, withdrawing marketing
 * consent, and deleting the account — personal fields erased or anonymised, orders and tax
 * invoices kept in the form GST law needs (CGST Act s.36, Rule 56: 72 months). Money in rupees at
 * this edge (paise inside), times as ISO 8601 strings (UTC) in the export.
 */

/** One address as exported. */
export type ExportedAddress = {
  name: string;
  street: string;
  city: string;
  state: string;
  pinCode: string;
  country: string;
  phone: string;
  email: string;
  gstin: string | null;
  businessName: string | null;
};

/** Everything the store keeps about one shopper (never a password hash, session, token or link). */
export type PersonalDataExport = {
  exportedAt: string;
  account: { name: string; email: string; createdAt: string; phone: null; note: string };
  addresses: (ExportedAddress & { isDefault: boolean; savedAt: string })[];
  orders: {
    number: string;
    date: string;
    status: string;
    paymentMethod: string;
    paymentStatus: string;
    amountRupees: number;
    lines: { productId: string; product: string; size: string; quantity: number; unitPriceRupees: number; totalRupees: number }[];
    deliveryAddress: ExportedAddress;
    invoiceNumber: string | null;
    /** Issue 47: the discount code the order used and the rupees it took off (`amountRupees` is after it). */
    discountCode?: string | null;
    discountRupees?: number;
  }[];
  /**
   * Issue 47: each use of a discount code by the shopper — the code, the order, the rupees off,
   * `used` or `given back` (the order was cancelled or not paid), when, and the delivery email and
   * mobile the per-shopper limit compared (emptied when the account is deleted).
   */
  discountCodeUses?: { code: string; orderNumber: string; discountRupees: number; state: "used" | "given back"; usedAt: string; givenBackAt: string | null; email: string; phone: string }[];
  reviews: { productId: string; product: string | null; rating: number; title: string | null; text: string | null; status: string; shownAs: string; writtenAt: string }[];
  wishlist: { productId: string; product: string | null; priceWhenSavedRupees: number; savedAt: string }[];
  newsletter: {
    email: string;
    status: "subscribed" | "withdrawn" | "not confirmed";
    consentText: string;
    consentVersion: string;
    requestedAt: string;
    confirmedAt: string | null;
    withdrawnAt: string | null;
    history: { event: string; at: string }[];
  } | null;
  grievances: { ticket: string; subject: string; text: string; orderNumber: string | null; status: string; filedAt: string; answer: string | null; answeredAt: string | null }[];
  problemReports: { orderNumber: string; kind: string; description: string; video: boolean; status: string; filedAt: string; answer: string | null; answeredAt: string | null }[];
  /**
   * Return and exchange requests (issue 45): the lines asked for (a colour for an exchange), the
   * reason and text, how many photos, the status, and the refund details given for a cash-on-
   * delivery refund while the store still keeps them (erased once the refund is recorded).
   */
  returnRequests: {
    orderNumber: string;
    resolution: string;
    reason: string;
    description: string;
    photos: number;
    status: string;
    lines: { lineIndex: number; productId: string; colour: string; quantity: number; exchangeColour: string | null }[];
    refundDetails: Record<string, string> | null;
    filedAt: string;
  }[];
};

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const isoOrNull = (ms: number | string | null) => (ms === null ? null : iso(ms));
const rupees = (paise: number | string) => Number(paise) / 100;

function exportedAddress(json: string): ExportedAddress {
  const parsed = storedAddressSchema.safeParse(JSON.parse(json));
  const a = parsed.success ? parsed.data : storedAddressSchema.parse({ firstName: "", lastName: "", email: "", street: "", city: "", state: "", zipcode: "", country: "", phone: "" });
  return {
    name: `${a.firstName} ${a.lastName}`.trim(),
    street: a.street,
    city: a.city,
    state: a.state,
    pinCode: a.zipcode,
    country: a.country,
    phone: a.phone,
    email: a.email,
    gstin: a.gstin ?? null,
    businessName: a.businessName ?? null,
  };
}

/** The live (not deleted) account `userId`, or BackendError 404. */
async function liveUser(db: Executor, userId: number) {
  const user = await db.selectFrom("users").select(["id", "name", "email", "created_at", "role", "deleted_at", "password_hash"]).where("id", "=", userId).executeTakeFirst();
  if (!user) throw new BackendError(404, PERSONAL_DATA_MESSAGES.notFound);
  if (user.deleted_at !== null) throw new BackendError(410, PERSONAL_DATA_MESSAGES.alreadyDeleted);
  return user;
}

/**
 * Everything the store keeps about shopper `userId` at `now` (ms), as one plain object (see
 * PersonalDataExport): the account, saved addresses, every order (placed or attempted; amounts in
 * rupees, with the delivery address and the invoice number), reviews, wishlist, the newsletter
 * consent of the account's email with its history, grievances, problem reports and return
 * requests filed. Never a
 * password hash, session, token or link. Throws BackendError 404 (no such account), 410 (deleted).
 */
export async function exportPersonalData(db: DB, userId: number, now = Date.now()): Promise<PersonalDataExport> {
  const user = await liveUser(db, userId);
  const [addresses, orders, invoices, reviews, wishlist, subscriber, grievances, reports] = await Promise.all([
    db.selectFrom("saved_addresses").selectAll().where("user_id", "=", userId).orderBy("is_default", "desc").orderBy("created_at").orderBy("id").execute(),
    db.selectFrom("orders").selectAll().where("user_id", "=", userId).orderBy("created_at", "desc").orderBy("id", "desc").execute(),
    db.selectFrom("invoices").innerJoin("orders", "orders.id", "invoices.order_id").select(["invoices.order_id", "invoices.number"]).where("orders.user_id", "=", userId).execute(),
    db
      .selectFrom("reviews")
      .leftJoin("products", "products.id", "reviews.product_id")
      .select(["reviews.product_id", "products.name as product", "reviews.rating", "reviews.title", "reviews.body", "reviews.status", "reviews.author_name", "reviews.created_at"])
      .where("reviews.user_id", "=", userId)
      .orderBy("reviews.created_at", "desc")
      .execute(),
    db
      .selectFrom("wishlist_items")
      .leftJoin("products", "products.id", "wishlist_items.product_id")
      .select(["wishlist_items.product_id", "products.name as product", "wishlist_items.price_paise", "wishlist_items.saved_at"])
      .where("wishlist_items.user_id", "=", userId)
      .orderBy("wishlist_items.saved_at", "desc")
      .execute(),
    db.selectFrom("newsletter_subscribers").selectAll().where("email", "=", user.email).executeTakeFirst(),
    db.selectFrom("grievances").selectAll().where((eb) => eb.or([eb("user_id", "=", userId), eb("email", "=", user.email)])).orderBy("created_at", "desc").execute(),
    db.selectFrom("problem_reports").selectAll().where("user_id", "=", userId).orderBy("created_at", "desc").execute(),
  ]);
  const returns = await db.selectFrom("return_requests").selectAll().where("user_id", "=", userId).orderBy("created_at", "desc").orderBy("id").execute();
  const returnLines = returns.length
    ? await db.selectFrom("return_lines").selectAll().where("return_id", "in", returns.map((row) => row.id)).orderBy("line_index").execute()
    : [];
  const codeUses = await db
    .selectFrom("discount_code_uses")
    .innerJoin("discount_codes", "discount_codes.id", "discount_code_uses.code_id")
    .select(["discount_codes.code", "discount_code_uses.order_id", "discount_code_uses.discount_paise", "discount_code_uses.state", "discount_code_uses.taken_at", "discount_code_uses.given_back_at", "discount_code_uses.email", "discount_code_uses.phone"])
    .where("discount_code_uses.user_id", "=", userId)
    .orderBy("discount_code_uses.taken_at", "desc")
    .orderBy("discount_code_uses.id", "desc")
    .execute();
  const invoiceOf = new Map(invoices.map((row) => [row.order_id, row.number]));
  const history = subscriber
    ? await db.selectFrom("newsletter_consent_log").select(["event", "at"]).where("subscriber_id", "=", subscriber.id).orderBy("at").orderBy("id").execute()
    : [];
  return {
    exportedAt: iso(now),
    account: {
      name: user.name,
      email: user.email,
      createdAt: iso(user.created_at),
      phone: null,
      note: "The account keeps no phone number of its own: each address and order below has the mobile number given with it.",
    },
    addresses: addresses.map((row) => ({ ...exportedAddress(row.address_json), isDefault: Number(row.is_default) === 1, savedAt: iso(row.created_at) })),
    orders: orders.map((row) => ({
      number: row.id,
      date: iso(row.created_at),
      status: row.status,
      paymentMethod: row.payment_method,
      paymentStatus: row.payment_status,
      amountRupees: rupees(row.amount_paise),
      lines: (JSON.parse(row.items) as { productId: string; name: string; size: string; quantity: number; pricePaise: number }[]).map((item) => ({
        productId: item.productId,
        product: item.name,
        size: item.size,
        quantity: item.quantity,
        unitPriceRupees: rupees(item.pricePaise),
        totalRupees: rupees(item.pricePaise * item.quantity),
      })),
      deliveryAddress: exportedAddress(row.address),
      invoiceNumber: invoiceOf.get(row.id) ?? null,
      discountCode: row.discount_code ?? null,
      discountRupees: rupees(row.discount_paise ?? 0),
    })),
    discountCodeUses: codeUses.map((row) => ({
      code: row.code,
      orderNumber: row.order_id,
      discountRupees: rupees(row.discount_paise),
      state: row.state === "given_back" ? ("given back" as const) : ("used" as const),
      usedAt: iso(row.taken_at),
      givenBackAt: isoOrNull(row.given_back_at),
      email: row.email,
      phone: row.phone,
    })),
    reviews: reviews.map((row) => ({
      productId: row.product_id,
      product: row.product ?? null,
      rating: Number(row.rating),
      title: row.title,
      text: row.body,
      status: row.status,
      shownAs: row.author_name,
      writtenAt: iso(row.created_at),
    })),
    wishlist: wishlist.map((row) => ({ productId: row.product_id, product: row.product ?? null, priceWhenSavedRupees: rupees(row.price_paise), savedAt: iso(row.saved_at) })),
    newsletter: subscriber
      ? {
          email: subscriber.email,
          status: subscriber.confirmed_at === null ? "not confirmed" : subscriber.unsubscribed_at !== null ? "withdrawn" : "subscribed",
          consentText: subscriber.consent_text,
          consentVersion: subscriber.consent_version,
          requestedAt: iso(subscriber.requested_at),
          confirmedAt: isoOrNull(subscriber.confirmed_at),
          withdrawnAt: isoOrNull(subscriber.unsubscribed_at),
          history: history.map((entry) => ({ event: entry.event, at: iso(entry.at) })),
        }
      : null,
    grievances: grievances.map((row) => ({
      ticket: row.ticket,
      subject: GRIEVANCE_SUBJECTS.find((subject) => subject.value === row.subject)?.label ?? row.subject,
      text: row.body,
      orderNumber: row.order_id,
      status: row.status,
      filedAt: iso(row.created_at),
      answer: row.answer,
      answeredAt: isoOrNull(row.answered_at),
    })),
    problemReports: reports.map((row) => ({
      orderNumber: row.order_id,
      kind: row.kind,
      description: row.description,
      video: row.video_file !== null || row.video_link !== null,
      status: row.status,
      filedAt: iso(row.created_at),
      answer: row.answer,
      answeredAt: isoOrNull(row.answered_at),
    })),
    returnRequests: returns.map((row) => ({
      orderNumber: row.order_id,
      resolution: row.resolution,
      reason: row.reason,
      description: row.description,
      photos: photoCount(row.photos),
      status: row.status,
      lines: returnLines
        .filter((line) => line.return_id === row.id)
        .map((line) => ({ lineIndex: Number(line.line_index), productId: line.product_id, colour: line.colour, quantity: Number(line.quantity), exchangeColour: line.exchange_colour })),
      refundDetails: refundDetailsOf(row.payout_json),
      filedAt: iso(row.created_at),
    })),
  };
}

/** How many photo names a return request's `photos` JSON holds (0 when unreadable). */
function photoCount(json: string): number {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.length : 0;
  } catch {
    return 0;
  }
}

/** A return's stored payout details (JSON object of strings), or null when none or unreadable. */
function refundDetailsOf(json: string | null): Record<string, string> | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== "object" || Array.isArray(value)) return null;
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return null;
  }
}

/** The marketing consent of an account's email, as /profile shows it: the words agreed to and when; null when not subscribed. */
export type MarketingConsent = { email: string; consentText: string; confirmedAt: number } | null;

/** The account `userId`'s newsletter consent now (confirmed and not withdrawn), or null. */
export async function marketingConsent(db: DB, userId: number): Promise<MarketingConsent> {
  const row = await db
    .selectFrom("newsletter_subscribers")
    .innerJoin("users", "users.email", "newsletter_subscribers.email")
    .select(["newsletter_subscribers.email", "newsletter_subscribers.consent_text", "newsletter_subscribers.confirmed_at"])
    .where("users.id", "=", userId)
    .where("newsletter_subscribers.confirmed_at", "is not", null)
    .where("newsletter_subscribers.unsubscribed_at", "is", null)
    .executeTakeFirst();
  return row && row.confirmed_at !== null ? { email: row.email, consentText: row.consent_text, confirmedAt: Number(row.confirmed_at) } : null;
}

/**
 * Withdraws the marketing consent of account `userId`'s email at `now` (ms): the same as the
 * newsletter's one-click unsubscribe (RFC 8058; services/newsletter.server.ts `unsubscribe`):
 * logged in the consent log, unsent newsletters dropped. Answers false when the account's email
 * has no subscription to withdraw.
 */
export async function withdrawMarketingConsent(db: DB, userId: number, now = Date.now()): Promise<boolean> {
  const row = await db
    .selectFrom("newsletter_subscribers")
    .innerJoin("users", "users.email", "newsletter_subscribers.email")
    .select(["newsletter_subscribers.unsubscribe_token", "newsletter_subscribers.confirmed_at", "newsletter_subscribers.unsubscribed_at"])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  if (!row || row.confirmed_at === null || row.unsubscribed_at !== null) return false;
  return unsubscribe(db, row.unsubscribe_token, now);
}

/**
 * Corrects account `userId`'s name (sign-up's rule: plain text, 1..100 characters, trimmed).
 * Throws BackendError 400 with the rule's sentence, 404/410 for no live account.
 */
export async function correctName(db: DB, userId: number, input: unknown): Promise<string> {
  const parsed = nameSchema.safeParse(input);
  if (!parsed.success) throw new BackendError(400, parsed.error.issues[0]?.message ?? "Please enter your name.");
  await liveUser(db, userId);
  await db.updateTable("users").set({ name: parsed.data }).where("id", "=", userId).where("deleted_at", "is", null).execute();
  return parsed.data;
}

/** A shopper found by staff: id, name, email, whether their account is deleted. */
export type FoundShopper = { id: number; name: string; email: string; createdAt: number; deletedAt: number | null; role: StaffRole | null };

const SHOPPER_COLUMNS = ["id", "name", "email", "created_at", "deleted_at", "role"] as const;

function foundShopper(row: { id: number | string; name: string; email: string; created_at: number | string; deleted_at: number | string | null; role: string | null }): FoundShopper {
  return { id: Number(row.id), name: row.name, email: row.email, createdAt: Number(row.created_at), deletedAt: row.deleted_at === null ? null : Number(row.deleted_at), role: asStaffRole(row.role) };
}

/**
 * The account with `email` (trimmed, lower-cased), for the back office's personal-data page; null
 * when none (or the email is malformed). A deleted account is found by its placeholder
 * (`deleted-<id>@invalid`) only.
 */
export async function findShopperByEmail(db: DB, email: unknown): Promise<FoundShopper | null> {
  if (typeof email !== "string") return null;
  const wanted = email.trim().toLowerCase();
  // A deleted account's placeholder (deleted-<id>@invalid) is no address sign-up takes, but staff look it up.
  if (!emailSchema.safeParse(wanted).success && !/^deleted-\d+@invalid$/.test(wanted)) return null;
  const row = await db.selectFrom("users").select(SHOPPER_COLUMNS).where("email", "=", wanted).executeTakeFirst();
  return row ? foundShopper(row) : null;
}

/**
 * The account `userId` (a positive integer), live or deleted, for the back office's personal-data
 * page, which names a found shopper by id so that no email address goes into an address bar or a
 * request log (issue 43 item 6); null when none.
 */
export async function findShopperById(db: DB, userId: number): Promise<FoundShopper | null> {
  if (!Number.isSafeInteger(userId) || userId <= 0) return null;
  const row = await db.selectFrom("users").select(SHOPPER_COLUMNS).where("id", "=", userId).executeTakeFirst();
  return row ? foundShopper(row) : null;
}

/**
 * Records that staff member `actor` looked at or downloaded shopper `userId`'s data (audit entity
 * `user`, action `personal data viewed` / `personal data downloaded`); nothing personal is stored.
 */
export async function auditPersonalDataAccess(db: DB, userId: number, what: "viewed" | "downloaded", actor: Actor, now = Date.now()): Promise<void> {
  await recordAudit(db, { actor, entity: "user", entityId: String(userId), action: `personal data ${what}`, at: now });
}

/** Who asks for a deletion: the shopper themself (with their current password) or a staff member for them. */
export type DeletionRequester = { by: "shopper"; password: string } | { by: "staff"; actor: Actor & { role: StaffRole } };

/** What a deletion did: how many rows of each kind were erased or kept (no personal data). */
export type DeletionSummary = {
  userId: number;
  ordersKept: number;
  invoicesKept: number;
  addressesErased: number;
  wishlistErased: number;
  cartLinesErased: number;
  sessionsEnded: number;
  reviewsAnonymised: number;
  grievancesAnonymised: number;
  problemReportVideosErased: number;
  /** Return requests whose COD payout details (UPI ID or bank account) were erased (issue 45 item 4). */
  returnPayoutsErased: number;
  newsletterErased: boolean;
};

/** A password hash no password matches (not an argon2 string: `verify` fails on it). */
function unusablePasswordHash(): string {
  return `!deleted:${crypto.randomBytes(16).toString("hex")}`;
}

/**
 * How many of shopper `userId`'s orders are not finished — paid online or cash on delivery, and
 * neither delivered nor cancelled — and so stop the account's deletion.
 */
export async function openOrderCount(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("payment_status", "=", "PAID"), eb("payment_method", "=", "cod")]))
    .where("status", "not in", ["Delivered", "Cancelled"])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Deletes account `userId` at `now` (ms) on the request of the shopper (their current password,
 * checked first: BackendError 401 PERSONAL_DATA_MESSAGES.passwordWrong, counted as a failed login
 * by the caller) or of an owner (`actor`; a `staff` role gets 403). Refuses with 409 while the
 * shopper has an order that is not finished (PERSONAL_DATA_MESSAGES.openOrder: paid or cash on
 * delivery, not delivered or cancelled) or holds a back-office role; 404/410 for no live account.
 *
 * In ONE transaction (all or nothing): the account's name becomes "Deleted shopper", its email
 * `deleted-<id>@invalid`, its password hash unusable, `deleted_at` set; saved addresses, wishlist,
 * cart lines, sessions, password reset links, the email's newsletter subscription and consent log
 * deleted; unsent email to the address dropped and sent copies emptied; reviews and grievances
 * keep their text under "Deleted shopper" (grievance email the placeholder); problem reports keep
 * their text, their videos are erased (files removed after the commit), return requests keep
 * their text but lose their photos (files removed after the commit) and the COD refund's payout details (UPI ID or bank account; issue 45 item 4), and so are the `.eml`
 * files of every email to the address in `mailDir` (issue 43 item 6). Orders are kept with the
 * phone and email erased (and, without an invoice, the name and street too; the state and PIN
 * code kept); gateway payloads lose the customer's name, email and phone; tax invoices stay as
 * issued (CGST Act s.36, Rule 56; DPDP Act s.8(7)); discount code uses keep their rows (the code's
 * counts) with the delivery email and mobile emptied (issue 47). Two audit rows (entity `user`): the request
 * and the deletion, with counts only. Answers the counts.
 */
export async function deleteAccount(
  db: DB,
  userId: number,
  requester: DeletionRequester,
  now = Date.now(),
  videoDir = reportVideoDir(),
  mailDir = outboxDir(),
): Promise<DeletionSummary> {
  if (requester.by === "staff" && requester.actor.role !== "owner") throw new BackendError(403, "Only an owner can delete a shopper's account.");
  const user = await liveUser(db, userId);
  if (requester.by === "shopper") {
    if (!requester.password) throw new BackendError(400, PERSONAL_DATA_MESSAGES.passwordRequired);
    if (!(await verifyPassword(user.password_hash, requester.password))) throw new BackendError(401, PERSONAL_DATA_MESSAGES.passwordWrong);
  }
  const actor: Actor = requester.by === "shopper" ? { id: userId, email: "shopper" } : { id: requester.actor.id, email: requester.actor.email };
  const unusable = unusablePasswordHash();
  const videos: string[] = [];
  const photos: string[] = [];
  const mailFiles: (number | string)[] = [];
  const sqlite = isSqlite(db);
  const summary = await db.transaction().execute(async (trx) => {
    // Locks the account row on PostgreSQL: an order placed at this moment waits, then finds no account.
    const locked = await trx.selectFrom("users").select(["email", "role", "deleted_at"]).where("id", "=", userId).$if(!sqlite, (q) => q.forUpdate()).executeTakeFirst();
    if (!locked) throw new BackendError(404, PERSONAL_DATA_MESSAGES.notFound);
    if (locked.deleted_at !== null) throw new BackendError(410, PERSONAL_DATA_MESSAGES.alreadyDeleted);
    if (asStaffRole(locked.role)) throw new BackendError(409, PERSONAL_DATA_MESSAGES.staffAccount);
    if ((await openOrderCount(trx, userId)) > 0) throw new BackendError(409, requester.by === "shopper" ? PERSONAL_DATA_MESSAGES.openOrder : PERSONAL_DATA_MESSAGES.openOrderStaff);
    const email = locked.email;
    const placeholder = deletedEmail(userId);
    await recordAudit(trx, { actor, entity: "user", entityId: String(userId), action: "account deletion requested", after: { by: requester.by }, at: now });

    const count = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint }) => Number(result.numDeletedRows ?? result.numUpdatedRows ?? 0);
    const addressesErased = count(await trx.deleteFrom("saved_addresses").where("user_id", "=", userId).executeTakeFirst());
    const wishlistErased = count(await trx.deleteFrom("wishlist_items").where("user_id", "=", userId).executeTakeFirst());
    const cartLinesErased = count(await trx.deleteFrom("cart_lines").where("user_id", "=", userId).executeTakeFirst());
    const sessionsEnded = count(await trx.deleteFrom("sessions").where("user_id", "=", userId).executeTakeFirst());
    await trx.deleteFrom("password_resets").where("user_id", "=", userId).execute();

    const subscriber = await trx.selectFrom("newsletter_subscribers").select("id").where("email", "=", email).executeTakeFirst();
    if (subscriber) {
      await trx.deleteFrom("newsletter_consent_log").where("subscriber_id", "=", subscriber.id).execute();
      await trx.deleteFrom("newsletter_subscribers").where("id", "=", subscriber.id).execute();
    }
    // Email to the address: unsent messages dropped, sent copies emptied (the row stays as the outbox's count),
    // and the `.eml` files they were written to removed after the commit (issue 43 item 6).
    const mailed = await trx.selectFrom("outbox").select("id").where("recipient", "=", email).execute();
    for (const row of mailed) mailFiles.push(row.id);
    await trx.deleteFrom("outbox").where("recipient", "=", email).where("sent_at", "is", null).execute();
    await trx.updateTable("outbox").set({ recipient: placeholder, subject: "(erased)", html: "", text: "", headers: null }).where("recipient", "=", email).execute();

    const reviewsAnonymised = count(await trx.updateTable("reviews").set({ author_name: DELETED_SHOPPER_NAME }).where("user_id", "=", userId).executeTakeFirst());
    // Product pages show published reviews by their author's name: every process's page cache drops them (issue 49 item 2).
    if (reviewsAnonymised > 0) await markCatalogueChanged(trx);
    const grievancesAnonymised = count(
      await trx
        .updateTable("grievances")
        .set({ name: DELETED_SHOPPER_NAME, email: placeholder })
        .where((eb) => eb.or([eb("user_id", "=", userId), eb("email", "=", email)]))
        .executeTakeFirst(),
    );
    const reports = await trx.selectFrom("problem_reports").select(["id", "video_file", "video_link"]).where("user_id", "=", userId).execute();
    for (const report of reports) if (report.video_file) videos.push(report.video_file);
    await trx.updateTable("problem_reports").set({ video_file: null, video_link: null }).where("user_id", "=", userId).execute();
    // Issue 45 item 4 (docs/decisions/0985): a cash-on-delivery return's payout details (UPI ID or
    // bank account) are kept only until its refund is recorded — and no longer than the account.
    const returnPayoutsErased = count(
      await trx.updateTable("return_requests").set({ payout_json: null, updated_at: now }).where("user_id", "=", userId).where("payout_json", "is not", null).executeTakeFirst(),
    );
    // Issue 45 item 2 (docs/decisions/0982): return requests keep their text, their photos are erased
    // (files removed after the commit, from the `return-photos/` folder beside the videos').
    for (const request of await trx.selectFrom("return_requests").select("photos").where("user_id", "=", userId).where("photos", "!=", "[]").execute()) {
      const names = (() => {
        try {
          return JSON.parse(request.photos) as unknown;
        } catch {
          return [];
        }
      })();
      if (Array.isArray(names)) for (const name of names) if (typeof name === "string") photos.push(name);
    }
    await trx.updateTable("return_requests").set({ photos: "[]" }).where("user_id", "=", userId).where("photos", "!=", "[]").execute();

    // Issue 47: the shopper's discount code uses keep their rows (the code's counts and the orders'
    // discounts) without the delivery email and mobile, as the orders' addresses lose theirs.
    await trx.updateTable("discount_code_uses").set({ email: "", phone: "" }).where("user_id", "=", userId).execute();
    const orders = await trx.selectFrom("orders").select(["id", "address"]).where("user_id", "=", userId).execute();
    const invoiced = new Set(
      orders.length === 0 ? [] : (await trx.selectFrom("invoices").select("order_id").where("order_id", "in", orders.map((o) => o.id)).execute()).map((row) => row.order_id),
    );
    for (const order of orders) {
      await trx.updateTable("orders").set({ address: JSON.stringify(minimisedAddress(order.address, invoiced.has(order.id))) }).where("id", "=", order.id).execute();
      const events = await trx.selectFrom("payment_events").select(["event_id", "payload"]).where("order_id", "=", order.id).execute();
      for (const event of events) {
        const payload = withoutCustomer(event.payload);
        if (payload !== event.payload) await trx.updateTable("payment_events").set({ payload }).where("event_id", "=", event.event_id).execute();
      }
    }

    await trx
      .updateTable("users")
      .set({ name: DELETED_SHOPPER_NAME, email: placeholder, password_hash: unusable, role: null, deleted_at: now })
      .where("id", "=", userId)
      .execute();
    const done: DeletionSummary = {
      userId,
      ordersKept: orders.length,
      invoicesKept: invoiced.size,
      addressesErased,
      wishlistErased,
      cartLinesErased,
      sessionsEnded,
      reviewsAnonymised,
      grievancesAnonymised,
      problemReportVideosErased: videos.length,
      returnPayoutsErased,
      newsletterErased: Boolean(subscriber),
    };
    await recordAudit(trx, { actor, entity: "user", entityId: String(userId), action: "account deleted", after: done, at: now });
    return done;
  });
  // The videos' files go once the rows no longer name them; a file left by a crash here is named by nothing.
  await Promise.all(videos.map((file) => fs.rm(path.join(videoDir, path.basename(file)), { force: true }).catch(() => undefined)));
  // The return photos' folder is `return-photos/` beside the videos' (services/returns.server.ts returnPhotoDir).
  await Promise.all(photos.map((file) => fs.rm(path.join(path.dirname(videoDir), "return-photos", path.basename(file)), { force: true }).catch(() => undefined)));
  await removeOutboxFiles(mailFiles, mailDir).catch(() => undefined);
  return summary;
}

/**
 * An order's stored address after its shopper's account is deleted: phone and email erased; with
 * no invoice (nothing issued to keep it for), the name and street and city too. State and PIN
 * code (the place of supply), country, a business buyer's GSTIN and name are kept.
 */
export function minimisedAddress(json: string, invoiced: boolean): Record<string, string> {
  const parsed = storedAddressSchema.safeParse(JSON.parse(json));
  const a = parsed.success ? parsed.data : { firstName: "", lastName: "", email: "", street: "", city: "", state: "", zipcode: "", country: "", phone: "" };
  return {
    firstName: invoiced ? a.firstName : DELETED_SHOPPER_NAME,
    lastName: invoiced ? a.lastName : "",
    email: "",
    street: invoiced ? a.street : "",
    city: invoiced ? a.city : "",
    state: a.state,
    zipcode: a.zipcode,
    country: a.country,
    phone: "",
    ...(a.gstin ? { gstin: a.gstin } : {}),
    ...(a.businessName ? { businessName: a.businessName } : {}),
  };
}

const CUSTOMER_FIELDS = new Set(["customer_name", "customer_email", "customer_phone"]);

/** A gateway payload (JSON text) with the customer's name, email and phone blanked wherever they are; the text unchanged if none or not JSON. */
function withoutCustomer(payload: string): string {
  let found = false;
  const scrub = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(scrub);
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) => {
          if (CUSTOMER_FIELDS.has(key) && inner !== null) {
            found = true;
            return [key, null];
          }
          return [key, scrub(inner)];
        }),
      );
    }
    return value;
  };
  try {
    const scrubbed = scrub(JSON.parse(payload));
    return found ? JSON.stringify(scrubbed) : payload;
  } catch {
    return payload;
  }
}
