import { z } from "zod";
import { getBackend } from "~/backend/index.server";
import { HOME_SECTION_SIZE, LIMITED_EDITION_MIN_RUPEES } from "~/constants/store";
import { HOME_TABS, type HomeTab } from "~/lib/home-tabs";
import { DEFAULT_COLLECTION_PARAMS } from "~/schemas/collection-params";

const ids = HOME_TABS.map((tab) => tab.id) as [HomeTab, ...HomeTab[]];

/**
 * The home page's `?tab=` (issue 24 item 4) → a tab; absent or anything else is "all", so a hostile
 * or stale value never fails the page. Server-only, so zod stays out of the home page's JavaScript.
 */
export const homeTabSchema = z.enum(ids).catch("all");

/**
 * The latest arrivals a tab shows (issue 24 item 4; docs/decisions/0730), in catalogue order like
 * the All tab: null for All and Watches (every product of this store is a watch: the home rows as
 * they are), none for Accessories (the store sells none yet; the page says so), and for Limited
 * Edition the first HOME_SECTION_SIZE of /collection/limited's filter (LIMITED_EDITION_MIN_RUPEES, ₹10,000, and up).
 */
export async function latestInTab(tab: HomeTab) {
  switch (tab) {
    case "accessories":
      return [];
    case "limited": {
      const page = await getBackend().queryCatalogue({ ...DEFAULT_COLLECTION_PARAMS, min: LIMITED_EDITION_MIN_RUPEES });
      return page.products.slice(0, HOME_SECTION_SIZE);
    }
    default:
      return null;
  }
}
