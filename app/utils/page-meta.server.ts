import { pathIn, type Language } from "~/i18n/language";
import type { MetaDescriptor } from "@remix-run/node";
import { breadcrumbJsonLd, homeJsonLd, jsonLdMeta, previewMeta, productJsonLd, rupeesAmount } from "~/lib/seo";
import { REVIEW_RATING_MAX, REVIEW_RATING_MIN, averageRating, formatRating, type PublishedReview } from "~/lib/reviews";
import { truncateAtWord } from "~/lib/text";
import type { Product } from "~/schemas/product";

/**
 * Meta tags a loader builds and hands to its route's `meta` as data (DESIGN.md §17; docs/decisions/0530):
 * the tags are the same as when `meta` built them in the browser too, but app/lib/seo.ts and the
 * page's tag code stay out of the page's JavaScript (the home page has ~5 KB for its own code).
 */

/** Home's title and description, canonical link and link previews, Organization and WebSite JSON-LD. */
export function homePageMeta({ title, description, storeName, origin, heroImage, language = "en" }: {
  title: string;
  description: string;
  storeName: string;
  /** The store's public origin (PUBLIC_URL). */
  origin: string;
  /** The hero's image path, for link previews; null when there is none. */
  heroImage: string | null;
  /** The page's language: its canonical link is its own address in it (issue 27). */
  language?: Language;
}): MetaDescriptor[] {
  return [
    { title },
    { name: "description", content: description },
    ...previewMeta({ title, description, url: new URL(pathIn("/", language), origin).href, image: heroImage ? new URL(heroImage, origin).href : null, storeName }),
    ...homeJsonLd(storeName, origin).map(jsonLdMeta),
  ] as MetaDescriptor[];
}

/**
 * A product page's title and description, canonical link and link previews (with
 * `product:price:amount` in rupees and `currency` INR), Product + Offer and BreadcrumbList JSON-LD
 * (issue 11 item 4). The description is the product's own, cut at a word boundary with "…" to at
 * most 158 characters (issue 9 item 6), or a sentence naming the watch and its brand. With
 * published reviews the Product carries their AggregateRating and the `reviews` the page lists
 * (issue 23 item 2); without, neither.
 */
export function productPageMeta(
  product: Product,
  { origin, storeName, reviews = [], language = "en" }: { origin: string; storeName: string; reviews?: readonly PublishedReview[]; language?: Language },
): MetaDescriptor[] {
  const description =
    product.description.length > 0 ? truncateAtWord(product.description) : `${product.name} by ${product.subCategory}, with free shipping across India.`;
  const url = `${origin}${pathIn(`/product/${product.id}`, language)}`;
  const collection = `${origin}/collection`;
  return [
    { title: `${product.name} | ${storeName}` },
    { name: "description", content: description },
    ...previewMeta({ title: product.name, description, url, image: new URL(product.images[0], origin).href, type: "product", storeName }),
    { property: "product:price:amount", content: rupeesAmount(product.pricePaise) },
    { property: "product:price:currency", content: "INR" },
    jsonLdMeta({ ...productJsonLd(product, origin), ...reviewsJsonLd(product, reviews) }),
    jsonLdMeta(
      breadcrumbJsonLd([
        { name: "Home", url: `${origin}/` },
        { name: "Collection", url: collection },
        { name: product.category, url: `${collection}?category=${product.category}` },
        { name: product.name, url },
      ]),
    ),
  ] as MetaDescriptor[];
}

/**
 * The review part of a schema.org Product (issue 23 item 2; DESIGN.md §21): its AggregateRating —
 * the published reviews' average to one decimal and their count, on a 1–5 scale — and a Review
 * for each of `reviews` (the ones the page shows: author's display name, IST date published,
 * stars, title, text). Empty when the product has no published review, so nothing is claimed that
 * the page does not show. Here rather than in lib/seo.ts, whose previews the static pages' browser
 * code imports: the review code stays out of their bundles.
 */
export function reviewsJsonLd(product: Pick<Product, "reviewCount" | "ratingSum">, reviews: readonly PublishedReview[]) {
  const count = product.reviewCount ?? 0;
  const average = averageRating(count, product.ratingSum ?? 0);
  if (average === null) return {};
  const scale = { bestRating: REVIEW_RATING_MAX, worstRating: REVIEW_RATING_MIN };
  return {
    aggregateRating: { "@type": "AggregateRating", ratingValue: formatRating(average), reviewCount: count, ...scale },
    ...(reviews.length > 0
      ? {
          review: reviews.map((review) => ({
            "@type": "Review",
            author: { "@type": "Person", name: review.authorName },
            // The IST calendar day (UTC+05:30, no daylight saving).
            datePublished: new Date(review.publishedAt + 330 * 60_000).toISOString().slice(0, 10),
            reviewRating: { "@type": "Rating", ratingValue: review.rating, ...scale },
            ...(review.title ? { name: review.title } : {}),
            ...(review.body ? { reviewBody: review.body } : {}),
          })),
        }
      : {}),
  };
}
