import { useRouteLoaderData, type MetaFunction } from "@remix-run/react";
import { FALLBACK_STORE_NAME } from "~/content/store-details";
import type { MessageKey } from "~/i18n/catalogues/en.server";
import type { Message } from "~/i18n/format";
import type { Language } from "~/i18n/language";

/**
 * What the root loader gives every page besides its toast (app/root.tsx checks its answer against
 * this type): the browser-safe settings, the visitor (null when logged out) and the cart's item
 * count — deferred, so a promise while it streams in (render it with `<Await>`), or a number when
 * it was known at once (logged out, empty cart). Kept apart from root.tsx so the header and footer
 * that root renders need not import it.
 */
export type RootData = {
  env: { STORE_NAME: string; FEEDBACK_URL: string; CASHFREE_ENV: "sandbox" | "production"; PUBLIC_URL: string };
  /** `staff`: the session is a back-office role's (issue 12): the account menu links /admin. */
  user: { name: string; staff: boolean } | null;
  cartCount: Promise<number> | number;
  /**
   * The account menu's wishlist item with its count, in words from the loader ("My Wishlist (1
   * watch)"; issue 24 item 2); null logged out or on a store without a wishlist.
   */
  wishlist: string | null;
  /**
   * Ids of the shown watches the signed-in shopper saved (at most WISHLIST_LIMIT; empty for a
   * visitor): the cards' hearts and the product page's WISHLIST read it, so a page's own data is
   * the same for every visitor (docs/decisions/0800).
   */
  savedIds: string[];
  /** The store keeps wishlists (capabilities): product cards carry a heart (issue 24 item 2). */
  hearts: boolean;
  /**
   * The footer's seller's details and grievance officer from the owner's settings, as escaped HTML
   * (issue 25 item 1; utils/seller-details.server.ts `sellerFooterHtml`); null when they could
   * not be read.
   */
  sellerFooterHtml: string | null;
  /**
   * The header's, navigation's and footer's messages in the page's language (namespaces "shell"
   * and "nav"; i18n/messages.server.ts), read by `useT` (issue 27; docs/decisions/0850).
   */
  messages: Partial<Record<MessageKey, Message>>;
  /**
   * The language the shopper chose with the switch (its cookie), offered on a page in the other
   * one, with its words in that language; null otherwise (issue 27 item 1). Such a page is never
   * cached (utils/page-cache.server.ts).
   */
  languageOffer: { language: Language; text: string; link: string } | null;
};

/** The root loader's data, for components anywhere in the tree (undefined in a root error). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

/** The configured store name from the root route's data in `meta` matches (fallback on errors). */
export function storeNameOf(matches: Parameters<MetaFunction>[0]["matches"]): string {
  const root = matches.find((match) => match.id === "root")?.data as { env?: { STORE_NAME?: string } } | undefined;
  return root?.env?.STORE_NAME ?? FALLBACK_STORE_NAME;
}
