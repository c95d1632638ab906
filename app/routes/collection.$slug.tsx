import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { CollectionPage, collectionMeta } from "~/components/CollectionPage";
import { ErrorPage } from "~/components/ErrorPage";
import { CURATED_COLLECTIONS } from "~/lib/curated-collections";
import type { loader as rootLoader } from "~/root";
import { collectionHeaders, loadCollectionPage } from "~/utils/collection-page.server";

/**
 * /collection/{luxury,sport,smart,classic,limited}: the header's curated collections, each a
 * preset of the /collection filters under its own heading (docs/decisions/0120-curated-collections.md).
 * Throws 404 for any other slug.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const collection = CURATED_COLLECTIONS[`/collection/${params.slug ?? ""}`];
  if (!collection) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return loadCollectionPage(request, collection);
}

export const headers: HeadersFunction = collectionHeaders;

export default function CuratedCollection() {
  const data = useLoaderData<typeof loader>();
  return <CollectionPage {...data} />;
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data, matches }) =>
  collectionMeta(data, matches.find((m) => m.id === "root")?.data?.env.STORE_NAME);

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status} message={status === 404 ? undefined : "We couldn't load the watches just now. Please try again in a moment."} />;
}
