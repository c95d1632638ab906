import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** One route's entry in Remix's browser manifest (`public/build/manifest-*.js`). */
type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[] };
/** The browser manifest Remix writes at build time. */
export type BrowserManifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

/**
 * The folder under `public/` a build's browser assets are in: `build`, or `build-<suffix>` for a
 * side-by-side build (remix.config.js's BUILD_SUFFIX). `suffix` defaults to none, the normal build.
 */
export function buildFolder(suffix?: string): string {
  return suffix ? `build-${suffix}` : "build";
}

/**
 * Reads a production build's browser manifest from `publicDir/buildDir` (`window.__remixManifest=…`).
 * `buildDir` is `build` (the normal build) unless given, e.g. `buildFolder(process.env.BUILD_SUFFIX)`.
 * Throws when there is no build (run `remix build` first).
 */
export function readBrowserManifest(publicDir = "public", buildDir = "build"): BrowserManifest {
  const dir = path.join(publicDir, buildDir);
  const file = existsSync(dir) ? readdirSync(dir).find((name) => /^manifest-[A-Z0-9]+\.js$/i.test(name)) : undefined;
  if (!file) throw new Error(`No Remix manifest in ${dir}: run \`remix build\` first`);
  const text = readFileSync(path.join(dir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as BrowserManifest;
}

/**
 * The JavaScript files a document load of `routeId` fetches: the entry, then every route from
 * root down to `routeId`, each module with its shared imports (what `<Scripts>` modulepreloads).
 * Chunks the page may fetch later with a dynamic `import()` (the toaster, Cashfree's SDK) are not
 * in the manifest and not counted.
 */
export function scriptsOfRoute(manifest: BrowserManifest, routeId: string): string[] {
  const chain: ManifestRoute[] = [];
  for (let route: ManifestRoute | undefined = manifest.routes[routeId]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) {
    chain.unshift(route);
  }
  if (chain.length === 0) throw new Error(`No route ${routeId} in the manifest`);
  const files = [manifest.entry.module, ...manifest.entry.imports];
  for (const route of chain) files.push(route.module, ...(route.imports ?? []));
  return [...new Set(files)];
}

/**
 * The routes of the manifest that render a page (their module has a default export), root
 * included; resource routes (sitemaps, the Store API, images) have none. Hindi twins (`hi/…`,
 * docs/decisions/0850) are left out: each loads exactly its English page's scripts. Read from the route's
 * source file under `appDir` (`routes/login` → `app/routes/login.tsx`), since the manifest does
 * not say. Throws for a route whose source file cannot be found.
 */
export function pageRouteIds(manifest: BrowserManifest, appDir = "app"): string[] {
  return Object.keys(manifest.routes).filter((id) => {
    // A Hindi twin (`hi/<id>`, remix.config.js) is its English page's module: measured once, as it.
    if (id.startsWith("hi/")) return false;
    const file = [".tsx", ".ts", ".jsx", ".js"].map((ext) => path.join(appDir, `${id}${ext}`)).find((candidate) => existsSync(candidate));
    if (!file) throw new Error(`No source file for route ${id} under ${appDir}`);
    return /^export\s+default\s/m.test(readFileSync(file, "utf8"));
  });
}

/**
 * Bytes of one built file, raw and gzipped (zlib's default level 6, what the server's compression
 * sends). A side-by-side build (`/build-<suffix>/`, e.g. the bench's) is measured as the production
 * build serves it: its own public path in import statements counted as `/build/`.
 */
export function fileBytes(publicDir: string, url: string): { raw: number; gzip: number } {
  let body = readFileSync(path.join(publicDir, url));
  const suffixed = /^\/(build-[^/]+)\//.exec(url)?.[1];
  if (suffixed) body = Buffer.from(body.toString("utf8").split(`/${suffixed}/`).join("/build/"));
  return { raw: body.length, gzip: gzipSync(body).length };
}

/**
 * The gzipped and raw JavaScript of a document load of `routeId`, in bytes, for the build in
 * `publicDir/buildDir` (the normal build, `public/build`, unless given).
 */
export function routeJsBytes(routeId: string, publicDir = "public", buildDir = "build"): { raw: number; gzip: number; files: number } {
  const files = scriptsOfRoute(readBrowserManifest(publicDir, buildDir), routeId);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const size = fileBytes(publicDir, file);
    raw += size.raw;
    gzip += size.gzip;
  }
  return { raw, gzip, files: files.length };
}
