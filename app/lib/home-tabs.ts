/*
 * The home page's category tabs (SPEC.md §2 "Home": All / Watches / Accessories / Limited Edition;
 * issue 24 item 4; docs/decisions/0730): each filters the latest arrivals, and is a real link
 * (`/?tab=watches`), so it works without JavaScript, is bookmarkable and keys the page cache.
 */

/** The tabs in SPEC.md's order: the URL's value, the label, and where "View Collection" leads from it. */
export const HOME_TABS = [
  { id: "all", label: "All", collection: "/collection" },
  { id: "watches", label: "Watches", collection: "/collection" },
  { id: "accessories", label: "Accessories", collection: "/collection" },
  { id: "limited", label: "Limited Edition", collection: "/collection/limited" },
] as const;

export type HomeTab = (typeof HOME_TABS)[number]["id"];

/** The tab's address: "/" for All, `/?tab=…` for the others, with the section's anchor. */
export function homeTabHref(tab: HomeTab): string {
  return tab === "all" ? "/#latest" : `/?tab=${tab}#latest`;
}
