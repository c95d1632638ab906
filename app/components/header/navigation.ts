import { COLLECTION_LINKS } from "~/constants/store";

/** Site navigation: the header's and the footer's links. */

/** The header's main navigation, in order (SPEC.md §2 "Header and footer"). */
export const MAIN_NAV = {
  home: { to: "/", label: "HOME" },
  collection: { label: "COLLECTION", links: COLLECTION_LINKS, all: { to: "/collection", label: "View All Watches" } },
  after: [
    { to: "/new-arrivals", label: "NEW ARRIVALS" },
    { to: "/about", label: "ABOUT" },
    { to: "/contact", label: "CONTACT" },
  ],
} as const;

/** True on /collection and the paths under it, where the header offers its search bar (SPEC.md §2). */
export function isCollectionPath(pathname: string) {
  return pathname === "/collection" || pathname.startsWith("/collection/");
}

/** The footer's company links (SPEC.md §2 "Footer: company links"). */
export const COMPANY_LINKS = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About us" },
  { to: "/shipping-policy", label: "Delivery" },
  { to: "/privacy-policy", label: "Privacy policy" },
  { to: "/contact", label: "Contact" },
  { to: "/grievance", label: "Grievances" },
] as const;

/** The policy pages and the FAQ (SPEC.md §2 static pages), in the footer and beside each policy. */
export const POLICY_LINKS = [
  { to: "/refund-policy", label: "Refund Policy" },
  { to: "/return-policy", label: "Return Policy" },
  { to: "/shipping-policy", label: "Shipping Policy" },
  { to: "/payment-policy", label: "Payment Policy" },
  { to: "/warranty-policy", label: "Warranty Policy" },
  { to: "/terms-and-conditions", label: "Terms & Conditions" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/faqs", label: "FAQs" },
] as const;
