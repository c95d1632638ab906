import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import type { PaymentGateway } from "~/payments/gateway.server";
import { parseAdminOrdersFilter } from "~/schemas/admin-orders";
import { listAdminOrders, loadAdminOrder, markCodPaid } from "~/services/admin-orders.server";
import { setOrderStatus } from "~/services/orders.server";
import { confirmPayment } from "~/services/payments.server";
import { issueRefund, refreshRefund, refundIdFor, resolveExtraPayment } from "~/services/refunds.server";
import { listSalesLines, salesCsv } from "~/services/sales-export.server";
import { startFakeCashfree, type FakeCashfree } from "../fakes/cashfree-server";
import { fakeServerGateway, fillCart, STORE_URL } from "../fakes/shop";
import { testDatabases } from "../setup/databases";
import { placeCod, placePaid, shopPerCase, STAFF, STANDARD_LINES, STANDARD_TOTAL_PAISE as TOTAL_PAISE } from "../setup/orders";
import { refusal as rejection } from "../setup/refusal";

/**
 * The back office's orders (issue 12 items 1, 4; docs/decisions/0600) on SQLite and PostgreSQL:
 * the status machine with its events and audit rows, cash on delivery paid, refunds (limits,
 * idempotency against the fake Cashfree, payment links), double payments, the list and the CSV.
 */

const SHIPMENT = { courier: "Blue Dart", awbNumber: "BD123456789", trackingUrl: "https://bluedart.example/track/BD123456789" };

let fake: FakeCashfree;
const credentials = { clientId: "admin_orders_app", clientSecret: "admin_orders_secret" };
beforeAll(async () => {
  fake = await startFakeCashfree(credentials);
});
afterAll(async () => {
  await fake.close();
});

