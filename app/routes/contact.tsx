import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Prose } from "~/components/Prose";
import { StaticPage, staticPageMeta } from "~/components/StaticPage";
import { STORE_CONTACT } from "~/content/store-details";
import { loadContentPage, withSections } from "~/utils/content.server";

/** Contact us (SPEC.md §2): the text of app/content/contact.md around the store's details. */
export async function loader() {
  return json({ page: withSections(await loadContentPage("contact")) });
}

export default function Contact() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <StaticPage page={page} eyebrow="Contact">
      <Prose html={page.intro} />
      <address className="mt-10 grid gap-px overflow-hidden rounded-lg border border-gray-200 bg-gray-200 not-italic sm:grid-cols-2">
        <ContactItem label="Call us">
          <a href={`tel:${STORE_CONTACT.phoneHref}`} className="font-medium text-gray-900 underline underline-offset-2">
            {STORE_CONTACT.phone}
          </a>
        </ContactItem>
        <ContactItem label="Write to us">
          <a href={`mailto:${STORE_CONTACT.email}`} className="font-medium text-gray-900 underline underline-offset-2">
            {STORE_CONTACT.email}
          </a>
        </ContactItem>
        <ContactItem label="Our address">
          {STORE_CONTACT.address.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </ContactItem>
        <ContactItem label="Support hours">{STORE_CONTACT.hours}</ContactItem>
      </address>
      {/* Issue 25 item 3: complaints go to the grievance officer, with a ticket and deadlines. */}
      <p className="mt-6 text-sm text-gray-800">
        Something went wrong?{" "}
        <Link to="/grievance" className="font-medium text-gray-900 underline underline-offset-2">
          Make a complaint to our grievance officer
        </Link>{" "}
        — you get a ticket number at once and an answer within a month.
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
          Explore Jobs
        </Link>
      </div>
    </StaticPage>
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
