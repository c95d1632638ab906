import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PolicyPage, staticPageMeta } from "~/components/StaticPage";
import { loadContentPage, withBody } from "~/utils/content.server";

/** The refund policy (SPEC.md §2, §9: no refunds or returns, 24 h damage claims, refunds in 3-4 business days), from app/content/refund-policy.md. */
export async function loader() {
  return json({ page: withBody(await loadContentPage("refund-policy")) });
}

export default function RefundPolicy() {
  const { page } = useLoaderData<typeof loader>();
  return <PolicyPage page={page} />;
}

export const meta = staticPageMeta;
