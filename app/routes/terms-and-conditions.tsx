import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PolicyPage, staticPageMeta } from "~/components/StaticPage";
import { loadContentPage, withBody } from "~/utils/content.server";

/** The terms and conditions (SPEC.md §2), from app/content/terms-and-conditions.md. */
export async function loader() {
  return json({ page: withBody(await loadContentPage("terms-and-conditions")) });
}

export default function TermsAndConditions() {
  const { page } = useLoaderData<typeof loader>();
  return <PolicyPage page={page} />;
}

export const meta = staticPageMeta;
