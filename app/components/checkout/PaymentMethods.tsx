import type { FieldMetadata } from "@conform-to/react";
import { usePhrase } from "~/i18n/use-phrase";
import { useT } from "~/i18n/use-t";
import { Separator } from "~/components/ui/Separator";

/** Id of the first option (Card / UPI): where the error summary's link for the payment method goes. */
export const PAYMENT_METHOD_FIELD_ID = "payment-cashfree";

type Option = { value: string; name: string; detail: string; disabled: boolean };

/**
 * The payment choice (SPEC.md §2, §4; DESIGN.md §9): Cashfree for cards and UPI, chosen by
 * default; Stripe and Razorpay shown but disabled; cash on delivery only when the store enables
 * it. Native radio buttons in a fieldset, so it works and reads well without JavaScript; a
 * visually hidden " · " keeps an option's name and detail apart in text browsers ("Card / UPI ·
 * Pay securely with Cashfree", issue 9 item 2). The field's error (SPEC.md §8 sentences for a
 * disabled or unknown method) sits under the options and in the page's error summary.
 *
 * `codProblem` (issue 13 item 4): why cash on delivery can't pay this order at the PIN code entered
 * (not in that zone, over the limit); the option then shows disabled with that sentence.
 */
export function PaymentMethods({
  field,
  codEnabled,
  codProblem = null,
}: {
  field: FieldMetadata<string | undefined>;
  codEnabled: boolean;
  codProblem?: string | null;
}) {
  const { t } = useT();
  const phrase = usePhrase();
  const options: Option[] = [
    { value: "cashfree", name: t("checkout.cardUpi"), detail: t("checkout.payWithCashfree"), disabled: false },
    { value: "stripe", name: "Stripe", detail: t("checkout.unavailable"), disabled: true },
    { value: "razorpay", name: "Razorpay", detail: t("checkout.unavailable"), disabled: true },
    ...(codEnabled
      ? [{ value: "cod", name: t("checkout.cod"), detail: codProblem ?? t("checkout.codDetail"), disabled: codProblem !== null }]
      : []),
  ];
  const chosen = typeof field.initialValue === "string" && field.initialValue ? field.initialValue : "cashfree";
  const error = phrase(field.errors?.[0]);
  return (
    <fieldset aria-describedby={error ? field.errorId : undefined} className="mt-8">
      <legend className="inline-flex items-center gap-2 text-xl text-gray-800">
        <span className="text-gray-600">{t("checkout.paymentLead")}</span> <span className="font-medium">{t("checkout.paymentMain")}</span>
        <span aria-hidden="true" className="h-[2px] w-8 bg-gray-700 sm:w-12" />
      </legend>
      <div className="mt-3 flex flex-col gap-3 lg:flex-row lg:flex-wrap">
        {options.map((option) => {
          const id = `payment-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className={`flex min-w-[10rem] flex-1 items-center gap-3 rounded border px-3 py-2 text-sm ${
                option.disabled
                  ? "cursor-not-allowed border-gray-200 bg-gray-50 text-gray-600"
                  : "cursor-pointer border-gray-300 text-gray-800 has-[:checked]:border-green-700 has-[:checked]:bg-green-50"
              }`}
            >
              <input
                id={id}
                type="radio"
                name={field.name}
                value={option.value}
                defaultChecked={!option.disabled && option.value === chosen}
                disabled={option.disabled}
                className="h-4 w-4 accent-green-700"
              />
              <span className="flex flex-col">
                <span className="font-medium">{option.name}</span>
                <Separator />
                <span className="text-xs text-gray-600">{option.detail}</span>
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={field.errorId} className="mt-2 text-sm text-red-700" data-testid="error-paymentMethod">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
