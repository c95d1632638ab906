import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PolicyPage, staticPageMeta } from "~/components/StaticPage";
import { loadContentPage, withBody } from "~/utils/content.server";

/** The return policy (SPEC.md §2, §9: no returns; damaged and wrong deliveries; the product page's 7-day line), from app/content/return-policy.md. */
export async function loader() {
  return json({ page: withBody(await loadContentPage("return-policy")) });
}

export default function ReturnPolicy() {
  const { page } = useLoaderData<typeof loader>();
  return <PolicyPage page={page} />;
}

export const meta = staticPageMeta;
