import { useT } from "~/i18n/use-t";
import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
  SerializeFrom,
} from "@remix-run/node";
import { isRouteErrorResponse, useActionData, useLoaderData, useLocation, useNavigation, useRouteError, type ShouldRevalidateFunction } from "@remix-run/react";
import { Form, Link, useNavigate } from "~/components/ui/local-links";
import { Suspense, useEffect, useMemo } from "react";
import { ErrorPage } from "~/components/ErrorPage";
import { DeliveryCheck } from "~/components/product/DeliveryCheck";
import { ColourPicker } from "~/components/product/ColourPicker";
import { MediaGallery } from "~/components/product/MediaGallery";
import { PriceBlock } from "~/components/product/PriceBlock";
import { LazyProductSkeleton, useProductNavigationPending } from "~/components/navigation-pending";
import { ProductTabs } from "~/components/product/ProductTabs";
import { RelatedProducts } from "~/components/product/RelatedProducts";
import { StarRating } from "~/components/product/StarRating";
import { showToast } from "~/components/toast";
import { WishlistToggle } from "~/components/product/WishlistToggle";
import { BRANDS, DEFAULT_SIZE_KEY } from "~/constants/store";
import {
  defaultMediaPosition,
  galleryItems,
  parseProductView,
  productViewSearch,
  type ProductView,
} from "~/schemas/product-view";
import { loadProductPage, productPageAction } from "~/utils/product-page.server";

/**
 * The product (only the fields the page shows), up to 5 related product cards, the page's meta
 * tags, the Description tab's text, and "Check delivery" (`?pin=`; issue 13 item 3).
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return loadProductPage(request, params.productId);
}

/**
 * The product page's mutations, switched on `intent` (utils/product-page.server.ts): `add-to-cart`
 * (SPEC.md §4, §5, §8). Foreign origin → 403; unknown product → 404; unknown intent or unreadable
 * body → 400.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return productPageAction(request, params.productId);
}

/** Only the gallery or the tab changed: nothing to reload. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod === undefined && currentUrl.pathname === nextUrl.pathname) {
    const strip = (url: URL) => {
      const search = new URLSearchParams(url.search);
      search.delete("media");
      search.delete("tab");
      search.sort();
      return search.toString();
    };
    if (strip(currentUrl) === strip(nextUrl)) return false;
  }
  return defaultShouldRevalidate;
};

type PageProduct = SerializeFrom<typeof loader>["product"];

export default function ProductPage() {
  const { product, related, delivery, descriptionTab, reviews, wishlist, returnLine } = useLoaderData<typeof loader>();
  const productPath = `/product/${product.id}`;
  if (useProductNavigationPending(productPath))
    return (
      <Suspense fallback={null}>
        <LazyProductSkeleton />
      </Suspense>
    );
  // `key` starts each product with fresh form state.
  return <ProductDetail key={product.id} product={product} related={related} delivery={delivery} descriptionTab={descriptionTab} reviews={reviews} wishlist={wishlist} returnLine={returnLine} />;
}

function ProductDetail({ product, related, delivery, descriptionTab, reviews, wishlist, returnLine }: Omit<SerializeFrom<typeof loader>, "meta" | "messages">) {
  const productPath = `/product/${product.id}`;
  const location = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => galleryItems(product), [product]);
  const defaultMedia = defaultMediaPosition(items);
  const view = parseProductView(new URLSearchParams(location.search), items);

  const viewHref = (change: Partial<ProductView>, hash: string) =>
    `${productPath}${productViewSearch({ ...view, ...change }, defaultMedia)}#${hash}`;
  const selectView = (change: Partial<ProductView>) =>
    navigate(`${productPath}${productViewSearch({ ...view, ...change }, defaultMedia)}`, {
      replace: true,
      preventScrollReset: true,
    });

  const brandIsKnown = (BRANDS as readonly string[]).includes(product.subCategory);
  const { t } = useT();
  // The refusal's sentence, in the page's language already (utils/product-page.server.ts).
  const actionError = useActionData<typeof action>()?.error;

  return (
    <article className="mx-auto max-w-screen-xl px-4 pb-16 pt-6 sm:px-8">
      {actionError ? (
        // Without JavaScript the page comes back scrolled to the top: say what went wrong there,
        // as the toast would (with JavaScript the toast does, and this is hidden).
        <p className="js-hide-when-hydrated mb-4 rounded border border-red-300 bg-red-50 px-4 py-2 text-sm text-red-800" data-testid="add-to-cart-error-banner">
          {actionError}{" "}
          <a href="#buy" className="font-medium underline">
            {t("product.backToOptions")}
          </a>
        </p>
      ) : null}
      <nav aria-label={t("product.breadcrumb")} className="mb-6 text-sm text-gray-600">
        {/* The "/" between crumbs is CSS (with empty alt text), so text browsers and screen readers read a plain list. */}
        <ol className="flex flex-wrap items-center gap-x-2 [&>li+li]:before:mr-2 [&>li+li]:before:content-['/'_/_'']">
          <li>
            <Link to="/" className="hover:text-gray-900 hover:underline">{t("product.home")}</Link>
          </li>
          <li>
            <Link to="/collection" className="hover:text-gray-900 hover:underline">{t("product.collection")}</Link>
          </li>
          {brandIsKnown ? (
            <li>
              <Link to={`/collection?brand=${encodeURIComponent(product.subCategory)}`} className="hover:text-gray-900 hover:underline">
                {product.subCategory}
              </Link>
            </li>
          ) : null}
        </ol>
      </nav>

      <div className="flex flex-col gap-10 md:flex-row md:gap-12">
        <div className="md:w-1/2">
          <MediaGallery
            items={items}
            selected={view.media}
            productName={product.name}
            hrefFor={(media) => viewHref({ media }, "gallery")}
            onSelect={(media) => selectView({ media })}
          />
        </div>
        <div className="flex flex-col gap-5 md:w-1/2">
          <h1 className="font-serif text-2xl leading-snug text-gray-900 sm:text-3xl">{product.name}</h1>
          <StarRating average={reviews.average} text={reviews.ratingText} />
          <PriceBlock pricePaise={product.pricePaise} originalPaise={product.originalPaise} />
          {/* Issue 23: "In stock", "Only N left" or "Out of stock", worded by the loader; nothing when not tracked. */}
          {product.stock ? (
            <p>
              <span className={`inline-block rounded-full px-3 py-1 text-sm font-medium ${product.stock.look}`} data-testid="stock">
                {product.stock.text}
              </span>
            </p>
          ) : null}
          {product.description ? <p className="leading-relaxed text-gray-600">{product.description}</p> : null}
          {product.features.length > 0 ? (
            <ul className="list-disc space-y-1 pl-5 text-sm text-gray-700" aria-label={t("product.features")}>
              {product.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          ) : null}
          <div dangerouslySetInnerHTML={{ __html: product.specs }} />
          <div id="buy">
            <AddToCartForm product={product} />
          </div>
          {wishlist ? <WishlistToggle productId={product.id} state={wishlist} /> : null}
          <DeliveryCheck check={delivery} />
          {/* Issue 25 item 2: the Legal Metrology declarations, a table made (and escaped) by the loader: no code in the page's JavaScript. */}
          <div dangerouslySetInnerHTML={{ __html: product.declarations }} />
          <hr className="border-gray-200" />
          <ul className="space-y-1 text-sm text-gray-600">
            <li>{t("product.quality")}</li>
            {/* Issue 45: the owner's after-sale policy says the words (docs/decisions/0980). */}
            <li data-testid="return-policy-line">{returnLine}</li>
          </ul>
        </div>
      </div>

      <ProductTabs
        selected={view.tab}
        description={descriptionTab}
        hrefFor={(tab) => viewHref({ tab }, "tabs")}
        onSelect={(tab) => selectView({ tab })}
        reviews={reviews}
      />

      <RelatedProducts products={related} />
    </article>
  );
}

