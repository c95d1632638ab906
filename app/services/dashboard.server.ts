import { undeclaredProducts } from "~/services/declarations.server";
import { grievanceCounts } from "~/services/grievances.server";
import { missingSellerDetailLabels } from "~/services/seller-details.server";
import { stockSummary } from "~/services/stock.server";
import type { DB } from "~/db/db.server";
import { istDate, istDayStart } from "~/lib/admin-format";

/**
 * The back office's dashboard figures (issue 12 item 3). An order counts when it is real business:
 * a cash-on-delivery order, or an online order that is paid; cancelled orders and unpaid online
 * attempts do not. Live and test are apart: `live` is cash on delivery and Cashfree production,
 * `test` the simulator and Cashfree's sandbox (issue 8 item 1). Days and months are IST's. Money in paise.
 */
export type PeriodFigures = { live: { orders: number; revenuePaise: number }; test: { orders: number; revenuePaise: number } };

export type Dashboard = {
  today: PeriodFigures;
  month: PeriodFigures;
  /** Orders at `Order Placed` (to pack) and at `Packing` (to ship), paid or cash on delivery. */
  toPack: number;
  toShip: number;
  /** Orders that received a second payment to refund (issue 8 item 2). */
  refundsDue: number;
  /** Shown products with 1 to 5 units left, and with none (issue 23; untracked ones aside). */
  stock: { low: number; out: number };
  /** Grievances and problem reports open, and those past their month (issue 25 item 3). */
  grievances: { open: number; overdue: number };
  /** Products (hidden by staff aside) lacking a required Legal Metrology declaration (issue 25 item 2). */
  undeclared: number;
  /**
   * The seller's details the owner's settings leave empty, by their labels, while the store takes
   * live payments ([] otherwise; issue 25 item 1).
   */
  sellerDetailsMissing: string[];
};

async function periodFigures(db: DB, from: number, to: number): Promise<PeriodFigures> {
  const rows = await db
    .selectFrom("orders")
    .select((eb) => [
      eb.case().when("payment_method", "=", "cod").then("live").when("gateway_mode", "=", "live").then("live").else("test").end().as("mode"),
      eb.fn.countAll<number>().as("orders"),
      eb.fn.sum<number>("amount_paise").as("revenue"),
    ])
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .where("status", "<>", "Cancelled")
    .where((eb) => eb.or([eb("payment_method", "=", "cod"), eb("payment_status", "=", "PAID")]))
    .groupBy("mode")
    .execute();
  const figures: PeriodFigures = { live: { orders: 0, revenuePaise: 0 }, test: { orders: 0, revenuePaise: 0 } };
  for (const row of rows) {
    const mode = row.mode === "live" ? "live" : "test";
    figures[mode] = { orders: Number(row.orders), revenuePaise: Number(row.revenue ?? 0) };
  }
  return figures;
}

async function countWhere(db: DB, status: string): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", status)
    .where((eb) => eb.or([eb("payment_method", "=", "cod"), eb("payment_status", "=", "PAID")]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The dashboard at instant `now` (ms): today and this month in IST, the work waiting, refunds due. */
export async function loadDashboard(db: DB, now = Date.now()): Promise<Dashboard> {
  const today = istDate(now);
  const dayStart = istDayStart(today);
  const monthStart = istDayStart(`${today.slice(0, 8)}01`);
  const [todayFigures, monthFigures, toPack, toShip, refunds, stock, grievances, undeclared, sellerDetailsMissing] = await Promise.all([
    periodFigures(db, dayStart, dayStart + 24 * 60 * 60 * 1000),
    periodFigures(db, monthStart, now + 1),
    countWhere(db, "Order Placed"),
    countWhere(db, "Packing"),
    db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n")).where("refund_due", "=", 1).executeTakeFirstOrThrow(),
    stockSummary(db),
    grievanceCounts(db, now),
    undeclaredProducts(db, 0),
    missingSellerDetailLabels(db),
  ]);
  return {
    today: todayFigures,
    month: monthFigures,
    toPack,
    toShip,
    refundsDue: Number(refunds.n),
    stock,
    grievances,
    // Issue 25 item 2: products that lack a Legal Metrology declaration (withheld while live).
    undeclared: undeclared.total,
    sellerDetailsMissing,
  };
}
