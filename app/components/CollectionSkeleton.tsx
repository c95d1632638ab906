import { Skeleton } from "~/components/ui/Skeleton";
import { PAGE_SIZE, PRODUCT_GRID_CLASS } from "~/constants/store";


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
