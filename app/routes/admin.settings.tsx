import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/AuditTrail";
import { adminStyles } from "~/components/admin/ui";
import { readFormData, throwBodyError } from "~/http/body.server";
import { GST_RATES } from "~/lib/gst";
import { INDIAN_STATES_AND_UTS } from "~/constants/indian-states";
import { parseStoreSettingsForm, storeSettingsFormValues, type StoreSettingsField } from "~/utils/store-settings-form.server";
import { requireStaff } from "~/utils/staff.server";
import { redirectWithSuccess } from "~/utils/toast.server";

const FOR_WHAT = "change the store settings";

/**
 * /admin/settings (issue 14 item 2; DESIGN.md §18, §20): the seller's details on GST tax invoices —
 * legal name, address, GSTIN, state, the GST rate prices include and the invoice number prefix —
 * for staff to read and the owner to change; their change history (audit entity "settings", id "store").
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { own, staff } = await requireStaff(request);
  const [settings, history] = await Promise.all([own.invoices.readStoreSettings(), own.office.auditTrail("settings", "store")]);
  return json(
    { values: storeSettingsFormValues(settings), canEdit: staff.role === "owner", history },
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
  if (!parsed.ok) return json({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const before = await own.invoices.readStoreSettings();
  if (JSON.stringify(before) === JSON.stringify(parsed.settings)) return redirectWithSuccess("/admin/settings", "Nothing had changed.");
  await own.invoices.saveStoreSettings(parsed.settings, actor);
  return redirectWithSuccess("/admin/settings", "Store settings saved.");
}

const FIELDS: { name: StoreSettingsField; label: string; hint?: string }[] = [
  { name: "sellerLegalName", label: "Seller's legal name" },
  { name: "sellerAddress", label: "Seller's address", hint: "One line per line." },
  { name: "sellerGstin", label: "Seller's GSTIN", hint: "15 characters; checked for its format and check character." },
  { name: "sellerState", label: "Seller's state" },
  { name: "gstRatePercent", label: "GST rate included in prices (%)" },
  { name: "invoicePrefix", label: "Invoice number prefix", hint: "Invoice numbers read PREFIX/2026-27/000123." },
  { name: "stockHoldMinutes", label: "Hold stock for unpaid online orders (minutes)", hint: "An online order not paid within this time gives its watches back to the shop. 30 by default." },
];

export default function AdminSettings() {
  const { values: saved, canEdit, history } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const values = actionData?.values ?? saved;
  const errors: Partial<Record<StoreSettingsField, string>> = actionData?.errors ?? {};
  return (
    <div className={adminStyles.page}>
      <h1 className={adminStyles.h1}>Store settings</h1>
      <p className="mt-2 max-w-3xl text-sm text-gray-700">
        The seller printed on GST tax invoices. Prices include GST at the rate below: CGST and SGST when the delivery state is the
        seller&apos;s state, IGST otherwise. Invoices already issued keep the details they were issued with.
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
                ) : field.name === "gstRatePercent" ? (
                  <select {...common}>
                    {GST_RATES.map((rate) => (
                      <option key={rate} value={String(rate)}>
                        {rate}%
                      </option>
                    ))}
                  </select>
                ) : (
                  <input type="text" autoComplete="off" {...common} />
                )}
                {error && (
                  <p id={`${id}-error`} className={adminStyles.error}>
                    {error}
                  </p>
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
