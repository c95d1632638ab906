/** The slice of a product a card shows; loaders send only these fields to the browser. */
export type ProductCardData = {
  id: string;
  name: string;
  image: string;
  pricePaise: number;
  originalPaise: number | null;
};

/** Picks the card fields of a product (keeps loaders' payloads small). */
export function toCardData(product: {
  id: string;
  name: string;
  images: string[];
  pricePaise: number;
  originalPaise: number | null;
}): ProductCardData {
  return {
    id: product.id,
    name: product.name,
    image: product.images[0] ?? "",
    pricePaise: product.pricePaise,
    originalPaise: product.originalPaise,
  };
}
