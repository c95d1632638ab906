import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DELIVERY_RULES, type DeliveryRules } from "~/schemas/delivery";
import { auditTrail, listAudit } from "~/services/audit.server";
import { checkDelivery, readDeliveryRules, saveDeliveryRules } from "~/services/delivery.server";
import { deliveryFormValues, parseDeliveryCheckParams, parseDeliveryRulesForm, type DeliveryFormValues } from "~/utils/admin-forms.server";
import { testDatabases, type TestDatabase } from "../setup/databases";
import { refusal as rejection } from "../setup/refusal";

/**
 * The owner's delivery rules (issue 13 item 2): stored and audited on SQLite and PostgreSQL, and
 * the back office's form (/admin/delivery) parsed into them.
 */

const OWNER = { id: null, email: "owner@example.in" };
const NOW = Date.parse("2026-11-23T10:00:00+05:30");

const changed = (): DeliveryRules => ({
  ...DEFAULT_DELIVERY_RULES,
  zones: { ...DEFAULT_DELIVERY_RULES.zones, remote: { minDays: 8, maxDays: 12, cod: true } },
  unserviceable: ["683594", "Leh"],
  codMaxPaise: 1_000_000,
  holidays: ["2026-11-09", "2030-01-01"],
  holidayNames: { "2026-11-09": "Diwali" },
});

describe.each(testDatabases())("delivery rules on $name", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it("are the defaults until the owner saves, then exactly what was saved, with an audit row", async () => {
    expect(await readDeliveryRules(t.db)).toEqual(DEFAULT_DELIVERY_RULES);
    expect(await auditTrail(t.db, "delivery", "rules")).toEqual([]);

    const saved = await saveDeliveryRules(t.db, changed(), OWNER, NOW);
    expect(saved).toEqual(changed());
    expect(await readDeliveryRules(t.db)).toEqual(changed());

    const [entry] = await listAudit(t.db, "delivery", "rules");
    expect(entry).toMatchObject({ actorEmail: OWNER.email, action: "delivery rules changed", at: NOW, before: DEFAULT_DELIVERY_RULES, after: changed() });
    const [view] = await auditTrail(t.db, "delivery", "rules");
    expect(view.changes.map((c) => c.field).sort()).toEqual(["codMaxPaise", "holidayNames", "holidays", "unserviceable", "zones"]);

    // The answers follow the saved rules at once.
    const leh = await checkDelivery(t.db, "194101", { amountPaise: 100_000, codEnabled: true, now: NOW });
    expect(leh).toMatchObject({ kind: "unserviceable", message: "We don't deliver to 194101 yet" });
    const imphal = await checkDelivery(t.db, "795001", { amountPaise: 100_000, codEnabled: true, now: NOW });
    expect(imphal).toMatchObject({ kind: "deliverable", zone: "remote", cod: { available: true } });
  });

  it("refuses bad rules with a sentence and writes nothing", async () => {
    const before = await readDeliveryRules(t.db);
    const audits = (await listAudit(t.db, "delivery", "rules")).length;
    const bad: unknown[] = [
      { ...changed(), processing: { minDays: 3, maxDays: 1 } },
      { ...changed(), holidays: ["2026-13-01"] },
      { ...changed(), codMaxPaise: -1 },
      { ...changed(), remoteStates: ["Atlantis"] },
      { ...changed(), unserviceable: ["<script>"] },
      null,
      "rules",
    ];
    const messages: string[] = [];
    for (const input of bad) {
      const error = await rejection(saveDeliveryRules(t.db, input, OWNER));
      expect(error.status).toBe(400);
      messages.push(error.message);
    }
    expect(messages[0]).toBe("Processing: the fewest days can't be more than the most days.");
    expect(messages[1]).toBe("That date doesn't exist.");
    expect(messages[3]).toBe("Atlantis is not a state or union territory.");
    expect(await readDeliveryRules(t.db)).toEqual(before);
    expect(await listAudit(t.db, "delivery", "rules")).toHaveLength(audits);
  });

  it("go back to the defaults when saved so, and the form shows what is saved", async () => {
    await saveDeliveryRules(t.db, DEFAULT_DELIVERY_RULES, OWNER, NOW + 1);
    expect(await readDeliveryRules(t.db)).toEqual(DEFAULT_DELIVERY_RULES);
    expect((await listAudit(t.db, "delivery", "rules"))[0].after).toEqual(DEFAULT_DELIVERY_RULES);
    // The form of the saved rules parses back into the same rules.
    const parsed = parseDeliveryRulesForm(form(deliveryFormValues(await readDeliveryRules(t.db))));
    expect(parsed).toMatchObject({ ok: true, rules: DEFAULT_DELIVERY_RULES });
  });
});

/** The form as the browser posts it: checkboxes only when ticked, remote states repeated. */
function form(values: DeliveryFormValues, change: Partial<Record<keyof DeliveryFormValues, string | boolean | string[]>> = {}): FormData {
  const all = { ...values, ...change } as Record<string, string | boolean | string[]>;
  const data = new FormData();
  for (const [name, value] of Object.entries(all)) {
    if (Array.isArray(value)) for (const item of value) data.append(name, item);
    else if (typeof value === "boolean") {
      if (value) data.append(name, "on");
    } else data.append(name, value);
  }
  return data;
}

