import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { Form, Link } from "~/components/ui/local-links";
import { ErrorPage } from "~/components/ErrorPage";
import { usePhrase } from "~/i18n/use-phrase";
import { useT } from "~/i18n/use-t";
import { storeNameOf } from "~/utils/root-data";
import { loadWishlistPage, wishlistAction } from "~/utils/wishlist.server";

/**
 * /wishlist (issue 24 item 2; DESIGN.md §22): the watches the shopper saved, with today's price
 * and stock, "Price dropped since you saved it" where true, Move to cart and Remove (plain forms),
 * and the confirm button a visitor finds here after logging in (`?save=ID`). Words from the loader.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return loadWishlistPage(request);
}

/** `intent` add / remove / move-to-cart (utils/wishlist.server.ts); refusals answer 4xx with the sentence. */
export function action({ request }: ActionFunctionArgs) {
  return wishlistAction(request);
}

const button = "rounded px-4 py-2 text-sm font-medium";

export default function Wishlist() {
  const { heading, countWords, confirm, notice, items } = useLoaderData<typeof loader>();
  const { t } = useT();
  const phrase = usePhrase();
  // A refusal's sentence in the page's language (docs/decisions/0890).
  const error = phrase(useActionData<typeof action>()?.error);
  return (
    <section className="mx-auto max-w-screen-lg px-4 py-10 sm:px-6">
      <h1 className="font-serif text-3xl text-gray-900">{heading}</h1>
      {countWords ? <p className="mt-1 text-sm text-gray-600">{countWords}</p> : null}
      {error ? (
        <p role="alert" className="mt-6 rounded border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800" data-testid="wishlist-error">
          {error}
        </p>
      ) : null}
      {notice ? <p className="mt-6 rounded border bg-gray-50 px-4 py-3 text-sm text-gray-800">{notice}</p> : null}
      {confirm ? (
        <Form method="post" className="mt-6 flex flex-wrap items-center gap-4 rounded border border-gray-300 px-4 py-4" data-testid="wishlist-confirm">
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="productId" value={confirm.productId} />
          <input type="hidden" name="redirectTo" value={`/product/${confirm.productId}`} />
          <p className="text-gray-900">{confirm.question}</p>
          <button type="submit" className={`${button} bg-black text-white hover:bg-gray-800`}>
            {t("wishlist.saveButton")}
          </button>
        </Form>
      ) : null}
      {items.length === 0 ? (
        <div className="mt-10 text-center" data-testid="wishlist-empty">
          <p className="text-gray-700">{t("wishlist.empty")}</p>
          <Link to="/collection" className={`${button} mt-6 inline-block bg-black text-white hover:bg-gray-800`}>
            {t("wishlist.browse")}
          </Link>
        </div>
      ) : (
        <ul className="mt-8 divide-y divide-gray-200 border-y border-gray-200" aria-label={t("wishlist.savedWatches")}>
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap gap-4 py-5 sm:flex-nowrap" data-testid="wishlist-item">
              <div className="flex-1">
                {/* A paragraph, not a heading: a text browser then reads the name beside its bullet. */}
                <p className="text-base text-gray-900">
                  <Link to={`/product/${item.id}`} className="hover:underline">
                    {item.name}
                  </Link>
                </p>
                <p className="mt-1 font-medium text-gray-900">{item.price}</p>
                {item.priceDropped ? (
                  <p className="mt-1 text-sm font-medium text-green-800" data-testid="price-dropped">
                    {item.priceDropped}
                  </p>
                ) : null}
                {item.stock ? (
                  <p className="mt-1">
                    <span className={`inline-block rounded-full px-3 py-1 text-xs font-medium ${item.stock.look}`}>{item.stock.text}</span>
                  </p>
                ) : null}
              </div>
              {/* After the words in the document, so a text browser reads the name beside its bullet; shown first. */}
              <img src={item.image} alt="" width={96} height={96} loading="lazy" className="order-first h-24 w-24 rounded bg-gray-50 object-cover" />
              <div className="flex flex-col items-start gap-2 sm:items-end">
                {!item.canBuy ? null : item.chooseColour ? (
                  <Link to={`/product/${item.id}#buy`} className={`${button} bg-black text-white hover:bg-gray-800`}>
                    {t("wishlist.chooseColour")}<span className="sr-only">{t("wishlist.forName", { name: item.name })}</span>
                  </Link>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="move-to-cart" />
                    <input type="hidden" name="productId" value={item.id} />
                    <button type="submit" className={`${button} bg-black text-white hover:bg-gray-800`}>
                      {t("wishlist.moveToCart")}<span className="sr-only">: {item.name}</span>
                    </button>
                  </Form>
                )}
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="productId" value={item.id} />
                  <input type="hidden" name="redirectTo" value="/wishlist" />
                  <button type="submit" className={`${button} border border-gray-900 text-gray-900 hover:bg-gray-100`}>
                    {t("wishlist.remove")}<span className="sr-only">: {item.name}</span>
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.title ?? `My Wishlist | ${storeNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  const error = useRouteError();
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
