import { afterEach, describe, expect, it, vi } from "vitest";
import { routeIdOf, STATIC_ROUTE_ID, UNMATCHED_ROUTE_ID } from "~/observability/route-id.server";

/**
 * routeIdOf (issue 46 items 2 and 3): the route label of a request, on a small build written here.
 * A path that does not decode is `unmatched` without the router's plain-text warning (the fuzz
 * found "The URL path … could not be decoded" lines in the server's JSON log).
 */

const BUILD = {
  publicPath: "/build/",
  routes: {
    root: { id: "root", path: "" },
    "routes/_index": { id: "routes/_index", parentId: "root", index: true },
    "routes/grievance_.$ticket": { id: "routes/grievance_.$ticket", parentId: "root", path: "grievance/:ticket" },
    "routes/$": { id: "routes/$", parentId: "root", path: "*" },
  },
};

afterEach(() => {
  vi.restoreAllMocks();
  globalThis.__remixServeBuild = undefined;
});

describe("routeIdOf", () => {
  it("labels a page by its route, an asset or a file as static, and nothing before the build is known", () => {
    expect(routeIdOf("/grievance/GR-2026-000001?key=x")).toBe(UNMATCHED_ROUTE_ID);
    globalThis.__remixServeBuild = BUILD;
    expect(routeIdOf("/")).toBe("routes/_index");
    expect(routeIdOf("/grievance/GR-2026-000001?key=x")).toBe("routes/grievance_.$ticket");
    expect(routeIdOf("/?_data=routes/grievance_.$ticket")).toBe("routes/grievance_.$ticket");
    expect(routeIdOf("/build/entry.client-ABC.js")).toBe(STATIC_ROUTE_ID);
    expect(routeIdOf("/favicon.ico")).toBe(STATIC_ROUTE_ID);
    expect(routeIdOf("/no/such/page")).toBe("routes/$");
  });

  it("labels a path that does not decode unmatched, and prints nothing", () => {
    globalThis.__remixServeBuild = BUILD;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (const path of ["/grievance/GR-2026-%FF", "/admin/products/%FF", "/%E3%80", "/a%"]) expect(routeIdOf(path), path).toBe(UNMATCHED_ROUTE_ID);
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});
