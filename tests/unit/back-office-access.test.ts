import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_IDLE_TIMEOUT_MS } from "~/constants/staff";
import type { DB } from "~/db/db.server";
import { loginAccount, registerAccount, requireAccount } from "~/services/accounts.server";
import { auditTrail } from "~/services/audit.server";
import { loadDashboard } from "~/services/dashboard.server";
import { listStaff, setStaffRole } from "~/services/staff.server";
import { testDatabases, type TestDatabase } from "../setup/databases";
import { refusal as rejection } from "../setup/refusal";

/** Issue 12 "Who gets in" and the dashboard (item 3), on SQLite and PostgreSQL. */

const PASSWORD = "correct horse 42";
const CLI = { id: null, email: "cli:staff", role: "cli" as const };

let counter = 0;
async function account(db: DB) {
  counter += 1;
  const email = `person${counter}-${Date.now()}@example.in`;
  const grant = await registerAccount(db, { name: "Meera", email, password: PASSWORD });
  return { email, id: grant.account.id, token: grant.token };
}

describe.each(testDatabases())("back office access on $name", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it("a shopper has no role; staff:add makes an owner, whose new session carries the role", async () => {
    const person = await account(t.db);
    expect((await requireAccount(t.db, person.token)).role).toBeNull();
    await setStaffRole(t.db, { email: person.email, role: "owner" }, CLI);
    // The role change ended the old session.
    expect((await rejection(requireAccount(t.db, person.token))).status).toBe(401);
    const { token } = await loginAccount(t.db, { email: person.email, password: PASSWORD });
    expect((await requireAccount(t.db, token)).role).toBe("owner");
    expect((await listStaff(t.db)).map((m) => [m.email, m.role])).toContainEqual([person.email, "owner"]);
  });

  it("refuses an unknown email, an unknown role, a staff actor, and removing the last owner — writing nothing", async () => {
    expect((await rejection(setStaffRole(t.db, { email: "nobody@example.in", role: "staff" }, CLI))).status).toBe(404);
    const person = await account(t.db);
    expect((await rejection(setStaffRole(t.db, { email: person.email, role: "admin" }, CLI))).message).toMatch(/owner, staff/);
    const staff = await account(t.db);
    await setStaffRole(t.db, { email: staff.email, role: "staff" }, CLI);
    const refused = await rejection(setStaffRole(t.db, { email: person.email, role: "owner" }, { id: staff.id, email: staff.email, role: "staff" }));
    expect(refused.status).toBe(403);
    expect(refused.message).toBe("Only an owner can change staff roles.");
    expect((await listStaff(t.db)).some((m) => m.email === person.email)).toBe(false);

    const owners = (await listStaff(t.db)).filter((m) => m.role === "owner");
    for (const owner of owners.slice(1)) await setStaffRole(t.db, { email: owner.email, role: null }, CLI);
    const last = await rejection(setStaffRole(t.db, { email: owners[0].email, role: null }, CLI));
    expect(last.status).toBe(409);
    expect((await listStaff(t.db)).filter((m) => m.role === "owner")).toHaveLength(1);
  });

  it("writes who changed which role, before and after, to the audit log", async () => {
    const person = await account(t.db);
    await setStaffRole(t.db, { email: person.email, role: "staff" }, CLI);
    const [entry] = await auditTrail(t.db, "staff", "roles");
    expect(entry.actorEmail).toBe("cli:staff");
    expect(entry.action).toBe("role staff");
    expect(entry.changes).toEqual([{ field: "role", before: "—", after: "staff" }]);
  });

  it("a staff session ends after 12 hours without a request; a shopper's does not", async () => {
    const member = await account(t.db);
    await setStaffRole(t.db, { email: member.email, role: "staff" }, CLI);
    const start = Date.now();
    const { token } = await loginAccount(t.db, { email: member.email, password: PASSWORD }, start);
    // Active every 11 hours: still signed in a day and a half later.
    for (let hours = 11; hours <= 33; hours += 11) {
      expect((await requireAccount(t.db, token, start + hours * 3_600_000)).role).toBe("staff");
    }
    const idle = start + 33 * 3_600_000 + STAFF_IDLE_TIMEOUT_MS + 1;
    expect((await rejection(requireAccount(t.db, token, idle))).status).toBe(401);
    // The idle session is gone for good, not only refused once.
    expect((await rejection(requireAccount(t.db, token, start + 34 * 3_600_000))).status).toBe(401);

    const shopper = await account(t.db);
    expect((await requireAccount(t.db, shopper.token, Date.now() + 5 * 24 * 3_600_000)).role).toBeNull();
  });

  it("the dashboard counts live and test business apart, by IST day and month, and the work waiting", async () => {
    const shopper = await account(t.db);
    // 2026-11-24 10:00 IST; "today" in IST runs from 2026-11-23T18:30Z.
    const now = Date.parse("2026-11-24T10:00:00+05:30");
    const base = { user_id: shopper.id, items: "[]", address: "{}", idempotency_key: "", updated_at: now, refund_payments: null, paid_by: null, courier: null, awb_number: null, tracking_url: null, gateway_order_id: null };
    const orders = [
      // today, live: COD 1,000 and Cashfree live 2,500.50
      { id: "A", amount_paise: 100_000, status: "Order Placed", payment_method: "cod", payment_status: "PENDING", gateway_mode: null, created_at: Date.parse("2026-11-24T00:10:00+05:30"), refund_due: 0 },
      { id: "B", amount_paise: 250_050, status: "Packing", payment_method: "cashfree", payment_status: "PAID", gateway_mode: "live", created_at: Date.parse("2026-11-24T09:00:00+05:30"), refund_due: 1 },
      // today, test payment
      { id: "C", amount_paise: 70_000, status: "Order Placed", payment_method: "cashfree", payment_status: "PAID", gateway_mode: "test", created_at: Date.parse("2026-11-24T08:00:00+05:30"), refund_due: 0 },
      // today, unpaid online attempt and a cancelled COD: not business
      { id: "D", amount_paise: 999_900, status: "Order Placed", payment_method: "cashfree", payment_status: "PENDING", gateway_mode: "live", created_at: now - 1000, refund_due: 0 },
      { id: "E", amount_paise: 888_800, status: "Cancelled", payment_method: "cod", payment_status: "PENDING", gateway_mode: null, created_at: now - 2000, refund_due: 0 },
      // yesterday 23:50 IST (this month, not today), live
      { id: "F", amount_paise: 10_000, status: "Delivered", payment_method: "cod", payment_status: "PAID", gateway_mode: null, created_at: Date.parse("2026-11-23T23:50:00+05:30"), refund_due: 0 },
      // last month
      { id: "G", amount_paise: 50_000, status: "Delivered", payment_method: "cod", payment_status: "PAID", gateway_mode: null, created_at: Date.parse("2026-10-31T23:59:00+05:30"), refund_due: 0 },
    ];
    for (const order of orders) await t.db.insertInto("orders").values({ ...base, ...order, id: `DASH-${order.id}-${counter}`, idempotency_key: order.id }).execute();

    const dashboard = await loadDashboard(t.db, now);
    expect(dashboard.today).toEqual({ live: { orders: 2, revenuePaise: 350_050 }, test: { orders: 1, revenuePaise: 70_000 } });
    expect(dashboard.month).toEqual({ live: { orders: 3, revenuePaise: 360_050 }, test: { orders: 1, revenuePaise: 70_000 } });
    expect(dashboard.toPack).toBe(2);
    expect(dashboard.toShip).toBe(1);
    expect(dashboard.refundsDue).toBe(1);
  });
});
