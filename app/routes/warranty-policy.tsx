import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PolicyPage, staticPageMeta } from "~/components/StaticPage";
import { loadContentPage, withBody } from "~/utils/content.server";

/** The warranty policy (SPEC.md §2, §9: 1-5 years, repairs 2-4 weeks), from app/content/warranty-policy.md. */
export async function loader() {
  return json({ page: withBody(await loadContentPage("warranty-policy")) });
}

export default function WarrantyPolicy() {
  const { page } = useLoaderData<typeof loader>();
  return <PolicyPage page={page} />;
}

export const meta = staticPageMeta;