describe("the delivery rules form", () => {
  const defaults = deliveryFormValues(DEFAULT_DELIVERY_RULES);

  it("shows the rules as text: rupees, one entry a line, holidays with their names", () => {
    expect(defaults).toMatchObject({ processingMin: "1", processingMax: "2", remoteMin: "7", remoteMax: "9", metroCod: true, remoteCod: false, codMax: "25000" });
    expect(defaults.metroPlaces.split("\n")).toContain("Bengaluru");
    expect(defaults.holidays.split("\n")[0]).toBe("2026-01-26 Republic Day");
    expect(defaults.remoteStates).toContain("Ladakh");
  });

  it("parses days, COD per zone, lists (lines and commas, repeats dropped), rupees to paise, holidays with names", () => {
    const result = parseDeliveryRulesForm(
      form(defaults, {
        remoteMin: " 8 ",
        remoteMax: "12",
        remoteCod: true,
        restCod: false,
        metroPlaces: "Bengaluru\r\nmumbai, Delhi\n\nBengaluru",
        remoteStates: ["Manipur", "Ladakh", "Manipur"],
        unserviceable: "683594, 194 101\nLeh\n",
        codMax: "₹10,000",
        holidays: "2030-01-01\n2026-11-09 Diwali\n\n2026-11-09 Diwali (again)",
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rules.zones).toEqual({ metro: { minDays: 2, maxDays: 3, cod: true }, rest: { minDays: 4, maxDays: 5, cod: false }, remote: { minDays: 8, maxDays: 12, cod: true } });
    expect(result.rules.metroPlaces).toEqual(["Bengaluru", "mumbai", "Delhi"]);
    expect(result.rules.remoteStates).toEqual(["Manipur", "Ladakh"]);
    expect(result.rules.unserviceable).toEqual(["683594", "194101", "Leh"]);
    expect(result.rules.codMaxPaise).toBe(1_000_000);
    expect(result.rules.holidays).toEqual(["2026-11-09", "2030-01-01"]);
    expect(result.rules.holidayNames).toEqual({ "2026-11-09": "Diwali (again)" });
  });

  it("says what is wrong next to the right field, and keeps what was entered", () => {
    const entered = {
      processingMin: "3",
      processingMax: "1",
      metroMin: "two",
      restMax: "1.5",
      remoteMin: "-1",
      metroPlaces: "Bangalore",
      remoteStates: ["Atlantis"],
      unserviceable: "999999",
      codMax: "25000.50",
      holidays: "8/11/2026 Diwali\n2026-13-01 Not a day",
    };
    const result = parseDeliveryRulesForm(form(defaults, entered));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      processingMax: "Processing: the fewest days can't be more than the most days.",
      metroMin: "Metro cities: the fewest days must be a whole number of days.",
      restMax: "Rest of India: the most days must be a whole number of days.",
      remoteMin: "Remote areas: the fewest days can't be negative.",
      metroPlaces: "“Bangalore” isn't a district or state in the PIN directory. Write it as India Post does, like Bengaluru or Delhi.",
      remoteStates: "Atlantis is not a state or union territory.",
      unserviceable: "“999999” isn't a PIN code India Post lists.",
      codMax: "Enter the largest cash on delivery order in whole rupees, like 25000.",
      holidays: "“8/11/2026 Diwali”: write each holiday as YYYY-MM-DD, optionally followed by its name, like 2026-11-08 Diwali.",
    });
    expect(result.values).toMatchObject({ ...entered, metroCod: true });
  });

  it("refuses a date that doesn't exist, an empty day count, a huge COD maximum, a bad place name", () => {
    const result = parseDeliveryRulesForm(form(defaults, { holidays: "2026-02-29", processingMin: "", codMax: "2000000", unserviceable: "<b>x</b>" }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.holidays).toBe("“2026-02-29”: That date doesn't exist.");
    expect(result.errors.processingMin).toBe("Processing: the fewest days must be a whole number of days.");
    expect(result.errors.codMax).toBe("The largest cash on delivery order can be at most ₹10,00,000.");
    expect(result.errors.unserviceable).toMatch(/^“<b>x<\/b>”: Each entry is a 6-digit PIN code or a district or state name\.$/);
  });

  it("survives an empty or hostile post without throwing", () => {
    const empty = parseDeliveryRulesForm(new FormData());
    expect(empty.ok).toBe(false);
    const hostile = new FormData();
    hostile.append("holidays", "\u0000".repeat(10) + "\n" + "2026-01-01 " + "x".repeat(5000));
    hostile.append("unserviceable", Array.from({ length: 6000 }, (_, i) => String(110000 + i)).join(","));
    hostile.append("metroPlaces", "Delhi\u0000");
    hostile.append("remoteStates", new Blob(["file"]));
    const result = parseDeliveryRulesForm(hostile);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.unserviceable).toBe("List at most 5,000 entries not served (6,000 given).");
    expect(result.errors.holidays).toBeDefined();
    expect(result.errors.metroPlaces).toBeDefined();
  });

  it("reads the PIN check's amount in whole rupees, ₹1,000 when missing or unreadable", () => {
    expect(parseDeliveryCheckParams(new URLSearchParams("pin=560001&amount=30,000"))).toEqual({ pin: "560001", amountRupees: 30_000, amountPaise: 3_000_000 });
    expect(parseDeliveryCheckParams(new URLSearchParams("amount=-5"))).toEqual({ pin: null, amountRupees: 1000, amountPaise: 100_000 });
    expect(parseDeliveryCheckParams(new URLSearchParams("pin=" + "9".repeat(50))).pin).toHaveLength(20);
  });
});
