import { Link } from "~/components/ui/local-links";
import { FALLBACK_STORE_NAME } from "~/content/store-details";
import { useT } from "~/i18n/use-t";
import { useRootData } from "~/utils/root-data";
import { COMPANY_LINKS, POLICY_LINKS } from "./header/navigation";

const heading = "text-sm font-semibold uppercase tracking-wider text-gray-900";
const link = "text-sm text-gray-700 hover:text-gray-900 hover:underline";

/**
 * The store footer (SPEC.md §2): company links, policy links, the feedback link to the external
 * form (FEEDBACK_URL), the seller's legal name, address, GSTIN and customer-care contacts, the
 * grievance officer (Consumer Protection (E-Commerce) Rules 2020, rules 4 and 5; issue 25 item 1:
 * from the owner's settings, as HTML the root loader makes) and the copyright line.
 * Renders without root data too (error pages), then without the feedback link and the seller's
 * details, which only the server knows.
 */
export function Footer() {
  const data = useRootData();
  const storeName = data?.env.STORE_NAME ?? FALLBACK_STORE_NAME;
  const feedbackUrl = data?.env.FEEDBACK_URL;
  const sellerHtml = data?.sellerFooterHtml ?? null;
  const { t } = useT();
  return (
    <footer className="mt-16 border-t border-gray-200 bg-gray-50">
      <div className="mx-auto grid max-w-screen-xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:gap-10 sm:px-6 lg:grid-cols-[1.4fr_1fr_1fr_1.4fr] lg:px-8">
        <div className="col-span-2 lg:col-span-1">
          <Link to="/" className="font-serif text-2xl text-gray-900">
            {storeName}
          </Link>
          <p className="mt-4 max-w-xs text-sm leading-6 text-gray-700">
            {t("shell.footerTagline")}
          </p>
          {feedbackUrl ? (
            <p className="mt-6">
              <a
                href={feedbackUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-2 rounded-full border border-gray-900 px-4 py-2 text-sm font-medium text-gray-900 hover:bg-gray-900 hover:text-white"
                data-testid="feedback-link"
              >
                {t("shell.shareFeedback")}
                <span aria-hidden="true">↗</span>
                <span className="sr-only">{t("shell.opensInNewTab")}</span>
              </a>
            </p>
          ) : null}
        </div>

        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className={heading}>
            {t("shell.company")}
          </h2>
          <ul className="mt-4 space-y-3">
            {COMPANY_LINKS.map((item) => (
              <li key={item.label}>
                <Link to={item.to} className={link}>
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-labelledby="footer-policies">
          <h2 id="footer-policies" className={heading}>
            {t("shell.policies")}
          </h2>
          <ul className="mt-4 space-y-3">
            {POLICY_LINKS.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={link}>
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {/* Made and escaped by the root loader (utils/seller-details.server.ts): no browser code for it. */}
        {sellerHtml ? <div className="col-span-2 lg:col-span-1" dangerouslySetInnerHTML={{ __html: sellerHtml }} /> : null}
      </div>
      <div className="border-t border-gray-200">
        <p suppressHydrationWarning className="mx-auto max-w-screen-xl px-4 py-5 text-center text-xs text-gray-600 sm:px-6 lg:px-8">
          {t("shell.allRightsReserved", { year: String(new Date().getFullYear()), storeName })}
        </p>
      </div>
    </footer>
  );
}
