import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/local-links";
import { useT } from "~/i18n/use-t";
import { Prose } from "~/components/Prose";
import { StaticPage, staticPageMeta } from "~/components/StaticPage";
import { languageOfPath } from "~/i18n/language";
import { messagesFor } from "~/i18n/messages.server";
import { loadContentPage, withBody } from "~/utils/content.server";

/** About us (SPEC.md §2 static pages), from app/content/about.md (Hindi: app/content/hi/about.md). */
export async function loader({ request }: LoaderFunctionArgs) {
  const language = languageOfPath(new URL(request.url).pathname);
  return json({ page: withBody(await loadContentPage("about", { language })), messages: messagesFor(language, ["pages"]) });
}

export default function About() {
  const { page } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <StaticPage page={page} eyebrow={t("pages.eyebrowAbout")}>
      <Prose html={page.html} />
      <p className="mt-10">
        <Link
          to="/collection"
          className="inline-block rounded bg-black px-8 py-3 text-sm font-medium tracking-wider text-white hover:bg-gray-800"
        >
          {t("pages.shopTheCollection")}
        </Link>
      </p>
    </StaticPage>
  );
}

export const meta = staticPageMeta;
