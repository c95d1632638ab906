import { ENGLISH_STOCK_WORDS, stockLabel, stockLevel, type StockWords } from "~/lib/stock";

/** The slice of a product a card shows; loaders send only these fields to the browser. */
export type ProductCardData = {
  id: string;
  name: string;
  image: string;
  pricePaise: number;
  originalPaise: number | null;
  /** "Only 3 left" or "Out of stock" (issue 23); absent when in stock or not tracked. */
  stockNote?: string;
};

/** Picks the card fields of a product (keeps loaders' payloads small); the stock note in `words` (the page's language). */
export function toCardData(
  product: {
  id: string;
  name: string;
  images: string[];
  pricePaise: number;
  originalPaise: number | null;
  stock?: number | null;
  },
  words: StockWords = ENGLISH_STOCK_WORDS,
): ProductCardData {
  const level = stockLevel(product.stock);
  return {
    ...(level === "low" || level === "out" ? { stockNote: stockLabel(product.stock, words)! } : {}),
    id: product.id,
    name: product.name,
    image: product.images[0] ?? "",
    pricePaise: product.pricePaise,
    originalPaise: product.originalPaise,
  };
}
