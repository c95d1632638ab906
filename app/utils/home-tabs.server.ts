import { z } from "zod";
import { HOME_TABS, type HomeTab } from "~/lib/home-tabs";

const ids = HOME_TABS.map((tab) => tab.id) as [HomeTab, ...HomeTab[]];

/**
 * The home page's `?tab=` (issue 24 item 4) → a tab; absent or anything else is "all", so a hostile
 * or stale value never fails the page. Server-only, so zod stays out of the home page's JavaScript.
 */
export const homeTabSchema = z.enum(ids).catch("all");
