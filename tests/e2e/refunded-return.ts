import crypto from "node:crypto";
import { issueCreditNote } from "~/services/credit-notes.server";
import { rowToOrder } from "~/services/orders.server";
import { runOwnerCommand } from "../../scripts/owner-command";

/**
 * Test set-up for the credit note spec (issue 45 item 5), run like an owner's command on the e2e
 * server's database (`ownerCommand("../tests/e2e/refunded-return", [orderId])`): records a
 * refunded return of the whole first line of the delivered, invoiced order ORDER_ID — a
 * `return_requests` row (status refunded) and its `return_lines`, as the back office's refund
 * step leaves them — and issues its GST credit note (services/credit-notes.server.ts) in the same
 * transaction. Prints `{"returnId":…,"number":…,"invoiceNumber":…,"totalPaise":…}`.
 */
const USAGE = "Usage: node --import tsx tests/e2e/refunded-return.ts ORDER_ID";

runOwnerCommand(USAGE, async (db) => {
  const orderId = process.argv[2];
  if (!orderId) {
    console.error(USAGE);
    return 1;
  }
  const row = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
  const order = rowToOrder(row);
  const item = order.items[0]!;
  const id = `rt_${crypto.randomBytes(12).toString("hex")}`;
  const now = Date.now();
  const note = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("return_requests")
      .values({
        id,
        order_id: order.id,
        user_id: Number(row.user_id),
        resolution: "refund",
        reason: "defective",
        description: "The crown does not turn.",
        photos: "[]",
        status: "refunded",
        acknowledge_by: now + 2 * 86_400_000,
        resolve_by: now + 30 * 86_400_000,
        acknowledged_at: now,
        resolved_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto("return_lines")
      .values({ return_id: id, order_id: order.id, line_index: 0, product_id: item.productId, colour: item.size, quantity: item.quantity, unit_paise: item.pricePaise, live: null })
      .execute();
    return issueCreditNote(trx, id, now);
  });
  console.log(JSON.stringify({ returnId: id, number: note.number, invoiceNumber: note.invoiceNumber, totalPaise: note.totals.totalPaise }));
  return 0;
});
