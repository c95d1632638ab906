/**
 * Loading hints for `<img>`, spread onto the element (docs/decisions/0540-lighthouse.md).
 *
 * The page's likely largest paint (home hero, product picture, first collection cards) loads at
 * once and is fetched before other images. React 18 does not know `fetchPriority` (it warns), so
 * the attribute is given in lower case, which React renders as is.
 */
export const HIGH_PRIORITY_IMAGE = { loading: "eager", fetchpriority: "high" } as const;

/** Below the fold: fetched when the shopper scrolls near it, decoded off the main thread. */
export const LAZY_IMAGE = { loading: "lazy", decoding: "async" } as const;
