/**
 * Prices and names as the browser tests expect to read them, worked out here and not with the
 * store's code (app/lib/money.ts), so a wrong format fails them. tests/unit/e2e-money.test.ts holds
 * these to a table written by hand.
 */

/**
 * Paise as the store prints rupees (DESIGN.md §2.4): "₹" and Indian digit grouping (the last three
 * digits, then pairs: ₹1,23,456), whole rupees without decimals, otherwise two decimals (₹4,500.50).
 */
export function rupees(paise: number): string {
  const whole = String(Math.floor(paise / 100));
  const grouped = whole.length <= 3 ? whole : `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",")},${whole.slice(-3)}`;
  const fraction = paise % 100;
  return `₹${grouped}${fraction === 0 ? "" : `.${String(fraction).padStart(2, "0")}`}`;
}

/** "36% off" beside a struck-through original (SPEC.md §9): the saving over the original, rounded to whole percent. */
export function percentOff(price: number, original: number): string {
  return `${Math.round((100 * (original - price)) / original)}% off`;
}

/** A product name as cards and order rows show it (SPEC.md §9): at most 40 characters, then "…". */
export function shortName(name: string): string {
  return name.length > 40 ? `${name.slice(0, 40)}…` : name;
}
