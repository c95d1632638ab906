import type { Product } from "~/schemas/product";

/*
 * What search engines and link previews read (issue 11 item 4; DESIGN.md §17; models: the old
 * Hydrogen demo store's seo.server.ts): JSON-LD objects (schema.org) and Open Graph / Twitter meta
 * descriptors, all absolute on the store's public origin. Pure: the routes hand in the origin
 * (`publicUrl()`, never a request header) and render them on the server, so they are in the HTML
 * with JavaScript off.
 */

/** A Remix meta descriptor (the shape `MetaFunction` returns). */
type MetaDescriptor = Record<string, unknown>;

/** A brand as shoppers read it: "PatekPhilippe" → "Patek Philippe" (SPEC.md keeps the one-word value). */
export function brandName(subCategory: string): string {
  return subCategory.replace(/([a-z])([A-Z])/g, "$1 $2");
}

/** Rupees with two decimals for structured data and `product:price:amount` ("4495.00"), from paise. */
export function rupeesAmount(paise: number): string {
  return (paise / 100).toFixed(2);
}

/** One step of a BreadcrumbList: its name and absolute URL. */
export type Crumb = { name: string; url: string };

/** A schema.org BreadcrumbList, positions from 1. */
export function breadcrumbJsonLd(crumbs: Crumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, name: crumb.name, item: crumb.url })),
  };
}

/**
 * A schema.org Product with its Offer: the shown price in INR (price, else discount: SPEC.md §3),
 * in stock, at its canonical URL; `sku` is the product id; images absolute.
 */
export function productJsonLd(product: Pick<Product, "id" | "name" | "images" | "description" | "subCategory" | "pricePaise">, origin: string) {
  const url = `${origin}/product/${product.id}`;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    sku: product.id,
    url,
    image: product.images.map((image) => new URL(image, origin).href),
    ...(product.description ? { description: product.description } : {}),
    brand: { "@type": "Brand", name: brandName(product.subCategory) },
    offers: {
      "@type": "Offer",
      url,
      price: rupeesAmount(product.pricePaise),
      priceCurrency: "INR",
      availability: "https://schema.org/InStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
}

/** Home's Organization and WebSite, with a SearchAction into /collection?q= (issue 11 item 4). */
export function homeJsonLd(storeName: string, origin: string) {
  return [
    { "@context": "https://schema.org", "@type": "Organization", name: storeName, url: `${origin}/`, logo: `${origin}/favicon.svg` },
    {
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: storeName,
      url: `${origin}/`,
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: `${origin}/collection?q={search_term_string}` },
        "query-input": "required name=search_term_string",
      },
    },
  ];
}

/**
 * The link-preview tags of an indexable page: canonical link, Open Graph and Twitter card, with an
 * absolute image when there is one.
 */
export function previewMeta({ title, description, url, image, type = "website", storeName }: {
  title: string;
  description: string;
  url: string;
  image?: string | null;
  type?: "website" | "product";
  storeName: string;
}): MetaDescriptor[] {
  return [
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: storeName },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
  ];
}

/** JSON-LD as a Remix meta descriptor: rendered by <Meta/> as a `application/ld+json` script. */
export function jsonLdMeta(data: unknown): MetaDescriptor {
  return { "script:ld+json": data };
}
