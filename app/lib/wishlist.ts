/*
 * The wishlist's rules and words (issue 24 item 2; DESIGN.md §22; docs/decisions/0710). Pure, so
 * the service, the pages' loaders and the tests share them; the pages get the words from their
 * loaders, never from this module (docs/decisions/0530).
 */

/** A shopper keeps at most this many watches. */
export const WISHLIST_LIMIT = 100;

export const WISHLIST_MESSAGES = {
  saved: "Saved to your wishlist.",
  removed: "Removed from your wishlist.",
  full: `Your wishlist is full: it keeps up to ${WISHLIST_LIMIT} watches. Remove one to save another.`,
  unknownProduct: "Sorry, we couldn't find that watch. It may have been removed from the store.",
  loginFirst: "Please log in to save watches to your wishlist.",
  movedToCart: "Moved to your cart.",
  chooseColour: "Choose a colour, then ADD TO CART.",
  /** The toggle's label: plain words, pressed or not. */
  addLabel: "Add to wishlist",
  savedLabel: "Saved to wishlist",
  priceDropped: "Price dropped since you saved it",
} as const;

/** True only when today's price is below the price when saved (both paise). */
export function priceDropped(savedPaise: number, todayPaise: number): boolean {
  return todayPaise < savedPaise;
}

/** The address that asks a shopper, once logged in, to confirm saving `productId` (a GET changes nothing). */
export function wishlistConfirmPath(productId: string): string {
  return `/wishlist?save=${encodeURIComponent(productId)}`;
}
