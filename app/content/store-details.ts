/**
 * The store's contact details, shown in the footer, on /contact and inside the content pages
 * (app/content/*.md write them as {{contact.phone}}, {{contact.email}}, …).
 *
 * STORE OWNER: edit these values, then rebuild. They are placeholders until launch
 * (docs/decisions/0160-static-pages-as-markdown.md).
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
