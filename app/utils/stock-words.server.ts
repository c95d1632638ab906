import type { Language } from "~/i18n/language";
import { translate } from "~/i18n/messages.server";
import type { StockWords } from "~/lib/stock";

/**
 * The stock labels (lib/stock.ts `StockWords`) in `language`, for loaders that word them: cards,
 * the product page, the wishlist (issue 23, issue 27). Units are written with Indian grouping.
 */
export function stockWordsIn(language: Language): StockWords {
  return {
    inStock: translate(language, "stock.inStock"),
    onlyLeft: (units) => translate(language, "stock.onlyLeft", { count: units }),
    outOfStock: translate(language, "stock.outOfStock"),
  };
}
