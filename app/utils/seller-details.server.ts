import he from "he";
import { getBackend } from "~/backend/index.server";
import type { SellerDetails } from "~/lib/seller-details";
import { DEFAULT_STORE_SETTINGS, sellerDetailsOf } from "~/lib/store-settings";
import { log } from "~/observability/log.server";

/**
 * The seller's details every page shows (issue 25 item 1; Consumer Protection (E-Commerce) Rules
 * 2020, rules 4 and 5): the owner's settings on a store with its own data (one primary-key read,
 * the parse reused while unchanged), the defaults on a storefront whose data lives on another
 * server (BACKEND_URL). Null when the settings cannot be read (logged): the page goes on without them.
 */
export async function storeSellerDetails(): Promise<SellerDetails | null> {
  const { own } = getBackend();
  if (!own) return sellerDetailsOf(DEFAULT_STORE_SETTINGS);
  try {
    return sellerDetailsOf(await own.invoices.readStoreSettings());
  } catch (error) {
    log.error({ err: error }, "Could not read the seller's details");
    return null;
  }
}

const HEADING = "text-sm font-semibold uppercase tracking-wider text-gray-900";
const LINK = "text-sm text-gray-700 hover:text-gray-900 hover:underline";

/**
 * The footer's "Get in touch" and "Grievance officer" blocks for `seller`, as HTML made and escaped
 * here (every value through `he.escape`): two `<address>`es — care phone and email, legal name and
 * address (one line each; spaces between them in text browsers), GSTIN and hours; the officer's
 * name and designation, email, phone and a link to /grievance. Empty details are left out. HTML
 * rather than JSX so that every page's browser code stays within its budget (DESIGN.md §17).
 */
export function sellerFooterHtml(seller: SellerDetails): string {
  const e = (text: string) => he.escape(text);
  const link = (href: string, text: string) => `<p><a href="${e(href)}" class="${LINK}">${e(text)}</a></p>`;
  const { care, officer } = seller;
  const contact = [
    care.phone ? link(`tel:${care.phoneHref}`, care.phone) : "",
    care.email ? link(`mailto:${care.email}`, care.email) : "",
    `<p class="whitespace-pre-line"><span class="sr-only">Address: </span>${e([seller.legalName, ...seller.address].join("\n"))}</p>`,
    seller.gstin ? `<p>GSTIN: ${e(seller.gstin)}</p>` : "",
    care.hours ? `<p>Support hours: ${e(care.hours)}</p>` : "",
  ].join("");
  let html = `<h2 class="${HEADING}">Get in touch</h2><address class="mt-4 space-y-3 text-sm not-italic leading-6 text-gray-700" data-testid="footer-seller">${contact}</address>`;
  if (officer.name || officer.email || officer.phone) {
    const lines = [
      `<p>${e([officer.name, officer.designation].filter(Boolean).join(", "))}</p>`,
      officer.email ? link(`mailto:${officer.email}`, officer.email) : "",
      officer.phone ? link(`tel:${officer.phoneHref}`, officer.phone) : "",
      link("/grievance", "Make a complaint"),
    ].join("");
    html += `<h2 class="${HEADING} mt-8">Grievance officer</h2><address class="mt-4 space-y-1 text-sm not-italic leading-6 text-gray-700" data-testid="footer-grievance-officer">${lines}</address>`;
  }
  return html;
}
