import { useT } from "~/i18n/use-t";
import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/ui/local-links";
import { NAME_MAX_CHARS } from "~/constants/store";
import { discountPercent, formatPaise, truncateName } from "~/lib/money";
import { Separator } from "~/components/ui/Separator";
import type { ProductCardData } from "~/lib/product-card";
import type { RootData } from "~/utils/root-data";
import { HIGH_PRIORITY_IMAGE, LAZY_IMAGE } from "~/components/ui/image-loading";

/**
 * A product tile: image, name cut to 40 characters (SPEC.md §9), price, original and % off, and
 * "Only N left" or "Out of stock" when true (issue 23; a card in stock says nothing more).
 * `eager`: the card is in the first screen of its page (the first row of a collection), so its
 * picture may be the page's largest paint: it loads at once with `fetchpriority="high"`; other
 * cards' pictures load lazily and decode off the main thread (docs/decisions/0540-lighthouse.md).
 * On a store that keeps wishlists the card carries a heart: a POST form beside the link (a form
 * cannot sit inside a link), see CardHeart.
 */
export function ProductCard({ product, eager = false }: { product: ProductCardData; eager?: boolean }) {
  const percent = discountPercent(product.pricePaise, product.originalPaise);
  const root = useRouteLoaderData("root") as RootData | undefined;
  const { t } = useT();
  return (
    <div className="relative">
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
                <span className="sr-only">{t("card.originalPrice")}</span>
                {formatPaise(product.originalPaise)}
              </s>
              <Separator />
              <span className="text-xs font-medium text-green-700">{t("card.percentOff", { percent })}</span>
            </>
          ) : null}
        </p>
        {product.stockNote ? (
          <p className="pt-1 text-xs font-medium text-amber-900" data-testid="card-stock">
            {product.stockNote}
          </p>
        ) : null}
      </Link>
      {root?.hearts ? <CardHeart product={product} saved={root.savedIds.includes(product.id)} /> : null}
    </div>
  );
}

/**
 * The card's wishlist heart (issue 24 item 2; docs/decisions/0711): POST /wishlist, back to this
 * page. Without JavaScript a document post and a 303 here with a toast; with it Remix posts in the
 * background and the page's data (the marks) come back in place, scroll kept. A visitor is sent to
 * log in first. Its words say what pressing does, so a text browser reads it right. `saved` comes
 * from the root data's saved ids (the signed-in shopper's), never from the page's own data, so
 * the page's data is the same for every visitor (docs/decisions/0800).
 */
function CardHeart({ product: { id, name }, saved }: { product: ProductCardData; saved: boolean }) {
  const { pathname, search } = useLocation();
  const { t } = useT();
  return (
    <Form method="post" action="/wishlist" preventScrollReset className="absolute right-2 top-2" data-personal="heart">
      <input type="hidden" name="intent" value={saved ? "remove" : "add"} />
      <input type="hidden" name="productId" value={id} />
      <input type="hidden" name="redirectTo" value={pathname + search} />
      <button className="h-9 w-9 rounded-full bg-white text-lg text-red-700 shadow">
        <span aria-hidden="true">{saved ? "\u2665" : "\u2661"}</span>
        <span className="sr-only">{t(saved ? "card.removeFromWishlist" : "card.addToWishlist", { name })}</span>
      </button>
    </Form>
  );
}
