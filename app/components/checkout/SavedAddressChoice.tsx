import type { ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import { addressLines, type AddressForText } from "~/lib/address-text";

/** A saved address as checkout offers it. */
export type AddressChoice = { id: number; address: AddressForText; isDefault: boolean };

/** The `savedAddressId` value of "A new address". */
export const NEW_ADDRESS_CHOICE = "new";

/** The class of a saved address's radio; while one is checked, CSS hides the new-address fields (no JavaScript needed). */
const SAVED_RADIO = "saved-address-radio";

/**
 * The delivery address at checkout when the shopper keeps saved addresses (issue 13 item 5;
 * docs/decisions/0623): radio choices `savedAddressId`, one per saved address (name, street, city,
 * state and PIN, mobile; the default marked and checked first) and "A new address", whose fields
 * (`children`: the delivery form and "Save this address for next time") follow it. While a saved
 * address is chosen, CSS (`:has`) hides the new-address fields, with or without JavaScript; the
 * server uses the stored address and ignores them. `onChoose` tells the page the choice (its
 * browser check then leaves the hidden fields alone).
 */
export function SavedAddressChoice({
  choices,
  chosen,
  onChoose,
  children,
}: {
  choices: AddressChoice[];
  chosen: string;
  onChoose: (value: string) => void;
  children: ReactNode;
}) {
  const { t } = useT();
  const radio = "mt-1 h-4 w-4 shrink-0 accent-black";
  const option = "flex cursor-pointer gap-3 rounded border border-gray-300 p-3 has-[:checked]:border-gray-900 has-[:checked]:bg-gray-50";
  return (
    <div className="flex flex-col gap-4 [&:has(.saved-address-radio:checked)_.new-address]:hidden">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-gray-800">{t("checkout.deliverTo")}</legend>
        {choices.map(({ id, address, isDefault }) => {
          const lines = addressLines(address);
          return (
            <label key={id} className={option}>
              <input
                type="radio"
                name="savedAddressId"
                value={id}
                defaultChecked={chosen === String(id)}
                onChange={() => onChoose(String(id))}
                aria-label={`${lines.join(", ")}${isDefault ? t("checkout.defaultSuffix") : ""}`}
                className={`${SAVED_RADIO} ${radio}`}
                data-testid="saved-address-choice"
              />
              <span className="text-sm text-gray-800">
                {lines.map((line, at) => (
                  <span key={at} className={at === 0 ? "font-medium text-gray-900" : undefined}>
                    {at > 0 ? <br /> : null}
                    {line}
                  </span>
                ))}
                {isDefault ? <span className="ml-2 rounded bg-gray-900 px-1.5 py-0.5 text-xs font-semibold uppercase text-white">{t("checkout.default")}</span> : null}
              </span>
            </label>
          );
        })}
        <label className={option}>
          <input
            type="radio"
            name="savedAddressId"
            value={NEW_ADDRESS_CHOICE}
            defaultChecked={chosen === NEW_ADDRESS_CHOICE}
            onChange={() => onChoose(NEW_ADDRESS_CHOICE)}
            className={radio}
          />
          <span className="text-sm font-medium text-gray-900">{t("checkout.newAddress")}</span>
        </label>
      </fieldset>
      <div className="new-address flex flex-col gap-4">{children}</div>
    </div>
  );
}

/**
 * "Save this address for next time" (issue 13 item 5): the server keeps the new address in the
 * shopper's book once the order has gone through. Never ticked in advance (issue 25 item 5: keeping
 * personal data is the shopper's choice, and a pre-ticked box is a dark pattern under the CCPA's
 * 2023 guidelines); `ticked` keeps the shopper's own tick across a refused submission.
 */
export function SaveAddressCheckbox({ ticked = false }: { ticked?: boolean }) {
  const { t } = useT();
  // A paragraph of its own: a text browser would otherwise run it into the next line's words.
  return (
    <p>
      <label className="flex items-center gap-2 text-sm text-gray-800">
        <input type="checkbox" name="saveAddress" value="on" defaultChecked={ticked} className="h-4 w-4 accent-black" />
        {t("checkout.saveAddress")}
      </label>
    </p>
  );
}
