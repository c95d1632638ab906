import { useLocation, useNavigation } from "@remix-run/react";
import { useDelayedFlag } from "~/components/ui/useDelayedFlag";
import { Skeleton } from "~/components/ui/Skeleton";
import { COLLECTION_SKELETON_MS, PAGE_SIZE } from "~/constants/store";

/** The product grid's columns; the collection page and its skeleton share them so nothing jumps. */
export const PRODUCT_GRID_CLASS = "grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4";

/**
 * The pending UI of the collection (SPEC.md §2: a skeleton of 25 cards): card-shaped placeholders
 * in the product grid's layout, with a polite "Loading watches…" status. Never rendered by the
 * server (DESIGN.md §11); see `useCollectionPending`.
 */
export function CollectionSkeleton({ count = PAGE_SIZE }: { count?: number }) {
  return (
    <div data-testid="collection-skeleton">
      <p role="status" className="sr-only">
        Loading watches…
      </p>
      <ul className={PRODUCT_GRID_CLASS} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <Skeleton className="aspect-square w-full" />
            <Skeleton className="mt-3 h-4 w-4/5" />
            <Skeleton className="mt-2 h-4 w-1/3" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** True for the paths whose page is a product listing: /collection, /collection/*, /new-arrivals. */
export function isCollectionPath(pathname: string): boolean {
  return pathname === "/collection" || pathname.startsWith("/collection/") || pathname === "/new-arrivals";
}

/** Pending time after which the skeleton replaces the grid; faster loads just swap the grid in. */
export const SKELETON_DELAY_MS = 150;

/**
 * Whether to show the collection skeleton now: a client-side navigation to a collection path is
 * loading (link, chip, pager or GET filter form) and has been for SKELETON_DELAY_MS; once shown,
 * the skeleton stays at least COLLECTION_SKELETON_MS (SPEC.md §9) so it never flickers.
 * `scope` "within" counts only navigations that start on a collection page (the page swaps its
 * grid and keeps its filters); "entry" only those that start elsewhere (the root layout shows the
 * skeleton in place of the old page). False on the server and without JavaScript.
 */
export function useCollectionPending(scope: "within" | "entry"): { pending: boolean; showSkeleton: boolean } {
  const navigation = useNavigation();
  const location = useLocation();
  const fromCollection = isCollectionPath(location.pathname);
  const pending =
    navigation.state === "loading" &&
    isCollectionPath(navigation.location.pathname) &&
    (scope === "within" ? fromCollection : !fromCollection);
  return { pending, showSkeleton: useDelayedFlag(pending, SKELETON_DELAY_MS, COLLECTION_SKELETON_MS) };
}
