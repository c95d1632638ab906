import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/config/env.server";
import type { DB } from "~/db/db.server";
import { catalogueVersion } from "~/db/products.server";
import {
  DEFAULT_STORE_SETTINGS,
  PLACEHOLDER_GSTIN,
  missingSellerDetails,
  phoneHref,
  sellerDetailsOf,
  sellerDetailsWarning,
  storeSettingsSchema,
} from "~/lib/store-settings";
import { loadDashboard } from "~/services/dashboard.server";
import { readStoreSettings, saveStoreSettings } from "~/services/invoices.server";
import { checkSellerDetailsAtStart, missingSellerDetailLabels } from "~/services/seller-details.server";
import { parseStoreSettingsForm } from "~/utils/store-settings-form.server";
import { testDatabases, type TestDatabase } from "../setup/databases";

/**
 * The seller's details and grievance officer in the owner's settings (issue 25 item 1; Consumer
 * Protection (E-Commerce) Rules 2020, rules 4 and 5; docs/decisions/0780).
 */

const OWNER = { id: null, email: "owner@example.in" };
const LIVE = parseEnv({ PUBLIC_URL: "https://shop.example.in", CASHFREE_APP_ID: "live_app", CASHFREE_SECRET_KEY: "live_secret", CASHFREE_ENV: "production" });
const TEST_MODE = parseEnv({ CASHFREE_APP_ID: "app", CASHFREE_SECRET_KEY: "secret", CASHFREE_ENV: "sandbox" });

/** Settings as saved before issue 25 item 1: no customer care, no grievance officer. */
const BEFORE = {
  sellerLegalName: "Chrono India Retail Pvt. Ltd.",
  sellerAddress: ["3rd Floor, 42 Residency Road", "Bengaluru, Karnataka 560025", "India"],
  sellerGstin: PLACEHOLDER_GSTIN,
  sellerState: "Karnataka",
  gstRatePercent: 18,
  invoicePrefix: "CI",
  // The default hold (15 minutes since issue 43 item 3), so the parsed settings equal the defaults.
  stockHoldMinutes: 15,
};

const FILLED_FORM = {
  sellerLegalName: "Chrono India Retail Pvt. Ltd.",
  sellerAddress: "3rd Floor, 42 Residency Road\nBengaluru, Karnataka 560025\nIndia",
  sellerGstin: PLACEHOLDER_GSTIN,
  sellerState: "Karnataka",
  gstRatePercent: "18",
  invoicePrefix: "CI",
  stockHoldMinutes: "30",
  carePhone: "+91 80 4718 2200",
  careEmail: "care@example.in",
  careHours: "Mon-Sat 10:00-19:00 IST",
  grievanceOfficerName: "Asha Rao",
  grievanceOfficerDesignation: "Grievance Officer",
  grievanceOfficerEmail: "grievance@example.in",
  grievanceOfficerPhone: "098450 12345",
};

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

describe("the seller's details in the settings", () => {
  it("parses settings saved before they existed, with the demo store's values", () => {
    const parsed = storeSettingsSchema.parse(BEFORE);
    expect(parsed).toMatchObject({
      carePhone: "+91 80 4718 2200",
      careEmail: "support@chronoindia.in",
      careHours: "Mon-Sat 10:00-19:00 IST",
      grievanceOfficerName: "Meera Iyer",
      grievanceOfficerDesignation: "Grievance Officer",
      grievanceOfficerEmail: "grievance@chronoindia.in",
      grievanceOfficerPhone: "+91 80 4718 2200",
    });
    expect(parsed).toEqual(DEFAULT_STORE_SETTINGS);
  });

  it("parses settings with them, empty ones too", () => {
    const parsed = storeSettingsSchema.parse({ ...BEFORE, carePhone: "1800 123 4567", careEmail: "", grievanceOfficerName: "  Asha Rao  " });
    expect(parsed).toMatchObject({ carePhone: "1800 123 4567", careEmail: "", grievanceOfficerName: "Asha Rao" });
  });

  it("says what is wrong with an email or a phone, field by field", () => {
    const bad = parseStoreSettingsForm(form({ ...FILLED_FORM, careEmail: "care at example", grievanceOfficerPhone: "12345", carePhone: "+1 415 555 0100", grievanceOfficerEmail: "x@" }));
    expect(bad).toMatchObject({
      ok: false,
      errors: {
        careEmail: "Enter the customer care email as an email address, e.g. support@example.in.",
        carePhone: "Enter the customer care phone as an Indian phone number, e.g. +91 80 4718 2200.",
        grievanceOfficerEmail: "Enter the grievance officer's email as an email address, e.g. support@example.in.",
        grievanceOfficerPhone: "Enter the grievance officer's phone as an Indian phone number, e.g. +91 80 4718 2200.",
      },
      values: { careEmail: "care at example", grievanceOfficerPhone: "12345" },
    });
    const long = parseStoreSettingsForm(form({ ...FILLED_FORM, grievanceOfficerName: "x".repeat(121) }));
    expect(long).toMatchObject({ ok: false, errors: { grievanceOfficerName: "Keep the grievance officer's name within 120 characters." } });
    const control = parseStoreSettingsForm(form({ ...FILLED_FORM, grievanceOfficerDesignation: "Grievance\u0000Officer" }));
    expect(control).toMatchObject({ ok: false, errors: { grievanceOfficerDesignation: "Grievance officer's designation must not contain control characters." } });
  });

  it("takes Indian mobiles, landlines with their STD code and toll-free numbers", () => {
    const good = parseStoreSettingsForm(form(FILLED_FORM));
    expect(good).toMatchObject({ ok: true, settings: { grievanceOfficerPhone: "098450 12345", grievanceOfficerName: "Asha Rao" } });
    expect(phoneHref("+91 80 4718 2200")).toBe("+918047182200");
    expect(phoneHref("098450 12345")).toBe("+919845012345");
    expect(phoneHref("1800-123-4567")).toBe("18001234567");
    expect(phoneHref("")).toBe("");
    expect(sellerDetailsOf(DEFAULT_STORE_SETTINGS).officer).toEqual({
      name: "Meera Iyer",
      designation: "Grievance Officer",
      email: "grievance@chronoindia.in",
      phone: "+91 80 4718 2200",
      phoneHref: "+918047182200",
    });
  });

  it("names the details left empty, and the demo GSTIN, for a store taking live payments", () => {
    expect(missingSellerDetails(DEFAULT_STORE_SETTINGS)).toEqual(["sellerGstin"]);
    const settings = storeSettingsSchema.parse({ ...BEFORE, sellerGstin: "29AAGCR4375J1ZU", careEmail: "", grievanceOfficerName: "", grievanceOfficerPhone: "" });
    expect(missingSellerDetails(settings)).toEqual(["careEmail", "grievanceOfficerName", "grievanceOfficerPhone"]);
    expect(sellerDetailsWarning(missingSellerDetails(settings))).toBe(
      "Seller details: live payments are on but these are not filled in at /admin/settings: Customer care email, Grievance officer's name, Grievance officer's phone (Consumer Protection (E-Commerce) Rules 2020, rules 4 and 5).",
    );
    expect(sellerDetailsWarning([])).toBeNull();
  });
});

