import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv, publicUrl } from "~/config/env.server";
import { outboxDir } from "~/config/outbox.server";
import { log } from "~/observability/log.server";
import type { DB } from "~/db/db.server";
import { renderOrderEmail } from "~/lib/order-emails";
import type { Order } from "~/schemas/orders";
import { markCodPaid } from "~/services/admin-orders.server";
import { createMailTransport, type MailTransport } from "~/services/mail.server";
import { deliverOutbox, enqueueOrderEmail, startOrderEmails } from "~/services/order-emails.server";
import { setOrderStatus } from "~/services/orders.server";
import { confirmPayment, startCashfreePayment } from "~/services/payments.server";
import { issueRefund } from "~/services/refunds.server";
import { fillCart, orderBody, simulatorGateway, STORE_URL } from "../fakes/shop";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp-server";
import { testDatabases } from "../setup/databases";
import { placeCod, shopPerCase, STAFF, STANDARD_LINES } from "../setup/orders";

/**
 * Order emails through the retrying outbox (issue 14 item 4; DESIGN.md §20; docs/decisions/0640)
 * on SQLite and PostgreSQL, received over real SMTP by an in-process `smtp-server`: enqueued in
 * the transaction of the change (once, whatever is replayed), sent once each even when the mail
 * server refuses twice and then recovers, retried with back-off, given up with "MAIL FAILED:",
 * and written as .eml files when there is no SMTP_URL.
 */

const SHIPMENT = { courier: "Blue Dart", awbNumber: "BD123456789", trackingUrl: "https://bluedart.example/track?awb=BD123456789&lang=en" };
/** Tue 24 Nov 2026, 12:00 IST: a metro order is promised Fri 27 – Mon 30 Nov. */
const NOW = Date.parse("2026-11-24T12:00:00+05:30");
const MINUTE = 60_000;

let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp.close();
});

