import { watchCountWords } from "~/lib/wishlist";
import type { RootData } from "~/utils/root-data";

/** The signed-in parts of the root data (RootData minus settings and footer). */
export type PersonalRootData = Pick<RootData, "user" | "cartCount" | "wishlist" | "savedIds">;

/** A visitor's personal parts: none. */
export const VISITOR_ROOT_DATA: PersonalRootData = { user: null, cartCount: 0, wishlist: null, savedIds: [] };

/**
 * A signed-in shopper's personal root data from their header figures (services/shopper-header's
 * ShopperHeaderState): the one place these words and shapes are made, for rendered and spliced
 * pages alike (docs/decisions/0800). `wishlist`: whether the store keeps wishlists.
 */
export function shopperRootData(state: { staff: boolean; cartCount: number; savedIds: string[] }, wishlist: boolean): PersonalRootData {
  return {
    user: { name: "User", staff: state.staff },
    cartCount: state.cartCount,
    wishlist: wishlist ? `My Wishlist (${watchCountWords(state.savedIds.length)})` : null,
    savedIds: wishlist ? state.savedIds : [],
  };
}
