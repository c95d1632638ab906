import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PolicyPage, staticPageMeta } from "~/components/StaticPage";
import { loadContentPage, withBody } from "~/utils/content.server";

/** The privacy policy (SPEC.md §2), from app/content/privacy-policy.md. */
export async function loader() {
  return json({ page: withBody(await loadContentPage("privacy-policy")) });
}

export default function PrivacyPolicy() {
  const { page } = useLoaderData<typeof loader>();
  return <PolicyPage page={page} />;
}

export const meta = staticPageMeta;
