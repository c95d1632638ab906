const rupeeFormat = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  maximumFractionDigits: 0,
});
const rupeeFormatPaise = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Formats an amount in paise as rupees with Indian digit grouping: 12345600 → "₹1,23,456".
 * Whole rupees print without decimals; amounts with paise print two decimals (DESIGN.md §2.4).
 */
export function formatPaise(paise: number): string {
  return paise % 100 === 0 ? rupeeFormat.format(paise / 100) : rupeeFormatPaise.format(paise / 100);
}

/** Rupees (the API's unit, may carry paise as decimals) → integer paise. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** Integer paise → rupees (the API's unit). */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/**
 * Percent off shown next to a struck-through original price:
 * round((original − price) / original × 100), or null when the original does not exceed the price
 * (SPEC.md §9). Both amounts in the same unit.
 */
export function discountPercent(price: number, original: number | null | undefined): number | null {
  if (original == null || !(original > price) || original <= 0) return null;
  return Math.round(((original - price) / original) * 100);
}

/** Cuts a product name to 40 characters plus an ellipsis (SPEC.md §9). */
export function truncateName(name: string, max = 40): string {
  return name.length > max ? `${name.slice(0, max)}…` : name;
}
