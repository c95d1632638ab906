import { Link, NavLink, useLocation } from "@remix-run/react";
import { FALLBACK_STORE_NAME } from "~/content/store-details";
import { useRootData } from "~/root";
import { AccountMenu } from "./header/AccountMenu";
import { CartLink } from "./header/CartLink";
import { CollectionMenu } from "./header/CollectionMenu";
import { WatchIcon } from "./header/icons";
import { MobileMenu } from "./header/MobileMenu";
import { MAIN_NAV, isCollectionPath } from "./header/navigation";
import { SearchToggle } from "./header/SearchToggle";

const navLink = ({ isActive }: { isActive: boolean }) =>
  `block py-2 text-sm font-medium tracking-wider hover:text-gray-900 ${
    isActive ? "text-gray-900 underline decoration-2 underline-offset-8" : "text-gray-700"
  }`;

/**
 * The store header (SPEC.md §2): free-shipping banner, logo, main navigation with the COLLECTION
 * dropdown, the slide-in menu on small screens, the search toggle on collection paths, the
 * account control and — logged in only — the cart icon. Everything works without JavaScript.
 * Renders without root data too (error pages), as a logged-out shopper's header.
 */
export function Header() {
  const data = useRootData();
  const loggedIn = Boolean(data?.user);
  const cartCount = data?.cartCount ?? 0;
  const storeName = data?.env.STORE_NAME ?? FALLBACK_STORE_NAME;
  const { pathname } = useLocation();
  const showSearch = isCollectionPath(pathname);

  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-[60] focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-gray-900 focus:shadow"
      >
        Skip to content
      </a>
      <header className="relative z-30 border-b border-gray-200 bg-white">
        <p className="bg-black px-4 py-2 text-center text-xs font-medium tracking-wide text-white sm:text-sm">
          Free shipping on all orders across India
        </p>
        <div className="mx-auto flex max-w-screen-xl items-center justify-between gap-4 px-4 py-3 sm:px-6 lg:px-8">
          <div className="flex items-center gap-1">
            <MobileMenu loggedIn={loggedIn} storeName={storeName} />
            <Link to="/" className="flex items-center gap-2 rounded py-1 text-gray-900" data-testid="logo">
              <WatchIcon className="h-7 w-7" />
              <span className="font-serif text-xl tracking-wide sm:text-2xl">{storeName}</span>
            </Link>
          </div>

          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex items-center gap-6 lg:gap-8">
              <li>
                <NavLink to={MAIN_NAV.home.to} end className={navLink}>
                  {MAIN_NAV.home.label}
                </NavLink>
              </li>
              <li>
                <CollectionMenu />
              </li>
              {MAIN_NAV.after.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} prefetch="intent" className={navLink}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          <div className="flex items-center gap-1 sm:gap-2">
            {showSearch ? <SearchToggle /> : null}
            <AccountMenu loggedIn={loggedIn} />
            {loggedIn ? <CartLink count={cartCount} /> : null}
          </div>
        </div>
      </header>
    </>
  );
}
