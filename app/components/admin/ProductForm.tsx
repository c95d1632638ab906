import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { adminStyles } from "~/components/admin/ui";
import { IMAGE_TYPES, MAX_IMAGE_BYTES, MAX_IMAGES_PER_FORM } from "~/constants/media";
import { BRANDS, CATEGORIES } from "~/constants/store";

/** The form's starting values, as text: lists one entry per line, prices in rupees. */
export type ProductFormValues = {
  _id: string;
  name: string;
  /** The Hindi name shown on the /hi pages ("" = none: the name is shown; issue 27). */
  nameHi: string;
  image: string;
  video: string;
  videoPoster: string;
  price: string;
  discount: string;
  category: string;
  subCategory: string;
  description: string;
  /** The Hindi description shown on the /hi pages ("" = none: the description is shown). */
  descriptionHi: string;
  features: string;
  /** The Hindi features shown on the /hi pages instead of Features, one per line ("" = none; issue 48). */
  featuresHi: string;
  movement: string;
  strapMaterial: string;
  colours: string;
  bestseller: boolean;
  sold: string;
  /** Units on hand ("" = not tracked; issue 23). */
  stock: string;
  /** The stock the form was opened with: a sale meanwhile makes the save ask again. */
  stockSeen: string;
  /** Units per colour kept apart, one line per colour ("Black: 3"); "" = the colours share the stock. */
  colourStock: string;
} & Record<DeclarationFormField, string>;

/** The product form's Legal Metrology fields (issue 25 item 2): "" = the brand's value applies. */
export const DECLARATION_FORM_FIELDS = [
  "declarations.manufactured",
  "declarations.mrp",
  "declarations.countryOfOrigin",
  "declarations.manufacturer",
  "declarations.manufacturerAddress",
  "declarations.importer",
  "declarations.importerAddress",
  "declarations.genericName",
  "declarations.netQuantity",
] as const;
export type DeclarationFormField = (typeof DECLARATION_FORM_FIELDS)[number];

/** A product's own declarations as the form's text (MRP in rupees); every field "" when it has none. */
export function declarationFormValues(declared: { mrpPaise?: number; [field: string]: string | number | undefined } | undefined): Record<DeclarationFormField, string> {
  return Object.fromEntries(
    DECLARATION_FORM_FIELDS.map((name) => {
      const field = name.slice("declarations.".length);
      const value = field === "mrp" ? (declared?.mrpPaise === undefined ? undefined : declared.mrpPaise / 100) : declared?.[field];
      return [name, value === undefined ? "" : String(value)];
    }),
  ) as Record<DeclarationFormField, string>;
}

/** conform's constraint attributes by field name, computed on the server (product-form.server). */
export type ProductConstraint = Record<string, { required?: boolean; pattern?: string; maxLength?: number }>;

/**
 * The back office's product form (issue 12 item 2): every SPEC.md §3 field under its listproduct
 * name, errors next to their fields, pictures uploaded with the form (multipart). `priceLocked`
 * (a `staff` member) makes the two price fields read-only; the server refuses a changed price too.
 * `idEditable` only on the new page: an id never changes.
 */
