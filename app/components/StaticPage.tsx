import type { MetaFunction } from "@remix-run/node";
import { NavLink } from "~/components/ui/local-links";
import type { ReactNode } from "react";
import type { ContentPage } from "~/utils/content.server";
import { storeNameOf } from "~/utils/root-data";
import { useT } from "~/i18n/use-t";
import type { Language } from "~/i18n/language";
import { POLICY_LINKS } from "./header/navigation";
import { previewMeta } from "~/lib/seo";
import { Prose } from "./Prose";

/** "21 November 2026" / "21 नवंबर 2026": the last-update day in each language (a day as written, so UTC). */
const DATE_FORMATS: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
  hi: new Intl.DateTimeFormat("hi-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
};

/** Stands for the date in the "Last updated {date}" message, so the date can be put in a `<time>`. */
const DATE_MARK = "\u0000";

/**
 * The frame of a static page (SPEC.md §2): a title band with the page's one h1 and the date of
 * its last update, then the content; policy pages get the list of policies beside it. `eyebrow`
 * is the words above the title, in the page's language; the frame's own words come from the
 * `pages` namespace, which the page's loader sends (docs/decisions/0870).
 */
export function StaticPage({
  page,
  eyebrow,
  policyNav = false,
  children,
}: {
  page: Pick<ContentPage, "title" | "updated">;
  eyebrow: string;
  policyNav?: boolean;
  children: ReactNode;
}) {
  const { t, language } = useT();
  const [updatedBefore, updatedAfter = ""] = t("pages.lastUpdated", { date: DATE_MARK }).split(DATE_MARK);
  return (
    <div>
      <div className="border-b border-gray-200 bg-gray-50">
        <div className="mx-auto max-w-screen-xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
          <p className="text-xs font-semibold uppercase tracking-widest text-gray-600">{eyebrow}</p>
          <h1 className="mt-2 font-serif text-3xl text-gray-900 sm:text-4xl">{page.title}</h1>
          {page.updated ? (
            <p className="mt-3 text-sm text-gray-600">
              {updatedBefore}
              <time dateTime={page.updated}>{DATE_FORMATS[language].format(new Date(`${page.updated}T00:00:00Z`))}</time>
              {updatedAfter}
            </p>
          ) : null}
        </div>
      </div>
      <div
        className={`mx-auto max-w-screen-xl px-4 py-10 sm:px-6 lg:px-8 lg:py-14 ${
          policyNav ? "lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-16" : ""
        }`}
      >
        <div className="max-w-3xl">{children}</div>
        {policyNav ? <PolicyNav /> : null}
      </div>
    </div>
  );
}

/** A policy page: the Markdown body in the static-page frame, with the other policies beside it. */
export function PolicyPage({ page }: { page: Pick<ContentPage, "title" | "updated" | "html"> }) {
  const { t } = useT();
  return (
    <StaticPage page={page} eyebrow={t("pages.eyebrowPolicies")} policyNav>
      <Prose html={page.html} />
    </StaticPage>
  );
}

function PolicyNav() {
  const { t } = useT();
  return (
    <nav
      aria-label={t("pages.policyNavLabel")}
      className="mt-14 border-t border-gray-200 pt-8 lg:order-first lg:mt-0 lg:border-0 lg:pt-0"
    >
      <p className="text-xs font-semibold uppercase tracking-widest text-gray-600">{t("pages.policyNavHeading")}</p>
      <ul className="mt-4 space-y-1 lg:sticky lg:top-6">
        {POLICY_LINKS.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              prefetch="intent"
              className="block rounded px-3 py-2 text-sm text-gray-700 hover:bg-gray-50 hover:text-gray-900 aria-[current=page]:bg-gray-100 aria-[current=page]:font-semibold aria-[current=page]:text-gray-900"
            >
              {t(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * `meta` for a route whose loader returns `{ page }`: "Title | Store name" and the page's
 * description (the store name comes from the root loader's public configuration).
 */
export const staticPageMeta: MetaFunction = ({ data, matches, location }) => {
  const page = (data as { page?: { title: string; description: string } } | undefined)?.page;
  const storeName = storeNameOf(matches);
  if (!page) return [{ title: storeName }];
  const origin = publicOriginOf(matches);
  return [
    { title: `${page.title} | ${storeName}` },
    { name: "description", content: page.description },
    ...(origin ? previewMeta({ title: page.title, description: page.description, url: `${origin}${location.pathname}`, storeName }) : []),
  ];
};

/** The store's public origin (PUBLIC_URL) from the root route's data in `meta` matches; null on errors. */
export function publicOriginOf(matches: Parameters<MetaFunction>[0]["matches"]): string | null {
  const root = matches.find((match) => match.id === "root")?.data as { env?: { PUBLIC_URL?: string } } | undefined;
  return root?.env?.PUBLIC_URL ?? null;
}

/** Kept here for the pages that import it from StaticPage; it lives with the root data (a lighter import). */
export { storeNameOf };
