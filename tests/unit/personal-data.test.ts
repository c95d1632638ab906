import { afterEach, describe, expect, it } from "vitest";
import { insertDiscountCode, putCodeOnCart } from "../setup/discount-codes";
import { parseEnv } from "~/config/env.server";
import type { DB } from "~/db/db.server";
import { catalogueVersion } from "~/db/products.server";
import { DELETED_SHOPPER_NAME, PERSONAL_DATA_MESSAGES } from "~/lib/personal-data";
import { loginAccount, registerAccount, requireAccount } from "~/services/accounts.server";
import { addSavedAddress } from "~/services/addresses.server";
import { listAudit } from "~/services/audit.server";
import { fileGrievance } from "~/services/grievances.server";
import { renderInvoicePdf } from "~/services/invoice-pdf.server";
import { findInvoice } from "~/services/invoices.server";
import { placeCodOrder, setOrderStatus } from "~/services/orders.server";
import { savePayoutDetails } from "~/services/returns-admin.server";
import { requestReturn } from "~/services/returns.server";
import {
  correctName,
  deleteAccount,
  exportPersonalData,
  findShopperByEmail,
  marketingConsent,
  withdrawMarketingConsent,
} from "~/services/personal-data.server";
import { submitReview } from "~/services/reviews.server";
import { saveToWishlist } from "~/services/wishlist.server";
import { phrasesFor } from "~/i18n/messages.server";
import { phraseIn } from "~/i18n/phrases";
import { personalDataHtml } from "~/utils/personal-data.server";
import { ADDRESS, fillCart, orderBody, seedWatches } from "../fakes/shop";
import { testDatabases, type TestDatabase } from "../setup/databases";
import { refusal } from "../setup/refusal";

/**
 * Personal data (issue 25 item 4; DESIGN.md §23; docs/decisions/0770) on SQLite and PostgreSQL:
 * the export holds the account, addresses, orders, reviews, wishlist, consent and complaints and
 * no secret; deleting an account erases what it says and keeps the orders and the invoice (which
 * still renders), ends sessions, stops the login, is audited twice, is refused with an unfinished
 * order, a wrong password or a staff role, and writes nothing when any step fails.
 */

/** Thu 26 Nov 2026, 10:00 IST. */
const NOW = Date.parse("2026-11-26T10:00:00+05:30");
const DAY = 24 * 60 * 60_000;
const env = parseEnv({ PUBLIC_URL: "https://chronoindia.example", PAYMENT_SIMULATOR: "true" });
const PASSWORD = "Brass pendulum 1964 tick";
const EMAIL = "meera.iyer@example.in";
const CONSENT = "Yes, email me the Chrono India newsletter. I can unsubscribe at any time.";

