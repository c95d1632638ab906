import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pathIn } from "~/i18n/language";

/**
 * The Hindi twins of the store's pages (issue 27 item 1; docs/decisions/0850): remix.config.js
 * mirrors every page route under /hi, and `pathIn` moves a link into Hindi exactly when its route
 * has a twin — so no Hindi link leads to a 404, and no resource route gains a second address.
 * Read from Remix's own route manifest (the config's `routes` and the flat-routes files).
 */

type ConfigRoute = { id: string; path?: string; file: string; parentId?: string };
const require = createRequire(import.meta.url);
const { flatRoutes } = require("@remix-run/dev/dist/config/flat-routes.js") as { flatRoutes: (dir: string, ignored: string[]) => Record<string, ConfigRoute> };

/** A path the route answers: each `:param` filled with "x1", a splat with "anything". */
const examplePath = (routePath: string | undefined) => `/${(routePath ?? "").replace(/:\w+/g, "x1").replace(/\*$/, "anything")}`.replace(/\/$/, "") || "/";

describe("every page has a Hindi twin, and only pages", async () => {
  const config = (await import(path.join(process.cwd(), "remix.config.js"))).default as { routes: () => Promise<Record<string, ConfigRoute>>; ignoredRouteFiles: string[] };
  const manifest = flatRoutes("app", config.ignoredRouteFiles);
  // Each route's whole path: nested routes (the back office's) are written relative to their parent.
  const fullPath = (route: ConfigRoute): string | undefined => {
    const parent = route.parentId && route.parentId !== "root" ? manifest[route.parentId] : undefined;
    const above = parent ? fullPath(parent) : undefined;
    return [above, route.path].filter(Boolean).join("/") || undefined;
  };
  const files = Object.values(manifest).map((route) => ({ ...route, path: fullPath(route) }));
  const twins = await config.routes();
  const twinPaths = new Set(Object.values(twins).map((route) => examplePath(route.path)));

  it("mirrors the shopper's pages, not the back office or resource routes", () => {
    expect(Object.keys(twins)).toContain("hi/routes/collection._index");
    expect(Object.keys(twins)).toContain("hi/routes/product.$productId");
    expect(Object.keys(twins)).toContain("hi/routes/_index");
    expect(Object.keys(twins).some((id) => /admin|api\./.test(id))).toBe(false);
    for (const route of Object.values(twins)) expect(route.path, route.id).toMatch(/^hi(\/|$)/);
  });

  for (const route of files) {
    const english = examplePath(route.path);
    if (english === "/anything") continue; // the 404 page's splat: every path
    it(`${route.id}: a link to ${english} in Hindi ${route.file.endsWith(".tsx") && !route.id.startsWith("routes/admin") ? "has" : "keeps"} its twin`, () => {
      const hindi = pathIn(english, "hi");
      if (hindi === english) {
        expect(twinPaths.has(`/hi${english === "/" ? "" : english}`), `${english} has a twin but links keep it English`).toBe(false);
      } else {
        expect(twinPaths.has(hindi), `${hindi} has no route`).toBe(true);
      }
    });
  }
});
