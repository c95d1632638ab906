/*
 * The shapes of a watch's Legal Metrology declarations (issue 25 item 2; the rules are in
 * lib/declarations.ts).
 */

/** What a brand's watches share, set once by the owner (a product's own values win). */
export type BrandDeclarations = {
  manufacturer?: string;
  manufacturerAddress?: string;
  importer?: string;
  importerAddress?: string;
  countryOfOrigin?: string;
  genericName?: string;
  netQuantity?: string;
};

/** A product's own declarations: any brand default overridden, plus its batch's month and its MRP. */
export type ProductDeclarations = BrandDeclarations & {
  /** Month and year of manufacture or import, "YYYY-MM". */
  manufactured?: string;
  /** Maximum retail price, incl. of all taxes, in paise; absent: the original price, else the price. */
  mrpPaise?: number;
};
