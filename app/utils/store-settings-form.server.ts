import { istDate } from "~/lib/admin-format";
import { gstRateRefusal } from "~/lib/gst";
export { gstRateChoices } from "~/lib/gst";
import type { StoreSettings } from "~/lib/store-settings";
import { storeSettingsSchema } from "~/lib/store-settings";

/** The /admin/settings form's fields, as typed (issue 14 item 2). */
export type StoreSettingsFormValues = {
  sellerLegalName: string;
  sellerAddress: string;
  sellerGstin: string;
  sellerState: string;
  gstRatePercent: string;
  invoicePrefix: string;
  stockHoldMinutes: string;
  carePhone: string;
  careEmail: string;
  careHours: string;
  grievanceOfficerName: string;
  grievanceOfficerDesignation: string;
  grievanceOfficerEmail: string;
  grievanceOfficerPhone: string;
  /** The after-sale policy (issue 45; docs/decisions/0980): days, and "refund" | "exchange" | "none". */
  returnWindowDays: string;
  changedMindReturns: string;
};

/** The seller's details typed as text, passed to the schema as typed (issue 25 item 1). */
const DETAIL_FIELDS = ["carePhone", "careEmail", "careHours", "grievanceOfficerName", "grievanceOfficerDesignation", "grievanceOfficerEmail", "grievanceOfficerPhone"] as const;
export type StoreSettingsField = keyof StoreSettingsFormValues;

/** The settings as the form shows them: the address one line per line. */
export function storeSettingsFormValues(settings: StoreSettings): StoreSettingsFormValues {
  return {
    sellerLegalName: settings.sellerLegalName,
    sellerAddress: settings.sellerAddress.join("\n"),
    sellerGstin: settings.sellerGstin,
    sellerState: settings.sellerState,
    gstRatePercent: String(settings.gstRatePercent),
    invoicePrefix: settings.invoicePrefix,
    stockHoldMinutes: String(settings.stockHoldMinutes),
    carePhone: settings.carePhone,
    careEmail: settings.careEmail,
    careHours: settings.careHours,
    grievanceOfficerName: settings.grievanceOfficerName,
    grievanceOfficerDesignation: settings.grievanceOfficerDesignation,
    grievanceOfficerEmail: settings.grievanceOfficerEmail,
    grievanceOfficerPhone: settings.grievanceOfficerPhone,
    returnWindowDays: String(settings.returnWindowDays),
    changedMindReturns: settings.changedMindReturns,
  };
}

/**
 * Parses the /admin/settings form with `storeSettingsSchema` (lib/store-settings.ts; the GSTIN's
 * format and check digit, its state code against the state, the rate one in force on the IST date
 * of `now` (ms; lib/gst `gstRateRefusal`'s sentence otherwise — a rate that has ended, e.g. 28 % after
 * 21 Sep 2025, is refused even when it is the saved one; issue 47 item 4); the
 * customer-care and grievance officer's details may be left empty, an email must be one and a
 * phone an Indian number; the return window 0–30 days and what a change of mind brings, issue 45): the settings, or a sentence per field with the values as typed. Never
 * throws. Source: issue 14 item 2, issue 25 item 1; DESIGN.md §18, §20, §23.
 */
export function parseStoreSettingsForm(
  formData: FormData,
  now = Date.now(),
): { ok: true; settings: StoreSettings } | { ok: false; errors: Partial<Record<StoreSettingsField, string>>; values: StoreSettingsFormValues } {
  const text = (name: StoreSettingsField) => {
    const value = formData.get(name);
    return typeof value === "string" ? value.slice(0, 2000) : "";
  };
  const values: StoreSettingsFormValues = {
    sellerLegalName: text("sellerLegalName"),
    sellerAddress: text("sellerAddress"),
    sellerGstin: text("sellerGstin"),
    sellerState: text("sellerState"),
    gstRatePercent: text("gstRatePercent"),
    invoicePrefix: text("invoicePrefix"),
    stockHoldMinutes: text("stockHoldMinutes"),
    returnWindowDays: text("returnWindowDays"),
    changedMindReturns: text("changedMindReturns"),
    ...(Object.fromEntries(DETAIL_FIELDS.map((name) => [name, text(name)])) as Record<(typeof DETAIL_FIELDS)[number], string>),
  };
  const rate = values.gstRatePercent.trim().replace(/%$/, "").trim();
  const parsed = storeSettingsSchema.safeParse({
    sellerLegalName: values.sellerLegalName,
    sellerAddress: values.sellerAddress.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== ""),
    sellerGstin: values.sellerGstin,
    sellerState: values.sellerState,
    gstRatePercent: /^\d{1,2}(\.\d{1,2})?$/.test(rate) ? Number(rate) : Number.NaN,
    invoicePrefix: values.invoicePrefix.trim().toUpperCase(),
    // Empty (or a form from before issue 23): the default hold.
    stockHoldMinutes: values.stockHoldMinutes.trim() === "" ? undefined : /^\s*\d{1,5}\s*$/.test(values.stockHoldMinutes) ? Number(values.stockHoldMinutes) : Number.NaN,
    // Empty (or a form from before issue 45): the defaults (7 days, a refund).
    returnWindowDays: values.returnWindowDays.trim() === "" ? undefined : /^\s*\d{1,3}\s*$/.test(values.returnWindowDays) ? Number(values.returnWindowDays) : Number.NaN,
    changedMindReturns: values.changedMindReturns.trim() === "" ? undefined : values.changedMindReturns.trim(),
    // Left empty, a detail stays empty (the warnings name it while payments are live), never the demo default.
    ...Object.fromEntries(DETAIL_FIELDS.map((name) => [name, values[name]])),
  });
  const rateRefusal = gstRateRefusal(/^\d{1,2}(\.\d{1,2})?$/.test(rate) ? Number(rate) : Number.NaN, istDate(now));
  if (parsed.success && rateRefusal === null) return { ok: true, settings: parsed.data };
  const errors: Partial<Record<StoreSettingsField, string>> = {};
  // The date's sentence first: it names today's list (the schema's names every rate there has been).
  if (rateRefusal !== null) errors.gstRatePercent = rateRefusal;
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0] as StoreSettingsField | undefined;
    if (field && field in values) errors[field] ??= issue.message;
  }
  if (Object.keys(errors).length === 0) errors.sellerLegalName = (parsed.success ? undefined : parsed.error.issues[0]?.message) ?? "Check the settings.";
  return { ok: false, errors, values };
}

