import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** One route's entry in Remix's browser manifest (`public/build/manifest-*.js`). */
type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[] };
/** The browser manifest Remix writes at build time. */
export type BrowserManifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

/**
 * Reads the production build's browser manifest from `publicDir/build` (`window.__remixManifest=…`).
 * Throws when there is no build (run `remix build` first).
 */
export function readBrowserManifest(publicDir = "public"): BrowserManifest {
  const dir = path.join(publicDir, "build");
  const file = readdirSync(dir).find((name) => /^manifest-[A-Z0-9]+\.js$/i.test(name));
  if (!file) throw new Error(`No Remix manifest in ${dir}: run \`remix build\` first`);
  const text = readFileSync(path.join(dir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as BrowserManifest;
}

/**
 * The JavaScript files a document load of `routeId` fetches: the entry, then every route from
 * root down to `routeId`, each module with its shared imports (what `<Scripts>` modulepreloads).
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

/** Bytes of one built file, raw and gzipped (zlib's default level 6, what the server's compression sends). */
export function fileBytes(publicDir: string, url: string): { raw: number; gzip: number } {
  const body = readFileSync(path.join(publicDir, url));
  return { raw: body.length, gzip: gzipSync(body).length };
}

/** The gzipped and raw JavaScript of a document load of `routeId`, in bytes. */
export function routeJsBytes(routeId: string, publicDir = "public"): { raw: number; gzip: number; files: number } {
  const files = scriptsOfRoute(readBrowserManifest(publicDir), routeId);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const size = fileBytes(publicDir, file);
    raw += size.raw;
    gzip += size.gzip;
  }
  return { raw, gzip, files: files.length };
}
