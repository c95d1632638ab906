import type { Language } from "~/i18n/language";
import { translate } from "~/i18n/messages.server";
import type { RootData } from "~/utils/root-data";

/** The signed-in parts of the root data (RootData minus settings and footer). */
export type PersonalRootData = Pick<RootData, "user" | "cartCount" | "wishlist" | "savedIds">;

/** A visitor's personal parts: none. */
export const VISITOR_ROOT_DATA: PersonalRootData = { user: null, cartCount: 0, wishlist: null, savedIds: [] };

/**
 * A signed-in shopper's personal root data from their header figures (services/shopper-header's
 * ShopperHeaderState): the one place these words and shapes are made, for rendered and spliced
 * pages alike (docs/decisions/0800). `wishlist`: whether the store keeps wishlists; `language`:
 * the page's (issue 27), for the wishlist item's words.
 */
export function shopperRootData(
  state: { staff: boolean; cartCount: number; savedIds: string[] },
  wishlist: boolean,
  language: Language = "en",
): PersonalRootData {
  return {
    user: { name: "User", staff: state.staff },
    cartCount: state.cartCount,
    wishlist: wishlist ? translate(language, "shell.myWishlist", { count: state.savedIds.length }) : null,
    savedIds: wishlist ? state.savedIds : [],
  };
}
