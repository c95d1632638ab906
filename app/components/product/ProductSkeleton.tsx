import { useEffect } from "react";

/**
 * The product page's loading skeleton (SPEC.md §2, §9): the pending UI of a client-side
 * navigation to a product (DESIGN.md §11). The server never waits to show it.
 */
export function ProductSkeleton() {
  // It replaces the page the shopper clicked on, often far down (related products): show it
  // where the product will appear.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <div className="mx-auto max-w-screen-xl px-4 py-10 sm:px-8" aria-busy="true" data-testid="product-skeleton">
      <p role="status" className="sr-only">
        Loading product…
      </p>
      <div className="flex animate-pulse flex-col gap-10 md:flex-row" aria-hidden="true">
        <div className="flex flex-1 flex-col-reverse gap-3 sm:flex-row">
          <div className="flex gap-3 sm:w-20 sm:flex-col">
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="aspect-square w-20 rounded bg-gray-200 sm:w-full" />
            ))}
          </div>
          <div className="aspect-square flex-1 rounded bg-gray-200" />
        </div>
        <div className="flex flex-1 flex-col gap-4">
          <div className="h-8 w-3/4 rounded bg-gray-200" />
          <div className="h-4 w-40 rounded bg-gray-200" />
          <div className="h-10 w-48 rounded bg-gray-200" />
          <div className="h-4 w-full rounded bg-gray-200" />
          <div className="h-4 w-5/6 rounded bg-gray-200" />
          <div className="h-4 w-2/3 rounded bg-gray-200" />
          <div className="mt-4 h-12 w-44 rounded bg-gray-200" />
        </div>
      </div>
    </div>
  );
}
