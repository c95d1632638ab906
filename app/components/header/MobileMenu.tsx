import { Form, Link, NavLink } from "~/components/ui/local-links";
import { forwardRef, type RefObject } from "react";
import { Separator } from "~/components/ui/Separator";
import { CollectionMenu } from "./CollectionMenu";
import { CloseIcon, MenuIcon } from "./icons";
import { useT } from "~/i18n/use-t";
import { MAIN_NAV } from "./navigation";
import { useDetailsMenu } from "./useDetailsMenu";

/** The id of the small-screen menu's `<details>`; the header's CSS opens the navigation from it. */
export const MOBILE_MENU_ID = "mobile-menu";

/**
 * The menu button of small screens (SPEC.md §2 "mobile slide-in menu"). A `<details>` with only a
 * summary, so it toggles without JavaScript; the header's one navigation (`SiteNav`) slides in by
 * CSS while it is open (issue 9 item 2: one copy of each link in the HTML). When open, its summary
 * becomes the dimmed backdrop with the close button, so a tap beside the panel closes it too.
 * `nav` is the navigation it opens (clicks and focus there keep it open).
 */
export function MobileMenu({ nav }: { nav: RefObject<HTMLElement> }) {
  const ref = useDetailsMenu(nav);
  const { t } = useT();
  return (
    <details ref={ref} id={MOBILE_MENU_ID} className="group order-first md:hidden" data-testid="mobile-menu">
      <summary
        aria-controls="site-nav"
        className="group/button flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-full text-gray-900 hover:bg-gray-100 [&::-webkit-details-marker]:hidden group-open:fixed group-open:inset-0 group-open:z-40 group-open:h-auto group-open:w-auto group-open:items-start group-open:justify-end group-open:rounded-none group-open:bg-black/50 group-open:p-4 group-open:hover:bg-black/50 group-open:focus-visible:outline-none"
      >
        <MenuIcon className="h-6 w-6 group-open:hidden" />
        <span className="hidden h-10 w-10 items-center justify-center rounded-full bg-white text-gray-900 group-open:flex group-focus-visible/button:outline group-focus-visible/button:outline-2 group-focus-visible/button:outline-offset-2 group-focus-visible/button:outline-white">
          <CloseIcon />
        </span>
        <Separator />
        <span className="sr-only">{t("shell.menu")}</span>
      </summary>
    </details>
  );
}

const navLink = ({ isActive }: { isActive: boolean }) =>
  `block text-sm font-medium tracking-wider hover:text-gray-900 max-md:px-6 max-md:py-3 max-md:hover:bg-gray-50 md:py-2 ${
    isActive
      ? "text-gray-900 max-md:bg-gray-100 md:underline md:decoration-2 md:underline-offset-8"
      : "text-gray-700 max-md:text-gray-800"
  }`;
const accountRow = "block w-full px-6 py-3 text-left text-sm font-medium tracking-wider text-gray-800 hover:bg-gray-50 hover:text-gray-900";

/**
 * The header's one navigation (SPEC.md §2): HOME, the COLLECTION menu, NEW ARRIVALS, ABOUT,
 * CONTACT. A row in the header on wide screens; on small ones hidden until the menu button opens
 * it as the slide-in panel, which also offers Log In / Sign Up, or My Orders / Logout.
 */
export const SiteNav = forwardRef<HTMLElement, { loggedIn: boolean }>(function SiteNav({ loggedIn }, ref) {
  const { t } = useT();
  return (
    <nav
      ref={ref}
      id="site-nav"
      aria-label={t("shell.mainNavigation")}
      className="hidden md:block max-md:group-has-[#mobile-menu[open]]/header:flex max-md:fixed max-md:inset-y-0 max-md:left-0 max-md:z-50 max-md:w-[85%] max-md:max-w-xs max-md:flex-col max-md:overflow-y-auto max-md:bg-white max-md:py-2 max-md:shadow-xl max-md:motion-safe:animate-[menu-slide-in_200ms_ease-out]"
    >
      <ul className="md:flex md:items-center md:gap-6 lg:gap-8">
        <li>
          <NavLink to={MAIN_NAV.home.to} end className={navLink}>
            {t(MAIN_NAV.home.label)}
          </NavLink>
        </li>
        <li>
          <CollectionMenu />
        </li>
        {MAIN_NAV.after.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} prefetch="intent" className={navLink}>
              {t(link.label)}
            </NavLink>
          </li>
        ))}
      </ul>
      <ul className="mt-auto border-t border-gray-200 py-2 md:hidden" data-personal="menu">
        {loggedIn ? (
          <>
            <li>
              <Link to="/orders" className={accountRow}>
                {t("shell.myOrders")}
              </Link>
            </li>
            <li>
              <Form method="post" action="/logout">
                <button type="submit" className={accountRow}>
                  {t("shell.logout")}
                </button>
              </Form>
            </li>
          </>
        ) : (
          <li>
            <Link to="/login" className={accountRow}>
              {t("shell.logInSignUp")}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
});
