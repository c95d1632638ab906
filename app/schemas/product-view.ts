/** The tabs under a product (SPEC.md §2 "Product detail"); `description` is the default. */
export const PRODUCT_TABS = ["description", "reviews"] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];

/** One entry of a product's media gallery: images first, then videos (SPEC.md §2). */
export type MediaItem =
  | { kind: "image"; src: string; position: number }
  | { kind: "video"; src: string; poster: string | null; position: number };

/**
 * A product's gallery in display order: every image, then every video. `position` is 1-based
 * and is what the `media` query parameter names.
 */
export function galleryItems(product: { images: string[]; videos: string[]; videoPoster: string | null }): MediaItem[] {
  const images = product.images.map((src): MediaItem => ({ kind: "image", src, position: 0 }));
  const videos = product.videos.map((src): MediaItem => ({ kind: "video", src, poster: product.videoPoster, position: 0 }));
  return [...images, ...videos].map((item, index) => ({ ...item, position: index + 1 }));
}

/**
 * The default media of a gallery: the first image, otherwise the first video (SPEC.md §2).
 * Returns a 1-based position, or 0 for an empty gallery.
 */
export function defaultMediaPosition(items: readonly MediaItem[]): number {
  const image = items.find((item) => item.kind === "image");
  return (image ?? items[0])?.position ?? 0;
}

/** A `media` value: a whole number from 1 to 1000 as `Number` reads it ("2", " 2 ", "2.0"), else null. */
function mediaParam(raw: string | null): number | null {
  const value = raw === null ? NaN : Number(raw);
  return Number.isInteger(value) && value >= 1 && value <= 1000 ? value : null;
}

export type ProductView = { media: number; tab: ProductTab };

/**
 * Reads what the shopper is looking at on a product page from its URL (`?media=2&tab=reviews`),
 * so the gallery and the tabs work as plain links without JavaScript (DESIGN.md §2, §5).
 * `media` is a 1-based position in `items`; a missing, malformed or out-of-range value selects
 * the default media (`defaultMediaPosition`). An unknown `tab` selects the description.
 * Never throws. No zod: the page reads its URL with this in the browser too (DESIGN.md §17).
 */
export function parseProductView(search: URLSearchParams, items: readonly MediaItem[]): ProductView {
  const media = mediaParam(search.get("media"));
  const tab = search.get("tab");
  return {
    media: media !== null && media <= items.length ? media : defaultMediaPosition(items),
    tab: PRODUCT_TABS.find((known) => known === tab) ?? "description",
  };
}

/**
 * The canonical query string of a product view, defaults left out: `{media: 2, tab: "reviews"}` →
 * "?media=2&tab=reviews"; the default view → "". `defaultMedia` is the gallery's default position.
 */
export function productViewSearch(view: ProductView, defaultMedia: number): string {
  const params = new URLSearchParams();
  if (view.media > 0 && view.media !== defaultMedia) params.set("media", String(view.media));
  if (view.tab !== "description") params.set("tab", view.tab);
  const query = params.toString();
  return query ? `?${query}` : "";
}
