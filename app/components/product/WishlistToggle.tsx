import { Form } from "~/components/ui/local-links";
import { useRootData } from "~/utils/root-data";

/** The toggle's words and return path, from the product page's loader (utils/wishlist.server.ts): the same for every visitor. */
export type WishlistToggleData = { redirectTo: string; addLabel: string; savedLabel: string };

/**
 * WISHLIST on the product page (issue 24 item 2; DESIGN.md §22): a POST form to /wishlist, back here
 * with a toast (a visitor goes by /login and a confirm button). Without JavaScript a document post;
 * with it Remix's <Form> posts in the background and the page's data comes back in place, scroll
 * kept: the toggle changes where it is. Remix's Form is already on the page, so it costs a few bytes
 * where a fetcher cost ~200 (docs/decisions/0710 has the figures). Whether the watch is saved comes
 * from the root data's saved ids (the signed-in shopper's; docs/decisions/0800).
 */
export function WishlistToggle({ productId, state }: { productId: string; state: WishlistToggleData }) {
  const saved = useRootData()?.savedIds.includes(productId) ?? false;
  return (
    <Form method="post" action="/wishlist" preventScrollReset data-personal="wishlist">
      <input type="hidden" name="intent" value={saved ? "remove" : "add"} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={state.redirectTo} />
      <button type="submit" aria-pressed={saved} className="rounded border border-gray-900 px-8 py-3 text-sm font-medium tracking-wide text-gray-900 hover:bg-gray-100 aria-pressed:bg-gray-900 aria-pressed:text-white" data-testid="wishlist-toggle">
        {saved ? state.savedLabel : state.addLabel}
      </button>
    </Form>
  );
}
