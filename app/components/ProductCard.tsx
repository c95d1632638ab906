import { Link } from "@remix-run/react";
import { NAME_MAX_CHARS } from "~/constants/store";
import { discountPercent, formatPaise, truncateName } from "~/lib/money";
import { Separator } from "~/components/ui/Separator";
import type { ProductCardData } from "~/lib/product-card";
import { HIGH_PRIORITY_IMAGE, LAZY_IMAGE } from "~/components/ui/image-loading";

/**
 * A product tile: image, name cut to 40 characters (SPEC.md §9), price, original and % off, and
 * "Only N left" or "Out of stock" when true (issue 23; a card in stock says nothing more).
 * `eager`: the card is in the first screen of its page (the first row of a collection), so its
 * picture may be the page's largest paint: it loads at once with `fetchpriority="high"`; other
 * cards' pictures load lazily and decode off the main thread (docs/decisions/0540-lighthouse.md).
 */
export function ProductCard({ product, eager = false }: { product: ProductCardData; eager?: boolean }) {
  const percent = discountPercent(product.pricePaise, product.originalPaise);
  return (
    <Link
      to={`/product/${product.id}`}
      prefetch="intent"
      className="group block text-gray-700"
      data-testid="product-card"
    >
      <div className="aspect-square overflow-hidden rounded bg-gray-50">
        <img
          src={product.image}
          alt=""
          width={400}
          height={400}
          {...(eager ? HIGH_PRIORITY_IMAGE : LAZY_IMAGE)}
          className="h-full w-full object-cover transition-transform duration-300 ease-in-out group-hover:scale-105"
        />
      </div>
      <p className="pb-1 pt-3 text-sm" title={product.name}>
        {truncateName(product.name, NAME_MAX_CHARS)}
      </p>
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-medium text-gray-900">{formatPaise(product.pricePaise)}</span>
        {percent !== null && product.originalPaise !== null ? (
          <>
            <Separator />
            <s className="text-xs text-gray-500">
              <span className="sr-only">Original price </span>
              {formatPaise(product.originalPaise)}
            </s>
            <Separator />
            <span className="text-xs font-medium text-green-700">{percent}% off</span>
          </>
        ) : null}
      </p>
      {product.stockNote ? (
        <p className="pt-1 text-xs font-medium text-amber-900" data-testid="card-stock">
          {product.stockNote}
        </p>
      ) : null}
    </Link>
  );
}
