/**
 * The fixed generic text of a product page's Description tab (SPEC.md §2), the same on every
 * product. Read by the product page's loader (utils/product-page.server.ts) and sent as data, so
 * the words are not part of the page's JavaScript (~280 bytes gzipped of the 100 KB budget;
 * docs/decisions/0621).
 */
export const GENERIC_DESCRIPTION: readonly string[] = [
  "Every watch in our store is sourced from the brand or its authorised distributors and inspected before it ships. It arrives in its original box with the manufacturer's warranty card and all the papers that came with it.",
  "We pack each order with care and ship it free across India. If you have a question about sizing, straps, water resistance or servicing, our support team is happy to help, Monday to Saturday, 10:00 to 19:00 IST.",
];
