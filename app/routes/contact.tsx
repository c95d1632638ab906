import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/local-links";
import { Prose } from "~/components/Prose";
import { StaticPage, staticPageMeta } from "~/components/StaticPage";
import { languageOfPath } from "~/i18n/language";
import { messagesFor } from "~/i18n/messages.server";
import { useT } from "~/i18n/use-t";
import { loadContentPage, withSections } from "~/utils/content.server";
import { storeSellerDetails } from "~/utils/seller-details.server";

/**
 * Contact us (SPEC.md §2): the text of app/content/contact.md around the seller's details — legal
 * name, address, GSTIN, customer-care contacts — and the grievance officer, from the owner's
 * settings (issue 25 item 1; Consumer Protection (E-Commerce) Rules 2020, rules 4 and 5).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const language = languageOfPath(new URL(request.url).pathname);
  const seller = await storeSellerDetails();
  const page = await loadContentPage("contact", { language, seller: seller ?? undefined });
  return json({ page: withSections(page), seller, messages: messagesFor(language, ["pages"]) });
}

const linkClass = "font-medium text-gray-900 underline underline-offset-2";

export default function Contact() {
  const { page, seller } = useLoaderData<typeof loader>();
  const { t } = useT();
  const officer = seller?.officer;
  return (
    <StaticPage page={page} eyebrow={t("pages.eyebrowContact")}>
      <Prose html={page.intro} />
      {seller ? (
        <address className="mt-10 grid gap-px overflow-hidden rounded-lg border border-gray-200 bg-gray-200 not-italic sm:grid-cols-2" data-testid="contact-seller">
          {seller.care.phone ? (
            <ContactItem label={t("pages.callUs")}>
              <ContactLink href={`tel:${seller.care.phoneHref}`}>{seller.care.phone}</ContactLink>
            </ContactItem>
          ) : null}
          {seller.care.email ? (
            <ContactItem label={t("pages.writeToUs")}>
              <ContactLink href={`mailto:${seller.care.email}`}>{seller.care.email}</ContactLink>
            </ContactItem>
          ) : null}
          <ContactItem label={t("pages.ourAddress")}>
            <Lines lines={[seller.legalName, ...seller.address]} />
          </ContactItem>
          {seller.care.hours ? <ContactItem label={t("pages.supportHours")}>{seller.care.hours}</ContactItem> : null}
          <ContactItem label={t("pages.seller")}>
            {seller.legalName}
            {seller.gstin ? (
              <>
                <br />
                GSTIN: {seller.gstin}
              </>
            ) : null}
          </ContactItem>
          {officer ? (
            <ContactItem label={t("pages.grievanceOfficer")}>
              <span data-testid="contact-grievance-officer">
                <Lines lines={[[officer.name, officer.designation].filter(Boolean).join(", ")]} />
                {/* The same number or address as customer care's is written, not linked twice. */}
                {officer.email ? (
                  <ContactLink href={`mailto:${officer.email}`} linked={officer.email !== seller.care.email}>
                    {officer.email}
                  </ContactLink>
                ) : null}
                {officer.email && officer.phone ? <br /> : null}
                {officer.phone ? (
                  <ContactLink href={`tel:${officer.phoneHref}`} linked={officer.phoneHref !== seller.care.phoneHref}>
                    {officer.phone}
                  </ContactLink>
                ) : null}
              </span>
            </ContactItem>
          ) : null}
        </address>
      ) : null}
      {/* Issue 25 item 3: complaints go to the grievance officer, with a ticket and deadlines. */}
      <p className="mt-6 text-sm text-gray-800">
        {t("pages.complaintBefore")}
        <Link to="/grievance" className={linkClass}>
          {t("pages.complaintLink")}
        </Link>
        {t("pages.complaintAfter")}
      </p>
      {page.sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id} className="mt-12">
          <h2 id={section.id} className="font-serif text-2xl text-gray-900">
            {section.heading}
          </h2>
          <Prose html={section.html} className="mt-4" />
        </section>
      ))}
      {/* Issue 24 item 5: no longer a control without behaviour — it leads to how to apply. */}
      <div className="mt-8">
        <Link to="/careers" className="inline-block rounded border border-gray-900 px-8 py-3 text-sm font-medium tracking-wider text-gray-900 hover:bg-gray-900 hover:text-white">
          {t("pages.exploreJobs")}
        </Link>
      </div>
    </StaticPage>
  );
}

/** A phone number or email address as a `tel:`/`mailto:` link, or as plain text when `linked` is false (already linked above). */
function ContactLink({ href, linked = true, children }: { href: string; linked?: boolean; children: string }) {
  if (!linked) return <>{children}</>;
  return (
    <a href={href} className={linkClass}>
      {children}
    </a>
  );
}

/** Lines with <br> after each (text browsers ignore CSS line breaks). */
function Lines({ lines }: { lines: string[] }) {
  return (
    <>
      {lines.map((line, index) => (
        <span key={index} className="block">
          {line}
          <br className="hidden" />
        </span>
      ))}
    </>
  );
}

function ContactItem({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="bg-white p-6">
      <p className="text-xs font-semibold uppercase tracking-widest text-gray-600">{label}</p>
      <div className="mt-2 text-sm leading-6 text-gray-800">{children}</div>
    </div>
  );
}

export const meta = staticPageMeta;
