import { useLocation, useNavigation } from "@remix-run/react";
import { lazy, useEffect } from "react";
import { useDelayedFlag } from "~/components/ui/useDelayedFlag";
import { COLLECTION_SKELETON_MS, PRODUCT_SKELETON_MS } from "~/constants/store";
import { unprefixedPath } from "~/i18n/language";

/*
 * When the pending UI of a client-side navigation shows (DESIGN.md §11, SPEC.md §2, §9): the
 * collection and product skeletons. Apart from the skeletons themselves so that the root layout
 * can load those only when a navigation starts (docs/decisions/0530).
 */

/** True for the paths whose page is a product listing: /collection, /collection/*, /new-arrivals (and their /hi twins). */
export function isCollectionPath(pathname: string): boolean {
  const path = unprefixedPath(pathname);
  return path === "/collection" || path.startsWith("/collection/") || path === "/new-arrivals";
}

/** True for a product page's path, in either language. */
function isProductPath(pathname: string): boolean {
  return unprefixedPath(pathname).startsWith("/product/");
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


/**
 * Whether to show the product skeleton now: a client-side navigation (a link, not a form) to a
 * product page other than `currentPath` has been loading for 150 ms; once shown, the skeleton
 * stays at least PRODUCT_SKELETON_MS (SPEC.md §9: 300 ms) so it never flickers. Pass undefined
 * from pages that are not product pages. False on the server and without JavaScript.
 */
export function useProductNavigationPending(currentPath?: string): boolean {
  const navigation = useNavigation();
  const target = navigation.location?.pathname;
  const pending =
    navigation.state === "loading" &&
    navigation.formMethod === undefined &&
    target !== undefined &&
    isProductPath(target) &&
    target !== currentPath;
  return useDelayedFlag(pending, SKELETON_DELAY_MS, PRODUCT_SKELETON_MS);
}

/** Loads the collection skeleton's code (once; later calls share the first load). */
export const loadCollectionSkeleton = () => import("~/components/CollectionSkeleton").then((m) => ({ default: m.CollectionSkeleton }));
/** Loads the product skeleton's code (once; later calls share the first load). */
export const loadProductSkeleton = () => import("~/components/product/ProductSkeleton").then((m) => ({ default: m.ProductSkeleton }));
/** The collection skeleton, loaded on demand: render it inside `<Suspense>`. */
export const LazyCollectionSkeleton = lazy(loadCollectionSkeleton);
/** The product skeleton, loaded on demand: render it inside `<Suspense>`. */
export const LazyProductSkeleton = lazy(loadProductSkeleton);

/**
 * Starts loading the skeletons' code as soon as a client-side navigation to a collection or a
 * product begins, SKELETON_DELAY_MS before one can show, so that pages need not carry it on their
 * first load (docs/decisions/0530: the 100 KB budget of issue 11). Called once, by the root layout,
 * which stays mounted through every navigation.
 */
export function usePreloadSkeletons(): void {
  const navigation = useNavigation();
  const target = navigation.state === "loading" ? navigation.location.pathname : null;
  useEffect(() => {
    if (target === null) return;
    if (isProductPath(target)) void loadProductSkeleton();
    else if (isCollectionPath(target)) void loadCollectionSkeleton();
  }, [target]);
}
