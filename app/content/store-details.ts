/**
 * The demo store's contact details: the defaults of the seller's details in the store settings
 * (lib/store-settings.ts DEFAULT_STORE_SETTINGS), which the footer, /contact, /grievance, the
 * content pages' {{contact.*}} and the emails show (issue 25 item 1; docs/decisions/0780), and the
 * default MAIL_FROM domain.
 *
 * STORE OWNER: set your own at /admin/settings (no rebuild); these are placeholders until then.
 */
export const STORE_CONTACT = {
  /** As printed; `phoneHref` is the same number for tel: links (E.164, no spaces). */
  phone: "+91 80 4718 2200",
  phoneHref: "+918047182200",
  email: "support@chronoindia.in",
  /** Postal address, one line per entry. */
  address: ["Chrono India Retail Pvt. Ltd.", "3rd Floor, 42 Residency Road", "Bengaluru, Karnataka 560025", "India"],
  /** Customer-support hours (SPEC.md §9). */
  hours: "Mon-Sat 10:00-19:00 IST",
} as const;

/** The name shown when the configuration cannot be read (an error page); normally STORE_NAME. */
export const FALLBACK_STORE_NAME = "Chrono India";
