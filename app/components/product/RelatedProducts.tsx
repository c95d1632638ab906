import { useT } from "~/i18n/use-t";
import { ProductCard } from "~/components/ProductCard";
import type { ProductCardData } from "~/lib/product-card";

/** "You might also like": up to 5 related products as cards (SPEC.md §2, §9). */
export function RelatedProducts({ products }: { products: readonly ProductCardData[] }) {
  const { t } = useT();
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-20" data-testid="related-products">
      <h2 id="related-heading" className="text-center font-serif text-2xl text-gray-900 sm:text-3xl">
        {t("product.related")}
      </h2>
      <ul className="mt-8 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-5">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}
