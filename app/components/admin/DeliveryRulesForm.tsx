import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { adminStyles } from "~/components/admin/ui";
import { INDIAN_STATES_AND_UTS } from "~/constants/indian-states";
import type { DeliveryFormField, DeliveryFormValues } from "~/utils/admin-forms.server";

type Zone = "metro" | "rest" | "remote";
type Errors = Partial<Record<DeliveryFormField, string>>;

const FIELD_LABELS: Record<DeliveryFormField, string> = {
  processingMin: "Processing: fewest days",
  processingMax: "Processing: most days",
  metroMin: "Metro cities: fewest days",
  metroMax: "Metro cities: most days",
  restMin: "Rest of India: fewest days",
  restMax: "Rest of India: most days",
  remoteMin: "Remote areas: fewest days",
  remoteMax: "Remote areas: most days",
  metroPlaces: "Metro places",
  remoteStates: "Remote states and union territories",
  unserviceable: "Not served",
  codMax: "Cash on delivery: largest order",
  holidays: "Holidays",
};

const inputId = (field: DeliveryFormField) => (field === "remoteStates" ? "delivery-remoteStates-legend" : `delivery-${field}`);
const errorId = (field: DeliveryFormField) => `delivery-${field}-error`;

function FieldError({ field, errors }: { field: DeliveryFormField; errors: Errors }) {
  return errors[field] ? (
    <p id={errorId(field)} className={adminStyles.error}>
      {errors[field]}
    </p>
  ) : null;
}

/** aria attributes of a field: invalid and described by its sentence when in error, plus a hint. */
function described(field: DeliveryFormField, errors: Errors, hint?: string) {
  const ids = [errors[field] ? errorId(field) : null, hint ?? null].filter(Boolean).join(" ");
  return { "aria-invalid": errors[field] ? true : undefined, "aria-describedby": ids || undefined } as const;
}

