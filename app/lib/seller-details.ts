/**
 * The seller's details the law asks an online store to show (issue 25 item 1; Consumer Protection
 * (E-Commerce) Rules 2020, rules 4 and 5; docs/decisions/0780): their labels and the shape pages
 * read. No zod here, so the settings form's route can name the fields without taking zod into the
 * browser (lib/store-settings.ts holds the rules).
 */

/** The owner's labels of the seller's details, as the settings form and the warnings name them. */
export const SELLER_DETAIL_LABELS = {
  sellerLegalName: "Seller's legal name",
  sellerAddress: "Seller's address",
  sellerGstin: "Seller's GSTIN",
  carePhone: "Customer care phone",
  careEmail: "Customer care email",
  grievanceOfficerName: "Grievance officer's name",
  grievanceOfficerDesignation: "Grievance officer's designation",
  grievanceOfficerEmail: "Grievance officer's email",
  grievanceOfficerPhone: "Grievance officer's phone",
} as const;

/** A seller's detail the law asks for (E-Commerce Rules 2020, rules 4 and 5). */
export type SellerDetailField = keyof typeof SELLER_DETAIL_LABELS;

/**
 * The seller's details a page shows: plain strings for the footer, /contact and /grievance (an
 * empty string where the owner left a detail empty; `phoneHref` "" then too).
 */
export type SellerDetails = {
  legalName: string;
  address: string[];
  gstin: string;
  care: { phone: string; phoneHref: string; email: string; hours: string };
  officer: { name: string; designation: string; email: string; phone: string; phoneHref: string };
};
