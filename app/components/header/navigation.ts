import { COLLECTION_LINKS } from "~/constants/store";
import type { MessageKey } from "~/i18n/catalogues/en.server";
import { unprefixedPath } from "~/i18n/language";

/** Site navigation: the header's and the footer's links. */

/** A link of the site's navigation: an English path (`localPath` moves it into the page's language) and its words' key. */
export type NavItem = { to: string; label: MessageKey };

/** The curated collections' menu words, by their path's last segment (constants/store.ts COLLECTION_LINKS). */
const COLLECTION_LABELS: Record<string, MessageKey> = {
  luxury: "nav.luxury",
  sport: "nav.sport",
  smart: "nav.smart",
  classic: "nav.classic",
  limited: "nav.limited",
};

/** The header's main navigation, in order (SPEC.md §2 "Header and footer"); labels are catalogue keys (i18n/catalogues). */
export const MAIN_NAV = {
  home: { to: "/", label: "nav.home" },
  collection: {
    label: "nav.collection",
    links: COLLECTION_LINKS.map((link): NavItem => ({ to: link.to, label: COLLECTION_LABELS[link.to.split("/").pop() ?? ""] })),
    all: { to: "/collection", label: "nav.viewAll" },
  },
  after: [
    { to: "/new-arrivals", label: "nav.newArrivals" },
    { to: "/about", label: "nav.about" },
    { to: "/contact", label: "nav.contact" },
  ],
} as const satisfies { home: NavItem; collection: { label: MessageKey; links: NavItem[]; all: NavItem }; after: readonly NavItem[] };

/** True on /collection and the paths under it, where the header offers its search bar (SPEC.md §2). */
export function isCollectionPath(pathname: string) {
  const path = unprefixedPath(pathname);
  return path === "/collection" || path.startsWith("/collection/");
}

/** The footer's company links (SPEC.md §2 "Footer: company links"). */
export const COMPANY_LINKS: readonly NavItem[] = [
  { to: "/", label: "nav.footerHome" },
  { to: "/about", label: "nav.footerAbout" },
  { to: "/shipping-policy", label: "nav.footerDelivery" },
  { to: "/privacy-policy", label: "nav.footerPrivacy" },
  { to: "/contact", label: "nav.footerContact" },
  { to: "/grievance", label: "nav.footerGrievances" },
  { to: "/offers", label: "nav.footerOffers" },
];

/** The policy pages and the FAQ (SPEC.md §2 static pages), in the footer and beside each policy. */
export const POLICY_LINKS: readonly NavItem[] = [
  { to: "/refund-policy", label: "nav.refundPolicy" },
  { to: "/return-policy", label: "nav.returnPolicy" },
  { to: "/shipping-policy", label: "nav.shippingPolicy" },
  { to: "/payment-policy", label: "nav.paymentPolicy" },
  { to: "/warranty-policy", label: "nav.warrantyPolicy" },
  { to: "/terms-and-conditions", label: "nav.terms" },
  { to: "/privacy-policy", label: "nav.privacyPolicy" },
  { to: "/faqs", label: "nav.faqs" },
];