describe.each(testDatabases())("personal data on $name", ({ create }) => {
  let current: TestDatabase | undefined;
  let db: DB;
  let keys = 0;

  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });

  /** A shopper with everything the store keeps: a delivered COD order with its invoice, an address, a review, a wishlist, a cart, a subscription, a complaint, a reset link. */
  async function richShopper() {
    current = await create();
    db = current.db;
    await seedWatches(db);
    const grant = await registerAccount(db, { name: "Meera Iyer", email: EMAIL, password: PASSWORD }, NOW - 10 * DAY);
    const userId = grant.account.id;
    await addSavedAddress(db, userId, { ...ADDRESS, firstName: "Meera", lastName: "Iyer", email: EMAIL }, { now: NOW - 9 * DAY });
    const order = await placeOrder(userId, NOW - 8 * DAY);
    await setOrderStatus(db, order.id, "Delivered", { liveCredentials: false, now: NOW - 5 * DAY });
    await submitReview(db, userId, "w-plain", { rating: 4, title: "Keeps time", body: "Light on the wrist." }, NOW - 4 * DAY);
    await saveToWishlist(db, userId, "w-gold", NOW - 3 * DAY);
    await fillCart(db, userId, [["w-gold", "Gold", 1]]);
    const subscriber = await db
      .insertInto("newsletter_subscribers")
      .values({ email: EMAIL, consent_version: "2026-11", consent_text: CONSENT, requested_at: NOW - 3 * DAY, confirm_token_hash: null, confirm_expires_at: null, confirmed_at: NOW - 2 * DAY, unsubscribed_at: null, unsubscribe_token: "unsubscribe-token-secret-1234567890" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("newsletter_consent_log").values({ subscriber_id: Number(subscriber.id), event: "confirmed", at: NOW - 2 * DAY, consent_version: "2026-11", consent_text: CONSENT }).execute();
    const grievance = await fileGrievance(db, { name: "Meera Iyer", subject: "delivery", text: "The box arrived dented on one corner." }, { id: userId, email: EMAIL }, { now: NOW - DAY, env });
    await db.insertInto("password_resets").values({ user_id: userId, token_hash: "reset-hash-secret-abcdef", created_at: NOW - 1000, expires_at: NOW + 60_000, ended_at: null, ended_reason: null }).execute();
    return { userId, token: grant.token, orderId: order.id, ticket: grievance.ticket };
  }

  async function placeOrder(userId: number, at: number) {
    await db.deleteFrom("cart_lines").where("user_id", "=", userId).execute();
    await fillCart(db, userId, [["w-plain", "default", 1]]);
    keys += 1;
    const body = orderBody([{ _id: "w-plain", size: "default", quantity: 1 }], 1000);
    body.address = { ...ADDRESS, firstName: "Meera", lastName: "Iyer", email: EMAIL, phone: "9812345678" };
    return (await placeCodOrder(db, userId, body, { codEnabled: true, idempotencyKey: `personal-data-key-${keys}`, now: at })).order;
  }

  async function rowsOf(userId: number) {
    const count = async (table: "saved_addresses" | "wishlist_items" | "cart_lines" | "sessions" | "password_resets") =>
      (await db.selectFrom(table).select("user_id").where("user_id", "=", userId).execute()).length;
    return {
      addresses: await count("saved_addresses"),
      wishlist: await count("wishlist_items"),
      cart: await count("cart_lines"),
      sessions: await count("sessions"),
      resets: await count("password_resets"),
      subscribers: (await db.selectFrom("newsletter_subscribers").select("id").where("email", "=", EMAIL).execute()).length,
      user: await db.selectFrom("users").select(["name", "email", "deleted_at"]).where("id", "=", userId).executeTakeFirstOrThrow(),
    };
  }

  it("exports the account, addresses, orders, reviews, wishlist, consent and complaints, and no secret", async () => {
    const { userId, token, orderId, ticket } = await richShopper();
    const data = await exportPersonalData(db, userId, NOW);
    expect(data.exportedAt).toBe("2026-11-26T04:30:00.000Z");
    expect(data.account).toMatchObject({ name: "Meera Iyer", email: EMAIL, createdAt: new Date(NOW - 10 * DAY).toISOString() });
    expect(data.addresses).toEqual([
      expect.objectContaining({ name: "Meera Iyer", street: "12 MG Road", city: "Bengaluru", state: "Karnataka", pinCode: "560001", phone: "9876543210", isDefault: true }),
    ]);
    expect(data.orders).toHaveLength(1);
    const [order] = data.orders;
    expect(order).toMatchObject({ number: orderId, status: "Delivered", paymentMethod: "cod", deliveryAddress: expect.objectContaining({ name: "Meera Iyer", phone: "9812345678", state: "Karnataka" }) });
    expect(order.lines).toEqual([{ productId: "w-plain", product: "Casio Classic", size: "default", quantity: 1, unitPriceRupees: 1000, totalRupees: 1000 }]);
    expect(order.amountRupees).toBeGreaterThanOrEqual(1000);
    expect(order.invoiceNumber).toMatch(/\/2026-27\/000001$/);
    expect(data.reviews).toEqual([expect.objectContaining({ productId: "w-plain", product: "Casio Classic", rating: 4, title: "Keeps time", text: "Light on the wrist.", shownAs: "Meera I." })]);
    expect(data.wishlist).toEqual([{ productId: "w-gold", product: "Rado Golden Hour", priceWhenSavedRupees: 2500.5, savedAt: new Date(NOW - 3 * DAY).toISOString() }]);
    expect(data.newsletter).toMatchObject({ email: EMAIL, status: "subscribed", consentText: CONSENT, confirmedAt: new Date(NOW - 2 * DAY).toISOString(), history: [{ event: "confirmed" }] });
    expect(data.grievances).toEqual([expect.objectContaining({ ticket, subject: "Delivery", text: "The box arrived dented on one corner.", status: "open" })]);
    expect(data.problemReports).toEqual([]);

    const text = JSON.stringify(data);
    const user = await db.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirstOrThrow();
    for (const secret of [user.password_hash, "argon2", token, "unsubscribe-token-secret", "reset-hash-secret", "key_hash", "token"]) expect(text).not.toContain(secret);
  });

  it("exports the shopper's return requests with the refund details they gave, while the store keeps them (issue 45)", async () => {
    const { userId, orderId } = await richShopper();
    const request = await requestReturn(db, userId, orderId, { reason: "defective", resolution: "refund", description: "It stops overnight.", lines: [{ lineIndex: 0, quantity: 1 }] }, NOW);
    await savePayoutDetails(db, { userId, orderId, returnId: request.id, payout: { kind: "upi", upiId: "meera@okaxis" }, now: NOW });
    const data = await exportPersonalData(db, userId, NOW);
    expect(data.returnRequests).toEqual([
      {
        orderNumber: orderId,
        resolution: "refund",
        reason: "defective",
        description: "It stops overnight.",
        photos: 0,
        status: "requested",
        lines: [{ lineIndex: 0, productId: "w-plain", colour: "default", quantity: 1, exchangeColour: null }],
        refundDetails: { kind: "upi", upiId: "meera@okaxis" },
        filedAt: new Date(NOW).toISOString(),
      },
    ]);
  });

  it("corrects the name by sign-up's rule and withdraws marketing consent like the unsubscribe link", async () => {
    const { userId } = await richShopper();
    expect((await refusal(correctName(db, userId, "   "))).status).toBe(400);
    expect(await correctName(db, userId, "  Meera S. Iyer ")).toBe("Meera S. Iyer");
    expect((await exportPersonalData(db, userId, NOW)).account.name).toBe("Meera S. Iyer");

    expect(await marketingConsent(db, userId)).toEqual({ email: EMAIL, consentText: CONSENT, confirmedAt: NOW - 2 * DAY });
    expect(await withdrawMarketingConsent(db, userId, NOW)).toBe(true);
    expect(await marketingConsent(db, userId)).toBeNull();
    expect(await withdrawMarketingConsent(db, userId, NOW + 1)).toBe(false);
    const data = await exportPersonalData(db, userId, NOW);
    expect(data.newsletter).toMatchObject({ status: "withdrawn", withdrawnAt: new Date(NOW).toISOString(), history: [{ event: "confirmed" }, { event: "unsubscribed" }] });
  });

  it("exports the shopper's discount code uses, and erasure empties their email and mobile but keeps the use (issue 47)", async () => {
    const { userId } = await richShopper();
    await insertDiscountCode(db, "Diwali10", { per_shopper_limit: 1, public: 0 }, NOW - 20 * DAY);
    await putCodeOnCart(db, userId, "DIWALI10", NOW - 2 * DAY);
    const order = await placeOrder(userId, NOW - 2 * DAY);
    // 10 % of ₹1,000 = ₹100 off; the order is delivered so the account may be deleted.
    expect(order).toMatchObject({ discountCode: "Diwali10", discountPaise: 10_000, amountPaise: 90_000 });
    await setOrderStatus(db, order.id, "Delivered", { liveCredentials: false, now: NOW - DAY });
    const data = await exportPersonalData(db, userId, NOW);
    expect(data.discountCodeUses).toEqual([
      { code: "Diwali10", orderNumber: order.id, discountRupees: 100, state: "used", usedAt: new Date(NOW - 2 * DAY).toISOString(), givenBackAt: null, email: EMAIL, phone: "9812345678" },
    ]);
    expect(data.orders.find((o) => o.number === order.id)).toMatchObject({ amountRupees: 900, discountCode: "Diwali10", discountRupees: 100 });

    await deleteAccount(db, userId, { by: "shopper", password: PASSWORD }, NOW);
    const uses = await db.selectFrom("discount_code_uses").select(["user_id", "order_id", "email", "phone", "state", "discount_paise"]).execute();
    expect(uses.map((u) => ({ ...u, user_id: Number(u.user_id), discount_paise: Number(u.discount_paise) }))).toEqual([
      { user_id: userId, order_id: order.id, email: "", phone: "", state: "taken", discount_paise: 10_000 },
    ]);
    expect(Number((await db.selectFrom("discount_codes").select("uses_taken").executeTakeFirstOrThrow()).uses_taken)).toBe(1);
  });

  it("deletes the account: personal data erased, sessions ended, login refused, orders and invoice kept, audited twice", async () => {
    const { userId, token, orderId, ticket } = await richShopper();
    const invoiceBefore = await db.selectFrom("invoices").selectAll().where("order_id", "=", orderId).executeTakeFirstOrThrow();
    const versionBefore = await catalogueVersion(db);

    const summary = await deleteAccount(db, userId, { by: "shopper", password: PASSWORD }, NOW);
    expect(summary).toMatchObject({ userId, ordersKept: 1, invoicesKept: 1, addressesErased: 1, wishlistErased: 1, cartLinesErased: 1, sessionsEnded: 1, reviewsAnonymised: 1, grievancesAnonymised: 1, newsletterErased: true });
    // The review's name changed on its product page: every process's page cache drops it (issue 49 item 2).
    expect(await catalogueVersion(db)).toBe(versionBefore + 1);

    const after = await rowsOf(userId);
    expect(after).toMatchObject({ addresses: 0, wishlist: 0, cart: 0, sessions: 0, resets: 0, subscribers: 0 });
    expect(after.user).toMatchObject({ name: DELETED_SHOPPER_NAME, email: `deleted-${userId}@invalid` });
    expect(Number(after.user.deleted_at)).toBe(NOW);
    expect(await db.selectFrom("newsletter_consent_log").selectAll().execute()).toEqual([]);

    expect((await refusal(requireAccount(db, token, NOW))).status).toBe(401);
    expect((await refusal(loginAccount(db, { email: EMAIL, password: PASSWORD }, NOW))).status).toBe(401);
    // The placeholder is no address a login form takes (400), and no password opens the account either.
    expect([400, 401]).toContain((await refusal(loginAccount(db, { email: `deleted-${userId}@invalid`, password: PASSWORD }, NOW))).status);
    expect(await findShopperByEmail(db, EMAIL)).toBeNull();

    const order = await db.selectFrom("orders").select(["address", "amount_paise", "status"]).where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(order.status).toBe("Delivered");
    expect(JSON.parse(order.address)).toEqual({ firstName: "Meera", lastName: "Iyer", email: "", street: "12 MG Road", city: "Bengaluru", state: "Karnataka", zipcode: "560001", country: "India", phone: "" });
    const invoiceAfter = await db.selectFrom("invoices").selectAll().where("order_id", "=", orderId).executeTakeFirstOrThrow();
    expect(invoiceAfter).toEqual(invoiceBefore);
    const invoice = await findInvoice(db, orderId);
    const pdf = await renderInvoicePdf(invoice!);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");

    const review = await db.selectFrom("reviews").select(["author_name", "body"]).where("user_id", "=", userId).executeTakeFirstOrThrow();
    expect(review).toEqual({ author_name: DELETED_SHOPPER_NAME, body: "Light on the wrist." });
    const grievance = await db.selectFrom("grievances").select(["name", "email", "body"]).where("ticket", "=", ticket).executeTakeFirstOrThrow();
    expect(grievance).toEqual({ name: DELETED_SHOPPER_NAME, email: `deleted-${userId}@invalid`, body: "The box arrived dented on one corner." });
    const mail = await db.selectFrom("outbox").select(["recipient", "html", "text"]).execute();
    for (const row of mail) expect(`${row.recipient}${row.html}${row.text}`).not.toContain(EMAIL);

    const audit = await listAudit(db, "user", String(userId));
    expect(audit.map((entry) => [entry.action, entry.actorEmail])).toEqual([
      ["account deleted", "shopper"],
      ["account deletion requested", "shopper"],
    ]);
    expect(JSON.stringify(audit)).not.toContain(EMAIL);
    expect((await refusal(deleteAccount(db, userId, { by: "shopper", password: PASSWORD }, NOW + 1))).status).toBe(410);
    // An order for the deleted account (a session checked just before the deletion) is refused.
    const ordersBefore = await db.selectFrom("orders").select("id").where("user_id", "=", userId).execute();
    const late = await refusal(placeOrder(userId, NOW + 2));
    expect([late.status, late.message]).toEqual([401, "Please log in again."]);
    expect(await db.selectFrom("orders").select("id").where("user_id", "=", userId).execute()).toEqual(ordersBefore);
  });

  it("refuses a wrong password, an unfinished order, a staff role and a staff member who is not an owner, and changes nothing", async () => {
    const { userId } = await richShopper();
    const before = await rowsOf(userId);
    const wrong = await refusal(deleteAccount(db, userId, { by: "shopper", password: "not my password at all" }, NOW));
    expect([wrong.status, wrong.message]).toEqual([401, PERSONAL_DATA_MESSAGES.passwordWrong]);

    const open = await placeOrder(userId, NOW - DAY);
    const refused = await refusal(deleteAccount(db, userId, { by: "shopper", password: PASSWORD }, NOW));
    expect([refused.status, refused.message]).toEqual([409, PERSONAL_DATA_MESSAGES.openOrder]);
    const owner = { id: 999, email: "owner@example.in", role: "owner" as const };
    expect((await refusal(deleteAccount(db, userId, { by: "staff", actor: owner }, NOW))).message).toBe(PERSONAL_DATA_MESSAGES.openOrderStaff);
    expect((await refusal(deleteAccount(db, userId, { by: "staff", actor: { ...owner, role: "staff" } }, NOW))).status).toBe(403);
    await setOrderStatus(db, open.id, "Cancelled", { liveCredentials: false, now: NOW });

    await db.updateTable("users").set({ role: "staff" }).where("id", "=", userId).execute();
    expect((await refusal(deleteAccount(db, userId, { by: "staff", actor: owner }, NOW))).message).toBe(PERSONAL_DATA_MESSAGES.staffAccount);
    await db.updateTable("users").set({ role: null }).where("id", "=", userId).execute();

    expect({ ...(await rowsOf(userId)), cart: 0 }).toEqual({ ...before, cart: 0 });
    expect(await listAudit(db, "user", String(userId))).toEqual([]);

    // An owner carries out the request: audited with the owner's id and email.
    await deleteAccount(db, userId, { by: "staff", actor: owner }, NOW);
    const audit = await db.selectFrom("audit_log").select(["actor_user_id", "actor_email", "action"]).where("entity", "=", "user").orderBy("id").execute();
    expect(audit.map((row) => [Number(row.actor_user_id), row.actor_email, row.action])).toEqual([
      [999, "owner@example.in", "account deletion requested"],
      [999, "owner@example.in", "account deleted"],
    ]);
    // The cancelled order had no invoice: its name and street are erased too; state and PIN code kept.
    const cancelled = await db.selectFrom("orders").select("address").where("id", "=", open.id).executeTakeFirstOrThrow();
    expect(JSON.parse(cancelled.address)).toMatchObject({ firstName: DELETED_SHOPPER_NAME, lastName: "", street: "", city: "", phone: "", email: "", state: "Karnataka", zipcode: "560001" });
  });

  it("is all or nothing: a failure on the way leaves every row as it was", async () => {
    const { userId, token, orderId } = await richShopper();
    const before = await rowsOf(userId);
    // A stored order whose address no longer parses makes the deletion fail after its first writes.
    await db.updateTable("orders").set({ address: "{broken" }).where("id", "=", orderId).execute();
    await expect(deleteAccount(db, userId, { by: "shopper", password: PASSWORD }, NOW)).rejects.toThrow();
    expect(await rowsOf(userId)).toEqual(before);
    expect((await requireAccount(db, token, NOW)).email).toBe(EMAIL);
    expect(await listAudit(db, "user", String(userId))).toEqual([]);
    expect(await db.selectFrom("newsletter_consent_log").selectAll().execute()).toHaveLength(1);
  });
});

