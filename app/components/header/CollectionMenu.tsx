import { Link, useLocation } from "@remix-run/react";
import { ChevronDownIcon } from "./icons";
import { MAIN_NAV, isCollectionPath } from "./navigation";
import { useDetailsMenu } from "./useDetailsMenu";

/**
 * The desktop COLLECTION dropdown: the five collection links plus View All Watches (SPEC.md §2).
 * A native `<details>`, so it opens by click, tap, Enter or Space with or without JavaScript.
 */
export function CollectionMenu() {
  const ref = useDetailsMenu();
  const { pathname } = useLocation();
  const active = isCollectionPath(pathname);
  return (
    <details ref={ref} className="group relative" data-testid="collection-menu">
      <summary
        className={`flex cursor-pointer list-none items-center gap-1 py-2 text-sm font-medium tracking-wider hover:text-gray-900 [&::-webkit-details-marker]:hidden ${
          active ? "text-gray-900 underline decoration-2 underline-offset-8" : "text-gray-700"
        }`}
      >
        {MAIN_NAV.collection.label}
        <ChevronDownIcon className="h-4 w-4 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
      </summary>
      <div className="absolute left-1/2 top-full z-30 mt-3 w-60 -translate-x-1/2 rounded-md border border-gray-200 bg-white py-2 shadow-lg">
        <ul>
          {MAIN_NAV.collection.links.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                prefetch="intent"
                aria-current={pathname === link.to ? "page" : undefined}
                className="block px-4 py-2 text-sm text-gray-700 hover:bg-gray-50 hover:text-gray-900 aria-[current=page]:font-semibold aria-[current=page]:text-gray-900"
              >
                {link.label}
              </Link>
            </li>
          ))}
          <li className="mt-2 border-t border-gray-200 pt-2">
            <Link
              to={MAIN_NAV.collection.all.to}
              prefetch="intent"
              aria-current={pathname === MAIN_NAV.collection.all.to ? "page" : undefined}
              className="block px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50"
            >
              {MAIN_NAV.collection.all.label}
            </Link>
          </li>
        </ul>
      </div>
    </details>
  );
}
