import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PolicyPage, staticPageMeta } from "~/components/StaticPage";
import { languageOfPath } from "~/i18n/language";
import { messagesFor } from "~/i18n/messages.server";
import { loadContentPage, withBody } from "~/utils/content.server";

/** The refund policy (SPEC.md §2, §9: no refunds or returns, 24 h damage claims, refunds in 3-4 business days), from app/content/refund-policy.md. */
export async function loader({ request }: LoaderFunctionArgs) {
  const language = languageOfPath(new URL(request.url).pathname);
  return json({ page: withBody(await loadContentPage("refund-policy", { language })), messages: messagesFor(language, ["pages"]) });
}

export default function RefundPolicy() {
  const { page } = useLoaderData<typeof loader>();
  return <PolicyPage page={page} />;
}

export const meta = staticPageMeta;
