import { COLLECTION_LINKS, DEFAULT_PRICE_MAX, type Brand } from "~/constants/store";
import { DEFAULT_COLLECTION_PARAMS, type CollectionParams } from "~/schemas/collection-params";

/**
 * A curated collection: a page with its own heading that lists a preset of the /collection filters
 * (docs/decisions/0120-curated-collections.md). Presets use only the URL contract's filters, so
 * the filter panel, chips and "refine" all lead on to /collection from the same starting point.
 */
export type CuratedCollection = {
  /** The page's path, e.g. "/collection/luxury". */
  path: string;
  /** The heading, also the link label of the header's COLLECTION menu. */
  title: string;
  /** One sentence under the heading, saying what is listed. */
  description: string;
  /** The preset: brands, price bounds (whole rupees) and sort; never a page. */
  preset: Omit<Partial<CollectionParams>, "page"> & { lift: "price-ceiling" | "none" };
};

const LUXURY_BRANDS: Brand[] = ["Rolex", "PatekPhilippe", "Cartier", "Rado"];

/** The collections of the header's COLLECTION menu (COLLECTION_LINKS) and NEW ARRIVALS, by path. */
export const CURATED_COLLECTIONS: Record<string, CuratedCollection> = {
  "/collection/luxury": {
    path: "/collection/luxury",
    title: "Luxury Watches",
    description: "Rolex, Patek Philippe, Cartier and Rado at every price, the most precious first.",
    preset: { brands: LUXURY_BRANDS, sort: "high-low", lift: "price-ceiling" },
  },
  "/collection/sport": {
    path: "/collection/sport",
    title: "Sport Watches",
    description: "Tough everyday watches from Casio, Seiko and Tissot, the most popular first.",
    preset: { brands: ["Casio", "Seiko", "Tissot"], sort: "bestselling", lift: "none" },
  },
  "/collection/smart": {
    path: "/collection/smart",
    title: "Smart Watches",
    description: "Casio's digital and solar watches and Fossil's hybrid smartwatches, with the rest of both ranges, the newest first.",
    preset: { brands: ["Casio", "Fossil"], sort: "newest", lift: "none" },
  },
  "/collection/classic": {
    path: "/collection/classic",
    title: "Classic Watches",
    description: "Timeless dress and everyday watches from Tissot, Seiko, Fossil and Rado under ₹10,000.",
    preset: { brands: ["Tissot", "Seiko", "Fossil", "Rado"], sort: "relevant", lift: "none" },
  },
  "/collection/limited": {
    path: "/collection/limited",
    title: "Limited Edition",
    description: "Our rarest pieces: every watch from ₹10,000 up, the newest first.",
    preset: { min: DEFAULT_PRICE_MAX, sort: "newest", lift: "price-ceiling" },
  },
  "/new-arrivals": {
    path: "/new-arrivals",
    title: "New Arrivals",
    description: "The latest watches in the store, the newest first.",
    preset: { sort: "newest", lift: "none" },
  },
};

// Every link of the header's COLLECTION menu has a page (DESIGN.md §5: never a 404).
for (const link of COLLECTION_LINKS) {
  if (!CURATED_COLLECTIONS[link.to]) throw new Error(`No curated collection for ${link.to}`);
}

/**
 * The filters a curated collection lists, page 1. With `lift: "price-ceiling"` the upper price
 * bound is raised from the default ₹10,000 to the dearest product's price rounded up to whole
 * rupees (never below ₹10,000), so watches above ₹10,000 are included. Prices in paise in,
 * whole rupees out.
 */
export function curatedParams(collection: CuratedCollection, pricesPaise: Iterable<number>): CollectionParams {
  const { lift, ...preset } = collection.preset;
  const params: CollectionParams = { ...DEFAULT_COLLECTION_PARAMS, ...preset, page: 1 };
  if (lift === "price-ceiling") {
    let top = 0;
    for (const paise of pricesPaise) top = Math.max(top, paise);
    params.max = Math.max(params.max, DEFAULT_PRICE_MAX, Math.ceil(top / 100));
  }
  return params;
}
