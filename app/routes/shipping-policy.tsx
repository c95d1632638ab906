import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PolicyPage, staticPageMeta } from "~/components/StaticPage";
import { languageOfPath } from "~/i18n/language";
import { messagesFor } from "~/i18n/messages.server";
import { loadContentPage, withBody } from "~/utils/content.server";

/** The shipping policy (SPEC.md §2, §9: processing 1-2 business days, delivery 4-5 days, free for now; standard rates), from app/content/shipping-policy.md. */
export async function loader({ request }: LoaderFunctionArgs) {
  const language = languageOfPath(new URL(request.url).pathname);
  return json({ page: withBody(await loadContentPage("shipping-policy", { language })), messages: messagesFor(language, ["pages"]) });
}

export default function ShippingPolicy() {
  const { page } = useLoaderData<typeof loader>();
  return <PolicyPage page={page} />;
}

export const meta = staticPageMeta;
