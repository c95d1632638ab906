import { useLocation } from "@remix-run/react";
import { Link } from "~/components/ui/local-links";
import { ChevronDownIcon } from "./icons";
import { useT } from "~/i18n/use-t";
import { MAIN_NAV, isCollectionPath } from "./navigation";
import { useDetailsMenu } from "./useDetailsMenu";

/**
 * The COLLECTION menu: the five collection links plus View All Watches (SPEC.md §2). A dropdown on
 * wide screens, an accordion inside the slide-in panel on small ones — one element, styled by
 * breakpoint. A native `<details>`, so it opens by click, tap, Enter or Space with or without
 * JavaScript.
 */
export function CollectionMenu() {
  const ref = useDetailsMenu();
  const { pathname } = useLocation();
  const active = isCollectionPath(pathname);
  const { t, localPath } = useT();
  return (
    <details ref={ref} className="group relative" data-testid="collection-menu">
      <summary
        className={`flex cursor-pointer list-none items-center gap-1 text-sm font-medium tracking-wider hover:text-gray-900 max-md:justify-between max-md:px-6 max-md:py-3 max-md:text-gray-800 max-md:hover:bg-gray-50 md:py-2 [&::-webkit-details-marker]:hidden ${
          active ? "text-gray-900 md:underline md:decoration-2 md:underline-offset-8" : "text-gray-700"
        }`}
      >
        {t(MAIN_NAV.collection.label)}
        <ChevronDownIcon className="h-4 w-4 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
      </summary>
      <div className="max-md:bg-gray-50 max-md:py-1 md:absolute md:left-1/2 md:top-full md:z-30 md:mt-3 md:w-60 md:-translate-x-1/2 md:rounded-md md:border md:border-gray-200 md:bg-white md:py-2 md:shadow-lg">
        <ul>
          {MAIN_NAV.collection.links.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                prefetch="intent"
                aria-current={pathname === localPath(link.to) ? "page" : undefined}
                className="block py-2 text-sm text-gray-700 hover:bg-gray-50 hover:text-gray-900 max-md:py-3 max-md:pl-10 max-md:pr-6 md:px-4 aria-[current=page]:font-semibold aria-[current=page]:text-gray-900"
              >
                {t(link.label)}
              </Link>
            </li>
          ))}
          <li className="md:mt-2 md:border-t md:border-gray-200 md:pt-2">
            <Link
              to={MAIN_NAV.collection.all.to}
              prefetch="intent"
              aria-current={pathname === localPath(MAIN_NAV.collection.all.to) ? "page" : undefined}
              className="block py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50 max-md:py-3 max-md:pl-10 max-md:pr-6 md:px-4"
            >
              {t(MAIN_NAV.collection.all.label)}
            </Link>
          </li>
        </ul>
      </div>
    </details>
  );
}
