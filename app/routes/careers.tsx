import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PolicyPage, staticPageMeta } from "~/components/StaticPage";
import { loadContentPage, withBody } from "~/utils/content.server";

/**
 * How to apply for a job (issue 24 item 5: the contact page's Explore Jobs leads here instead of
 * being a disabled button), from app/content/careers.md, which the owner edits.
 */
export async function loader() {
  return json({ page: withBody(await loadContentPage("careers")) });
}

export default function Careers() {
  const { page } = useLoaderData<typeof loader>();
  return <PolicyPage page={page} />;
}

export const meta = staticPageMeta;
