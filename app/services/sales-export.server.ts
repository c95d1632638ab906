import { stringify } from "csv-stringify/sync";
import type { DB } from "~/db/db.server";
import { istDayStart, istDate } from "~/lib/admin-format";
import { rowToOrder, type OrderRow } from "~/services/orders.server";

/**
 * The accountant's sales CSV (issue 12 item 4; docs/decisions/0600): one line per item of every
 * order that is a sale, in a date range of IST days. Amounts in integer paise in code, rupees with
 * two decimals in the file.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** HSN code of wrist watches (GST tariff chapter 91). */
export const WATCH_HSN = "9102";

/** One CSV row: one item of one order. Amount in paise here; rupees with two decimals in the file. */
export type SalesLine = { orderId: string; date: string; customerName: string; state: string; itemName: string; hsn: string; quantity: number; amountPaise: number };

/**
 * The sales lines of a date range (IST days, both included; either end may be open), oldest
 * first, one per item (docs/decisions/0600): orders that are sales — paid online with real money
 * or cash on delivery — and not cancelled. Test payments (simulator, sandbox) are left out
 * unless `mode: "test"`, which gives only them (to try the export on a trial store). Refunds are
 * not netted here: they are on each order's page.
 */
export async function listSalesLines(db: DB, range: { from?: string; to?: string; mode?: "test" | "live" }): Promise<SalesLine[]> {
  let query = db
    .selectFrom("orders")
    .select(["id", "created_at", "address", "items", "payment_method", "gateway_mode"])
    .where("status", "<>", "Cancelled")
    .where((eb) => eb.or([eb("payment_status", "=", "PAID"), eb("payment_method", "=", "cod")]));
  if (range.mode === "test") query = query.where("payment_method", "<>", "cod").where((eb) => eb.or([eb("gateway_mode", "is", null), eb("gateway_mode", "<>", "live")]));
  else query = query.where((eb) => eb.or([eb("payment_method", "=", "cod"), eb("gateway_mode", "=", "live")]));
  if (range.from) query = query.where("created_at", ">=", istDayStart(range.from));
  if (range.to) query = query.where("created_at", "<", istDayStart(range.to) + DAY_MS);
  const rows = await query.orderBy("created_at").orderBy("id").execute();
  return rows.flatMap((row) => {
    const order = rowToOrder(row as OrderRow & typeof row);
    return order.items.map((item) => ({
      orderId: order.id,
      date: istDate(order.createdAt),
      customerName: `${order.address.firstName} ${order.address.lastName}`.trim(),
      state: order.address.state,
      itemName: item.name,
      hsn: WATCH_HSN,
      quantity: item.quantity,
      amountPaise: item.pricePaise * item.quantity,
    }));
  });
}

/** Paise → "1234.50" (exact: no floating point). */
export function paiseAsRupeeText(paise: number): string {
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A text cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a leading ' (OWASP CSV injection). */
function safeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export const SALES_CSV_COLUMNS = ["Order ID", "Date (IST)", "Customer", "State", "Item", "HSN", "Quantity", "Amount (INR)"] as const;

/** The sales lines as CSV text (RFC 4180 via csv-stringify, a header row, CRLF line ends). */
export function salesCsv(lines: SalesLine[]): string {
  return stringify(
    lines.map((line) => [line.orderId, line.date, safeCell(line.customerName), safeCell(line.state), safeCell(line.itemName), line.hsn, String(line.quantity), paiseAsRupeeText(line.amountPaise)]),
    { header: true, columns: [...SALES_CSV_COLUMNS], record_delimiter: "windows" },
  );
}
