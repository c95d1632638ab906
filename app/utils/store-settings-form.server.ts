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
};
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
  };
}

/**
 * Parses the /admin/settings form with `storeSettingsSchema` (lib/store-settings.ts; the GSTIN's
 * format and check digit, its state code against the state, the rate one of the GST slabs): the
 * settings, or a sentence per field with the values as typed. Never throws.
 * Source: issue 14 item 2; DESIGN.md §18, §20.
 */
export function parseStoreSettingsForm(
  formData: FormData,
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
  });
  if (parsed.success) return { ok: true, settings: parsed.data };
  const errors: Partial<Record<StoreSettingsField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as StoreSettingsField | undefined;
    if (field && field in values) errors[field] ??= issue.message;
  }
  if (Object.keys(errors).length === 0) errors.sellerLegalName = parsed.error.issues[0]?.message ?? "Check the settings.";
  return { ok: false, errors, values };
}
