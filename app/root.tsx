import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useLocation,
  useRouteError,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { Suspense } from "react";
import { ErrorPage } from "~/components/ErrorPage";
import {
  LazyCollectionSkeleton,
  LazyProductSkeleton,
  useCollectionPending,
  usePreloadSkeletons,
  useProductNavigationPending,
} from "~/components/navigation-pending";
import { Footer } from "~/components/Footer";
import { Header } from "~/components/Header";
import { Toasts } from "~/components/Toasts";
import stylesheet from "~/tailwind.css";
import { LANGUAGE_INFO, LANGUAGES, languageOfPath, samePageIn } from "~/i18n/language";
import { useNonce } from "~/utils/nonce";
import { useRootData } from "~/utils/root-data";
import { loadRoot } from "~/utils/root.server";


export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Every page's toast, settings and visitor, the cart count deferred (utils/root.server.ts). */
export function loader({ request }: LoaderFunctionArgs) {
  return loadRoot(request);
}

/**
 * The root loader re-runs after every form submission and on every navigation to another path,
 * but not when a GET navigation only changes the search params of the page shown (a filter or
 * sort on /collection): nothing it reads can have changed, and the cart is not read again. A move
 * to the other language always re-runs it: its words are the header's and footer's (issue 27).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (languageOfPath(currentUrl.pathname) !== languageOfPath(nextUrl.pathname)) return true;
  const submission = formMethod !== undefined && formMethod.toUpperCase() !== "GET";
  if (!submission && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
};

function Document({ children }: { children: React.ReactNode }) {
  // This response's CSP nonce on every inline script (DESIGN.md §16; "" in the browser).
  const nonce = useNonce();
  // The page's language is its address's (issue 27 item 1): /hi/… is Hindi.
  const { pathname, search } = useLocation();
  const language = languageOfPath(pathname);
  return (
    <html lang={LANGUAGE_INFO[language].htmlLang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <LanguageAlternates pathname={pathname} search={search} />
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-gray-800 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  // Arriving on a collection from another page: the old page is still mounted, so the 25-card
  // skeleton (DESIGN.md §11) is shown here, in place of the outlet.
  const { showSkeleton } = useCollectionPending("entry");
  // Likewise the product skeleton when a product is opened from any page but a product page,
  // which shows its own (SPEC.md §9: 300 ms).
  const location = useLocation();
  const showProductSkeleton = useProductNavigationPending(location.pathname) && !location.pathname.startsWith("/product/");
  // The skeletons come with their pages; here they load when a navigation starts (docs/decisions/0530).
  usePreloadSkeletons();
  return (
    <Document>
      <Header />
      <Toasts flash={data.toast} />
      <main id="main" className="flex-1">
        {showSkeleton ? (
          <div className="mx-auto max-w-screen-xl px-4 py-8">
            <Suspense fallback={null}>
              <LazyCollectionSkeleton />
            </Suspense>
          </div>
        ) : showProductSkeleton ? (
          <Suspense fallback={null}>
            <LazyProductSkeleton />
          </Suspense>
        ) : (
          <Outlet />
        )}
      </main>
      <Footer />
    </Document>
  );
}

/**
 * The page's `hreflang` alternates (issue 27 item 1; DESIGN.md §24): the same page in English and
 * in Hindi, query kept, absolute on the store's public URL; English is the default. In the
 * document's head rather than `meta`, which a page's own meta replaces.
 */
function LanguageAlternates({ pathname, search }: { pathname: string; search: string }) {
  const origin = useRootData()?.env.PUBLIC_URL;
  if (!origin) return null;
  const href = (language: (typeof LANGUAGES)[number]) => new URL(samePageIn(pathname, search, language), origin).href;
  return (
    <>
      {LANGUAGES.map((language) => (
        <link key={language} rel="alternate" hrefLang={LANGUAGE_INFO[language].hreflang} href={href(language)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={href("en")} />
    </>
  );
}

export const meta: MetaFunction = ({ error }) => [
  {
    title: error
      ? `${isRouteErrorResponse(error) && error.status === 404 ? "Page not found" : "Something went wrong"} — Chrono India`
      : "Chrono India — Watches for every wrist",
  },
  { name: "description", content: "Shop watches from Rolex, Casio, Seiko, Fossil, Rado, Patek Philippe, Cartier and Tissot with free shipping across India." },
];

export function ErrorBoundary() {
  const error = useRouteError();
  // Without the root's data (its loader failed) there are no words for the header and footer:
  // the error page stands alone, with its links home and to the collection.
  const shell = useRootData() !== undefined;
  return (
    <Document>
      {shell ? <Header /> : null}
      <main id="main" className="flex-1">
        <ErrorPage
          status={isRouteErrorResponse(error) ? error.status : 500}
          message={isRouteErrorResponse(error) ? error.statusText : undefined}
        />
      </main>
      {shell ? <Footer /> : null}
    </Document>
  );
}