describe.each(testDatabases())("order emails on $name", ({ create }) => {
  const openCase = shopPerCase(create);
  let db: DB;
  let shopper: number;
  let transport: MailTransport;

  async function setUp() {
    ({ db, shopper } = await openCase());
    smtp.received.length = 0;
    smtp.failNext(0);
    transport = createMailTransport({ smtpUrl: smtp.url, outboxDir: "/nonexistent" });
  }
  afterEach(async () => {
    transport?.close();
    vi.restoreAllMocks();
  });

  let keys = 0;
  async function codOrder(key = `cod-key-${(keys += 1)}`) {
    return placeCod(db, shopper, key, { now: NOW });
  }
  const outbox = () => db.selectFrom("outbox").selectAll().orderBy("id").execute();
  /** The shopper's account email: order emails go there, never to the delivery address's "asha@example.in" (issue 21 item 2). */
  const accountEmail = async () => (await db.selectFrom("users").select("email").where("id", "=", shopper).executeTakeFirstOrThrow()).email;

  it("puts the order-placed email of a COD order in the outbox once, however often the order is placed", async () => {
    await setUp();
    const first = await codOrder("same-form-key");
    const again = await codOrder("same-form-key");
    expect([first.created, again.created]).toEqual([true, false]);
    const rows = await outbox();
    expect(rows.map((row) => [row.kind, row.order_id, row.recipient, row.dedupe_key, Number(row.next_attempt_at), row.sent_at])).toEqual([
      ["order_placed", first.order.id, await accountEmail(), `${first.order.id}:order_placed`, NOW, null],
    ]);
    const { html, text, subject } = rows[0];
    expect(subject).toBe(`Your Chrono India order ${first.order.id} is placed`);
    expect(html).toContain('<html lang="en-IN">');
    expect(html).toContain("<h1");
    for (const part of [html, text]) {
      expect(part).toContain(first.order.id);
      expect(part).toContain("Casio Classic");
      expect(part).toContain("Rado Golden Hour");
      expect(part).toContain("₹2,000"); // 2 × ₹1,000
      expect(part).toContain("₹4,500.50"); // the total
      expect(part).toContain("between Fri, 27 Nov and Mon, 30 Nov");
      expect(part).toContain("12 MG Road");
      expect(part).toContain(`${publicUrl()}/orders/${first.order.id}`);
    }
    expect(text).toContain("Casio Classic (Standard) × 2: ₹2,000");
  });

  it("sends shipped, out for delivery and delivered once each, with the courier, AWB and tracking link; a replayed move writes nothing", async () => {
    await setUp();
    const { order } = await codOrder();
    await setOrderStatus(db, order.id, "Packing", { liveCredentials: false, actor: STAFF, now: NOW + 1 });
    await setOrderStatus(db, order.id, "Shipped", { liveCredentials: false, actor: STAFF, shipment: SHIPMENT, now: NOW + 2 });
    await setOrderStatus(db, order.id, "Shipped", { liveCredentials: false, actor: STAFF, shipment: SHIPMENT, now: NOW + 3 });
    await setOrderStatus(db, order.id, "Out for delivery", { liveCredentials: false, actor: STAFF, now: NOW + 4 });
    await setOrderStatus(db, order.id, "Delivered", { liveCredentials: false, actor: STAFF, now: NOW + 5 });
    await setOrderStatus(db, order.id, "Delivered", { liveCredentials: false, actor: STAFF, now: NOW + 6 });
    const rows = await outbox();
    // Delivery also schedules the invitation to review, 3 days later (issue 23 item 2): 259,200,000 ms.
    expect(rows.map((row) => row.kind)).toEqual(["order_placed", "shipped", "out_for_delivery", "delivered", "review_invite"]);
    expect(Number(rows[4].next_attempt_at)).toBe(NOW + 5 + 259_200_000);
    const shipped = rows[1];
    expect(shipped.subject).toBe(`Your Chrono India order ${order.id} has shipped`);
    expect(shipped.html).toContain("Blue Dart");
    expect(shipped.html).toContain("BD123456789");
    // The tracking link is escaped inside the attribute.
    expect(shipped.html).toContain('href="https://bluedart.example/track?awb=BD123456789&amp;lang=en"');
    expect(shipped.text).toContain(`Track it on Blue Dart's site: ${SHIPMENT.trackingUrl}`);
    expect(rows[2].html).toContain("BD123456789");
    expect(rows[3].html).not.toContain("Expected delivery");

    await deliverOutbox(db, transport, NOW + MINUTE);
    expect(smtp.received.map((mail) => mail.subject)).toEqual(rows.slice(0, 4).map((row) => row.subject));
  });

  it("sends payment received once for an online order, across a replayed webhook and a second notice", async () => {
    await setUp();
    await fillCart(db, shopper, STANDARD_LINES.cart);
    const { order } = await startCashfreePayment(db, simulatorGateway(), { id: shopper }, orderBody(STANDARD_LINES.items), { mode: "checkout", storeUrl: STORE_URL, idempotencyKey: "online-key-1", now: NOW });
    expect(await outbox()).toEqual([]); // an unpaid online order sends nothing
    const payment = { orderId: order.id, kind: "PAYMENT_SUCCESS_WEBHOOK", instrument: `order:${order.id}`, amountPaise: order.amountPaise, currency: "INR", payload: {}, now: NOW + 1 };
    expect(await confirmPayment(db, { ...payment, eventId: "pay-1" })).toBe("paid");
    expect(await confirmPayment(db, { ...payment, eventId: "pay-1" })).toBe("duplicate");
    expect(await confirmPayment(db, { ...payment, eventId: "verify-pay-1" })).toBe("already-paid");
    const rows = await outbox();
    expect(rows.map((row) => [row.kind, row.dedupe_key])).toEqual([["payment_received", `${order.id}:payment_received`]]);
    expect(rows[0].text).toContain("We have received your payment of ₹4,500.50");
    expect(rows[0].text).toContain("test mode");
  });

  it("sends a refund-recorded email per refund, once however often the refund form is submitted; COD paid sends payment received", async () => {
    await setUp();
    const { order } = await codOrder();
    await markCodPaid(db, order.id, STAFF, NOW + 1);
    const refund = { orderId: order.id, amountPaise: 50_000, via: "manual" as const, reference: "UPI-REF-42", note: null, actor: STAFF, now: NOW + 2 };
    await issueRefund(db, { ...refund, key: "refund-form-key-1" });
    await issueRefund(db, { ...refund, key: "refund-form-key-1" });
    await issueRefund(db, { ...refund, key: "refund-form-key-2", amountPaise: 25_050 });
    const rows = await outbox();
    expect(rows.map((row) => row.kind)).toEqual(["order_placed", "payment_received", "refund_recorded", "refund_recorded"]);
    expect(rows[1].text).toContain("We have received your cash payment of ₹4,500.50");
    expect(rows[2].subject).toBe(`Refund of ₹500 for your Chrono India order ${order.id}`);
    expect(rows[2].text).toContain("Reference: UPI-REF-42");
    expect(rows[3].subject).toBe(`Refund of ₹250.50 for your Chrono India order ${order.id}`);
  });

  it("takes a report's answer once per report (the API problem reports call)", async () => {
    await setUp();
    const { order } = await codOrder();
    const facts = { kind: "report_answered" as const, order, report: { id: "rep-1", answer: "We are sending a new strap.\n\nSorry for the trouble." } };
    expect(await enqueueOrderEmail(db, facts, { now: NOW })).toBe(true);
    expect(await enqueueOrderEmail(db, facts, { now: NOW + 1 })).toBe(false);
    const rows = await outbox();
    expect(rows.map((row) => row.dedupe_key)).toEqual([`${order.id}:order_placed`, `${order.id}:report_answered:rep-1`]);
    expect(rows[1].html).toContain("<p>We are sending a new strap.</p>");
  });

  it("sends each email exactly once when SMTP fails twice and then recovers, retrying with back-off", async () => {
    await setUp();
    const warn = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    const { order } = await codOrder();
    await setOrderStatus(db, order.id, "Shipped", { liveCredentials: false, actor: STAFF, shipment: SHIPMENT, now: NOW + 1 });
    await markCodPaid(db, order.id, STAFF, NOW + 2);
    smtp.failNext(2);

    expect(await deliverOutbox(db, transport, NOW + 10)).toEqual({ sent: 1, retried: 2, failed: 0 });
    expect(smtp.refused()).toBeGreaterThanOrEqual(2);
    let rows = await outbox();
    expect(rows.map((row) => [row.kind, Number(row.attempts), row.sent_at === null ? null : Number(row.sent_at)])).toEqual([
      ["order_placed", 1, null],
      ["shipped", 1, null],
      ["payment_received", 1, NOW + 10],
    ]);
    expect(rows[0].last_error).toMatch(/451/);
    expect(Number(rows[0].next_attempt_at)).toBe(NOW + 10 + MINUTE);
    expect(warn.mock.calls.map((call) => String(call[1]))).toEqual([
      expect.stringMatching(/^Mail: the order_placed email of order CI.* was not sent \(attempt 1 of 10\): .*451.*; next try in 1 min\.$/),
      expect.stringMatching(/^Mail: the shipped email of order/),
    ]);
    // The order, the outbox row and the attempt as fields; the shopper's address nowhere (issue 46 item 2).
    expect(warn.mock.calls[0][0]).toMatchObject({ kind: "order_placed", attempt: 1, maxAttempts: 10, retryInMs: MINUTE });
    expect(JSON.stringify(warn.mock.calls)).not.toContain(await accountEmail());

    // Not due yet: nothing is sent again before the back-off.
    expect(await deliverOutbox(db, transport, NOW + 10 + MINUTE - 1)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await deliverOutbox(db, transport, NOW + 10 + MINUTE)).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(await deliverOutbox(db, transport, NOW + 24 * 60 * MINUTE)).toEqual({ sent: 0, retried: 0, failed: 0 });

    rows = await outbox();
    expect(rows.every((row) => row.sent_at !== null && row.last_error === null && row.failed_at === null)).toBe(true);
    expect(rows.map((row) => Number(row.attempts))).toEqual([2, 2, 1]);
    expect(smtp.received.map((mail) => mail.subject).sort()).toEqual(rows.map((row) => row.subject).sort());
    for (const row of rows) {
      const mails = smtp.received.filter((mail) => mail.subject === row.subject);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((to) => to.address) : null).toEqual([await accountEmail()]);
      expect(mail.from?.value[0]).toEqual({ name: "Chrono India", address: "orders@chronoindia.in" });
      expect(mail.replyTo?.value[0].address).toBe("support@chronoindia.in");
      expect(mail.html).toContain('lang="en-IN"');
      expect(mail.html).toContain(order.id);
      expect(mail.text).toContain(order.id);
      expect(mail.text).toContain("₹4,500.50");
      expect(mail.messageId).toBe(`<outbox-${row.id}.${order.id}@${new URL(publicUrl()).hostname}>`);
    }
  });

  it("never sends one email twice when two senders run at once", async () => {
    await setUp();
    for (let i = 0; i < 4; i++) await codOrder();
    const other = createMailTransport({ smtpUrl: smtp.url, outboxDir: "/nonexistent" });
    try {
      const runs = await Promise.all([deliverOutbox(db, transport, NOW + 10), deliverOutbox(db, other, NOW + 10)]);
      expect(runs[0].sent + runs[1].sent).toBe(4);
    } finally {
      other.close();
    }
    expect(new Set(smtp.received.map((mail) => mail.subject)).size).toBe(4);
    expect(smtp.received).toHaveLength(4);
  });

  it("backs off 1 min, 5 min, 30 min, 2 h, then 6 h, and gives up after 10 attempts with MAIL FAILED", async () => {
    await setUp();
    vi.spyOn(log, "warn").mockImplementation(() => undefined);
    const error = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const { order } = await codOrder();
    const down: MailTransport = {
      where: "nowhere",
      kind: "smtp",
      send: async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:25");
      },
      close: () => undefined,
    };
    let now = NOW;
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 10; attempt++) {
      const run = await deliverOutbox(db, down, now);
      expect(run).toEqual(attempt < 10 ? { sent: 0, retried: 1, failed: 0 } : { sent: 0, retried: 0, failed: 1 });
      const [row] = await outbox();
      expect(Number(row.attempts)).toBe(attempt);
      if (attempt < 10) {
        waits.push(Number(row.next_attempt_at) - now);
        now = Number(row.next_attempt_at);
      }
    }
    // After attempts 1–9: 1 min, 5 min, 30 min, 2 h, then 6 h each (written out, not read from the sender).
    expect(waits).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 21_600_000, 21_600_000, 21_600_000, 21_600_000]);
    const [row] = await outbox();
    expect(Number(row.failed_at)).toBe(now);
    expect(row.last_error).toBe("connect ECONNREFUSED 127.0.0.1:25");
    // One line with the order, the outbox row and the attempt as fields; the shopper's email never (issue 46 item 2).
    expect(error.mock.calls.map((call) => String(call[1]))).toEqual([
      `MAIL FAILED: the order_placed email of order ${order.id} (outbox ${row.id}) was not sent after 10 attempts; last error: connect ECONNREFUSED 127.0.0.1:25`,
    ]);
    expect(error.mock.calls[0][0]).toMatchObject({ alert: "mail_failed", orderId: order.id, outboxId: row.id, attempt: 10 });
    expect(JSON.stringify(error.mock.calls)).not.toContain(await accountEmail());
    // Given up: never picked again.
    expect(await deliverOutbox(db, transport, now + 365 * 24 * 60 * MINUTE)).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it("without SMTP_URL writes each email as an .eml file beside the database, and the server's sender says where", async () => {
    await setUp();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-outbox-"));
    const info = vi.spyOn(log, "info").mockImplementation(() => undefined);
    try {
      const env = parseEnv({ DATABASE_URL: `file:${path.join(dir, "store.db")}` });
      expect(outboxDir(env)).toBe(path.join(dir, "outbox"));
      const { order } = await codOrder();
      const sender = startOrderEmails(env, async () => db);
      expect(info).toHaveBeenCalledWith({ transport: "files", where: path.join(dir, "outbox") }, `Mail: no SMTP_URL; writing emails to ${path.join(dir, "outbox")}`);
      let files: string[] = [];
      for (let i = 0; i < 100 && files.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        files = fs.existsSync(outboxDir(env)) ? fs.readdirSync(outboxDir(env)) : [];
      }
      await sender.close();
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d-]+Z-order_placed-${order.id}-\\d+\\.eml$`));
      const mail = await simpleParser(fs.readFileSync(path.join(outboxDir(env), files[0])));
      expect(mail.subject).toBe(`Your Chrono India order ${order.id} is placed`);
      expect(mail.html).toContain(order.id);
      expect(mail.text).toContain(order.id);
      const [row] = await outbox();
      expect(row.sent_at).not.toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("order email content", () => {
  const order: Order = {
    id: "CI261124-ABCD1234",
    items: [{ productId: "p1", name: 'Tissot <b>"PRX"</b> & Co', image: "/x.svg", pricePaise: 1_234_550, size: "default", quantity: 1 }],
    amountPaise: 1_234_550,
    address: { firstName: "<Asha>", lastName: "Rao", email: "asha@example.in", street: "1 <script>alert(1)</script> Rd", city: "Pune", state: "Maharashtra", zipcode: "411001", country: "India", phone: "9876543210" },
    status: "Order Placed",
    paymentMethod: "cod",
    paymentStatus: "PENDING",
    createdAt: NOW,
    paymentMode: null,
    deliveryWindow: { from: "2026-11-27", to: "2026-11-27" },
  };
  const context = { storeName: "Chrono & Sons", orderUrl: "https://shop.example.in/orders/CI261124-ABCD1234", supportEmail: "help@example.in", supportPhone: "+91 80 0000 0000" };

  it("escapes every value in the HTML and keeps the text part plain", () => {
    const { html, text, subject } = renderOrderEmail({ kind: "order_placed", order }, context);
    expect(subject).toBe("Your Chrono & Sons order CI261124-ABCD1234 is placed");
    expect(html).not.toMatch(/<script|<b>|<Asha>/);
    expect(html).toContain("Tissot &lt;b&gt;&quot;PRX&quot;&lt;/b&gt; &amp; Co");
    expect(html).toContain("Chrono &amp; Sons");
    expect(html).toContain("₹12,345.50");
    expect(html).toContain("by Fri, 27 Nov");
    expect(html).toContain('<th scope="col"');
    expect(text).toContain('Tissot <b>"PRX"</b> & Co (Standard) × 1: ₹12,345.50');
    expect(text).toContain("View your order: https://shop.example.in/orders/CI261124-ABCD1234");
  });
});
