import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { usePhrase } from "~/i18n/use-phrase";
import { useT } from "~/i18n/use-t";

const inputClass =
  "w-full rounded border border-gray-300 px-3.5 py-1.5 text-gray-900 placeholder:text-gray-500 aria-[invalid=true]:border-red-600";

/**
 * A business buyer's GSTIN and business name at checkout (issue 14 item 2; DESIGN.md §20), both
 * optional, inside a native disclosure ("Buying for a business?") that opens by itself when either
 * holds a value or an error, so it works the same without JavaScript. The server checks the GSTIN's
 * format and check character (schemas/gstin.ts); the tax invoice then shows it. Errors sit under
 * their field, tied to it with aria-describedby (conform).
 */
export function BusinessBuyerFields({ gstin, businessName }: { gstin: FieldMetadata<string | undefined>; businessName: FieldMetadata<string | undefined> }) {
  const { t } = useT();
  const phrase = usePhrase();
  const open = Boolean(gstin.initialValue || businessName.initialValue || gstin.errors || businessName.errors);
  return (
    <details open={open} className="rounded border border-gray-200 px-3 py-2 text-sm text-gray-700">
      <summary className="cursor-pointer text-gray-800">{t("checkout.businessSummary")}</summary>
      <div className="mt-3 flex flex-col gap-3">
        {[
          { field: gstin, label: t("checkout.gstin"), props: { autoComplete: "off", maxLength: 20, placeholder: t("checkout.gstinPlaceholder"), autoCapitalize: "characters" } },
          { field: businessName, label: t("checkout.businessName"), props: { autoComplete: "organization", maxLength: 100, placeholder: t("checkout.businessName") } },
        ].map(({ field, label, props }) => {
          const inputProps = getInputProps(field, { type: "text" });
          const error = phrase(field.errors?.[0]);
          return (
            <div key={field.name} className="flex flex-col gap-1">
              <label htmlFor={inputProps.id} className="text-sm text-gray-700">
                {label} <span className="text-gray-600">{t("checkout.optional")}</span>
              </label>
              <input {...inputProps} key={field.key} required={false} {...props} className={inputClass} />
              {error ? (
                <p id={field.errorId} className="text-sm text-red-700" data-testid={`error-${field.name}`}>
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </details>
  );
}