export function ProductForm({
  id,
  values,
  lastResult,
  constraint,
  priceLocked,
  idEditable,
  submitLabel,
  children,
}: {
  id: string;
  values: ProductFormValues;
  lastResult: SubmissionResult<string[]> | null | undefined;
  constraint: ProductConstraint;
  priceLocked: boolean;
  idEditable: boolean;
  submitLabel: string;
  children?: ReactNode;
}) {
  const [form] = useForm({ id, lastResult, constraint, shouldValidate: "onSubmit" });
  const error = (name: string): string[] => {
    const all = form.allErrors ?? {};
    return Object.entries(all)
      .filter(([key]) => key === name || key.startsWith(`${name}[`) || key.startsWith(`${name}.`))
      .flatMap(([key, messages]) => (key === name ? messages : messages.map((message) => `${key.slice(name.length).replace(/^\[(\d+)\]$/, "line $1")}: ${message}`)));
  };
  const lineNumbered = (messages: string[]) => messages.map((message) => message.replace(/^line (\d+)/, (_, n: string) => `Line ${Number(n) + 1}`));
  const initial = lastResult?.initialValue as Record<string, unknown> | undefined;
  const value = (name: keyof ProductFormValues): string => {
    // conform keeps "declarations.mrp" as { declarations: { mrp } }.
    const typed = name.split(".").reduce<unknown>((at, part) => (at && typeof at === "object" ? (at as Record<string, unknown>)[part] : undefined), initial);
    if (typeof typed === "string") return typed;
    const start = values[name];
    return typeof start === "string" ? start : "";
  };
  const checked = initial ? initial.bestseller === "on" : values.bestseller;
  const key = lastResult ? JSON.stringify(lastResult.initialValue ?? null) : "start";

  const field = (name: keyof ProductFormValues | "upload", label: string, control: (describedBy: string | undefined) => ReactNode, hint?: string) => {
    const messages = lineNumbered(error(name));
    const hintId = hint ? `${id}-${name}-hint` : undefined;
    const errorId = messages.length > 0 ? `${id}-${name}-error` : undefined;
    return (
      <div>
        <label htmlFor={`${id}-${name}`} className={adminStyles.label}>
          {label}
        </label>
        {control([hintId, errorId].filter(Boolean).join(" ") || undefined)}
        {hint && (
          <p id={hintId} className="mt-1 text-xs text-gray-600">
            {hint}
          </p>
        )}
        {messages.length > 0 && (
          <ul id={errorId} className={adminStyles.error}>
            {messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
      </div>
    );
  };
  const text = (name: keyof ProductFormValues, label: string, options: { hint?: string; readOnly?: boolean; inputMode?: "decimal" | "numeric"; lang?: string } = {}) =>
    field(
      name,
      label,
      (describedBy) => (
        <input
          id={`${id}-${name}`}
          name={name}
          defaultValue={value(name)}
          required={constraint[name]?.required}
          maxLength={constraint[name]?.maxLength}
          readOnly={options.readOnly}
          inputMode={options.inputMode}
          lang={options.lang}
          aria-invalid={error(name).length > 0 || undefined}
          aria-describedby={describedBy}
          className={`${adminStyles.input} ${options.readOnly ? "bg-gray-100 text-gray-700" : ""}`}
        />
      ),
      options.hint,
    );
  const area = (name: keyof ProductFormValues, label: string, hint?: string, rows = 3, lang?: string) =>
    field(
      name,
      label,
      (describedBy) => (
        <textarea
          id={`${id}-${name}`}
          name={name}
          rows={rows}
          lang={lang}
          defaultValue={value(name)}
          aria-invalid={error(name).length > 0 || undefined}
          aria-describedby={describedBy}
          className={adminStyles.input}
        />
      ),
      hint,
    );

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} key={key} className="mt-6 space-y-8">
      <input type="hidden" name="intent" value="save" />
      {form.errors && form.errors.length > 0 && (
        <p role="alert" className="rounded border border-red-700 bg-red-50 p-3 text-sm text-red-800">
          {form.errors.join(" ")}
        </p>
      )}
      {lastResult?.status === "error" && !form.errors?.length && (
        <p role="alert" className="rounded border border-red-700 bg-red-50 p-3 text-sm text-red-800">
          The product was not saved: check the fields marked below.
        </p>
      )}
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className={`${adminStyles.h2} mb-2`}>The watch</legend>
        {idEditable
          ? text("_id", "Product id", { hint: "1 to 64 letters, digits, - or _. It is the product's address (/product/id) and never changes." })
          : text("_id", "Product id", { readOnly: true, hint: "An id never changes." })}
        {text("name", "Name")}
        {field("category", "Category", (describedBy) => (
          <select id={`${id}-category`} name="category" defaultValue={value("category")} required aria-describedby={describedBy} className={adminStyles.input}>
            <option value="">Choose…</option>
            {CATEGORIES.map((category) => (
              <option key={category}>{category}</option>
            ))}
          </select>
        ))}
        {field(
          "subCategory",
          "Brand (subCategory)",
          (describedBy) => (
            <>
              <input
                id={`${id}-subCategory`}
                name="subCategory"
                list={`${id}-brands`}
                defaultValue={value("subCategory")}
                required
                aria-invalid={error("subCategory").length > 0 || undefined}
                aria-describedby={describedBy}
                className={adminStyles.input}
              />
              <datalist id={`${id}-brands`}>
                {BRANDS.map((brand) => (
                  <option key={brand} value={brand} />
                ))}
              </datalist>
            </>
          ),
          "The store's brand filter knows: " + BRANDS.join(", ") + ".",
        )}
        {text("movement", "Movement")}
        {text("strapMaterial", "Strap material")}
        <div className="sm:col-span-2">{area("description", "Description", undefined, 4)}</div>
        {text("nameHi", "Name in Hindi", { lang: "hi", hint: "Optional. Shown on the Hindi pages (/hi/…); empty: the name above is shown there." })}
        <div className="sm:col-span-2">
          {area("descriptionHi", "Description in Hindi", "Optional. Shown on the Hindi pages; empty: the description above is shown there.", 4, "hi")}
        </div>
        {area("features", "Features", "One feature per line.")}
        {area("featuresHi", "Features in Hindi", "Optional, one feature per line. Shown on the Hindi pages instead of the features above; empty: those are shown there, with the words the Hindi vocabulary knows in Hindi.", 4, "hi")}
        {area("colours", "Colours", "One colour per line; leave empty for a watch in one style. Shoppers choose one.")}
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className={`${adminStyles.h2} mb-2`}>Price</legend>
        {text("price", "Price (₹)", {
          inputMode: "decimal",
          readOnly: priceLocked,
          hint: priceLocked ? "Only an owner can change prices." : "What the shopper pays, in rupees. Empty: the original price is charged.",
        })}
        {text("discount", "Original price (₹)", {
          inputMode: "decimal",
          readOnly: priceLocked,
          hint: priceLocked ? "Only an owner can change prices." : "Shown struck through when higher than the price (SPEC §3 discount).",
        })}
        {text("sold", "Sold", { inputMode: "numeric", hint: "Units sold: the Best Selling sort." })}
        {text("stock", "Stock on hand", {
          inputMode: "numeric",
          hint: "Units the shop has now. Empty: not tracked (the store then says nothing about stock). With stock per colour: their total.",
        })}
        <input type="hidden" name="stockSeen" value={values.stockSeen} />
        <div className="sm:col-span-3">
          {area("colourStock", "Stock per colour", "Only to keep colours apart: one line per colour, like “Black: 3”. Empty: the colours share the stock on hand.", 3)}
        </div>
        <div className="flex items-center gap-2 sm:col-span-3">
          <input id={`${id}-bestseller`} name="bestseller" type="checkbox" defaultChecked={checked} className="h-4 w-4" />
          <label htmlFor={`${id}-bestseller`} className="text-sm text-gray-800">
            Bestseller (shown in the home page's Best Sellers)
          </label>
        </div>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className={`${adminStyles.h2} mb-2`}>Legal Metrology declarations</legend>
        <p className="text-sm text-gray-700 sm:col-span-2">
          Shown on the watch&apos;s page. Leave a field empty to use its brand&apos;s (Back office → Declarations); while the store takes live
          payments, a watch missing one is not shown to shoppers.
        </p>
        {text("declarations.manufactured", "Month and year of manufacture or import", { hint: "As YYYY-MM, e.g. 2026-03. Required." })}
        {text("declarations.mrp", "MRP (₹, incl. of all taxes)", {
          inputMode: "decimal",
          readOnly: priceLocked,
          hint: priceLocked ? "Only an owner can change prices." : "Empty: the original price, else the price.",
        })}
        {text("declarations.countryOfOrigin", "Country of origin")}
        {text("declarations.genericName", "Generic name", { hint: "Empty: the brand's, else “Wrist watch”." })}
        {text("declarations.manufacturer", "Manufacturer")}
        {text("declarations.manufacturerAddress", "Manufacturer's address")}
        {text("declarations.importer", "Importer (an imported watch)")}
        {text("declarations.importerAddress", "Importer's address")}
        {text("declarations.netQuantity", "Net quantity", { hint: "Empty: the brand's, else “1 N”." })}
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className={`${adminStyles.h2} mb-2`}>Pictures and videos</legend>
        <div className="sm:col-span-2">{area("image", "Pictures", "One address per line, a path on this store (/uploads/…, /images/…). The first is the main picture.", 4)}</div>
        <div className="sm:col-span-2">
          {field(
            "upload",
            "Upload pictures",
            (describedBy) => (
              <input
                id={`${id}-upload`}
                name="upload"
                type="file"
                multiple
                accept={Object.keys(IMAGE_TYPES).join(",")}
                aria-describedby={describedBy}
                className="mt-1 block w-full text-sm text-gray-900 file:mr-3 file:rounded file:border file:border-gray-900 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
              />
            ),
            `JPEG, PNG or WebP, up to ${MAX_IMAGE_BYTES / 1024 / 1024} MB each, ${MAX_IMAGES_PER_FORM} at a time; added after the pictures above. SVG files are not accepted.`,
          )}
        </div>
        {area("video", "Videos", "One address per line (optional).", 2)}
        {text("videoPoster", "Video poster", { hint: "A picture shown before the video plays (optional)." })}
      </fieldset>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={adminStyles.button}>
          {submitLabel}
        </button>
        {children}
      </div>
    </Form>
  );
}
