import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/AuditTrail";
import { adminStyles } from "~/components/admin/ui";
import { readFormData, throwBodyError } from "~/http/body.server";
import { translatePhrase } from "~/i18n/messages.server";
import { gstRateChoices } from "~/lib/gst";
import { SELLER_DETAIL_LABELS } from "~/lib/seller-details";
import { CHANGED_MIND_POLICIES, LEGAL_RETURN_DAYS, MAX_RETURN_WINDOW_DAYS, type ChangedMindPolicy } from "~/lib/after-sale-policy";
import { LEGAL_REFUND_REASONS } from "~/lib/returns";
import { INDIAN_STATES_AND_UTS } from "~/constants/indian-states";
import { parseStoreSettingsForm, storeSettingsFormValues, type StoreSettingsField } from "~/utils/store-settings-form.server";
import { requireStaff } from "~/utils/staff.server";
import { redirectWithSuccess } from "~/utils/toast.server";

const FOR_WHAT = "change the store settings";

/**
 * /admin/settings (issue 14 item 2; DESIGN.md §18, §20): the seller's details on GST tax invoices —
 * legal name, address, GSTIN, state, the GST rate prices include and the invoice number prefix —,
 * the customer-care contacts and the grievance officer every page shows (issue 25 item 1; §23),
 * the after-sale policy (the return window and what a change of mind brings; issue 45,
 * docs/decisions/0980), for staff to read and the owner to change; their change history (audit entity "settings", id "store").
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { own, staff } = await requireStaff(request);
  const [settings, history] = await Promise.all([own.invoices.readStoreSettings(), own.office.auditTrail("settings", "store")]);
  const values = storeSettingsFormValues(settings);
  // Issue 47 item 4: today's GST rates (IST, from the request's time); a saved rate that has ended, said in English and Hindi.
  const now = Date.now();
  const rates = gstRateChoices(values.gstRatePercent, now);
  const rateNotice = rates.notice === null ? null : { en: rates.notice, hi: translatePhrase("hi", rates.notice) };
  return json(
    { values, canEdit: staff.role === "owner", history, now, rateNotice },
    { headers: { "cache-control": "private, no-store" } },
  );
}

/**
 * Saves the form (owner only: staff get 403, anyone else 404). A refusal answers 400 with a sentence
 * per field and the values as typed, nothing written; a save is one transaction with its audit
 * row, then 303 back here with a toast. Invoices already issued keep their snapshot.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { own, actor } = await requireStaff(request, { role: "owner", forWhat: FOR_WHAT });
  const formData = await readFormData(request).catch(throwBodyError);
  const parsed = parseStoreSettingsForm(formData);
  if (!parsed.ok) {
    const rateError = parsed.errors.gstRatePercent;
    return json({ errors: parsed.errors, values: parsed.values, rateErrorHi: rateError ? translatePhrase("hi", rateError) : null }, { status: 400 });
  }
  const before = await own.invoices.readStoreSettings();
  if (JSON.stringify(before) === JSON.stringify(parsed.settings)) return redirectWithSuccess("/admin/settings", "Nothing had changed.");
  await own.invoices.saveStoreSettings(parsed.settings, actor);
  return redirectWithSuccess("/admin/settings", "Store settings saved.");
}

const PHONE_HINT = "An Indian number, e.g. +91 80 4718 2200 or 1800 123 4567.";

const FIELDS: { name: StoreSettingsField; label: string; hint?: string; heading?: string; type?: "email" | "tel" }[] = [
  { name: "sellerLegalName", label: SELLER_DETAIL_LABELS.sellerLegalName },
  { name: "sellerAddress", label: SELLER_DETAIL_LABELS.sellerAddress, hint: "One line per line." },
  { name: "sellerGstin", label: SELLER_DETAIL_LABELS.sellerGstin, hint: "15 characters; checked for its format and check character." },
  { name: "sellerState", label: "Seller's state" },
  { name: "gstRatePercent", label: "GST rate included in prices (%)" },
  { name: "invoicePrefix", label: "Invoice number prefix", hint: "Invoice numbers read PREFIX/2026-27/000123." },
  { name: "stockHoldMinutes", label: "Hold stock for unpaid online orders (minutes)", hint: "An online order not paid within this time gives its watches back to the shop, and its Cashfree payment expires then (15 minutes at the least). 15 by default." },
  { name: "carePhone", label: SELLER_DETAIL_LABELS.carePhone, hint: PHONE_HINT, heading: "Customer care", type: "tel" },
  { name: "careEmail", label: SELLER_DETAIL_LABELS.careEmail, type: "email" },
  { name: "careHours", label: "Customer care hours", hint: "e.g. Mon-Sat 10:00-19:00 IST." },
  { name: "grievanceOfficerName", label: SELLER_DETAIL_LABELS.grievanceOfficerName, heading: "Grievance officer" },
  { name: "grievanceOfficerDesignation", label: SELLER_DETAIL_LABELS.grievanceOfficerDesignation },
  { name: "grievanceOfficerEmail", label: SELLER_DETAIL_LABELS.grievanceOfficerEmail, type: "email" },
  { name: "grievanceOfficerPhone", label: SELLER_DETAIL_LABELS.grievanceOfficerPhone, hint: PHONE_HINT, type: "tel" },
  {
    name: "returnWindowDays",
    label: "Return window (days after delivery)",
    hint: `0 to ${MAX_RETURN_WINDOW_DAYS}. A shopper who changed their mind may return or exchange a watch within this many days; 0: no such returns. 7 by default. The product page, the policy pages, the order page and the emails say it.`,
    heading: "After the sale",
  },
  { name: "changedMindReturns", label: "A change of mind within the window brings" },
];

/** What the owner may choose for a change of mind (lib/after-sale-policy.ts CHANGED_MIND_POLICIES). */
const CHANGED_MIND_LABELS: Record<ChangedMindPolicy, string> = {
  refund: "A refund, or an exchange for another colour",
  exchange: "An exchange for another colour only",
  none: "Nothing: not accepted",
};

