/**
 * Business constants of the store, one place for all of them (SPEC.md §9).
 * Times are in milliseconds, money in whole rupees unless the name says paise.
 */
export const CATEGORIES = ["Men", "Women", "Couple"] as const;
export type Category = (typeof CATEGORIES)[number];

/** Brands are stored in the product's `subCategory` (SPEC.md §3, §5). */
export const BRANDS = [
  "Rolex",
  "Casio",
  "Seiko",
  "Fossil",
  "Rado",
  "PatekPhilippe",
  "Cartier",
  "Tissot",
] as const;
export type Brand = (typeof BRANDS)[number];

/** Sort options; `relevant` is the default (SPEC.md §9). */
export const SORTS = ["relevant", "low-high", "high-low", "newest", "bestselling"] as const;
export type Sort = (typeof SORTS)[number];

export const SORT_LABELS: Record<Sort, string> = {
  relevant: "Relevant",
  "low-high": "Price: Low to High",
  "high-low": "Price: High to Low",
  newest: "Newest",
  bestselling: "Bestselling",
};

export const PAGE_SIZE = 25;
export const PAGINATION_WINDOW = 5;
export const HOME_SECTION_SIZE = 10;

/** Above every price a product can have (≤ ₹10 crore, app/schemas/product.ts), in whole rupees: a filter with no ceiling. */
export const PRICE_CEILING_RUPEES = 1_000_000_000;

/**
 * The price filter's bounds when the URL has none, in whole rupees: no lower bound beyond 0 and no
 * upper bound at all, so /collection lists every product (issue 48 item 1). SPEC.md §9 fixed them
 * at 0 and 10,000, which hid every dearer watch; docs/decisions/0970 records the deviation. The
 * filter's inputs show the catalogue's own lowest and highest price instead
 * (schemas/collection-params `priceBounds`).
 */
export const DEFAULT_PRICE_MIN = 0;
export const DEFAULT_PRICE_MAX = PRICE_CEILING_RUPEES;

/**
 * Where Limited Edition starts, in whole rupees: /collection/limited and the home page's Limited
 * Edition tab list every watch at this price or above (docs/decisions/0120; before issue 48 this
 * was SPEC.md §9's default price maximum, the same ₹10,000).
 */
export const LIMITED_EDITION_MIN_RUPEES = 10_000;
export const RELATED_PRODUCTS = 5;
export const NAME_MAX_CHARS = 40;

/** Skeleton delays of SPEC.md §9; see DESIGN.md §11 for how they are used. */
export const BESTSELLERS_DELAY_MS = 1500;
export const COLLECTION_SKELETON_MS = 500;
export const PRODUCT_SKELETON_MS = 300;

export const DELIVERY_FEE_PAISE = 0;

/** Units of one watch (its colours together) an order may have (issue 43 item 3; docs/decisions/0930; the rules in lib/order-limits); also a cart line's most (constants/store MAX_LINE_QUANTITY). */
export const MAX_UNITS_OF_ONE_WATCH = 3;

/** Units in all (every watch together) an order may have. */
export const MAX_UNITS_PER_ORDER = 6;

/**
 * Units of one watch one account's unpaid online orders of the last hour may have together, this
 * one included — two orders' worth, so a shopper whose payment failed, or who went back to correct
 * the address, can order again once.
 */
export const MAX_UNPAID_UNITS_OF_ONE_WATCH = 2 * MAX_UNITS_OF_ONE_WATCH;

/** Units in all one account's unpaid online orders of the last hour may have together (two orders' worth). */
export const MAX_UNPAID_UNITS = 2 * MAX_UNITS_PER_ORDER;

/**
 * Most of one watch (product + colour) a cart line may hold: what one order may have of a watch
 * (MAX_UNITS_OF_ONE_WATCH), so the cart says so before the checkout does (issue 43
 * item 3; docs/decisions/0930, which replaced 0202's 99).
 */
export const MAX_LINE_QUANTITY = MAX_UNITS_OF_ONE_WATCH;

/** Key under which a product without colours is added to the cart (DESIGN.md §8). */
export const DEFAULT_SIZE_KEY = "default";

/** react-hot-toast limits (SPEC.md §9). */
export const TOAST_LIMIT = 20;
export const TOAST_DURATION_MS = { blank: 4000, error: 4000, success: 2000 } as const;

/**
 * The status texts an order can have (SPEC.md §4, DESIGN.md §9): the five fulfilment steps in
 * order, then `Cancelled` (back office, issue 12; only before `Shipped`, see lib/order-status.ts).
 */
export const ORDER_STATUSES = [
  "Order Placed",
  "Packing",
  "Shipped",
  "Out for delivery",
  "Delivered",
  "Cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const COLLECTION_LINKS = [
  { to: "/collection/luxury", label: "Luxury Watches" },
  { to: "/collection/sport", label: "Sport Watches" },
  { to: "/collection/smart", label: "Smart Watches" },
  { to: "/collection/classic", label: "Classic Watches" },
  { to: "/collection/limited", label: "Limited Edition" },
] as const;

/** The collection page's search field; the header's search button on collection pages jumps to it. */
export const COLLECTION_SEARCH_ID = "collection-search";

/** The product grid's columns; the collection page and its skeleton share them so nothing jumps. */
export const PRODUCT_GRID_CLASS = "grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4";