describe("the readable view's discount code uses (issue 47)", () => {
  it("lists each use with its code, order, amount and state, every word of its own in Hindi too", () => {
    const data = {
      exportedAt: "2026-11-26T04:30:00.000Z",
      account: { name: "Meera", email: EMAIL, createdAt: "2026-11-01T00:00:00.000Z", phone: null, note: "" },
      addresses: [], orders: [], reviews: [], wishlist: [], newsletter: null, grievances: [], problemReports: [], returnRequests: [],
      discountCodeUses: [
        { code: "DIWALI10", orderNumber: "CI261124-ABCD1234", discountRupees: 1000, state: "used" as const, usedAt: "2026-11-24T04:30:00.000Z", givenBackAt: null, email: EMAIL, phone: "9812345678" },
        { code: "FEST", orderNumber: "CI261125-ABCD1234", discountRupees: 50, state: "given back" as const, usedAt: "2026-11-25T04:30:00.000Z", givenBackAt: "2026-11-25T06:30:00.000Z", email: "", phone: "" },
      ],
    };
    const html = personalDataHtml(data);
    expect(html).toContain("Discount codes used (2)");
    expect(html).toContain("Code DIWALI10 on order CI261124-ABCD1234: ₹1,000 off, used 24 Nov 2026, 10:00 IST (meera.iyer@example.in, 9812345678)");
    expect(html).toContain("Code FEST on order CI261125-ABCD1234: ₹50 off, given back 25 Nov 2026, 12:00 IST");
    expect(personalDataHtml({ ...data, discountCodeUses: [] })).toContain("None used.");
    const book = phrasesFor("hi", ["profile"]);
    const said: string[] = [];
    personalDataHtml(data, (text) => (said.push(text), text));
    personalDataHtml({ ...data, discountCodeUses: [] }, (text) => (said.push(text), text));
    for (const text of said) expect(phraseIn(book, text), text).not.toBe(text);
  });
});
