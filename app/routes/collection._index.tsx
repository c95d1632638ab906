import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ErrorPage } from "~/components/ErrorPage";
import { CollectionPage, collectionMeta } from "~/components/CollectionPage";
import type { loader as rootLoader } from "~/root";
import { collectionHeaders, loadCollectionPage } from "~/utils/collection-page.server";

/** /collection: search, filters, sort and page from the URL (DESIGN.md §5); 25 cards at most. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadCollectionPage(request);
}

export const headers: HeadersFunction = collectionHeaders;

export default function Collection() {
  const data = useLoaderData<typeof loader>();
  return <CollectionPage {...data} />;
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data, matches }) =>
  collectionMeta(data, matches.find((m) => m.id === "root")?.data?.env.STORE_NAME);

export function ErrorBoundary() {
  return <ErrorPage status={500} message="We couldn't load the watches just now. Please try again in a moment." />;
}
