import { createRequire } from "node:module";

// Remix's own reading of app/routes (the flat-routes convention), to mirror its pages under /hi.
const { flatRoutes } = createRequire(import.meta.url)("@remix-run/dev/dist/config/flat-routes.js");

const IGNORED_ROUTE_FILES = ["**/.*", "**/*.test.*"];

/**
 * The shopper's pages again under /hi (issue 27 item 1; DESIGN.md §24; docs/decisions/0850): the
 * same route module at `hi/<path>` with the id `hi/<id>`, so a Hindi address is a page of its own
 * (bookmarks, shares, the page cache's key) and renders the same code. Resource routes (the Store
 * API, images, sitemaps, feeds, .ts files) and the back office stay at one address.
 */
function hindiRoutes() {
  const routes = {};
  for (const route of Object.values(flatRoutes("app", IGNORED_ROUTE_FILES))) {
    if (!route.file.endsWith(".tsx") || /^routes\/admin/.test(route.id)) continue;
    const id = `hi/${route.id}`;
    const path = route.path === undefined ? "hi" : `hi/${route.path}`;
    routes[id] = { ...route, id, parentId: "root", path, index: route.path === undefined ? undefined : route.index };
  }
  return routes;
}

// BUILD_SUFFIX lets several builds live side by side (parallel test runs); unset in normal use.
const suffix = process.env.BUILD_SUFFIX ? `-${process.env.BUILD_SUFFIX}` : "";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: IGNORED_ROUTE_FILES,
  routes: async () => hindiRoutes(),
  serverModuleFormat: "esm",
  serverBuildPath: `build${suffix}/index.js`,
  assetsBuildDirectory: `public/build${suffix}`,
  publicPath: `/build${suffix}/`,
  tailwind: true,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