/**
 * ADD TO CART (posts to this route's action; WISHLIST is its own form beside it, WishlistToggle).
 * A plain Remix form: its one field is checked by the server, whose message shows by the
 * picker (and as a toast with JavaScript); conform would add 9 KB for nothing (docs/decisions/0530).
 */
function AddToCartForm({ product }: { product: PageProduct }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const formId = `add-to-cart-${product.id}`;
  const sizeErrorId = `${formId}-size-error`;
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-to-cart";
  const { t } = useT();
  const sizeError = actionData?.error;
  useEffect(() => {
    if (actionData?.error) showToast(actionData.error, "error");
  }, [actionData]);
  // Issue 23: a sold-out watch cannot be bought (the words come from the loader); the server refuses a forged post too.
  if (product.soldOut) return <p className="rounded border bg-gray-50 p-3 text-sm" data-testid="sold-out">{product.soldOut}</p>;
  return (
    <Form method="post" id={formId} className="flex flex-col gap-5">
      <input type="hidden" name="intent" value="add-to-cart" />
      {product.colours.length > 0 ? (
        <ColourPicker colours={product.colours} labels={product.colourLabels} notes={product.colourNotes} error={sizeError} errorId={sizeErrorId} />
      ) : (
        <input type="hidden" name="size" value={DEFAULT_SIZE_KEY} />
      )}
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={submitting}
          className="rounded bg-black px-8 py-3 text-sm font-medium tracking-wide text-white hover:bg-gray-800 disabled:opacity-70"
        >
          {t("product.addToCart")}
        </button>
      </div>
      {sizeError && product.colours.length === 0 ? (
        <p id={sizeErrorId} role="alert" className="text-sm font-medium text-red-700" data-testid="size-error">
          {sizeError}
        </p>
      ) : null}
    </Form>
  );
}

/** Built by the loader (utils/page-meta.server.ts), so the SEO code stays out of the page's JavaScript. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (data) return data.meta;
  const root = matches.find((match) => match.id === "root")?.data as { env?: { STORE_NAME?: string } } | undefined;
  return [{ title: `Product not found | ${root?.env?.STORE_NAME ?? "Chrono India"}` }];
};

export function ErrorBoundary() {
  const error = useRouteError();
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