/** The reasons the law makes the store take back and refund (lib/returns.ts LEGAL_REFUND_REASONS), shown fixed. */
const LEGAL_REASON_LABELS: Record<string, string> = {
  defective: "Defective",
  not_as_described: "Not as described",
  wrong_item: "Wrong item",
  damaged_in_transit: "Damaged in transit",
  late: "Arrived late (after the promised delivery date)",
};

export default function AdminSettings() {
  const { values: saved, canEdit, history, now, rateNotice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const values = actionData?.values ?? saved;
  const rates = gstRateChoices(values.gstRatePercent, now);
  const errors: Partial<Record<StoreSettingsField, string>> = actionData?.errors ?? {};
  return (
    <div className={adminStyles.page}>
      <h1 className={adminStyles.h1}>Store settings</h1>
      <p className="mt-2 max-w-3xl text-sm text-gray-700">
        The seller printed on GST tax invoices and, with customer care and the grievance officer, in the footer of every page and on
        the contact page. Prices include GST at the rate below: CGST and SGST when the delivery state is the seller&apos;s state, IGST
        otherwise. Invoices already issued keep the details they were issued with.
      </p>
      {!canEdit && <p className="mt-2 text-sm font-medium text-gray-900">Only an owner can change the store settings.</p>}
      <Form method="post" className="mt-6 max-w-2xl space-y-4" key={history[0]?.id ?? 0}>
        <fieldset disabled={!canEdit} className="space-y-4">
          {FIELDS.map((field) => {
            const id = `settings-${field.name}`;
            const error = errors[field.name];
            const describedBy = [field.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
            const common = { id, name: field.name, defaultValue: values[field.name], "aria-invalid": error ? true : undefined, "aria-describedby": describedBy, className: adminStyles.input };
            return (
              <div key={field.name}>
                {field.heading && <h2 className={`${adminStyles.h2} pt-4`}>{field.heading}</h2>}
                <label htmlFor={id} className={adminStyles.label}>
                  {field.label}
                </label>
                {field.hint && (
                  <p id={`${id}-hint`} className="text-xs text-gray-600">
                    {field.hint}
                  </p>
                )}
                {field.name === "sellerAddress" ? (
                  <textarea rows={4} {...common} />
                ) : field.name === "sellerState" ? (
                  <select {...common}>
                    {INDIAN_STATES_AND_UTS.map((state) => (
                      <option key={state} value={state}>
                        {state}
                      </option>
                    ))}
                  </select>
                ) : field.name === "changedMindReturns" ? (
                  <select {...common}>
                    {CHANGED_MIND_POLICIES.map((choice) => (
                      <option key={choice} value={choice}>
                        {CHANGED_MIND_LABELS[choice]}
                      </option>
                    ))}
                  </select>
                ) : field.name === "returnWindowDays" ? (
                  <input type="number" min={0} max={MAX_RETURN_WINDOW_DAYS} step={1} inputMode="numeric" {...common} />
                ) : field.name === "gstRatePercent" ? (
                  <select {...common} defaultValue={rates.selected}>
                    {rates.choices.map((choice) => (
                      <option key={choice.value} value={choice.value}>
                        {choice.label}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input type={field.type ?? "text"} autoComplete="off" {...common} />
                )}
                {error && (
                  <p id={`${id}-error`} className={adminStyles.error}>
                    {error}
                    {field.name === "gstRatePercent" && actionData?.rateErrorHi && actionData.rateErrorHi !== error && (
                      <span lang="hi" className="block">
                        {actionData.rateErrorHi}
                      </span>
                    )}
                  </p>
                )}
                {field.name === "gstRatePercent" && rateNotice && (
                  <div data-testid="gst-rate-notice" className="mt-2 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-gray-900">
                    <p>{rateNotice.en}</p>
                    <p lang="hi">{rateNotice.hi}</p>
                  </div>
                )}
                {field.name === "changedMindReturns" && (
                  <div className="mt-3 text-sm text-gray-700" data-testid="legal-refund-reasons">
                    <p className="font-medium text-gray-900">Always a refund or an exchange, whatever the window (within {LEGAL_RETURN_DAYS} days of delivery at the least; Consumer Protection (E-Commerce) Rules 2020, rule 7) — not switchable:</p>
                    <ul className="mt-1 list-disc pl-5">
                      {LEGAL_REFUND_REASONS.map((reason) => (
                        <li key={reason}>{LEGAL_REASON_LABELS[reason] ?? reason}</li>
                      ))}
                    </ul>
                  </div>
                )}
              </div>
            );
          })}
          {canEdit && (
            <button type="submit" className={adminStyles.button}>
              Save settings
            </button>
          )}
        </fieldset>
      </Form>
      <AuditTrail entries={history} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Store settings — Back office" }, { name: "robots", content: "noindex, nofollow" }];