describe.each(testDatabases())("back office orders on $name", ({ create }) => {
  const openCase = shopPerCase(create);
  let db: DB;
  let shopper: number;
  let gateway: PaymentGateway;

  async function setUp() {
    ({ db, shopper } = await openCase());
    gateway = fakeServerGateway(fake.apiBase, credentials);
  }

  let codCount = 0;
  async function codOrder(now?: number) {
    codCount += 1;
    return (await placeCod(db, shopper, `cod-form-key-${codCount}`, { now })).order;
  }

  /** An order paid at the fake Cashfree in the modal ("order:{id}") or on a payment link ("link:{id}"). */
  async function paidOrder(mode: "checkout" | "link", key: string) {
    return placePaid(db, gateway, fake.simulator, shopper, key, { mode });
  }

  const events = (orderId: string) => db.selectFrom("order_events").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
  const audits = (orderId: string) => db.selectFrom("audit_log").selectAll().where("entity", "=", "order").where("entity_id", "=", orderId).orderBy("id").execute();
  const refundsAtCashfree = (cashfreeOrderId: string) => gateway.client.listRefunds(cashfreeOrderId);

  it("moves forward only, needs courier and AWB for Shipped, writes one event and one audit row per move", async () => {
    await setUp();
    const order = await codOrder();
    await setOrderStatus(db, order.id, "Packing", { liveCredentials: false, actor: STAFF });
    const back = await rejection(setOrderStatus(db, order.id, "Order Placed", { liveCredentials: false, actor: STAFF }));
    expect([back.status, back.message]).toEqual([409, `Order ${order.id} is "Packing"; it cannot move back to "Order Placed".`]);

    const noAwb = await rejection(setOrderStatus(db, order.id, "Shipped", { liveCredentials: false, actor: STAFF, shipment: { courier: "Blue Dart" } }));
    expect([noAwb.status, noAwb.message]).toEqual([400, "Enter the AWB (tracking) number to mark the order Shipped."]);
    const badUrl = await rejection(setOrderStatus(db, order.id, "Shipped", { liveCredentials: false, actor: STAFF, shipment: { ...SHIPMENT, trackingUrl: "javascript:alert(1)" } }));
    expect(badUrl.status).toBe(400);
    expect((await events(order.id)).length).toBe(1);

    await setOrderStatus(db, order.id, "Shipped", { liveCredentials: false, actor: STAFF, shipment: SHIPMENT });
    const cancel = await rejection(setOrderStatus(db, order.id, "Cancelled", { liveCredentials: false, actor: STAFF }));
    expect([cancel.status, cancel.message]).toEqual([409, `Order ${order.id} is "Shipped"; it cannot be cancelled once it has shipped.`]);
    await setOrderStatus(db, order.id, "Delivered", { liveCredentials: false, actor: STAFF });
    // The same status again is no move: nothing written.
    await setOrderStatus(db, order.id, "Delivered", { liveCredentials: false, actor: STAFF });
    const fromDelivered = await rejection(setOrderStatus(db, order.id, "Packing", { liveCredentials: false, actor: STAFF }));
    expect([fromDelivered.status, fromDelivered.message]).toEqual([409, `Order ${order.id} is "Delivered"; it cannot move back to "Packing".`]);

    const written = await events(order.id);
    expect(written.map((e) => [e.kind, e.status, e.actor])).toEqual([
      ["status", "Packing", STAFF.email],
      ["status", "Shipped", STAFF.email],
      ["status", "Delivered", STAFF.email],
    ]);
    expect(JSON.parse(written[1].details!)).toMatchObject({ from: "Packing", shipment: SHIPMENT });
    const audited = await audits(order.id);
    expect(audited.map((a) => a.action)).toEqual(["status: Order Placed → Packing", "status: Packing → Shipped", "status: Shipped → Delivered"]);
    expect(JSON.parse(audited[1].after_json!)).toMatchObject({ status: "Shipped", courier: "Blue Dart", awbNumber: "BD123456789" });
    const row = await db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
    expect([row.status, row.courier, row.awb_number, row.tracking_url]).toEqual(["Delivered", "Blue Dart", "BD123456789", SHIPMENT.trackingUrl]);

    const detail = await loadAdminOrder(db, order.id);
    expect(detail.nextStatuses).toEqual([]);
    expect(detail.timeline.map((t) => t.status)).toEqual(["Order Placed", "Packing", "Shipped", "Delivered"]);
    expect(detail.audit).toHaveLength(3);
  });

  it("cancels before shipping only; nothing leaves Cancelled; the terminal command is the actor by default", async () => {
    await setUp();
    const order = await codOrder();
    expect((await loadAdminOrder(db, order.id)).nextStatuses).toEqual(["Packing", "Shipped", "Out for delivery", "Delivered", "Cancelled"]);
    await setOrderStatus(db, order.id, "Cancelled");
    const again = await rejection(setOrderStatus(db, order.id, "Packing"));
    expect([again.status, again.message]).toEqual([409, `Order ${order.id} is "Cancelled"; a cancelled order cannot move to "Packing".`]);
    expect((await audits(order.id)).map((a) => a.actor_email)).toEqual(["cli:orders:status"]);
    const cod = await rejection(markCodPaid(db, order.id, STAFF));
    expect([cod.status, cod.message]).toEqual([409, `Order ${order.id} is cancelled: no cash payment can be recorded for it.`]);
  });

  it("records cash on delivery paid once, and only for cash-on-delivery orders", async () => {
    await setUp();
    const order = await codOrder();
    await markCodPaid(db, order.id, STAFF);
    expect((await loadAdminOrder(db, order.id)).order.paymentStatus).toBe("PAID");
    expect((await rejection(markCodPaid(db, order.id, STAFF))).message).toBe(`Order ${order.id} is already marked paid.`);
    expect((await events(order.id)).map((e) => e.kind)).toEqual(["cod_paid"]);
    expect((await audits(order.id)).map((a) => a.action)).toEqual(["cash on delivery paid"]);
    const online = await paidOrder("checkout", "admin-key-cod-online");
    expect((await rejection(markCodPaid(db, online.id, STAFF))).status).toBe(409);
  });

  it("refunds at most what was paid minus earlier refunds; cash on delivery only as a refund made elsewhere", async () => {
    await setUp();
    const order = await paidOrder("checkout", "admin-key-limits");
    const refund = (key: string, amountPaise: number, via: "cashfree" | "manual" = "cashfree") =>
      issueRefund(db, { orderId: order.id, key: `${key}-0123456789abcdef`, amountPaise, via, reference: null, note: null, actor: STAFF }, gateway);

    const tooMuch = await rejection(refund("a", TOTAL_PAISE + 1));
    expect([tooMuch.status, tooMuch.message]).toEqual([400, "The refund can be at most ₹4,500.50: the order was paid ₹4,500.50 and ₹0 has been refunded already."]);
    expect((await rejection(refund("b", 0))).status).toBe(400);
    const first = await refund("c", 100_000);
    expect(first.refund).toMatchObject({ amountPaise: 100_000, via: "cashfree", status: "PENDING" });
    expect(first.refund.gatewayRefundId).toBeTruthy();
    const rest = await rejection(refund("d", TOTAL_PAISE - 100_000 + 1));
    expect(rest.message).toBe("The refund can be at most ₹3,500.50: the order was paid ₹4,500.50 and ₹1,000 has been refunded already.");
    await refund("e", TOTAL_PAISE - 100_000, "manual");
    expect((await loadAdminOrder(db, order.id)).refundablePaise).toBe(0);
    expect((await refreshRefund(db, { orderId: order.id, refundId: first.refund.id, actor: STAFF }, gateway)).status).toBe("SUCCESS");
    expect((await events(order.id)).filter((e) => e.kind === "refund")).toHaveLength(2);

    const cod = await codOrder();
    const unpaid = await rejection(issueRefund(db, { orderId: cod.id, key: "cod-unpaid-0123456789", amountPaise: 100, via: "manual", reference: null, note: null, actor: STAFF }, gateway));
    expect([unpaid.status, unpaid.message]).toEqual([409, `Order ${cod.id} has not been paid: there is nothing to refund.`]);
    await markCodPaid(db, cod.id, STAFF);
    const viaCashfree = await rejection(issueRefund(db, { orderId: cod.id, key: "cod-paid-0123456789a", amountPaise: 100, via: "cashfree", reference: null, note: null, actor: STAFF }, gateway));
    expect(viaCashfree.status).toBe(400);
    const manual = await issueRefund(db, { orderId: cod.id, key: "cod-paid-0123456789b", amountPaise: 50_000, via: "manual", reference: "UPI 4242", note: "returned", actor: STAFF }, gateway);
    expect(manual.refund).toMatchObject({ via: "manual", status: "RECORDED", reference: "UPI 4242" });
  });

  it("makes one refund at Cashfree for two submits of one form, also when they race", async () => {
    await setUp();
    const order = await paidOrder("checkout", "admin-key-idem");
    const submit = () => issueRefund(db, { orderId: order.id, key: "one-form-key-0123456789", amountPaise: 150_000, via: "cashfree", reference: null, note: "damaged strap", actor: STAFF }, gateway);
    const [a, b] = await Promise.allSettled([submit(), submit()]);
    const third = await submit();
    expect(third.replay).toBe(true);
    expect([a.status, b.status]).toContain("fulfilled");
    const atCashfree = await refundsAtCashfree(order.id);
    expect(atCashfree.map((r) => [r.refundId, r.amountPaise])).toEqual([[refundIdFor(order.id, "one-form-key-0123456789"), 150_000]]);
    expect((await db.selectFrom("refunds").select("id").where("order_id", "=", order.id).execute()).length).toBe(1);
    expect((await loadAdminOrder(db, order.id)).refundablePaise).toBe(TOTAL_PAISE - 150_000);
  });

  it("refunds a payment-link order on the Cashfree order behind the link", async () => {
    await setUp();
    const order = await paidOrder("link", "admin-key-link");
    const paidBy = (await loadAdminOrder(db, order.id)).paidBy;
    expect(paidBy).toBe(`link:${order.id}`);
    await issueRefund(db, { orderId: order.id, key: "link-form-key-0123456789", amountPaise: TOTAL_PAISE, via: "cashfree", reference: null, note: null, actor: STAFF }, gateway);
    const [behind] = (await gateway.client.getPaymentLinkOrders(order.id)).filter((o) => o.status === "PAID");
    expect(behind.orderId).toMatch(/^CFPay_/);
    expect((await refundsAtCashfree(behind.orderId)).map((r) => r.amountPaise)).toEqual([TOTAL_PAISE]);
  });

  it("refunds a double payment through Cashfree or marks it refunded elsewhere; refund due clears when none remain", async () => {
    await setUp();
    const order = await paidOrder("checkout", "admin-key-double");
    // Two more payments arrive by other instruments (decision 0310): one on a link that Cashfree holds, one unknown to it.
    await fillCart(db, shopper, STANDARD_LINES.cart);
    await gateway.client.createPaymentLink({ linkId: `${order.id}_2`, amountPaise: TOTAL_PAISE, purpose: "x", customer: { phone: "9876543210", email: "a@example.in", name: "A" }, returnUrl: `${STORE_URL}/verify`, idempotencyKey: `l2-${order.id}` });
    await fake.simulator.settle({ linkId: `${order.id}_2` }, "SUCCESS", { notify: false });
    for (const [eventId, instrument] of [["link:extra:PAID", `link:${order.id}_2`], ["payment:999:SUCCESS", `order:${order.id}_3`]]) {
      expect(await confirmPayment(db, { orderId: order.id, eventId, kind: "WEBHOOK", instrument, amountPaise: TOTAL_PAISE, currency: "INR", payload: {} })).toBe("refund-due");
    }
    let detail = await loadAdminOrder(db, order.id);
    expect(detail.refundDue).toBe(true);
    expect(detail.extraPayments.map((p) => p.instrument)).toEqual([`link:${order.id}_2`, `order:${order.id}_3`]);
    expect((await listAdminOrders(db, parseAdminOrdersFilter(new URLSearchParams("refund=due")))).rows.map((r) => r.id)).toEqual([order.id]);

    const first = await resolveExtraPayment(db, { orderId: order.id, paymentId: "link:extra:PAID", how: "cashfree", reference: null, actor: STAFF }, gateway);
    expect(first.refund).toMatchObject({ amountPaise: TOTAL_PAISE, via: "cashfree", status: "PENDING" });
    const again = await resolveExtraPayment(db, { orderId: order.id, paymentId: "link:extra:PAID", how: "cashfree", reference: null, actor: STAFF }, gateway);
    expect(again.replay).toBe(true);
    const [behind] = (await gateway.client.getPaymentLinkOrders(`${order.id}_2`)).filter((o) => o.status === "PAID");
    expect((await refundsAtCashfree(behind.orderId)).length).toBe(1);
    expect((await loadAdminOrder(db, order.id)).refundDue).toBe(true);

    await resolveExtraPayment(db, { orderId: order.id, paymentId: "payment:999:SUCCESS", how: "elsewhere", reference: "dashboard RF-1", actor: STAFF }, gateway);
    detail = await loadAdminOrder(db, order.id);
    expect(detail.refundDue).toBe(false);
    expect(detail.extraPayments.map((p) => p.resolution)).toEqual(["refunded", "elsewhere"]);
    // Refunds of double payments do not eat into what may be refunded of the order's own payment.
    expect(detail.refundablePaise).toBe(TOTAL_PAISE);
    expect((await events(order.id)).map((e) => e.kind)).toEqual(["refund_due_resolved", "refund_due_resolved"]);
    expect((await audits(order.id)).length).toBe(2);
  });

  it("lists and filters orders, and exports one CSV row per item of real, non-cancelled sales", async () => {
    await setUp();
    const day = Date.parse("2026-03-10T10:00:00+05:30");
    const sale = await codOrder(day);
    const cancelled = await codOrder(day + 1000);
    await setOrderStatus(db, cancelled.id, "Cancelled");
    const before = await codOrder(day - 3 * 24 * 3600 * 1000);
    const test = await paidOrder("checkout", "admin-key-csv");

    const list = (query: string) => listAdminOrders(db, parseAdminOrdersFilter(new URLSearchParams(query))).then((p) => p.rows.map((r) => r.id));
    expect(await list("")).toEqual([test.id, cancelled.id, sale.id, before.id]);
    expect(await list("from=2026-03-10&to=2026-03-10")).toEqual([cancelled.id, sale.id]);
    expect(await list("status=Cancelled&page=abc&from=not-a-date")).toEqual([cancelled.id]);
    expect(await list("mode=test")).toEqual([test.id]);
    expect(await list(`q=${sale.id.slice(-6).toLowerCase()}`)).toEqual([sale.id]);
    expect(await list("q=%2B91 98765 43210")).toHaveLength(4);
    expect(await list("q=100%25")).toEqual([]);
    // A NUL or other control character in the search (PostgreSQL refuses NUL in text) is dropped, not a 500.
    expect(await list(`q=%00${sale.id.slice(-6)}%1F`)).toEqual([sale.id]);

    const lines = await listSalesLines(db, { from: "2026-03-10", to: "2026-03-10" });
    expect(lines.map((l) => [l.orderId, l.itemName, l.quantity, l.amountPaise, l.hsn])).toEqual([
      [sale.id, "Rado Golden Hour", 1, 250_050, "9102"],
      [sale.id, "Casio Classic", 2, 200_000, "9102"],
    ]);
    const csv = salesCsv(lines);
    expect(csv.split("\r\n")[0]).toBe("Order ID,Date (IST),Customer,State,Item,HSN,Quantity,Amount (INR)");
    expect(csv).toContain(`${sale.id},2026-03-10,Asha Rao,Karnataka,Rado Golden Hour,9102,1,2500.50`);
    expect(csv).toContain(`${sale.id},2026-03-10,Asha Rao,Karnataka,Casio Classic,9102,2,2000.00`);
    expect((await listSalesLines(db, {})).some((l) => l.orderId === test.id)).toBe(false);
    expect((await listSalesLines(db, { mode: "test" })).map((l) => l.orderId)).toEqual([test.id, test.id]);
  });
});
