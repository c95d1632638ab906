import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PolicyPage, staticPageMeta } from "~/components/StaticPage";
import { languageOfPath } from "~/i18n/language";
import { messagesFor } from "~/i18n/messages.server";
import { loadContentPage, withBody } from "~/utils/content.server";

/** The terms and conditions (SPEC.md §2), from app/content/terms-and-conditions.md. */
export async function loader({ request }: LoaderFunctionArgs) {
  const language = languageOfPath(new URL(request.url).pathname);
  return json({ page: withBody(await loadContentPage("terms-and-conditions", { language })), messages: messagesFor(language, ["pages"]) });
}

export default function TermsAndConditions() {
  const { page } = useLoaderData<typeof loader>();
  return <PolicyPage page={page} />;
}

export const meta = staticPageMeta;
