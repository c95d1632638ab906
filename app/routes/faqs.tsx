import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ChevronDownIcon } from "~/components/header/icons";
import { Prose } from "~/components/Prose";
import { StaticPage, staticPageMeta } from "~/components/StaticPage";
import { languageOfPath } from "~/i18n/language";
import { messagesFor } from "~/i18n/messages.server";
import { useT } from "~/i18n/use-t";
import { htmlToText, loadContentPage, withSections } from "~/utils/content.server";

/**
 * The FAQ (SPEC.md §2: 12 questions, one open at a time): each `## ` heading of
 * app/content/faqs.md (Hindi: app/content/hi/faqs.md) is a question, the text under it the answer.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const language = languageOfPath(new URL(request.url).pathname);
  const page = await loadContentPage("faqs", { language });
  const structuredData = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: page.sections.map((section) => ({
      "@type": "Question",
      name: section.heading,
      acceptedAnswer: { "@type": "Answer", text: htmlToText(section.html) },
    })),
  };
  return json({ page: withSections(page), structuredData, messages: messagesFor(language, ["pages"]) });
}

/** Keeps one answer open where the browser lacks the exclusive `<details name>` accordion. */
function closeOtherAnswers(event: React.SyntheticEvent<HTMLDetailsElement>) {
  const opened = event.currentTarget;
  if (!opened.open) return;
  opened.parentElement?.querySelectorAll<HTMLDetailsElement>('details[name="faqs"][open]').forEach((other) => {
    if (other !== opened) other.open = false;
  });
}

export default function Faqs() {
  const { page } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <StaticPage page={page} eyebrow={t("pages.eyebrowHelp")} policyNav>
      <Prose html={page.intro} />
      <div className="mt-8 divide-y divide-gray-200 border-y border-gray-200" data-testid="faq-list">
        {page.sections.map((section, index) => (
          <details
            key={section.id}
            id={section.id}
            name="faqs"
            open={index === 0}
            onToggle={closeOtherAnswers}
            className="group"
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left text-base font-medium text-gray-900 hover:text-black [&::-webkit-details-marker]:hidden">
              {section.heading}
              <ChevronDownIcon className="h-5 w-5 shrink-0 text-gray-700 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
            </summary>
            <Prose html={section.html} className="pb-6 pr-9" />
          </details>
        ))}
      </div>
    </StaticPage>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => [
  ...staticPageMeta(args),
  ...(args.data ? [{ "script:ld+json": args.data.structuredData }] : []),
];
