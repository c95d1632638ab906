import he from "he";
import { getBackend } from "~/backend/index.server";
import { publicUrl } from "~/config/env.server";
import { CURATED_COLLECTIONS } from "~/lib/curated-collections";
import { LANGUAGE_INFO, LANGUAGES, pathIn, type Language } from "~/i18n/language";
import { CONTENT_SLUGS, loadContentPage } from "~/utils/content.server";

/**
 * URLs per products sitemap file: the most the sitemaps protocol allows in one file
 * (https://www.sitemaps.org/protocol.html: "no more than 50,000 URLs"; issue 11 item 4).
 */
export const SITEMAP_PAGE_SIZE = 50_000;

/** Products per products sitemap file: each is listed in every language (issue 27), within SITEMAP_PAGE_SIZE URLs. */
export const PRODUCTS_PER_SITEMAP = SITEMAP_PAGE_SIZE / LANGUAGES.length;

/** Paths that are personal or do things, never indexed, in both languages; robots.txt disallows them (issue 11 item 4). */
export const DISALLOWED_PATHS = [
  ...["/cart", "/orders", "/place-order", "/verify", "/login"].flatMap((path) => LANGUAGES.map((language) => pathIn(path, language))),
  "/api/",
];

/** One sitemap entry; `alternates`: the same page in each language (hreflang → absolute URL). */
type SitemapUrl = { loc: string; lastmod?: number | string; alternates?: [hreflang: string, href: string][] };

const XML_HEADERS = { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" };

/** A W3C date (YYYY-MM-DD) for `lastmod`, from ms since epoch or such a date already. */
function w3cDate(value: number | string): string {
  return typeof value === "string" ? value : new Date(value).toISOString().slice(0, 10);
}

function urlEntries(tag: "url" | "sitemap", urls: SitemapUrl[]): string {
  return urls
    .map(({ loc, lastmod, alternates = [] }) => {
      const links = alternates.map(([hreflang, href]) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${he.escape(href)}"/>`).join("");
      return `<${tag}><loc>${he.escape(loc)}</loc>${lastmod !== undefined ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : ""}${links}</${tag}>`;
    })
    .join("\n");
}

/**
 * The entries of one store page (`path`, English) in every language, each naming all of them and
 * English as `x-default` (Google's sitemap hreflang form; issue 27 item 1, DESIGN.md §24).
 * `lastmod`: one for every language, or a function giving each language's (a static page's Hindi
 * file has its own `updated`).
 */
function inEveryLanguage(origin: string, path: string, lastmod?: number | string | ((language: Language) => number | string | undefined)): SitemapUrl[] {
  const alternates: [string, string][] = [
    ...LANGUAGES.map((language): [string, string] => [LANGUAGE_INFO[language].hreflang, `${origin}${pathIn(path, language)}`]),
    ["x-default", `${origin}${path}`],
  ];
  return LANGUAGES.map((language) => {
    const modified = typeof lastmod === "function" ? lastmod(language) : lastmod;
    return { loc: `${origin}${pathIn(path, language)}`, ...(modified !== undefined ? { lastmod: modified } : {}), alternates };
  });
}

/**
 * `/sitemap.xml` (sitemaps.org index; models: Hydrogen's `[sitemap.xml].tsx`): the pages sitemap and
 * one products sitemap per `perFile` products (PRODUCTS_PER_SITEMAP unless a test asks for fewer),
 * absolute on PUBLIC_URL, `lastmod` the catalogue's last change. Never personal pages.
 */
export async function sitemapIndex(perFile = PRODUCTS_PER_SITEMAP): Promise<Response> {
  const origin = publicUrl();
  const { count, changedAt } = await getBackend().catalogueInfo();
  const files: SitemapUrl[] = [{ loc: `${origin}/sitemap/pages`, lastmod: changedAt }];
  for (let page = 1; page <= Math.ceil(count / perFile); page++) {
    files.push({ loc: `${origin}/sitemap/products/${page}`, lastmod: changedAt });
  }
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urlEntries("sitemap", files)}\n</sitemapindex>\n`;
  return new Response(body, { headers: XML_HEADERS });
}

/**
 * `/sitemap/pages`: home, /collection, the curated collections and the static pages (their
 * `updated` date as `lastmod` where the content has one, each language's from its own file:
 * app/content/<slug>.md and app/content/hi/<slug>.md), each in English and in Hindi.
 */
export async function pagesSitemap(): Promise<Response> {
  const origin = publicUrl();
  const { changedAt } = await getBackend().catalogueInfo();
  const urls: SitemapUrl[] = [
    ...inEveryLanguage(origin, "/", changedAt),
    ...inEveryLanguage(origin, "/collection", changedAt),
    ...Object.keys(CURATED_COLLECTIONS).flatMap((path) => inEveryLanguage(origin, path, changedAt)),
    // Issue 47 item 5: the public discount codes (no lastmod: they change with the codes).
    ...inEveryLanguage(origin, "/offers"),
  ];
  for (const slug of CONTENT_SLUGS) {
    const updated = Object.fromEntries(
      await Promise.all(LANGUAGES.map(async (language) => [language, (await loadContentPage(slug, { language })).updated] as const)),
    ) as Record<Language, string | null>;
    urls.push(...inEveryLanguage(origin, `/${slug}`, (language) => updated[language] ?? undefined));
  }
  return urlset(urls);
}

/**
 * `/sitemap/products/:page`: up to `perFile` products (PRODUCTS_PER_SITEMAP unless a test asks for
 * fewer) from (page − 1) × `perFile` onwards, in catalogue order, each in English and in Hindi. A page
 * that is not a whole number from 1 to the last page is a 404.
 */
export async function productsSitemap(pageParam: string | undefined, perFile = PRODUCTS_PER_SITEMAP): Promise<Response> {
  const page = /^[1-9]\d{0,5}$/.test(pageParam ?? "") ? Number(pageParam) : 0;
  const backend = getBackend();
  const { count, changedAt } = await backend.catalogueInfo();
  if (page < 1 || page > Math.ceil(count / perFile)) throw new Response("Not Found", { status: 404 });
  const origin = publicUrl();
  const ids = await backend.productIds((page - 1) * perFile, perFile);
  return urlset(ids.flatMap((id) => inEveryLanguage(origin, `/product/${encodeURIComponent(id)}`, changedAt)));
}

function urlset(urls: SitemapUrl[]): Response {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urlEntries("url", urls)}\n</urlset>\n`;
  return new Response(body, { headers: XML_HEADERS });
}

/** `/robots.txt`: everything but the personal and acting paths, and where the sitemap is. */
export function robotsTxt(): Response {
  const lines = ["User-agent: *", ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), "", `Sitemap: ${publicUrl()}/sitemap.xml`, ""];
  return new Response(lines.join("\n"), { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
