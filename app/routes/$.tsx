/**
 * Every URL no other route claims: a 404 rendered by the root ErrorBoundary, inside the header
 * and footer, with links home and to the collection (app/components/ErrorPage.tsx).
 */
function notFound(): never {
  throw new Response("Not Found", { status: 404, statusText: "Not Found" });
}

export async function loader() {
  notFound();
}

export async function action() {
  notFound();
}

/** Never rendered (the loader always throws); its presence makes this a page, not a resource route. */
export default function NotFound() {
  return null;
}
