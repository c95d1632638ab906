import { languageOfPath } from "~/i18n/language";
import type http from "node:http";
import { getBackend } from "~/backend/index.server";
import { catalogueListenUrl, getEnv, type Env } from "~/config/env.server";
import { CURATED_COLLECTIONS } from "~/lib/curated-collections";
import { watchCatalogue } from "~/utils/catalogue-watch.server";
import { CONTENT_SLUGS } from "~/utils/content.server";
import { guardedServerAddress } from "~/utils/http-guard.server";
import { createPageCache, storePageKey, type PageCache, type PersonalRequest } from "~/utils/page-cache.server";
import { shopperRootData } from "~/utils/personal-root-data.server";
import { newNonce, personalCookieNames } from "~/utils/security-headers.server";
import { getSessionToken, sessionCookieName } from "~/utils/session.server";

/** A stored page is served without a re-render for this long, ms (catalogue changes end it at once). */
export const PAGE_FRESH_MS = 60_000;
/** …and served stale while one re-render runs for this long after, ms (DESIGN.md §17). */
export const PAGE_STALE_MS = 10 * 60_000;
/** How often the catalogue's tag is read when no notification says it changed, ms. */
const CATALOGUE_POLL_MS = 500;
/**
 * How long a tag read is trusted without a newer one succeeding, ms: past it (the database down or
 * out of reach) the cache answers nothing, so a change it could not see is never hidden behind a
 * stored page for longer (issue 49 item 2; docs/decisions/1021).
 */
const CATALOGUE_TRUST_MS = 5_000;

const paths = { curated: Object.keys(CURATED_COLLECTIONS), staticSlugs: CONTENT_SLUGS };

function headerOf(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** The running cache (startStorePageCache's), for `isPageCacheRender`. */
let running: PageCache | null = null;

/** The running cache's counters and size (PageCache `stats`), or null without a cache: the metrics' page-cache gauges. */
export function runningPageCacheStats(): ReturnType<PageCache["stats"]> | null {
  return running?.stats() ?? null;
}

/** Whether a Remix request is one of the page cache's own renders (its secret header; false without a cache). */
export function isPageCacheRender(request: Request): boolean {
  return running?.isRender(request) === true;
}

/**
 * A signed-in shopper's request for a public page, as the cache's personal pages take it
 * (docs/decisions/0800): the page's key (as a visitor's, the session cookie aside) and what the
 * page shows of the shopper, from two indexed queries. Null — the request goes to Remix — for any
 * other cookie that makes a page personal (a toast, a remembered PIN code), a session the store
 * does not accept (Remix logs it out), staff (their menu links the back office), a product page
 * whose delivery check starts from the shopper's saved address, or a store whose data lives elsewhere.
 */
async function personalRequest(req: http.IncomingMessage): Promise<PersonalRequest | null> {
  const { own, capabilities } = getBackend();
  const cookie = headerOf(req, "cookie");
  if (!own || !cookie) return null;
  const session = sessionCookieName();
  const key = storePageKey(req.url ?? "/", (name) => headerOf(req, name), paths, personalCookieNames().filter((name) => name !== session));
  if (key === null) return null;
  const token = await getSessionToken(new Request("http://store.invalid/", { headers: { cookie } }));
  if (!token) return null;
  const state = await own.shopperHeader.shopperHeaderState(token);
  if (!state || state.staff || (state.savedAddress && key.startsWith("/product/"))) return null;
  const root = shopperRootData(state, capabilities.wishlist, languageOfPath(key));
  return { key, view: { root, cartCount: state.cartCount, wishlistLabel: root.wishlist, savedIds: new Set(state.savedIds) } };
}

/**
 * Whether a Remix request is for a page the cache may hold (DESIGN.md §17): an anonymous GET of a
 * public page. entry.server gives those pages a CDN-friendly Cache-Control when they set none.
 */
export function isPublicPageRequest(request: Request): boolean {
  if (request.method !== "GET") return false;
  const url = new URL(request.url);
  return storePageKey(`${url.pathname}${url.search}`, (name) => request.headers.get(name), paths, personalCookieNames()) !== null;
}

/** The store's page cache and what keeps it in step with the catalogue. */
export type StorePageCache = {
  /** The HTTP guard's `front` hook: answers from the cache or passes on. */
  front: (req: http.IncomingMessage, res: http.ServerResponse, pass: () => void) => void;
  /** Whether a request is one of the cache's own renders (rendered whole, not streamed). */
  isRender: (request: Request) => boolean;
  /** The same, on the Node request the HTTP guard sees (its request id is the outer request's; logged as a render). */
  isRenderRequest: (req: http.IncomingMessage) => boolean;
  cache: PageCache;
  /** Stops watching the catalogue and closes the render connections and the LISTEN connection. */
  close: () => Promise<void>;
};

/**
 * The full-page cache of anonymous pages (DESIGN.md §17, issue 11 item 2; see page-cache.server.ts)
 * wired to this store: public pages are `/`, `/collection…`, `/product/…`, the curated collections
 * and the static pages; the session and toast cookies make a request personal; a stored page is
 * valid while the catalogue's tag (`catalogue_state.version`, or a remote backend's
 * ETag) is the one it was rendered under — read every 500 ms and, on PostgreSQL, at once on
 * `NOTIFY catalogue_changed`, heard on a connection of its own to DATABASE_LISTEN_URL (else
 * DATABASE_URL; issue 49 item 3). No stale page after a change is known (issue 49 item 2;
 * docs/decisions/1021): the notification starts a new cache generation before the tag's re-read
 * answers (and names the new tag, so the re-read showing it starts no second one); a lost LISTEN connection drops every stored page (the poll carries on meanwhile); a
 * tag not confirmed for CATALOGUE_TRUST_MS serves nothing from the cache. Null when PAGE_CACHE_MB is 0.
 */
export function startStorePageCache(env: Env = getEnv()): StorePageCache | null {
  if (env.PAGE_CACHE_MB === 0) return null;
  const watch = watchCatalogue(() => getBackend().catalogueTag(), CATALOGUE_POLL_MS, { trustMs: CATALOGUE_TRUST_MS });
  const cache = createPageCache({
    maxBytes: env.PAGE_CACHE_MB * 1024 * 1024,
    freshMs: PAGE_FRESH_MS,
    staleMs: PAGE_STALE_MS,
    keyOf: (req) => storePageKey(req.url ?? "/", (name) => headerOf(req, name), paths, personalCookieNames()),
    catalogueTag: watch.tag,
    address: guardedServerAddress,
    newNonce,
    personalOf: personalRequest,
  });
  // On the store's own PostgreSQL, a catalogue change is heard at once (NOTIFY catalogue_changed).
  const own = getBackend().own;
  const listenUrl = catalogueListenUrl(env);
  const listener =
    own && listenUrl
      ? own.catalogueChanges.listen(
          listenUrl,
          (tag) => {
            cache.invalidate(tag);
            watch.nudge();
          },
          { onLost: cache.clear },
        )
      : null;
  running = cache;
  return {
    front: cache.handle,
    isRender: cache.isRender,
    isRenderRequest: cache.isRenderRequest,
    cache,
    close: async () => {
      if (running === cache) running = null;
      watch.close();
      cache.close();
      await listener?.close();
    },
  };
}
