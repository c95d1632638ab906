import { Await, Link as RemixLink, useLocation } from "@remix-run/react";
import { Link } from "~/components/ui/local-links";
import { Suspense, useRef } from "react";
import { FALLBACK_STORE_NAME } from "~/content/store-details";
import { LANGUAGE_INFO, samePageIn } from "~/i18n/language";
import { useT } from "~/i18n/use-t";
import { useRootData } from "~/utils/root-data";
import { AccountMenu } from "./header/AccountMenu";
import { CartLink } from "./header/CartLink";
import { WatchIcon } from "./header/icons";
import { MobileMenu, SiteNav } from "./header/MobileMenu";
import { isCollectionPath } from "./header/navigation";
import { SearchToggle } from "./header/SearchToggle";

/**
 * The store header (SPEC.md §2): free-shipping banner, logo, the one main navigation with the
 * COLLECTION menu (a row on wide screens, the slide-in panel on small ones), the search link on
 * collection paths, the account control and — logged in only — the cart icon. Everything works without JavaScript.
 * Renders without root data too (error pages), as a logged-out shopper's header.
 */
export function Header() {
  const data = useRootData();
  const loggedIn = Boolean(data?.user);
  const cartCount = data?.cartCount ?? 0;
  const storeName = data?.env.STORE_NAME ?? FALLBACK_STORE_NAME;
  const { pathname, search } = useLocation();
  const { t, language } = useT();
  const other = language === "en" ? "hi" : "en";
  const offer = data?.languageOffer ?? null;
  const showSearch = isCollectionPath(pathname);
  const nav = useRef<HTMLElement>(null);

  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-[60] focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-gray-900 focus:shadow"
      >
        {t("shell.skipToContent")}
      </a>
      {offer ? (
        // The language the shopper chose, offered in its own words (issue 27 item 1): never forced.
        <p lang={LANGUAGE_INFO[offer.language].htmlLang} className="bg-amber-50 px-4 py-2 text-center text-sm text-gray-900" data-testid="language-offer">
          {offer.text}{" "}
          <RemixLink to={samePageIn(pathname, search, offer.language)} className="font-medium underline underline-offset-2">
            {offer.link}
          </RemixLink>
        </p>
      ) : null}
      <header className="group/header relative z-30 border-b border-gray-200 bg-white">
        <p className="bg-black px-4 py-2 text-center text-xs font-medium tracking-wide text-white sm:text-sm">
          {t("shell.freeShipping")}
        </p>
        {/* DOM order logo, menu button, navigation: with the small-screen menu open, Tab goes from
            its button straight into the panel (the button is placed before the logo by CSS). */}
        <div className="mx-auto flex max-w-screen-xl items-center gap-1 px-4 py-3 sm:px-6 md:justify-between md:gap-4 lg:px-8">
          <Link to="/" className="flex items-center gap-2 rounded py-1 text-gray-900" data-testid="logo">
            <WatchIcon className="h-7 w-7" />
            <span className="font-serif text-xl tracking-wide sm:text-2xl">{storeName}</span>
          </Link>
          <MobileMenu nav={nav} />

          <SiteNav ref={nav} loggedIn={loggedIn} />

          {/* The same page in the other language, query kept (issue 27 item 1): a plain link through
              /language, which remembers the choice and answers 303 to it (routes/language.ts). Remix's
              own Link, whole-document: local-links' would move it back into this page's language. */}
          <RemixLink
            to={`/language?to=${encodeURIComponent(samePageIn(pathname, search, other))}`}
            reloadDocument
            lang={LANGUAGE_INFO[other].htmlLang}
            hrefLang={LANGUAGE_INFO[other].hreflang}
            className="rounded px-2 py-1 text-sm font-medium text-gray-700 underline-offset-4 hover:text-gray-900 hover:underline max-md:order-last"
            data-testid="language-switch"
          >
            {LANGUAGE_INFO[other].ownName}
          </RemixLink>

          {/* A personal region (docs/decisions/0800): the page cache splices a signed-in shopper's in. */}
          <div className="ml-auto flex items-center gap-1 sm:gap-2 md:ml-0" data-personal="header">
            {showSearch ? <SearchToggle /> : null}
            <AccountMenu loggedIn={loggedIn} staff={Boolean(data?.user?.staff)} wishlist={data?.wishlist ?? undefined} />
            {loggedIn ? (
              // The count is deferred by the root loader: the link shows without it until it arrives.
              <Suspense fallback={<CartLink />}>
                <Await resolve={cartCount} errorElement={<CartLink />}>
                  {(count) => <CartLink count={count} />}
                </Await>
              </Suspense>
            ) : null}
          </div>
        </div>
      </header>
    </>
  );
}
