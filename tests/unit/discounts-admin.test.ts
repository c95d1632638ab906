import { afterEach, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { listAudit } from "~/services/audit.server";
import {
  codesCsv,
  createCode,
  DiscountCodeInputError,
  findCode,
  listCodes,
  setCodeStatus,
  updateCode,
} from "~/services/discounts-admin.server";
import type { DiscountCodeInput } from "~/schemas/discount-codes";
import { istDateTimeToMs, msToIstDateTime } from "~/schemas/discount-codes";
import { parseDiscountCodeForm } from "~/utils/discount-form.server";
import { createShopper, seedWatches } from "../fakes/shop";
import { testDatabases, type TestDatabase } from "../setup/databases";

/**
 * Discount codes in the back office (issue 47 item 1; docs/decisions/1012), on SQLite and
 * PostgreSQL: the form's refusals (each sentence written out here), IST date-times converted by
 * hand, a duplicate code in another case or spacing refused, the audit rows, the list's figures
 * from fixed rows inserted here (orders and their uses), and the CSV. Expected values are worked
 * out by hand, never by the functions under test.
 */

const OWNER = { id: null, email: "owner@example.in" };
/** Tue 24 Nov 2026, 12:00 IST = 06:30 UTC (worked out by hand: 1795501800000). */
const NOW = 1_795_501_800_000;

/** The form as a browser posts it, with overrides; `null` drops a field. */
function form(fields: Record<string, string | string[] | null> = {}): FormData {
  const base: Record<string, string | string[] | null> = {
    intent: "save",
    code: "diwali10",
    kind: "percent",
    percent: "10",
    amount: "",
    scope: "all",
    products: "",
    minSubtotal: "",
    totalLimit: "",
    perShopperLimit: "",
    startsAt: "",
    endsAt: "",
    status: "active",
  };
  const data = new FormData();
  for (const [key, value] of Object.entries({ ...base, ...fields })) {
    if (value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) data.append(key, one);
  }
  return data;
}

/** The field errors of a refused form, or the value of an accepted one. */
function parse(fields: Record<string, string | string[] | null> = {}) {
  const submission = parseDiscountCodeForm(form(fields));
  return submission.status === "success" ? { ok: true as const, value: submission.value } : { ok: false as const, errors: submission.error ?? {} };
}

function input(fields: Record<string, string | string[] | null> = {}): DiscountCodeInput {
  const parsed = parse(fields);
  if (!parsed.ok) throw new Error(`form refused: ${JSON.stringify(parsed.errors)}`);
  return parsed.value;
}

describe("the code form's rules (schemas/discount-codes.ts)", () => {
  const MESSAGES = {
    code: "Enter a code of 3 to 32 letters, digits, - or _ (spaces are dropped, letters are made capitals).",
    percent: "Enter a percentage from 0.01 to 100, like 10 or 12.5.",
    amount: "Enter a fixed amount from ₹1 to ₹10,00,000, like 500 or 499.50.",
    brands: "Choose at least one brand.",
    categories: "Choose at least one category.",
    category: "Choose a category of the store.",
    products: "Enter at least one product id, one a line.",
    minSubtotal: "Enter the minimum subtotal in rupees, 0 or more (blank: none), like 5000.",
    totalLimit: "Leave blank for no limit, or enter a whole number of uses from 1.",
    perShopperLimit: "Leave blank for no limit, or enter a whole number of uses per shopper from 1.",
    startsAt: "Enter the start as a date and time (IST), or leave it blank.",
    endsAt: "Enter the end as a date and time (IST), or leave it blank.",
    endAfterStart: "The end must be after the start.",
    kind: "Choose a percentage or a fixed amount.",
    scope: "Choose what the code applies to.",
    status: "Choose active or paused.",
  };
  const refusals: [string, Record<string, string | string[] | null>, string, string][] = [
    ["too short", { code: "ab" }, "code", MESSAGES.code],
    ["too long (33)", { code: "A".repeat(33) }, "code", MESSAGES.code],
    ["oversized (10,000 characters)", { code: "A".repeat(10_000) }, "code", MESSAGES.code],
    ["XSS in the code", { code: "<script>alert(1)</script>" }, "code", MESSAGES.code],
    ["a quote in the code", { code: "TEN'OFF" }, "code", MESSAGES.code],
    ["empty code", { code: "" }, "code", MESSAGES.code],
    ["percent 0", { percent: "0" }, "percent", MESSAGES.percent],
    ["percent 101", { percent: "101" }, "percent", MESSAGES.percent],
    ["percent 100.01", { percent: "100.01" }, "percent", MESSAGES.percent],
    ["percent 1e3", { percent: "1e3" }, "percent", MESSAGES.percent],
    ["percent negative", { percent: "-5" }, "percent", MESSAGES.percent],
    ["percent three decimals", { percent: "10.005" }, "percent", MESSAGES.percent],
    ["percent blank", { percent: "" }, "percent", MESSAGES.percent],
    ["fixed ₹0.99", { kind: "fixed", amount: "0.99" }, "amount", MESSAGES.amount],
    ["fixed negative", { kind: "fixed", amount: "-500" }, "amount", MESSAGES.amount],
    ["fixed above ₹10,00,000", { kind: "fixed", amount: "1000000.01" }, "amount", MESSAGES.amount],
    ["fixed 1e3", { kind: "fixed", amount: "1e3" }, "amount", MESSAGES.amount],
    ["kind forged", { kind: "free" }, "kind", MESSAGES.kind],
    ["scope forged", { scope: "everything" }, "scope", MESSAGES.scope],
    ["brands without a brand", { scope: "brands" }, "brands", MESSAGES.brands],
    ["categories without one", { scope: "categories" }, "categories", MESSAGES.categories],
    ["an unknown category", { scope: "categories", categories: ["Men", "Kids"] }, "categories", MESSAGES.category],
    ["products without an id", { scope: "products", products: " \n , " }, "products", MESSAGES.products],
    ["minimum negative", { minSubtotal: "-1" }, "minSubtotal", MESSAGES.minSubtotal],
    ["minimum 1e3", { minSubtotal: "1e3" }, "minSubtotal", MESSAGES.minSubtotal],
    ["total limit 0", { totalLimit: "0" }, "totalLimit", MESSAGES.totalLimit],
    ["total limit 1.5", { totalLimit: "1.5" }, "totalLimit", MESSAGES.totalLimit],
    ["per-shopper limit -1", { perShopperLimit: "-1" }, "perShopperLimit", MESSAGES.perShopperLimit],
    ["start not a date", { startsAt: "tomorrow" }, "startsAt", MESSAGES.startsAt],
    ["start 29 Feb 2026 (no such day)", { startsAt: "2026-02-29T10:00" }, "startsAt", MESSAGES.startsAt],
    ["end at 24:00", { endsAt: "2026-11-24T24:00" }, "endsAt", MESSAGES.endsAt],
    ["end before start", { startsAt: "2026-12-01T10:00", endsAt: "2026-11-30T10:00" }, "endsAt", MESSAGES.endAfterStart],
    ["end equal to start", { startsAt: "2026-12-01T10:00", endsAt: "2026-12-01T10:00" }, "endsAt", MESSAGES.endAfterStart],
    ["status forged", { status: "deleted" }, "status", MESSAGES.status],
  ];
  it.each(refusals)("refuses %s next to its field", (_, fields, field, message) => {
    const parsed = parse(fields);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors[field]).toEqual([message]);
  });

  it("reads a percent code: the code normalised, 12.5 % as 1250 basis points, rupees as paise, limits, IST dates", () => {
    expect(
      input({
        code: "  diwali 10 ",
        percent: "12.5",
        amount: "999",
        minSubtotal: "₹4,999.50",
        totalLimit: "100",
        perShopperLimit: "1",
        startsAt: "2026-12-31T23:30",
        endsAt: "2027-01-01T00:00",
        public: "on",
      }),
    ).toEqual({
      code: "diwali 10",
      codeKey: "DIWALI10",
      kind: "percent",
      percentBp: 1250,
      valuePaise: null,
      scope: "all",
      scopeValues: [],
      minSubtotalPaise: 499_950,
      totalLimit: 100,
      perShopperLimit: 1,
      startsAt: 1_798_740_000_000,
      endsAt: 1_798_741_800_000,
      status: "active",
      public: true,
    });
  });

  it("reads a fixed code scoped to brands, and the bounds 0.01 %, 100 %, ₹1 and ₹10,00,000", () => {
    const fixed = input({ kind: "fixed", amount: "499.5", percent: "junk ignored", scope: "brands", brands: ["Casio", "Rado", "Casio"] });
    expect([fixed.valuePaise, fixed.percentBp, fixed.scopeValues, fixed.public]).toEqual([49_950, null, ["Casio", "Rado"], false]);
    expect(input({ percent: "0.01" }).percentBp).toBe(1);
    expect(input({ percent: "100" }).percentBp).toBe(10_000);
    expect(input({ kind: "fixed", amount: "1" }).valuePaise).toBe(100);
    expect(input({ kind: "fixed", amount: "10,00,000" }).valuePaise).toBe(100_000_000);
    expect(input({ scope: "products", products: "w-plain\nw-gold, w-plain" }).scopeValues).toEqual(["w-plain", "w-gold"]);
  });

  it("converts IST date-times exactly (UTC+05:30, no daylight saving), by a table worked out by hand", () => {
    const table: [string, number | null][] = [
      ["2026-12-31T23:30", 1_798_740_000_000], // 2026-12-31T18:00:00Z
      ["2027-01-01T00:00", 1_798_741_800_000], // 2026-12-31T18:30:00Z
      ["2026-03-01T05:30", 1_772_323_200_000], // 2026-03-01T00:00:00Z
      ["2028-02-29T10:00", 1_835_411_400_000], // a leap day: 2028-02-29T04:30:00Z
      ["2026-11-24T12:05:15", 1_795_502_115_000], // with seconds: 06:35:15Z
      ["2026-02-29T10:00", null],
      ["2026-13-01T00:00", null],
      ["2026-11-24 12:00", null],
      ["2026-11-24T12:00Z", null],
    ];
    for (const [text, ms] of table) expect(istDateTimeToMs(text), text).toBe(ms);
    expect(msToIstDateTime(1_798_740_000_000)).toBe("2026-12-31T23:30");
    expect(msToIstDateTime(1_795_502_115_000)).toBe("2026-11-24T12:05:15");
  });
});

