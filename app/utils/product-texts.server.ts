import type { Language } from "~/i18n/language";

/*
 * A product's own words in the page's language (issue 27 item 3; docs/decisions/0880): names and
 * descriptions stay as the owner wrote them, and a product may carry a Hindi name and description
 * (`nameHi`, `descriptionHi`), which the /hi pages show where set.
 */

/** The fields a product's texts are read from; any product-like object carrying them. */
type ProductTexts = { name: string; description?: string; nameHi?: string; descriptionHi?: string };

/**
 * `product` as a page in `language` shows it: on Hindi pages `name` and `description` become the
 * owner's Hindi ones where set (each on its own: a Hindi name with the English description is
 * fine), the English ones otherwise. English pages get the very object back, untouched, so they
 * stay byte-identical; the Hindi fields themselves never reach a page's data (loaders pick the
 * fields they send). Call it for display only, after the backend calls that read the product's
 * English name (`modelKey`, related products). Pure; the same cost as one object spread.
 */
export function productIn<P extends ProductTexts>(product: P, language: Language): P {
  if (language !== "hi" || (!product.nameHi && !product.descriptionHi)) return product;
  return {
    ...product,
    name: product.nameHi || product.name,
    ...(product.description !== undefined ? { description: product.descriptionHi || product.description } : {}),
  };
}

/** `productIn` over a map of products by id (the cart's and the checkout's lines), the same map on English pages. */
export function productsIn<P extends ProductTexts>(byId: Map<string, P>, language: Language): Map<string, P> {
  if (language !== "hi") return byId;
  return new Map([...byId].map(([id, product]) => [id, productIn(product, language)]));
}
