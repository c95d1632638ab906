import type { ReactNode } from "react";
import { INDIAN_STATES, INDIAN_UNION_TERRITORIES } from "~/constants/indian-states";
import type { AddressField } from "~/schemas/checkout-rules";
import { usePhrase } from "~/i18n/use-phrase";
import { useT } from "~/i18n/use-t";

const inputClass =
  "w-full rounded border border-gray-300 px-3.5 py-1.5 text-gray-900 placeholder:text-gray-500 aria-[invalid=true]:border-red-600";

/**
 * The nine delivery fields of an address (SPEC.md §3) as plain HTML inputs, for /profile's address
 * book (issue 13 item 5; docs/decisions/0623): the same labels, `autocomplete` tokens and keyboards
 * as the checkout's `AddressFields`, but no form library in the browser — the server checks the
 * address and sends each field's sentence back (`errors`), shown under the field and tied to it
 * with aria-describedby. `values` are what the form shows (a saved address, or what was posted).
 * The labels are the checkout's (`checkout` messages) and the sentences are shown in the page's
 * language (`phrase`; issue 27): the page's loader sends both.
 */
export function PlainAddressFields({
  idPrefix,
  values,
  errors,
}: {
  idPrefix: string;
  values: Partial<Record<AddressField, string>>;
  errors: Partial<Record<AddressField, string>>;
}) {
  const { t } = useT();
  const phrase = usePhrase();
  const props = (name: AddressField) => ({
    id: `${idPrefix}-${name}`,
    name,
    defaultValue: values[name] ?? "",
    required: true,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${idPrefix}-${name}-error` : undefined,
    className: inputClass,
  });
  const field = (name: AddressField, label: string, control: ReactNode, hint?: string) => (
    <div className="flex w-full flex-col gap-1">
      <label htmlFor={`${idPrefix}-${name}`} className="text-sm text-gray-700">
        {label}
        {hint ? <span className="text-gray-600"> ({hint})</span> : null}
      </label>
      {control}
      {errors[name] ? (
        <p id={`${idPrefix}-${name}-error`} className="text-sm text-red-700" data-testid={`error-${name}`}>
          {phrase(errors[name])}
        </p>
      ) : null}
    </div>
  );
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row">
        {field("firstName", t("checkout.firstName"), <input {...props("firstName")} type="text" autoComplete="given-name" maxLength={50} />)}
        {field("lastName", t("checkout.lastName"), <input {...props("lastName")} type="text" autoComplete="family-name" maxLength={50} />)}
      </div>
      {field("email", t("checkout.email"), <input {...props("email")} type="email" autoComplete="email" inputMode="email" maxLength={254} />)}
      {field(
        "street",
        t("checkout.street"),
        <input {...props("street")} type="text" autoComplete="address-line1" maxLength={200} placeholder={t("checkout.streetPlaceholder")} />,
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        {field("city", t("checkout.city"), <input {...props("city")} type="text" autoComplete="address-level2" maxLength={80} />)}
        {field(
          "state",
          t("checkout.state"),
          <select {...props("state")} autoComplete="address-level1" className={`${inputClass} bg-white`}>
            <option value="">{t("checkout.selectState")}</option>
            <optgroup label={t("checkout.states")}>
              {INDIAN_STATES.map((state) => (
                <option key={state} value={state}>
                  {phrase(state)}
                </option>
              ))}
            </optgroup>
            <optgroup label={t("checkout.unionTerritories")}>
              {INDIAN_UNION_TERRITORIES.map((state) => (
                <option key={state} value={state}>
                  {phrase(state)}
                </option>
              ))}
            </optgroup>
          </select>,
        )}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        {field(
          "zipcode",
          t("checkout.pinCode"),
          <input {...props("zipcode")} type="text" autoComplete="postal-code" inputMode="numeric" maxLength={7} />,
          t("checkout.sixDigits"),
        )}
        {field(
          "country",
          t("checkout.country"),
          <select {...props("country")} autoComplete="country-name" className={`${inputClass} bg-white`}>
            <option value="India">{t("checkout.india")}</option>
          </select>,
        )}
      </div>
      {field(
        "phone",
        t("checkout.mobile"),
        <input {...props("phone")} type="text" autoComplete="tel-national" inputMode="numeric" maxLength={16} />,
        t("checkout.tenDigits"),
      )}
    </div>
  );
}
