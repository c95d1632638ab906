import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CollectionPage, collectionMeta } from "~/components/CollectionPage";
import { ErrorPage } from "~/components/ErrorPage";
import { CURATED_COLLECTIONS } from "~/lib/curated-collections";
import type { loader as rootLoader } from "~/root";
import { collectionHeaders, loadCollectionPage } from "~/utils/collection-page.server";

/** /new-arrivals (header NEW ARRIVALS): the whole collection, newest first, under its own heading. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadCollectionPage(request, CURATED_COLLECTIONS["/new-arrivals"]);
}

export const headers: HeadersFunction = collectionHeaders;

export default function NewArrivals() {
  const data = useLoaderData<typeof loader>();
  return <CollectionPage {...data} />;
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data, matches }) =>
  collectionMeta(data, matches.find((m) => m.id === "root")?.data?.env.STORE_NAME);

export function ErrorBoundary() {
  return <ErrorPage status={500} message="We couldn't load the watches just now. Please try again in a moment." />;
}