describe.each(testDatabases())("the seller's details on $name", ({ create }) => {
  let current: TestDatabase | undefined;
  let db: DB;
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });

  async function setUp() {
    current = await create();
    db = current.db;
  }

  it("reads settings saved before them as the demo store's, and keeps the store working", async () => {
    await setUp();
    await db.insertInto("store_settings").values({ id: 1, settings_json: JSON.stringify({ ...BEFORE, invoicePrefix: "OLD" }), updated_at: 1 }).execute();
    const settings = await readStoreSettings(db);
    expect(settings).toMatchObject({ invoicePrefix: "OLD", grievanceOfficerName: "Meera Iyer", careEmail: "support@chronoindia.in" });
  });

  it("saving them bumps the catalogue's version, so the page cache drops pages with the old footer", async () => {
    await setUp();
    const before = await catalogueVersion(db);
    const parsed = parseStoreSettingsForm(form(FILLED_FORM));
    if (!parsed.ok) throw new Error("expected the form to parse");
    await saveStoreSettings(db, parsed.settings, OWNER);
    expect(await catalogueVersion(db)).toBe(before + 1);
    expect((await readStoreSettings(db)).grievanceOfficerName).toBe("Asha Rao");
  });

  it("warns at start-up and on the dashboard, naming each empty detail, only while payments are live", async () => {
    await setUp();
    const parsed = parseStoreSettingsForm(form({ ...FILLED_FORM, sellerGstin: "29AAGCR4375J1ZU", grievanceOfficerDesignation: "", careEmail: "" }));
    if (!parsed.ok) throw new Error("expected the form to parse");
    await saveStoreSettings(db, parsed.settings, OWNER);

    const lines: string[] = [];
    const line = await checkSellerDetailsAtStart(async () => db, LIVE, (text) => lines.push(text));
    expect(lines).toEqual([line]);
    expect(line).toContain("live payments are on");
    expect(line).toContain("Customer care email, Grievance officer's designation");
    expect(await missingSellerDetailLabels(db, LIVE)).toEqual(["Customer care email", "Grievance officer's designation"]);

    // Test mode: the demo's values are fine, nothing is said.
    expect(await checkSellerDetailsAtStart(async () => db, TEST_MODE, (text) => lines.push(text))).toBeNull();
    expect(lines).toHaveLength(1);
    expect(await missingSellerDetailLabels(db, TEST_MODE)).toEqual([]);
    // The dashboard follows the process's own configuration (a test run takes no live payments).
    expect((await loadDashboard(db)).sellerDetailsMissing).toEqual([]);
  });

  it("says the demo GSTIN is still there on a live store with nothing saved", async () => {
    await setUp();
    const lines: string[] = [];
    await checkSellerDetailsAtStart(async () => db, LIVE, (text) => lines.push(text));
    expect(lines).toEqual([expect.stringContaining("Seller's GSTIN (still the demo placeholder)")]);
  });
});
