/*
 * The page cache's signed-in templates (issue 26 item 1; docs/decisions/0800): what a template
 * render asks for, shared by the cache (utils/page-cache.server.ts, which asks) and the root loader
 * (utils/root.server.ts, which answers). Pure.
 */

/** The request header of a template render; honoured only on the cache's own renders (its secret). */
export const PAGE_TEMPLATE_HEADER = "x-store-page-template";

/** The cart count a "many" template shows, replaced by the shopper's (any count up to 99 shows as itself). */
export const TEMPLATE_CART_COUNT = 97;

/** The account menu's wishlist words in a template, replaced by the shopper's ("My Wishlist (3 watches)"). */
export const TEMPLATE_WISHLIST_LABEL = "template-wishlist-label";

/**
 * A template render: the header as a signed-in shopper's with one item in the cart ("one": the
 * words "1 item") or TEMPLATE_CART_COUNT ("many"), and `savedIds` saved (the page's hearts).
 */
export type PageTemplateRequest = { cart: "one" | "many"; savedIds: string[] };

const PRODUCT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The header's value for `request`: `one;w00001,w00002`. */
export function pageTemplateHeader(request: PageTemplateRequest): string {
  return `${request.cart};${request.savedIds.join(",")}`;
}

/** The template asked for by a header value, or null when it is not one (`pageTemplateHeader`'s form). */
export function parsePageTemplateHeader(value: string | null): PageTemplateRequest | null {
  if (value === null) return null;
  const [cart, ids = "", ...rest] = value.split(";");
  if (rest.length > 0 || (cart !== "one" && cart !== "many")) return null;
  const savedIds = ids === "" ? [] : ids.split(",");
  if (savedIds.length > 500 || !savedIds.every((id) => PRODUCT_ID.test(id))) return null;
  return { cart, savedIds };
}
