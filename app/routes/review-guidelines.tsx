import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PolicyPage, staticPageMeta } from "~/components/StaticPage";
import { languageOfPath } from "~/i18n/language";
import { messagesFor } from "~/i18n/messages.server";
import { loadContentPage, withBody } from "~/utils/content.server";

/**
 * The rules for reviewers (issue 23 item 2; IS 19000:2022: who may review, what a review holds, the
 * fixed reasons for rejecting one, withdrawal), from app/content/review-guidelines.md; linked from
 * the review form.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const language = languageOfPath(new URL(request.url).pathname);
  return json({ page: withBody(await loadContentPage("review-guidelines", { language })), messages: messagesFor(language, ["pages"]) });
}

export default function ReviewGuidelines() {
  const { page } = useLoaderData<typeof loader>();
  return <PolicyPage page={page} />;
}

export const meta = staticPageMeta;
