import type { MessageKey } from "~/i18n/catalogues/en.server";
import { useT } from "~/i18n/use-t";
import { Link } from "~/components/ui/local-links";
import { ProductCard } from "~/components/ProductCard";
import type { ProductCardData } from "~/lib/product-card";
import { SectionHeading } from "~/components/home/SectionHeading";
import { HOME_TABS, homeTabHref, type HomeTab } from "~/lib/home-tabs";

/** Each tab's words in the catalogue (lib/home-tabs.ts keeps SPEC.md's English labels for the URL contract). */
const TAB_NAMES: Record<HomeTab, MessageKey> = {
  all: "home.tabAll",
  watches: "home.tabWatches",
  accessories: "home.tabAccessories",
  limited: "home.tabLimited",
};

/**
 * Latest Collections (SPEC.md §2 "Home"): the latest products, the category tabs and a View
 * Collection button. Each tab is a link that filters the latest arrivals (`/?tab=limited`; issue 24
 * item 4; docs/decisions/0730): without JavaScript the page loads at this section, with it the rows
 * change in place; the chosen tab is `aria-current="page"`. A tab with nothing in it says so and
 * leads on to the collection.
 */
export function LatestCollections({ products, tab = "all" }: { products: readonly ProductCardData[]; tab?: HomeTab }) {
  const current = HOME_TABS.find((entry) => entry.id === tab) ?? HOME_TABS[0];
  const { t } = useT();
  return (
    <section id="latest" aria-labelledby="latest-heading" className="mx-auto max-w-screen-xl scroll-mt-4 px-4 py-14 sm:px-8" data-testid="latest-collections">
      <SectionHeading
        id="latest-heading"
        title={t("home.latest")}
        intro={t("home.latestIntro")}
      />
      <nav aria-label={t("home.tabsLabel")} className="mt-6">
        <ul className="flex flex-wrap justify-center gap-2">
          {HOME_TABS.map((entry) => {
            const active = entry.id === current.id;
            return (
              <li key={entry.id}>
                <Link
                  to={homeTabHref(entry.id)}
                  preventScrollReset
                  aria-current={active ? "page" : undefined}
                  className={`inline-block rounded-full border px-4 py-1.5 text-sm ${
                    active ? "border-gray-900 bg-gray-900 text-white" : "border-gray-300 text-gray-800 hover:border-gray-900"
                  }`}
                >
                  {t(TAB_NAMES[entry.id])}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {products.length > 0 ? (
        <ProductGrid products={products} eagerCount={0} />
      ) : (
        <p className="mt-8 text-center text-gray-700" data-testid="tab-empty">
          {current.id === "accessories" ? t("home.noAccessories") : t("home.nothingYet")}{" "}
          <Link to="/collection" className="underline underline-offset-2">
            {t("home.seeAllWatches")}
          </Link>
        </p>
      )}
      <div className="mt-10 text-center">
        <Link
          to={current.collection}
          className="inline-block rounded border border-gray-900 px-8 py-3 text-sm font-semibold tracking-widest text-gray-900 hover:bg-gray-900 hover:text-white"
        >
          {t("home.viewCollection")}
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
