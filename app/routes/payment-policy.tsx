import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PolicyPage, staticPageMeta } from "~/components/StaticPage";
import { languageOfPath } from "~/i18n/language";
import { messagesFor } from "~/i18n/messages.server";
import { loadContentPage, withBody } from "~/utils/content.server";

/** The payment policy (SPEC.md §2, §9: refunds credited in 5-7 business days), from app/content/payment-policy.md. */
export async function loader({ request }: LoaderFunctionArgs) {
  const language = languageOfPath(new URL(request.url).pathname);
  return json({ page: withBody(await loadContentPage("payment-policy", { language })), messages: messagesFor(language, ["pages"]) });
}

export default function PaymentPolicy() {
  const { page } = useLoaderData<typeof loader>();
  return <PolicyPage page={page} />;
}

export const meta = staticPageMeta;
