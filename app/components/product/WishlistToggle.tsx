import { Form } from "@remix-run/react";

/** The toggle's state and words, from the product page's loader (utils/wishlist.server.ts). */
export type WishlistToggleData = { saved: boolean; redirectTo: string; label: string; intent: "add" | "remove" };

/**
 * WISHLIST on the product page (issue 24 item 2; DESIGN.md §22): a POST form to /wishlist, back here
 * with a toast (a visitor goes by /login and a confirm button). Without JavaScript a document post;
 * with it Remix's <Form> posts in the background and the page's data comes back in place, scroll
 * kept: the toggle changes where it is. Remix's Form is already on the page, so it costs a few bytes
 * where a fetcher cost ~200 (docs/decisions/0710 has the figures).
 */
export function WishlistToggle({ productId, state }: { productId: string; state: WishlistToggleData }) {
  return (
    <Form method="post" action="/wishlist" preventScrollReset>
      <input type="hidden" name="intent" value={state.intent} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={state.redirectTo} />
      <button type="submit" aria-pressed={state.saved} className="rounded border border-gray-900 px-8 py-3 text-sm font-medium tracking-wide text-gray-900 hover:bg-gray-100 aria-pressed:bg-gray-900 aria-pressed:text-white" data-testid="wishlist-toggle">
        {state.label}
      </button>
    </Form>
  );
}
