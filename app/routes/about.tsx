import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/local-links";
import { Prose } from "~/components/Prose";
import { StaticPage, staticPageMeta } from "~/components/StaticPage";
import { loadContentPage, withBody } from "~/utils/content.server";

/** About us (SPEC.md §2 static pages), from app/content/about.md. */
export async function loader() {
  return json({ page: withBody(await loadContentPage("about")) });
}

export default function About() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <StaticPage page={page} eyebrow="About">
      <Prose html={page.html} />
      <p className="mt-10">
        <Link
          to="/collection"
          className="inline-block rounded bg-black px-8 py-3 text-sm font-medium tracking-wider text-white hover:bg-gray-800"
        >
          SHOP THE COLLECTION
        </Link>
      </p>
    </StaticPage>
  );
}

export const meta = staticPageMeta;
