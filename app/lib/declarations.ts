import { formatPaise } from "~/lib/money";
import type { BrandDeclarations, ProductDeclarations } from "~/schemas/declarations";

export type { BrandDeclarations, ProductDeclarations };

/*
 * A packaged watch's declarations under the Legal Metrology (Packaged Commodities) Rules, 2011, as
 * amended for e-commerce (rule 6 and 6(10): shown on the website before the sale): the name and
 * address of the manufacturer, and of the importer for an imported watch, the country of origin,
 * the common or generic name, the net quantity, the month and year of manufacture or import, the
 * maximum retail price inclusive of all taxes and the consumer-care details (issue 25 item 2;
 * DESIGN.md §23; docs/decisions/0760). Pure, so pages, the back office and tests share the rules.
 */

/** The generic name and net quantity every watch of this store has unless the owner says otherwise. */
export const DECLARATION_DEFAULTS = { genericName: "Wrist watch", netQuantity: "1 N" } as const;

/** The country of origin that makes a watch domestic (no importer to declare). */
export const HOME_COUNTRY = "India";

/** A declaration's name as the owner and shopper read it. */
export const DECLARATION_LABELS = {
  genericName: "Generic name",
  netQuantity: "Net quantity",
  countryOfOrigin: "Country of origin",
  manufacturer: "Manufacturer",
  manufacturerAddress: "Manufacturer's address",
  importer: "Importer",
  importerAddress: "Importer's address",
  manufactured: "Month and year of manufacture or import",
  mrpPaise: "MRP",
} as const;

export type DeclarationField = keyof typeof DECLARATION_LABELS;

/**
 * The declarations that apply to a product: its own values over its brand's, over the store's
 * defaults (generic name "Wrist watch", net quantity "1 N"), and the MRP defaulting to the original
 * (struck-through) price, else the price — the most a shopper is ever asked, taxes included.
 */
export function effectiveDeclarations(
  product: { pricePaise: number; originalPaise: number | null; declarations?: ProductDeclarations | null },
  brand: BrandDeclarations | undefined,
): Required<Pick<ProductDeclarations, "genericName" | "netQuantity" | "mrpPaise">> & ProductDeclarations {
  const own = product.declarations ?? {};
  const pick = (field: keyof BrandDeclarations) => (own[field]?.trim() || brand?.[field]?.trim() || undefined);
  return {
    manufacturer: pick("manufacturer"),
    manufacturerAddress: pick("manufacturerAddress"),
    importer: pick("importer"),
    importerAddress: pick("importerAddress"),
    countryOfOrigin: pick("countryOfOrigin"),
    genericName: pick("genericName") ?? DECLARATION_DEFAULTS.genericName,
    netQuantity: pick("netQuantity") ?? DECLARATION_DEFAULTS.netQuantity,
    manufactured: own.manufactured,
    mrpPaise: own.mrpPaise ?? product.originalPaise ?? product.pricePaise,
  };
}

/** Whether a country of origin makes the watch imported (anything but India). */
export function isImported(countryOfOrigin: string | undefined): boolean {
  return countryOfOrigin !== undefined && countryOfOrigin.trim().toLowerCase() !== HOME_COUNTRY.toLowerCase();
}

/**
 * The required declarations a product still lacks, in the order of DECLARATION_LABELS: the
 * manufacturer and address, the country of origin, the month and year, and for an imported watch
 * the importer and address. Empty when it may be sold. An MRP below the price is listed too.
 */
export function missingDeclarations(declared: ReturnType<typeof effectiveDeclarations>, pricePaise: number): DeclarationField[] {
  const missing: DeclarationField[] = [];
  if (!declared.countryOfOrigin) missing.push("countryOfOrigin");
  if (!declared.manufacturer) missing.push("manufacturer");
  if (!declared.manufacturerAddress) missing.push("manufacturerAddress");
  if (isImported(declared.countryOfOrigin)) {
    if (!declared.importer) missing.push("importer");
    if (!declared.importerAddress) missing.push("importerAddress");
  }
  if (!declared.manufactured) missing.push("manufactured");
  if (declared.mrpPaise < pricePaise) missing.push("mrpPaise");
  return missing;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "2026-03" → "March 2026"; anything else as given. */
export function monthYear(value: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  return match && Number(match[2]) >= 1 && Number(match[2]) <= 12 ? `${MONTHS[Number(match[2]) - 1]} ${match[1]}` : value;
}

/** "MRP ₹9,299 (incl. of all taxes)": the MRP line the rules ask for. */
export function mrpLine(mrpPaise: number): string {
  return `MRP ${formatPaise(mrpPaise)} (incl. of all taxes)`;
}

/**
 * The product page's "Product details (Legal Metrology)" rows, [label, value], only what is
 * declared (a page never shows a declaration the data can't back), the consumer-care line last.
 */
export function declarationRows(declared: ReturnType<typeof effectiveDeclarations>, consumerCare: string): [string, string][] {
  const rows: [string, string][] = [
    [DECLARATION_LABELS.genericName, declared.genericName],
    [DECLARATION_LABELS.netQuantity, declared.netQuantity],
  ];
  if (declared.countryOfOrigin) rows.push([DECLARATION_LABELS.countryOfOrigin, declared.countryOfOrigin]);
  if (declared.manufacturer) rows.push(["Manufactured by", [declared.manufacturer, declared.manufacturerAddress].filter(Boolean).join(", ")]);
  if (isImported(declared.countryOfOrigin) && declared.importer) {
    rows.push(["Imported by", [declared.importer, declared.importerAddress].filter(Boolean).join(", ")]);
  }
  if (declared.manufactured) rows.push([DECLARATION_LABELS.manufactured, monthYear(declared.manufactured)]);
  rows.push(["MRP", mrpLine(declared.mrpPaise).replace(/^MRP /, "")]);
  rows.push(["Consumer care", consumerCare]);
  return rows;
}
