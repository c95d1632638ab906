import { Link } from "@remix-run/react";
import { ProductCard } from "~/components/ProductCard";
import type { ProductCardData } from "~/lib/product-card";
import { SectionHeading } from "~/components/home/SectionHeading";

/** The home page's category tabs; SPEC.md §1 lists them as having no behaviour. */
export const HOME_CATEGORY_TABS = ["All", "Watches", "Accessories", "Limited Edition"] as const;

/**
 * Latest Collections (SPEC.md §2 "Home"): the first 10 products, the category tabs (which do
 * nothing, SPEC.md §1: disabled, with a visible "coming soon" note pointing to the collection's
 * filters, issue 9 item 4) and a View Collection button to /collection.
 */
export function LatestCollections({ products }: { products: readonly ProductCardData[] }) {
  return (
    <section aria-labelledby="latest-heading" className="mx-auto max-w-screen-xl px-4 py-14 sm:px-8" data-testid="latest-collections">
      <SectionHeading
        id="latest-heading"
        title="Latest Collections"
        intro="Fresh arrivals from the watchmakers we love, picked for everyday wear and special occasions alike."
      />
      <div role="group" aria-label="Categories" aria-describedby="category-tabs-note" className="mt-6 flex flex-wrap justify-center gap-2">
        {HOME_CATEGORY_TABS.map((tab, index) => (
          <button
            key={tab}
            type="button"
            disabled
            aria-pressed={index === 0}
            className={`cursor-not-allowed rounded-full border px-4 py-1.5 text-sm ${
              index === 0 ? "border-gray-900 bg-gray-900 text-white" : "border-gray-300 text-gray-700 opacity-60"
            }`}
          >
            {tab}
          </button>
        ))}
      </div>
      <p id="category-tabs-note" className="mt-2 text-center text-xs text-gray-600">
        Category tabs coming soon: <Link to="/collection" className="underline underline-offset-2">filter the whole collection</Link> instead.
      </p>
      <ProductGrid products={products} eagerCount={0} />
      <div className="mt-10 text-center">
        <Link
          to="/collection"
          className="inline-block rounded border border-gray-900 px-8 py-3 text-sm font-semibold tracking-widest text-gray-900 hover:bg-gray-900 hover:text-white"
        >
          View Collection
        </Link>
      </div>
    </section>
  );
}

/** A responsive grid of product cards: 2 columns on phones up to 5 on wide screens. */
export function ProductGrid({ products, eagerCount = 0 }: { products: readonly ProductCardData[]; eagerCount?: number }) {
  return (
    <ul className="mt-8 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
