import { DEFAULT_SIZE_KEY, DELIVERY_FEE_PAISE, MAX_LINE_QUANTITY } from "~/constants/store";
import type { CartData } from "~/schemas/api";

/** One cart line as the cart and checkout pages show it; money in paise. */
export type CartLineData = {
  productId: string;
  name: string;
  image: string;
  pricePaise: number;
  sizeKey: string;
  quantity: number;
};

type CartProduct = { id: string; name: string; images: string[]; pricePaise: number };

/**
 * The cart's lines for display: products not in `products` are skipped (SPEC.md §4), lines with
 * quantity 0 too; ordered as `products` iterates (catalogue order: Backend `getProducts`), then
 * by key, so the order is stable while the shopper edits quantities. Pure.
 */
export function buildCartLines(cart: CartData, products: ReadonlyMap<string, CartProduct>): CartLineData[] {
  const position = new Map([...products.keys()].map((id, index) => [id, index]));
  const lines: CartLineData[] = [];
  for (const [productId, sizes] of Object.entries(cart)) {
    const product = products.get(productId);
    if (!product) continue;
    for (const [sizeKey, quantity] of Object.entries(sizes)) {
      if (!(quantity > 0)) continue;
      lines.push({
        productId,
        name: product.name,
        image: product.images[0] ?? "",
        pricePaise: product.pricePaise,
        sizeKey,
        quantity,
      });
    }
  }
  return lines.sort(
    (a, b) =>
      (position.get(a.productId) ?? 0) - (position.get(b.productId) ?? 0) || a.sizeKey.localeCompare(b.sizeKey),
  );
}

/**
 * The header's cart count (docs/decisions/0201): the sum of the quantities of the lines the cart
 * page shows (`buildCartLines`), so lines of products that left the catalogue are not counted.
 */
export function cartItemCount(cart: CartData, products: ReadonlyMap<string, CartProduct>): number {
  return buildCartLines(cart, products).reduce((count, line) => count + line.quantity, 0);
}

/** Sum of price × quantity over the lines, in paise. */
export function cartSubtotalPaise(lines: ReadonlyArray<Pick<CartLineData, "pricePaise" | "quantity">>): number {
  return lines.reduce((sum, line) => sum + line.pricePaise * line.quantity, 0);
}

/** A cart's money in paise: what the cart and checkout pages show and what an order charges. */
export type CartTotalsData = { subtotalPaise: number; deliveryFeePaise: number; totalPaise: number };

/**
 * Subtotal, delivery fee and total in paise (SPEC.md §9): the fee is 0 ('Free Shipping'), the
 * total is subtotal plus fee, and 0 when the cart is empty. The one place these sums are made:
 * the pages show them and the orders service charges `totalPaise`.
 */
export function cartTotals(lines: ReadonlyArray<Pick<CartLineData, "pricePaise" | "quantity">>): CartTotalsData {
  const subtotalPaise = cartSubtotalPaise(lines);
  const deliveryFeePaise = lines.length === 0 ? 0 : DELIVERY_FEE_PAISE;
  return { subtotalPaise, deliveryFeePaise, totalPaise: subtotalPaise === 0 ? 0 : subtotalPaise + deliveryFeePaise };
}

/** The size tag's text: the colour, or "Standard" for a product without colours (docs/decisions/0205). */
export function sizeLabel(sizeKey: string): string {
  return sizeKey === DEFAULT_SIZE_KEY ? "Standard" : sizeKey;
}

/**
 * What a line's size-or-colour key is called when read out: "Colour" for a colour the shopper
 * chose, null for the one style of a product without colours (DEFAULT_SIZE_KEY), which reads
 * "Standard" alone (issue 9 item 2: My Orders called a colour "Size").
 */
export function sizeKeyName(sizeKey: string): "Colour" | null {
  return sizeKey === DEFAULT_SIZE_KEY ? null : "Colour";
}

/** A quantity typed in the input that counts: a whole number 1..MAX_LINE_QUANTITY (3; SPEC.md §5, issue 43 item 3); else null. */
export function parseQuantityInput(value: string): number | null {
  const text = value.trim();
  if (!/^\d{1,9}$/.test(text)) return null;
  const quantity = Number(text);
  return quantity >= 1 && quantity <= MAX_LINE_QUANTITY ? quantity : null;
}
