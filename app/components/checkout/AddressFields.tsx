import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { usePhrase } from "~/i18n/use-phrase";
import { useT } from "~/i18n/use-t";
import { INDIAN_STATES, INDIAN_UNION_TERRITORIES } from "~/constants/indian-states";

type AddressFieldName = "firstName" | "lastName" | "email" | "street" | "city" | "state" | "zipcode" | "country" | "phone";

type Fields = Record<AddressFieldName, FieldMetadata<string | undefined>>;

const inputClass =
  "w-full rounded border border-gray-300 px-3.5 py-1.5 text-gray-900 placeholder:text-gray-500 aria-[invalid=true]:border-red-600";

/**
 * The delivery form's nine fields (SPEC.md §3, §5): all required, with `autocomplete` tokens so
 * browsers fill them, an email input, numeric keyboards for the PIN code and the mobile number
 * (text inputs with `inputmode="numeric"`: a number input would drop a leading 0 and show
 * spinners), the state from India's states and union territories, country India. Each error
 * sits under its field and is tied to it with aria-describedby (conform).
 *
 * `onPinInput` is called with the PIN code field's value as it is typed (issue 13 item 4: the page
 * looks it up); `pinStatus` shows under the PIN code field (what the lookup found), in a live region.
 */
export function AddressFields({ fields, onPinInput, pinStatus }: { fields: Fields; onPinInput?: (value: string) => void; pinStatus?: React.ReactNode }) {
  const { t } = useT();
  const phrase = usePhrase();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row">
        <Field label={t("checkout.firstName")} field={fields.firstName}>
          <input {...getInputProps(fields.firstName, { type: "text" })} key={fields.firstName.key} autoComplete="given-name" maxLength={50} placeholder={t("checkout.firstName")} className={inputClass} />
        </Field>
        <Field label={t("checkout.lastName")} field={fields.lastName}>
          <input {...getInputProps(fields.lastName, { type: "text" })} key={fields.lastName.key} autoComplete="family-name" maxLength={50} placeholder={t("checkout.lastName")} className={inputClass} />
        </Field>
      </div>
      <Field label={t("checkout.email")} field={fields.email}>
        <input {...getInputProps(fields.email, { type: "email" })} key={fields.email.key} autoComplete="email" inputMode="email" maxLength={254} placeholder={t("checkout.email")} className={inputClass} />
      </Field>
      <Field label={t("checkout.street")} field={fields.street}>
        <input {...getInputProps(fields.street, { type: "text" })} key={fields.street.key} autoComplete="address-line1" maxLength={200} placeholder={t("checkout.streetPlaceholder")} className={inputClass} />
      </Field>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Field label={t("checkout.city")} field={fields.city}>
          <input {...getInputProps(fields.city, { type: "text" })} key={fields.city.key} autoComplete="address-level2" maxLength={80} placeholder={t("checkout.city")} className={inputClass} />
        </Field>
        <Field label={t("checkout.state")} field={fields.state}>
          <select {...getSelectProps(fields.state)} key={fields.state.key} autoComplete="address-level1" className={`${inputClass} bg-white`}>
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
          </select>
        </Field>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Field label={t("checkout.pinCode")} field={fields.zipcode} hint={t("checkout.sixDigits")} status={pinStatus}>
          <input
            {...getInputProps(fields.zipcode, { type: "text" })}
            key={fields.zipcode.key}
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={7}
            placeholder={t("checkout.pinCode")}
            className={inputClass}
            onInput={onPinInput ? (event) => onPinInput(event.currentTarget.value) : undefined}
          />
        </Field>
        <Field label={t("checkout.country")} field={fields.country}>
          <select {...getSelectProps(fields.country)} key={fields.country.key} autoComplete="country-name" className={`${inputClass} bg-white`}>
            <option value="India">{t("checkout.india")}</option>
          </select>
        </Field>
      </div>
      <Field label={t("checkout.mobile")} field={fields.phone} hint={t("checkout.tenDigits")}>
        <input {...getInputProps(fields.phone, { type: "text" })} key={fields.phone.key} autoComplete="tel-national" inputMode="numeric" maxLength={16} placeholder={t("checkout.mobile")} className={inputClass} />
      </Field>
    </div>
  );
}

function Field({
  label,
  hint,
  field,
  status,
  children,
}: {
  label: string;
  hint?: string;
  field: FieldMetadata<string | undefined>;
  status?: React.ReactNode;
  children: React.ReactElement<{ id?: string }>;
}) {
  // The rule's English sentence in the page's language (docs/decisions/0890).
  const error = usePhrase()(field.errors?.[0]);
  return (
    <div className="flex w-full flex-col gap-1">
      <label htmlFor={children.props.id} className="text-sm text-gray-700">
        {label}
        {hint ? <span className="text-gray-600"> ({hint})</span> : null}
      </label>
      {children}
      {status !== undefined ? (
        <p role="status" className="text-sm text-gray-700" data-testid={`status-${field.name}`}>
          {status}
        </p>
      ) : null}
      {error ? (
        <p id={field.errorId} className="text-sm text-red-700" data-testid={`error-${field.name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