function DaysInput({ field, label, value, errors }: { field: DeliveryFormField; label: string; value: string; errors: Errors }) {
  return (
    <div>
      <label htmlFor={inputId(field)} className={adminStyles.label}>
        {label}
      </label>
      <input
        id={inputId(field)}
        name={field}
        type="number"
        inputMode="numeric"
        min={0}
        max={60}
        step={1}
        required
        defaultValue={value}
        className={`${adminStyles.input} w-28`}
        {...described(field, errors)}
      />
      <FieldError field={field} errors={errors} />
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <fieldset className={`${adminStyles.card} mt-6`} aria-labelledby={`${id}-legend`}>
      <legend id={`${id}-legend`} className="px-1 text-base font-semibold text-gray-900">
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

/**
 * The delivery rules form of /admin/delivery (issue 13 item 2): a plain HTML post that works with
 * JavaScript off. `values` are the rules as text (the saved ones, or what was entered when the
 * server refused them with `errors`); `readOnly` shows the rules to staff without a way to save.
 */
export function DeliveryRulesForm({
  values,
  errors,
  zoneLabels,
  readOnly,
}: {
  values: DeliveryFormValues;
  errors: Errors;
  zoneLabels: Record<Zone, string>;
  readOnly: boolean;
}) {
  const problems = (Object.keys(FIELD_LABELS) as DeliveryFormField[]).filter((field) => errors[field]);
  const zones: Zone[] = ["metro", "rest", "remote"];
  return (
    <Form method="post" className="mt-6 max-w-3xl" noValidate aria-label="Delivery rules">
      {problems.length > 0 && (
        <div role="alert" className="rounded border border-red-700 bg-red-50 p-3 text-sm text-red-800" aria-labelledby="delivery-errors-heading">
          <h2 id="delivery-errors-heading" className="font-semibold">
            The rules were not saved. Please check:
          </h2>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((field) => (
              <li key={field}>
                <a href={`#${inputId(field)}`} className="underline">
                  {FIELD_LABELS[field]}
                </a>
                : {errors[field]}
              </li>
            ))}
          </ul>
        </div>
      )}
      <fieldset disabled={readOnly} className="min-w-0">
        <Section id="delivery-processing" title="Processing (business days before dispatch)">
          <div className="mt-2 flex flex-wrap gap-6">
            <DaysInput field="processingMin" label="Fewest days" value={values.processingMin} errors={errors} />
            <DaysInput field="processingMax" label="Most days" value={values.processingMax} errors={errors} />
          </div>
        </Section>

        <Section id="delivery-zones" title="Delivery days and cash on delivery by zone">
          <div className="mt-2 space-y-4">
            {zones.map((zone) => (
              <fieldset key={zone} className="border-t border-gray-200 pt-3 first:border-t-0 first:pt-0" aria-labelledby={`delivery-zone-${zone}`}>
                <legend id={`delivery-zone-${zone}`} className="text-sm font-semibold text-gray-900">
                  {zoneLabels[zone]}
                </legend>
                <div className="mt-1 flex flex-wrap items-start gap-6">
                  <DaysInput field={`${zone}Min`} label="Fewest days" value={values[`${zone}Min`]} errors={errors} />
                  <DaysInput field={`${zone}Max`} label="Most days" value={values[`${zone}Max`]} errors={errors} />
                  <label className="mt-7 flex items-center gap-2 text-sm text-gray-900">
                    <input type="checkbox" name={`${zone}Cod`} defaultChecked={values[`${zone}Cod`]} /> Cash on delivery
                  </label>
                </div>
              </fieldset>
            ))}
          </div>
        </Section>

        <Section id="delivery-places" title="Places">
          <div className="mt-2">
            <label htmlFor={inputId("metroPlaces")} className={adminStyles.label}>
              Metro places
            </label>
            <p id="delivery-metroPlaces-hint" className="text-sm text-gray-700">
              One district or state a line, as India Post writes it (e.g. Bengaluru, Delhi). Every PIN code there is in the metro zone.
            </p>
            <textarea
              id={inputId("metroPlaces")}
              name="metroPlaces"
              rows={6}
              defaultValue={values.metroPlaces}
              className={adminStyles.input}
              {...described("metroPlaces", errors, "delivery-metroPlaces-hint")}
            />
            <FieldError field="metroPlaces" errors={errors} />
          </div>

          <fieldset className="mt-6" aria-labelledby={inputId("remoteStates")} aria-describedby={errors.remoteStates ? errorId("remoteStates") : undefined}>
            <legend id={inputId("remoteStates")} className={adminStyles.label}>
              Remote states and union territories
            </legend>
            <ul className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
              {INDIAN_STATES_AND_UTS.map((state) => (
                <li key={state}>
                  <label className="flex items-center gap-2 text-gray-900">
                    <input type="checkbox" name="remoteStates" value={state} defaultChecked={values.remoteStates.includes(state)} /> {state}
                  </label>
                </li>
              ))}
            </ul>
            <FieldError field="remoteStates" errors={errors} />
          </fieldset>

          <div className="mt-6">
            <label htmlFor={inputId("unserviceable")} className={adminStyles.label}>
              Not served
            </label>
            <p id="delivery-unserviceable-hint" className="text-sm text-gray-700">
              PIN codes, districts or states we don&apos;t deliver to: one a line (commas work too). Checkout refuses them before any payment.
            </p>
            <textarea
              id={inputId("unserviceable")}
              name="unserviceable"
              rows={4}
              defaultValue={values.unserviceable}
              className={adminStyles.input}
              {...described("unserviceable", errors, "delivery-unserviceable-hint")}
            />
            <FieldError field="unserviceable" errors={errors} />
          </div>
        </Section>

        <Section id="delivery-cod" title="Cash on delivery">
          <div className="mt-2">
            <label htmlFor={inputId("codMax")} className={adminStyles.label}>
              Largest order paid on delivery (₹, whole rupees)
            </label>
            <input
              id={inputId("codMax")}
              name="codMax"
              type="text"
              inputMode="numeric"
              required
              defaultValue={values.codMax}
              className={`${adminStyles.input} w-40`}
              {...described("codMax", errors)}
            />
            <FieldError field="codMax" errors={errors} />
          </div>
        </Section>

        <Section id="delivery-holidays" title="Holidays">
          <div className="mt-2">
            <label htmlFor={inputId("holidays")} className={adminStyles.label}>
              Holidays (not business days)
            </label>
            <p id="delivery-holidays-hint" className="text-sm text-gray-700">
              One date a line, YYYY-MM-DD, optionally followed by its name, e.g. 2026-11-08 Diwali. Dates are IST.
            </p>
            <textarea
              id={inputId("holidays")}
              name="holidays"
              rows={8}
              defaultValue={values.holidays}
              className={adminStyles.input}
              {...described("holidays", errors, "delivery-holidays-hint")}
            />
            <FieldError field="holidays" errors={errors} />
          </div>
        </Section>
      </fieldset>
      {!readOnly && (
        <button type="submit" className={`${adminStyles.button} mt-6`}>
          Save delivery rules
        </button>
      )}
    </Form>
  );
}
