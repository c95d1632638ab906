import { matchRoutes } from "@remix-run/react";

/** A route of Remix's server build (`build.routes`), as far as matching needs it. */
type BuildRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };
type MatchRoute = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: MatchRoute[] };

declare global {
  // Set by remix-serve (patches/@remix-run+serve+*.patch) to the server build it imported.
  var __remixServeBuild: { routes: Record<string, BuildRoute>; publicPath: string } | undefined;
}

/** The route label of a request that no route answers (a static file, the guard's own pages). */
export const STATIC_ROUTE_ID = "static";
/** The route label of a path no route matches. */
export const UNMATCHED_ROUTE_ID = "unmatched";

let cached: { build: object; tree: MatchRoute[]; ids: Set<string>; publicPath: string } | undefined;

function treeOf(routes: Record<string, BuildRoute>, parentId: string | undefined): MatchRoute[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => ({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      ...(route.index ? {} : { children: treeOf(routes, route.id) }),
    }));
}

/**
 * The Remix route id that answers `url` (a request's path and query, e.g. "/collection?page=2"):
 * a `?_data=` route id of the build when it names one, else the deepest route matching the path
 * (`routes/collection`, `hi/routes/_index`), `static` under the build's assets path or for a
 * file path only the splat route matches, `unmatched` when nothing matches or before remix-serve
 * has imported the build. A bounded set of labels (the build's route ids), so it can label metrics.
 */
export function routeIdOf(url: string): string {
  const build = globalThis.__remixServeBuild;
  if (!build) return UNMATCHED_ROUTE_ID;
  if (cached?.build !== build) cached = { build, tree: treeOf(build.routes, undefined), ids: new Set(Object.keys(build.routes)), publicPath: build.publicPath };
  let parsed: URL;
  try {
    parsed = new URL(url, "http://route.invalid");
  } catch {
    return UNMATCHED_ROUTE_ID;
  }
  const data = parsed.searchParams.get("_data");
  if (data && cached.ids.has(data)) return data;
  if (parsed.pathname.startsWith(cached.publicPath)) return STATIC_ROUTE_ID;
  // A path that does not decode (`%FF`) matches nothing, and the router would print a plain-text
  // warning for it (the HTTP guard answers it 400 after labelling it; issue 46 item 2).
  try {
    decodeURIComponent(parsed.pathname);
  } catch {
    return UNMATCHED_ROUTE_ID;
  }
  const matches = matchRoutes(cached.tree as Parameters<typeof matchRoutes>[0], parsed.pathname);
  const deepest = matches?.at(-1)?.route.id;
  if (!deepest || deepest === "root") return UNMATCHED_ROUTE_ID;
  if (deepest === "routes/$" && /\.[^/]+$/.test(parsed.pathname)) return STATIC_ROUTE_ID;
  return deepest;
}
