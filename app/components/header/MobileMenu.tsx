import { Form, Link, NavLink } from "@remix-run/react";
import { ChevronDownIcon, CloseIcon, MenuIcon } from "./icons";
import { MAIN_NAV } from "./navigation";
import { useDetailsMenu } from "./useDetailsMenu";

const row = "block px-6 py-3 text-sm font-medium tracking-wider text-gray-800 hover:bg-gray-50 hover:text-gray-900";
const activeRow = `${row} aria-[current=page]:bg-gray-100 aria-[current=page]:text-gray-900`;

/**
 * The slide-in menu of small screens (SPEC.md §2): the navigation, then Log In / Sign Up when
 * logged out, or My Orders / Logout when logged in. A `<details>` so it opens without
 * JavaScript; when open, its summary becomes the dimmed backdrop with the close button, so a tap
 * beside the panel closes it too.
 */
export function MobileMenu({ loggedIn, storeName }: { loggedIn: boolean; storeName: string }) {
  const ref = useDetailsMenu();
  return (
    <details ref={ref} id="mobile-menu" className="group md:hidden" data-testid="mobile-menu">
      <summary className="group/button flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-full text-gray-900 hover:bg-gray-100 [&::-webkit-details-marker]:hidden group-open:fixed group-open:inset-0 group-open:z-40 group-open:h-auto group-open:w-auto group-open:items-start group-open:justify-end group-open:rounded-none group-open:bg-black/50 group-open:p-4 group-open:hover:bg-black/50 group-open:focus-visible:outline-none">
        <MenuIcon className="h-6 w-6 group-open:hidden" />
        <span className="hidden h-10 w-10 items-center justify-center rounded-full bg-white text-gray-900 group-open:flex group-focus-visible/button:outline group-focus-visible/button:outline-2 group-focus-visible/button:outline-offset-2 group-focus-visible/button:outline-white">
          <CloseIcon />
        </span>
        <span className="sr-only">Menu</span>
      </summary>
      <div className="fixed inset-y-0 left-0 z-50 flex w-[85%] max-w-xs flex-col overflow-y-auto bg-white shadow-xl motion-safe:animate-[menu-slide-in_200ms_ease-out]">
        <p className="border-b border-gray-200 px-6 py-5 font-serif text-xl text-gray-900">{storeName}</p>
        <nav aria-label="Menu" className="py-2">
          <ul>
            <li>
              <NavLink to={MAIN_NAV.home.to} end className={activeRow}>
                {MAIN_NAV.home.label}
              </NavLink>
            </li>
            <li>
              <details className="group/collection">
                <summary
                  className={`${row} flex cursor-pointer list-none items-center justify-between [&::-webkit-details-marker]:hidden`}
                >
                  {MAIN_NAV.collection.label}
                  <ChevronDownIcon className="h-4 w-4 transition-transform group-open/collection:rotate-180 motion-reduce:transition-none" />
                </summary>
                <ul className="bg-gray-50 py-1">
                  {MAIN_NAV.collection.links.map((link) => (
                    <li key={link.to}>
                      <NavLink to={link.to} className={`${activeRow} pl-10 font-normal tracking-normal`}>
                        {link.label}
                      </NavLink>
                    </li>
                  ))}
                  <li>
                    <NavLink to={MAIN_NAV.collection.all.to} end className={`${activeRow} pl-10 tracking-normal`}>
                      {MAIN_NAV.collection.all.label}
                    </NavLink>
                  </li>
                </ul>
              </details>
            </li>
            {MAIN_NAV.after.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={activeRow}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-auto border-t border-gray-200 py-2">
          {loggedIn ? (
            <ul>
              <li>
                <Link to="/orders" className={row}>
                  My Orders
                </Link>
              </li>
              <li>
                <Form method="post" action="/logout">
                  <button type="submit" className={`${row} w-full text-left`}>
                    Logout
                  </button>
                </Form>
              </li>
            </ul>
          ) : (
            <Link to="/login" className={row}>
              Log In / Sign Up
            </Link>
          )}
        </div>
      </div>
    </details>
  );
}
