import crypto from "node:crypto";
import { RETURN_ACKNOWLEDGE_MS, RETURN_RESOLVE_MS } from "~/lib/returns";
import { rowToOrder } from "~/services/orders.server";
import { runOwnerCommand } from "../../scripts/owner-command";

/**
 * Test set-up for the back office's returns spec (issue 45 item 3), run like an owner's command on
 * the e2e server's database (`ownerCommand("../tests/e2e/return-request", [orderId, hoursAgo])`):
 * records a refund request of the whole line LINE (default 0) of order ORDER_ID, asked HOURS_AGO
 * hours ago (its deadlines counted from then), as services/returns.server.ts leaves one: status
 * `requested`, the line live. Prints `{"returnId":…}`.
 */
const USAGE = "Usage: node --import tsx tests/e2e/return-request.ts ORDER_ID HOURS_AGO [LINE]";

runOwnerCommand(USAGE, async (db) => {
  const [orderId, hoursText, lineText] = process.argv.slice(2);
  const hours = Number(hoursText);
  const lineIndex = Number(lineText ?? "0");
  if (!orderId || !Number.isFinite(hours) || !Number.isInteger(lineIndex)) {
    console.error(USAGE);
    return 1;
  }
  const row = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
  const item = rowToOrder(row).items[lineIndex]!;
  const id = `rt_${crypto.randomBytes(12).toString("hex")}`;
  const at = Date.now() - hours * 3_600_000;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("return_requests")
      .values({
        id,
        order_id: orderId,
        user_id: Number(row.user_id),
        resolution: "refund",
        reason: "defective",
        description: "The crown does not turn.",
        photos: "[]",
        status: "requested",
        acknowledge_by: at + RETURN_ACKNOWLEDGE_MS,
        resolve_by: at + RETURN_RESOLVE_MS,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await trx
      .insertInto("return_lines")
      .values({ return_id: id, order_id: orderId, line_index: lineIndex, product_id: item.productId, colour: item.size, quantity: item.quantity, unit_paise: item.pricePaise, live: 1 })
      .execute();
  });
  console.log(JSON.stringify({ returnId: id }));
  return 0;
});
