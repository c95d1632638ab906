import { createRequire } from "node:module";
import path from "node:path";
import { PassThrough } from "node:stream";
import { createElement, Fragment } from "react";
import { describe, expect, it } from "vitest";

// The files the production server runs (NODE_ENV=production, CommonJS), loaded by path: under
// Vitest "react-dom/server" would be the development build and "@remix-run/router" the ESM one.
const require = createRequire(import.meta.url);
const installed = (file: string) => path.join(process.cwd(), "node_modules", file);
const { renderToPipeableStream } = require(installed("react-dom/cjs/react-dom-server.node.production.min.js")) as typeof import("react-dom/server");
const { renderToString } = require(installed("react-dom/cjs/react-dom-server-legacy.node.production.min.js")) as typeof import("react-dom/server");
const { matchPath, matchRoutes } = require(installed("@remix-run/router/dist/router.cjs.js")) as typeof import("@remix-run/router");
type RouteObject = import("@remix-run/router").AgnosticRouteObject;

/**
 * The server-side patches of docs/decisions/0810 (patches/*.patch, applied by `npm ci`): they
 * change how work is done, never the answer. Each answer is checked against an independent one:
 * React's string renderer (a separate file, not patched) and hand-written expectations.
 */

/** The whole body React's streaming renderer writes for `element`, decoded as UTF-8, and the number of writes. */
function streamed(element: ReturnType<typeof createElement>): Promise<{ html: string; writes: number }> {
  return new Promise((resolve, reject) => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on("data", (chunk: Buffer) => chunks.push(chunk));
    out.on("end", () => resolve({ html: Buffer.concat(chunks).toString("utf8"), writes: chunks.length }));
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(out), onError: reject });
  });
}

describe("React's streaming renderer gathers text before encoding it (react-dom patch)", () => {
  it("writes exactly what the string renderer writes, multi-byte text and all, over many chunks", async () => {
    const rows = Array.from({ length: 2_000 }, (_, i) =>
      createElement("p", { key: i, title: `₹${i} “quoted” & <kept>`, className: "price" }, "घड़ी ₹", i, " ", "é".repeat(i % 7)),
    );
    const element = createElement("main", { lang: "en-IN" }, createElement(Fragment, null, rows));
    const { html, writes } = await streamed(element);
    expect(html).toBe(renderToString(element));
    const bytes = Buffer.byteLength(html);
    expect(bytes).toBeGreaterThan(100_000);
    // Gathered: about one write per 8 KB of text (unpatched, one per 2 KB view: over 50 here).
    expect(writes).toBeGreaterThan(1);
    expect(writes).toBeLessThanOrEqual(Math.ceil(bytes / 8192) + 2);
  });

  it("writes a small page whole, and an empty one as nothing", async () => {
    const small = createElement("h1", null, "Chrono India — घड़ियाँ");
    expect((await streamed(small)).html).toBe("<h1>Chrono India — घड़ियाँ</h1>");
    expect((await streamed(createElement(Fragment))).html).toBe("");
  });
});

describe("route matching keeps its ranked branches and compiled patterns (@remix-run/router patch)", () => {
  const routes: RouteObject[] = [
    {
      id: "root",
      path: "/",
      children: [
        { id: "home", index: true },
        { id: "collection", path: "collection" },
        { id: "collection-slug", path: "collection/:slug" },
        { id: "product", path: "product/:productId" },
        { id: "splat", path: "*" },
      ],
    },
  ];
  const ids = (pathname: string, table: RouteObject[] = routes) => matchRoutes(table, pathname)?.map((match) => match.route.id) ?? null;

  it("answers each path of the same table with its own routes and params, however often asked", () => {
    for (let round = 0; round < 3; round++) {
      expect(ids("/")).toEqual(["root", "home"]);
      expect(ids("/collection")).toEqual(["root", "collection"]);
      expect(ids("/collection/luxury")).toEqual(["root", "collection-slug"]);
      expect(matchRoutes(routes, "/product/w00042")?.at(-1)?.params).toEqual({ productId: "w00042" });
      expect(ids("/no/such/page")).toEqual(["root", "splat"]);
    }
  });

  it("tries only the branches a path's first segment allows, and still finds params, splats, any case and the index", () => {
    // The server's copy also keeps, per first segment, the branches that could match (their own
    // first segment, or a param or splat); these answers are the unpatched router's.
    const table: RouteObject[] = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "home", index: true },
          { id: "collection", path: "collection" },
          { id: "hi-collection", path: "hi/collection" },
          { id: "hi-home", path: "hi" },
          { id: "brand", path: ":brand/watches" },
          { id: "splat", path: "*" },
        ],
      },
    ];
    expect(ids("/", table)).toEqual(["root", "home"]);
    expect(ids("/COLLECTION", table)).toEqual(["root", "collection"]);
    expect(ids("/hi/Collection", table)).toEqual(["root", "hi-collection"]);
    expect(ids("/hi", table)).toEqual(["root", "hi-home"]);
    // A first segment no branch names: the param branch, then the splat.
    expect(matchRoutes(table, "/casio/watches")?.at(-1)?.params).toEqual({ brand: "casio" });
    expect(ids("/casio/straps", table)).toEqual(["root", "splat"]);
    // A named first segment still falls through to the param and splat branches.
    expect(matchRoutes(table, "/collection/watches")?.at(-1)?.params).toEqual({ brand: "collection" });
    expect(ids("/hi/nothing-here", table)).toEqual(["root", "splat"]);
    expect(ids("/caf%C3%A9", table)).toEqual(["root", "splat"]);
  });

  it("a different table gets its own answer, not the first table's", () => {
    const other: RouteObject[] = [{ id: "only-product", path: "/product/:productId" }];
    expect(ids("/product/w1")).toEqual(["root", "product"]);
    expect(ids("/product/w1", other)).toEqual(["only-product"]);
    expect(ids("/collection", other)).toBeNull();
  });

  it("one pattern compiled once still matches case-insensitively, to the end or as a prefix, as asked", () => {
    expect(matchPath("/product/:id", "/PRODUCT/w7")?.params).toEqual({ id: "w7" });
    expect(matchPath({ path: "/product/:id", caseSensitive: true }, "/PRODUCT/w7")).toBeNull();
    expect(matchPath({ path: "/product", end: false }, "/product/w7")?.pathnameBase).toBe("/product");
    expect(matchPath({ path: "/product", end: true }, "/product/w7")).toBeNull();
  });
});

describe("single fetch is patched out of the browser's code (@remix-run/react patch, docs/decisions/0840)", () => {
  it("is off in remix.config.js, so the patched-out code is never reached", async () => {
    const config = (await import(path.join(process.cwd(), "remix.config.js"))).default as { future: Record<string, boolean> };
    expect(config.future.v3_singleFetch).toBe(false);
  });
});