describe.each(testDatabases())("discount codes in the back office on $name", ({ create }) => {
  let current: TestDatabase | undefined;
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });
  async function shop(): Promise<DB> {
    current = await create();
    await seedWatches(current.db);
    return current.db;
  }

  it("refuses a code already taken in another case or spacing, and one that only differs by spaces, with the same sentence; nothing written", async () => {
    const db = await shop();
    await createCode(db, input({ code: "DIWALI10" }), OWNER, NOW);
    for (const code of ["diwali10", " Diwali 10 ", "D I W A L I 1 0"]) {
      const error = await createCode(db, input({ code }), OWNER, NOW).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DiscountCodeInputError);
      expect(error).toMatchObject({
        field: "code",
        status: 400,
        message: "There is already a code DIWALI10 (codes are matched without regard to case or spaces). Choose another code.",
      });
    }
    const rows = await db.selectFrom("discount_codes").select("code").execute();
    expect(rows).toEqual([{ code: "DIWALI10" }]);
    expect(await db.selectFrom("audit_log").select("action").where("entity", "=", "discount_code").execute()).toEqual([{ action: "created" }]);
  });

  it("refuses two creations of one code racing: one is made, the other is refused 400 (the unique index), never a 500", async () => {
    const db = await shop();
    const results = await Promise.allSettled([createCode(db, input({ code: "RACE1" }), OWNER, NOW), createCode(db, input({ code: "race1" }), OWNER, NOW)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refused).toHaveLength(1);
    expect(refused[0].reason).toBeInstanceOf(DiscountCodeInputError);
    expect((await db.selectFrom("discount_codes").select("code_key").execute()).map((r) => r.code_key)).toEqual(["RACE1"]);
  });

  it("refuses an unknown product id and a brand no watch is by, naming them; nothing written", async () => {
    const db = await shop();
    await expect(createCode(db, input({ scope: "products", products: "w-plain\nno-such-watch" }), OWNER, NOW)).rejects.toMatchObject({
      field: "products",
      message: "No product has the id no-such-watch.",
    });
    await expect(createCode(db, input({ scope: "brands", brands: ["Casio", "Acme"] }), OWNER, NOW)).rejects.toMatchObject({
      field: "brands",
      message: "No watch in the catalogue is by Acme.",
    });
    expect(await db.selectFrom("discount_codes").select("id").execute()).toEqual([]);
  });

  it("audits creation, edit and pause with before and after; the text changes only while no order used it", async () => {
    const db = await shop();
    const made = await createCode(db, input({ code: "Casio15", percent: "15", scope: "brands", brands: ["Casio"] }), OWNER, NOW);
    const edited = await updateCode(db, made.id, input({ code: "CASIO20", percent: "20", scope: "brands", brands: ["Casio"], endsAt: "2027-01-01T00:00" }), OWNER, NOW + 1000);
    expect(edited?.changed).toBe(true);
    expect(await updateCode(db, made.id, input({ code: "CASIO20", percent: "20", scope: "brands", brands: ["Casio"], endsAt: "2027-01-01T00:00" }), OWNER, NOW + 2000)).toMatchObject({
      changed: false,
    });
    expect((await setCodeStatus(db, made.id, "paused", OWNER, NOW + 3000))?.changed).toBe(true);
    expect((await setCodeStatus(db, made.id, "paused", OWNER, NOW + 4000))?.changed).toBe(false);

    const audit = await listAudit(db, "discount_code", String(made.id));
    expect(audit.map((entry) => [entry.action, entry.actorEmail])).toEqual([
      ["paused", "owner@example.in"],
      ["edited", "owner@example.in"],
      ["created", "owner@example.in"],
    ]);
    expect(audit[0]).toMatchObject({ before: { status: "active" }, after: { status: "paused" } });
    expect(audit[1].before).toMatchObject({ code: "Casio15", percent: "15 %", endsAt: null });
    expect(audit[1].after).toMatchObject({ code: "CASIO20", percent: "20 %", endsAt: "1 Jan 2027, 00:00 IST", scopeValues: ["Casio"] });
    expect(audit[2]).toMatchObject({ before: null, after: { code: "Casio15", kind: "percent", scope: "brands", status: "active", public: false } });

    // An order uses it: the text is fixed from then on, the other fields still change.
    await insertOrder(db, { id: "ord-1", amountPaise: 80_000, method: "cod", status: "PENDING" });
    await insertUse(db, { codeId: made.id, orderId: "ord-1", discountPaise: 20_000, state: "taken" });
    await db.updateTable("discount_codes").set({ uses_taken: 1 }).where("id", "=", made.id).execute();
    await expect(updateCode(db, made.id, input({ code: "CASIO25", percent: "20", scope: "brands", brands: ["Casio"] }), OWNER, NOW)).rejects.toMatchObject({
      field: "code",
      message: "This code has been used by orders, so its text can no longer change. Make a new code instead.",
    });
    expect(await updateCode(db, made.id, input({ code: "casio20", percent: "25", scope: "brands", brands: ["Casio"] }), OWNER, NOW)).toMatchObject({ changed: true });
    const row = await db.selectFrom("discount_codes").select(["code_key", "percent_bp", "uses_taken"]).where("id", "=", made.id).executeTakeFirstOrThrow();
    expect([row.code_key, Number(row.percent_bp), Number(row.uses_taken)]).toEqual(["CASIO20", 2500, 1]);
    expect(await updateCode(db, 99_999, input(), OWNER, NOW)).toBeUndefined();
    expect(await setCodeStatus(db, 99_999, "paused", OWNER, NOW)).toBeUndefined();
  });

  it("lists each code's uses, uses given back, revenue (paid or COD, taken uses) and discount given, from fixed rows; the CSV in rupees", async () => {
    const db = await shop();
    const a = await createCode(db, input({ code: "TEN", percent: "10", totalLimit: "5", startsAt: "2026-11-01T00:00", endsAt: "2027-01-01T00:00" }), OWNER, NOW - 2000);
    expect(parse({ code: "=HYPERLINK" }).ok).toBe(false); // "=" is not a code character: the pattern refuses it before any CSV
    const fixed = await createCode(db, input({ code: "FLAT500", kind: "fixed", amount: "500", scope: "categories", categories: ["Women"] }), OWNER, NOW - 1000);
    // TEN: a paid online order (₹9,000 after ₹1,000 off), a COD order (₹4,500.45 after ₹500.05),
    // an unpaid online order (counts as a use and a discount, not revenue), a cancelled one (given back).
    await insertOrder(db, { id: "o-paid", amountPaise: 900_000, method: "cashfree", status: "PAID" });
    await insertOrder(db, { id: "o-cod", amountPaise: 450_045, method: "cod", status: "PENDING" });
    await insertOrder(db, { id: "o-unpaid", amountPaise: 200_000, method: "cashfree", status: "PENDING" });
    await insertOrder(db, { id: "o-cancelled", amountPaise: 300_000, method: "cod", status: "PENDING" });
    await insertUse(db, { codeId: a.id, orderId: "o-paid", discountPaise: 100_000, state: "taken" });
    await insertUse(db, { codeId: a.id, orderId: "o-cod", discountPaise: 50_005, state: "taken" });
    await insertUse(db, { codeId: a.id, orderId: "o-unpaid", discountPaise: 22_222, state: "taken" });
    await insertUse(db, { codeId: a.id, orderId: "o-cancelled", discountPaise: 33_333, state: "given_back" });
    await db.updateTable("discount_codes").set({ uses_taken: 3 }).where("id", "=", a.id).execute();

    const list = await listCodes(db, NOW);
    expect(list.map((entry) => [entry.code.code, entry.state, entry.usesTaken, entry.usesGivenBack, entry.revenuePaise, entry.discountGivenPaise])).toEqual([
      ["FLAT500", "active", 0, 0, 0, 0],
      // revenue 900,000 + 450,045; discount 100,000 + 50,005 + 22,222
      ["TEN", "active", 3, 1, 1_350_045, 172_227],
    ]);
    expect((await findCode(db, a.id, NOW))?.hasUses).toBe(true);
    expect((await findCode(db, fixed.id, NOW))?.hasUses).toBe(false);
    expect(await findCode(db, 0, NOW)).toBeUndefined();
    // The state follows the clock: before the start, after the end, and used up.
    expect((await listCodes(db, 1_772_323_200_000)).find((e) => e.code.id === a.id)?.state).toBe("not started");
    expect((await listCodes(db, 1_798_741_800_000)).find((e) => e.code.id === a.id)?.state).toBe("ended");
    await db.updateTable("discount_codes").set({ total_limit: 3 }).where("id", "=", a.id).execute();
    const usedUp = await listCodes(db, NOW);
    expect(usedUp.find((e) => e.code.id === a.id)?.state).toBe("used up");

    const csv = codesCsv(usedUp);
    expect(csv.split("\r\n")).toEqual([
      "Code,Terms,State,Public,Uses taken,Total limit,Uses given back,Revenue (INR),Discount given (INR),Starts (IST),Ends (IST),Created (IST),Created by",
      'FLAT500,₹500 off Women watches,active,no,0,,0,0.00,0.00,,,"24 Nov 2026, 11:59",owner@example.in',
      'TEN,"10 % off the whole order; from 1 Nov 2026, 00:00 IST; ends 1 Jan 2027, 00:00 IST",used up,no,3,3,1,13500.45,1722.27,"1 Nov 2026, 00:00","1 Jan 2027, 00:00","24 Nov 2026, 11:59",owner@example.in',
      "",
    ]);
  });

  it("keeps a spreadsheet formula out of the CSV: a brand or creator starting with = + - @ gets a leading '", async () => {
    const db = await shop();
    const code = await createCode(db, input({ code: "SAFE1" }), { id: null, email: "=cmd|' /C calc'!A0" }, NOW);
    const csv = codesCsv(await listCodes(db, NOW));
    expect(csv).toContain("'=cmd|' /C calc'!A0");
    expect(csv).not.toMatch(/,=cmd/);
    expect(code.code).toBe("SAFE1");
  });
});

/** An order row with only what the list reads (amount after the discount, paise). */
async function insertOrder(db: DB, order: { id: string; amountPaise: number; method: "cod" | "cashfree"; status: "PAID" | "PENDING" }) {
  const userId = await createShopper(db);
  await db
    .insertInto("orders")
    .values({
      id: order.id,
      user_id: userId,
      items: "[]",
      amount_paise: order.amountPaise,
      address: "{}",
      status: "Order Placed",
      payment_method: order.method,
      payment_status: order.status,
      gateway_order_id: null,
      idempotency_key: `key-${order.id}`,
      created_at: NOW,
      updated_at: NOW,
      gateway_mode: order.method === "cod" ? null : "test",
    })
    .execute();
}

async function insertUse(db: DB, use: { codeId: number; orderId: string; discountPaise: number; state: "taken" | "given_back" }) {
  await db
    .insertInto("discount_code_uses")
    .values({
      code_id: use.codeId,
      order_id: use.orderId,
      user_id: 1,
      email: "asha@example.in",
      phone: "9876543210",
      discount_paise: use.discountPaise,
      lines_json: "[]",
      state: use.state,
      taken_at: NOW,
      given_back_at: use.state === "given_back" ? NOW : null,
    })
    .execute();
}
