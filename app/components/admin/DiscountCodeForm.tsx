import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { adminStyles } from "~/components/admin/ui";
import { CATEGORIES } from "~/constants/store";
import type { DiscountCodeFormValues } from "~/schemas/discount-codes";


const SCOPES = [
  { value: "all", label: "The whole order" },
  { value: "brands", label: "Chosen brands" },
  { value: "categories", label: "Chosen categories" },
  { value: "products", label: "Chosen products" },
] as const;

/**
 * The back office's discount code form (issue 47 item 1): a plain POST form (JavaScript on or
 * off), validated on the server, each refusal next to its field (conform's `lastResult`). Dates
 * are IST (`datetime-local`). `readOnly` (a `staff` member) shows the code without a save button.
 */
export function DiscountCodeForm({
  id,
  values,
  lastResult,
  brands,
  readOnly,
  submitLabel,
  codeLocked,
  children,
}: {
  id: string;
  values: DiscountCodeFormValues;
  lastResult: SubmissionResult<string[]> | null | undefined;
  brands: string[];
  readOnly: boolean;
  submitLabel: string;
  /** The code has been used: its text can't change (the server refuses it too). */
  codeLocked?: boolean;
  children?: ReactNode;
}) {
  const [form] = useForm({ id, lastResult, shouldValidate: "onSubmit" });
  const errors = (name: string): string[] => form.allErrors?.[name] ?? [];
  const initial = lastResult?.initialValue as Record<string, unknown> | undefined;
  const textOf = (name: keyof DiscountCodeFormValues): string => {
    if (initial) {
      const typed = initial[name];
      return typeof typed === "string" ? typed : "";
    }
    const start = values[name];
    return typeof start === "string" ? start : "";
  };
  const listOf = (name: "brands" | "categories"): string[] => {
    if (initial) {
      const typed = initial[name];
      return Array.isArray(typed) ? typed.filter((v): v is string => typeof v === "string") : typeof typed === "string" ? [typed] : [];
    }
    return values[name];
  };
  const isPublic = initial ? initial.public === "on" : values.public;
  const key = lastResult ? JSON.stringify(lastResult.initialValue ?? null) : "start";

  const describedBy = (name: string, hint?: boolean) =>
    [hint ? `${id}-${name}-hint` : "", errors(name).length > 0 ? `${id}-${name}-error` : ""].filter(Boolean).join(" ") || undefined;
  const errorList = (name: string) =>
    errors(name).length > 0 ? (
      <ul id={`${id}-${name}-error`} className={adminStyles.error}>
        {errors(name).map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    ) : null;
  const hintText = (name: string, text: string) => (
    <p id={`${id}-${name}-hint`} className="mt-1 text-xs text-gray-600">
      {text}
    </p>
  );
  const input = (
    name: keyof DiscountCodeFormValues,
    label: string,
    options: { hint?: string; type?: string; inputMode?: "decimal" | "numeric"; maxLength?: number; readOnly?: boolean } = {},
  ) => (
    <div>
      <label htmlFor={`${id}-${name}`} className={adminStyles.label}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={options.type ?? "text"}
        defaultValue={textOf(name)}
        inputMode={options.inputMode}
        maxLength={options.maxLength}
        readOnly={options.readOnly}
        autoComplete="off"
        aria-invalid={errors(name).length > 0 || undefined}
        aria-describedby={describedBy(name, Boolean(options.hint))}
        className={`${adminStyles.input} ${options.readOnly ? "bg-gray-100 text-gray-700" : ""}`}
      />
      {options.hint && hintText(name, options.hint)}
      {errorList(name)}
    </div>
  );
  const radios = (name: "kind" | "scope" | "status", legend: string, choices: readonly { value: string; label: string }[]) => (
    <fieldset aria-describedby={describedBy(name)}>
      <legend className={adminStyles.label}>{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {choices.map((choice) => (
          <label key={choice.value} className="flex items-center gap-2">
            <input type="radio" name={name} value={choice.value} defaultChecked={textOf(name) === choice.value} /> {choice.label}
          </label>
        ))}
      </div>
      {errorList(name)}
    </fieldset>
  );
  const checkboxes = (name: "brands" | "categories", legend: string, choices: readonly string[]) => {
    const chosen = listOf(name);
    return (
      <fieldset aria-describedby={describedBy(name)}>
        <legend className={adminStyles.label}>{legend}</legend>
        <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm">
          {choices.map((choice) => (
            <label key={choice} className="flex items-center gap-2">
              <input type="checkbox" name={name} value={choice} defaultChecked={chosen.includes(choice)} /> {choice}
            </label>
          ))}
        </div>
        {errorList(name)}
      </fieldset>
    );
  };

  return (
    <Form method="post" {...getFormProps(form)} key={key} className="mt-6 max-w-3xl space-y-8">
      <input type="hidden" name="intent" value="save" />
      {lastResult?.status === "error" && (
        <p role="alert" className="rounded border border-red-700 bg-red-50 p-3 text-sm text-red-800">
          The code was not saved: check the fields marked below.
        </p>
      )}
      <fieldset disabled={readOnly} className="space-y-8">
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className={`${adminStyles.h2} mb-2`}>The code</legend>
          {input("code", "Code", {
            maxLength: 64,
            readOnly: codeLocked,
            hint: codeLocked
              ? "Orders have used this code, so its text no longer changes."
              : "3 to 32 letters, digits, - or _. Shoppers may type it in any case, with spaces.",
          })}
          {radios("status", "Status", [
            { value: "active", label: "Active" },
            { value: "paused", label: "Paused" },
          ])}
          {radios("kind", "Discount", [
            { value: "percent", label: "A percentage" },
            { value: "fixed", label: "A fixed amount" },
          ])}
          <div className="grid gap-4 sm:grid-cols-2">
            {input("percent", "Percentage off (%)", { inputMode: "decimal", maxLength: 10, hint: "For a percentage: 0.01 to 100." })}
            {input("amount", "Amount off (₹)", { inputMode: "decimal", maxLength: 16, hint: "For a fixed amount: ₹1 to ₹10,00,000." })}
          </div>
        </fieldset>
        <fieldset className="space-y-4">
          <legend className={`${adminStyles.h2} mb-2`}>What it applies to</legend>
          {radios("scope", "Applies to", SCOPES)}
          {checkboxes("brands", "Brands (for chosen brands)", brands)}
          {checkboxes("categories", "Categories (for chosen categories)", CATEGORIES)}
          <div>
            <label htmlFor={`${id}-products`} className={adminStyles.label}>
              Product ids (for chosen products)
            </label>
            <textarea
              id={`${id}-products`}
              name="products"
              rows={3}
              defaultValue={textOf("products")}
              aria-invalid={errors("products").length > 0 || undefined}
              aria-describedby={describedBy("products", true)}
              className={adminStyles.input}
            />
            {hintText("products", "One a line, as in the product's address (/product/id).")}
            {errorList("products")}
          </div>
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className={`${adminStyles.h2} mb-2`}>Conditions</legend>
          {input("minSubtotal", "Minimum subtotal (₹)", { inputMode: "decimal", maxLength: 16, hint: "Of the watches it applies to. Blank: none." })}
          {input("totalLimit", "Uses in all", { inputMode: "numeric", maxLength: 10, hint: "Blank: no limit." })}
          {input("perShopperLimit", "Uses per shopper", { inputMode: "numeric", maxLength: 10, hint: "By account, delivery email or phone. Blank: no limit." })}
          {input("startsAt", "Starts (IST)", { type: "datetime-local", hint: "Blank: at once." })}
          {input("endsAt", "Ends (IST)", { type: "datetime-local", hint: "The first moment it no longer works. Blank: no end." })}
        </fieldset>
        <div>
          <label className="flex items-center gap-2 text-sm text-gray-900">
            <input type="checkbox" name="public" defaultChecked={isPublic} /> Show on the Offers page with its terms
          </label>
        </div>
        {!readOnly && (
          <button type="submit" className={adminStyles.button}>
            {submitLabel}
          </button>
        )}
      </fieldset>
      {children}
    </Form>
  );
}
