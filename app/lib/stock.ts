/*
 * What a page says about a product's stock (issue 23 item 1; DESIGN.md §21: nothing false on the
 * page). Pure, so pages, emails and tests share the words.
 */

/** "Only N left" is said only at or below this many units (issue 23: N ≤ 5). */
export const LOW_STOCK_MAX = 5;

/**
 * How long an unpaid online order holds its units before they go back on sale, by default
 * (minutes): 15, the shortest payment window Cashfree gives an order (issue 43 item 3; 30 before,
 * docs/decisions/0930). The order's Cashfree expiry is the hold's end (payments.server `paymentExpiry`).
 */
export const DEFAULT_STOCK_HOLD_MINUTES = 15;

/** `in`: more than LOW_STOCK_MAX; `low`: 1 to LOW_STOCK_MAX; `out`: none. */
export type StockLevel = "in" | "low" | "out";

/** The level of `stock` units on hand; null when the stock is not tracked (nothing is said then). */
export function stockLevel(stock: number | null | undefined): StockLevel | null {
  if (stock === null || stock === undefined) return null;
  if (stock <= 0) return "out";
  return stock <= LOW_STOCK_MAX ? "low" : "in";
}

/** The words of the stock labels in one language (issue 27: the server words them in the page's). */
export type StockWords = { inStock: string; onlyLeft: (units: number) => string; outOfStock: string };

/** The labels in English (SPEC.md's words; i18n/catalogues "stock" has them for every language). */
export const ENGLISH_STOCK_WORDS: StockWords = { inStock: "In stock", onlyLeft: (units) => `Only ${units} left`, outOfStock: "Out of stock" };

/** The label a page shows: "In stock", "Only 3 left", "Out of stock" (in `words`); null when not tracked. */
export function stockLabel(stock: number | null | undefined, words: StockWords = ENGLISH_STOCK_WORDS): string | null {
  switch (stockLevel(stock)) {
    case "in":
      return words.inStock;
    case "low":
      return words.onlyLeft(stock!);
    case "out":
      return words.outOfStock;
    default:
      return null;
  }
}

/** The label's colours by level: green in stock, amber few left, grey sold out (Tailwind classes). */
const STOCK_LOOKS: Record<StockLevel, string> = {
  in: "bg-green-50 text-green-800",
  low: "bg-amber-50 text-amber-900",
  out: "bg-gray-100 text-gray-800",
};

/**
 * What a page shows of `stock` units: its level, words and colours (sent by the loader, so the
 * page's JavaScript carries none of it); null when the stock is not tracked.
 */
export function stockView(stock: number | null | undefined, words: StockWords = ENGLISH_STOCK_WORDS): { level: StockLevel; text: string; look: string } | null {
  const level = stockLevel(stock);
  return level ? { level, text: stockLabel(stock, words)!, look: STOCK_LOOKS[level] } : null;
}

/** Whether a page's words about `before` and `after` units differ (a page cache must then drop the product). */
export function stockLabelChanged(before: number | null | undefined, after: number | null | undefined): boolean {
  return stockLabel(before) !== stockLabel(after);
}

/** The sentences shoppers read when stock stops them (cart, checkout, Store API 409). */
export const STOCK_MESSAGES = {
  outOfStock: "Sorry, this watch is out of stock.",
  /** ADD TO CART with a colour that sold out (colours kept apart). */
  colourOutOfStock: (colour: string) => `Sorry, ${colour} is out of stock. Choose another colour.`,
  /** The product page, where ADD TO CART would be. */
  soldOutNote: "This watch is out of stock, so it can't be added to a cart now.",
  /** One cart line: the watch sold out, or fewer are left than the line asks for. */
  lineSoldOut: (name: string) => `${name} is out of stock. Remove it from your cart to place your order.`,
  lineShort: (name: string, left: number) =>
    `Only ${left} of ${name} ${left === 1 ? "is" : "are"} left. Lower the quantity to place your order.`,
} as const;

/** Why a product's stock changed (the audit, stock_movements.reason). */
export const STOCK_REASONS = ["sale", "cancel", "expiry", "edit", "import"] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/**
 * The cart's lines that cannot be ordered now (issue 23 item 1): per product (its colours add up),
 * or per colour for a watch whose colours are kept apart (docs/decisions/0692), the sentence to
 * show when it sold out or fewer units are left than the cart asks for. `stockOf` answers a
 * product's stock (`stock` null or undefined: not tracked, never a problem).
 */
export function cartStockProblems(
  lines: readonly { productId: string; name: string; sizeKey: string; quantity: number }[],
  stockOf: (productId: string) => { stock?: number | null; colourStock?: Record<string, number> } | undefined,
): { productId: string; message: string }[] {
  const wanted = new Map<string, { name: string; left: number | null | undefined; quantity: number }>();
  for (const line of lines) {
    const product = stockOf(line.productId);
    const apart = product?.colourStock;
    const key = apart ? `${line.productId}\u0000${line.sizeKey}` : line.productId;
    const entry = wanted.get(key) ?? {
      name: apart ? `${line.name} (${line.sizeKey})` : line.name,
      left: apart ? (Object.hasOwn(apart, line.sizeKey) ? apart[line.sizeKey] : 0) : product?.stock,
      quantity: 0,
    };
    entry.quantity += line.quantity;
    wanted.set(key, entry);
  }
  const problems: { productId: string; message: string }[] = [];
  for (const [key, { name, left, quantity }] of wanted) {
    if (left === null || left === undefined || left >= quantity) continue;
    problems.push({ productId: key.split("\u0000")[0], message: left <= 0 ? STOCK_MESSAGES.lineSoldOut(name) : STOCK_MESSAGES.lineShort(name, left) });
  }
  return problems;
}

/**
 * What the colour picker says of each colour of a watch whose colours are kept apart (issue 23;
 * docs/decisions/0692): "Only 2 left" or "Out of stock" (a sold-out colour cannot be chosen);
 * nothing for a colour in stock, or for any colour of a watch that shares one count.
 */
export function colourStockNotes(
  colourStock: Record<string, number> | undefined,
  words: StockWords = ENGLISH_STOCK_WORDS,
): Record<string, { text: string; soldOut: boolean }> {
  if (!colourStock) return {};
  const notes: [string, { text: string; soldOut: boolean }][] = [];
  for (const [colour, units] of Object.entries(colourStock)) {
    const level = stockLevel(units);
    if (level === "low" || level === "out") notes.push([colour, { text: stockLabel(units, words)!, soldOut: level === "out" }]);
  }
  return Object.fromEntries(notes);
}
