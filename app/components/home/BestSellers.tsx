import { useT } from "~/i18n/use-t";
import { Await } from "@remix-run/react";
import { Link } from "~/components/ui/local-links";
import { Suspense } from "react";
import type { ProductCardData } from "~/lib/product-card";
import { ProductGrid } from "~/components/home/LatestCollections";
import { SectionHeading } from "~/components/home/SectionHeading";
import { HOME_SECTION_SIZE } from "~/constants/store";

/**
 * Our Best Sellers (SPEC.md §2 "Home"): the first 10 bestsellers and a button to /collection.
 * `products` may be deferred data; a skeleton row stands in until it arrives (DESIGN.md §11).
 */
export function BestSellers({ products }: { products: Promise<readonly ProductCardData[]> | readonly ProductCardData[] }) {
  const { t } = useT();
  return (
    <section aria-labelledby="bestsellers-heading" className="mx-auto max-w-screen-xl px-4 py-14 sm:px-8" data-testid="best-sellers">
      <SectionHeading
        id="bestsellers-heading"
        title={t("home.bestSellers")}
        intro={t("home.bestSellersIntro")}
      />
      <Suspense fallback={<BestSellersSkeleton />}>
        <Await resolve={products} errorElement={<p className="mt-8 text-center text-gray-600">{t("home.bestSellersFailed")}</p>}>
          {(resolved) => <ProductGrid products={resolved} />}
        </Await>
      </Suspense>
      <div className="mt-10 text-center">
        <Link
          to="/collection?sort=bestselling"
          className="inline-block rounded border border-gray-900 px-8 py-3 text-sm font-semibold tracking-widest text-gray-900 hover:bg-gray-900 hover:text-white"
        >
          {t("home.shopBestSellers")}
        </Link>
      </div>
    </section>
  );
}

/** Placeholder cards shown while the best sellers load. */
export function BestSellersSkeleton() {
  const { t } = useT();
  return (
    <div aria-busy="true" data-testid="bestsellers-skeleton">
      <p role="status" className="sr-only">
        {t("home.loadingBestSellers")}
      </p>
      <ul aria-hidden="true" className="mt-8 grid animate-pulse grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
        {Array.from({ length: HOME_SECTION_SIZE }, (_, index) => (
          <li key={index}>
            <div className="aspect-square rounded bg-gray-200" />
            <div className="mt-3 h-4 w-4/5 rounded bg-gray-200" />
            <div className="mt-2 h-4 w-1/3 rounded bg-gray-200" />
          </li>
        ))}
      </ul>
    </div>
  );
}
