/**
 * `npm run orders:status -- ORDER_ID STATUS`: moves an order to a status text shoppers see under
 * My Orders (SPEC.md §4; DESIGN.md §9): Order Placed, Packing, Shipped, Out for delivery,
 * Delivered. The status may be typed in any letter case; quote it when it has spaces:
 *
 *   npm run orders:status -- CI250314-7K3M9Q2X "Out for delivery"
 *
 * Refuses (exit code 1, nothing written) an unknown order id, an unknown status, and an online
 * order that is not paid. Uses DATABASE_URL like the store.
 */
import { BackendError } from "~/backend/types";
import { createDatabase, migrateToLatest } from "~/db/db.server";
import { ORDER_STATUSES } from "~/lib/constants";
import { setOrderStatus } from "~/services/orders.server";
import { getEnv } from "~/utils/env.server";

const USAGE = `Usage: npm run orders:status -- ORDER_ID STATUS\n  STATUS is one of: ${ORDER_STATUSES.map((s) => `"${s}"`).join(", ")}`;

async function main(): Promise<number> {
  const [orderId, ...words] = process.argv.slice(2);
  const typed = words.join(" ").trim();
  if (!orderId || !typed || orderId === "--help" || orderId === "-h") {
    console.error(USAGE);
    return 1;
  }
  const status = ORDER_STATUSES.find((known) => known.toLowerCase() === typed.toLowerCase().replace(/\s+/g, " "));
  if (!status) {
    console.error(`Unknown status "${typed}".\n${USAGE}`);
    return 1;
  }

  const db = createDatabase(getEnv().DATABASE_URL);
  try {
    await migrateToLatest(db);
    const order = await setOrderStatus(db, orderId.trim(), status);
    console.log(`Order ${order.id} is now "${order.status}".`);
    return 0;
  } catch (error) {
    if (error instanceof BackendError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
