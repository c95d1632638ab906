/**
 * The store owner's order tool (SPEC.md §4; DESIGN.md §9, §16):
 *
 *   npm run orders:status -- ORDER_ID STATUS [--courier NAME --awb NUMBER [--tracking-url URL]]
 *                                               move an order to a status text shoppers see under
 *                                               My Orders: Order Placed, Packing, Shipped, Out for
 *                                               delivery, Delivered, Cancelled (any letter case;
 *                                               quote spaces). Shipped needs --courier and --awb.
 *                                               The status machine and the audit row are the back
 *                                               office's (setOrderStatus; docs/decisions/0600).
 *   npm run orders:status -- ORDER_ID           show the order: payment, test or live, refunds due
 *   npm run orders:status -- --refunds-due      list every order that received a second payment
 *                                               to refund (issue 8 item 2)
 *
 * Refuses (exit code 1, nothing written) an unknown order id, an unknown status, an illegal move
 * (backwards, out of Delivered or Cancelled, cancelling a shipped order), an online order
 * that is not paid, and — when the store has live Cashfree credentials (CASHFREE_ENV=production)
 * — moving an order paid in test mode past "Order Placed" (issue 8 item 1). Uses DATABASE_URL like
 * the store.
 */
import { parseArgs } from "node:util";
import type { DB } from "~/db/db.server";
import { ORDER_STATUSES } from "~/constants/store";
import { formatPaise } from "~/lib/money";
import { hasLiveCredentials } from "~/payments/gateway.server";
import { CLI_ORDERS_ACTOR, describeOrder, listRefundsDue, setOrderStatus, type OwnerOrderView } from "~/services/orders.server";
import { getEnv } from "~/config/env.server";
import { runOwnerCommand } from "./owner-command";

const USAGE = `Usage: npm run orders:status -- ORDER_ID STATUS [--courier NAME --awb NUMBER [--tracking-url URL]]
       npm run orders:status -- ORDER_ID
       npm run orders:status -- --refunds-due
  STATUS is one of: ${ORDER_STATUSES.map((s) => `"${s}"`).join(", ")}`;

/** The order as lines for the owner, the refund warning first. */
function describe(order: OwnerOrderView): string {
  const mode = order.paymentMode === "test" ? "Test payment (no real money)" : order.paymentMode === "live" ? "live" : "-";
  const lines = [
    `Order ${order.id}: ${formatPaise(order.amountPaise)}, ${order.paymentMethod}, payment ${order.paymentStatus}, status "${order.status}"`,
    `  payment mode: ${mode}; instrument: ${order.gatewayRef ?? "-"}; paid by: ${order.paidBy ?? "-"}`,
  ];
  if (order.refundDue) {
    lines.unshift(`REFUND DUE on order ${order.id}: it received ${order.refundPayments.length} payment(s) after it was paid. Refund in Cashfree:`);
    for (const payment of order.refundPayments) {
      lines.push(
        `  refund ${payment.paymentId}: ${payment.amountPaise === null ? "?" : formatPaise(payment.amountPaise)} ${payment.currency ?? ""} (${payment.source}, ${new Date(payment.at).toISOString()})`,
      );
    }
  }
  return lines.join("\n");
}

async function run(db: DB, argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { courier: { type: "string" }, awb: { type: "string" }, "tracking-url": { type: "string" }, "refunds-due": { type: "boolean" } },
  });
  const args = values["refunds-due"] ? ["--refunds-due"] : positionals;
  const [orderId, ...words] = args;
  if (orderId === "--refunds-due") {
    const due = await listRefundsDue(db);
    if (due.length === 0) console.log("No refunds due.");
    for (const order of due) console.log(describe(order));
    return 0;
  }
  const typed = words.join(" ").trim();
  if (!typed) {
    const order = await describeOrder(db, orderId.trim());
    console.log(describe(order));
    if (order.refundDue) console.warn(`Warning: order ${order.id} has a refund due.`);
    return 0;
  }
  const status = ORDER_STATUSES.find((known) => known.toLowerCase() === typed.toLowerCase().replace(/\s+/g, " "));
  if (!status) {
    console.error(`Unknown status "${typed}".\n${USAGE}`);
    return 1;
  }
  const shipment =
    values.courier !== undefined || values.awb !== undefined || values["tracking-url"] !== undefined
      ? { courier: values.courier, awbNumber: values.awb, trackingUrl: values["tracking-url"] }
      : undefined;
  const order = await setOrderStatus(db, orderId.trim(), status, {
    liveCredentials: hasLiveCredentials(getEnv()),
    actor: CLI_ORDERS_ACTOR,
    shipment,
  });
  console.log(`Order ${order.id} is now "${order.status}".`);
  const view = await describeOrder(db, order.id);
  if (view.refundDue) console.warn(describe(view));
  return 0;
}

const argv = process.argv.slice(2);
if (!argv[0] || argv[0] === "--help" || argv[0] === "-h") {
  console.error(USAGE);
  process.exit(1);
}
runOwnerCommand(USAGE, (db) => run(db, argv));
