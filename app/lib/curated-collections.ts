import { COLLECTION_LINKS, LIMITED_EDITION_MIN_RUPEES, type Brand } from "~/constants/store";
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
  /**
   * The preset: brands, price bounds (whole rupees) and sort; never a page. A bound left out is
   * no bound: since issue 48 the default price range is the whole catalogue (docs/decisions/0970).
   */
  preset: Omit<Partial<CollectionParams>, "page">;
};

const LUXURY_BRANDS: Brand[] = ["Rolex", "PatekPhilippe", "Cartier", "Rado"];

/** The collections of the header's COLLECTION menu (COLLECTION_LINKS) and NEW ARRIVALS, by path. */
export const CURATED_COLLECTIONS: Record<string, CuratedCollection> = {
  "/collection/luxury": {
    path: "/collection/luxury",
    title: "Luxury Watches",
    description: "Rolex, Patek Philippe, Cartier and Rado at every price, the most precious first.",
    preset: { brands: LUXURY_BRANDS, sort: "high-low" },
  },
  "/collection/sport": {
    path: "/collection/sport",
    title: "Sport Watches",
    description: "Tough everyday watches from Casio, Seiko and Tissot, the most popular first.",
    preset: { brands: ["Casio", "Seiko", "Tissot"], sort: "bestselling" },
  },
  "/collection/smart": {
    path: "/collection/smart",
    title: "Smart Watches",
    description: "Casio's digital and solar watches and Fossil's hybrid smartwatches, with the rest of both ranges, the newest first.",
    preset: { brands: ["Casio", "Fossil"], sort: "newest" },
  },
  "/collection/classic": {
    path: "/collection/classic",
    title: "Classic Watches",
    // "under ₹10,000" was SPEC.md §9's default range, not a choice of this page: gone with it (decision 0970).
    description: "Timeless dress and everyday watches from Tissot, Seiko, Fossil and Rado.",
    preset: { brands: ["Tissot", "Seiko", "Fossil", "Rado"], sort: "relevant" },
  },
  "/collection/limited": {
    path: "/collection/limited",
    title: "Limited Edition",
    description: "Our rarest pieces: every watch from ₹10,000 up, the newest first.",
    preset: { min: LIMITED_EDITION_MIN_RUPEES, sort: "newest" },
  },
  "/new-arrivals": {
    path: "/new-arrivals",
    title: "New Arrivals",
    description: "The latest watches in the store, the newest first.",
    preset: { sort: "newest" },
  },
};

// Every link of the header's COLLECTION menu has a page (DESIGN.md §5: never a 404).
for (const link of COLLECTION_LINKS) {
  if (!CURATED_COLLECTIONS[link.to]) throw new Error(`No curated collection for ${link.to}`);
}

/**
 * The filters a curated collection lists, page 1: its preset over the defaults (prices in whole
 * rupees). Before issue 48 a "price-ceiling" lift raised the upper bound from SPEC.md §9's
 * ₹10,000 to the dearest price for Luxury and Limited Edition; the default range now has no upper
 * bound, so every collection lists every price its preset allows (docs/decisions/0970).
 */
export function curatedParams(collection: CuratedCollection): CollectionParams {
  return { ...DEFAULT_COLLECTION_PARAMS, ...collection.preset, page: 1 };
}
