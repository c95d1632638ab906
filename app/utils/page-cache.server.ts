import { languageOffer, unprefixedPath } from "~/i18n/language";
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import { LRUCache } from "lru-cache";
import { cookieNamesOf } from "~/http/cookies.server";
import { eventMetrics } from "~/observability/event-metrics.server";
import { currentRequest } from "~/observability/request-context.server";
import { PAGE_TEMPLATE_HEADER, pageTemplateHeader } from "~/utils/page-template";
import { buildPersonalTemplate, personalProductIds, renderPersonalPage, type PersonalTemplate, type PersonalView } from "~/utils/personal-page.server";

const gzip = promisify(gzipCallback);

/**
 * The full-page cache for anonymous pages (DESIGN.md §17, issue 11 item 2).
 *
 * It sits in the HTTP guard (http-guard.server.ts), in front of express and Remix, so a hit costs
 * no loader, no React render and no database query: close to a static file. A cacheable request
 * (`keyOf` answers a key: an anonymous GET of a public page) is answered from an in-process LRU of
 * rendered pages:
 * - **fresh** (younger than `freshMs`, rendered under the current catalogue tag): served as is;
 * - **stale** (older, up to `freshMs + staleMs`): served, and one re-render starts in the background;
 * - **missing**, too old, or rendered under an older catalogue tag: rendered now, every request for
 *   the same key waiting on that one render (no stampede), then served from it.
 * A render is a request to this same server over loopback, marked with a per-process secret header
 * so that it goes through to Remix: the page is produced by the same loaders and React render as
 * any other, for a visitor with no cookies. It carries the `X-Request-Id` of the request that
 * started it, so its log lines follow that request's (issue 46 item 2; the HTTP guard keeps the id
 * of a request `isRenderRequest` recognises, and logs it as a render, not as a second request). Only a `200 text/html` answer without `Set-Cookie` and
 * without `private`/`no-store` is stored; other answers (404, redirects) are passed on to the
 * requests that waited for them, and their key goes straight to Remix for `freshMs` after (or
 * until the catalogue changes: a product that was missing may now exist).
 *
 * Each answer gets a fresh CSP nonce: the stored page is kept split at its render's nonce and
 * joined with a new one (in the body and in `Content-Security-Policy`), so no two responses share
 * one. Bodies are gzipped per response when the client accepts it (as remix-serve's compression).
 *
 * **Personal pages** (issue 26 item 1; docs/decisions/0800): a request `keyOf` refuses may still be
 * a signed-in shopper's view of a public page (`personalOf` says so, with the page's key and what
 * the page shows of the shopper). It is answered from the same stored page: the first such
 * request renders two templates of the page over loopback (utils/page-template.ts) and keeps them
 * with it; each answer splices the shopper's regions and root data in (utils/personal-page.server.ts),
 * `private, no-store`, `X-Page-Cache: PERSONAL`. When the templates differ from the page anywhere
 * the splicer does not know, the page's key goes to Remix for signed-in shoppers instead.
 *
 * **Generations** (issue 49 item 2; docs/decisions/1021): the cache counts generations, one more
 * each time it sees the catalogue's tag change and each time `invalidate` or `clear` is called (a
 * `NOTIFY catalogue_changed` heard before the tag's re-read has answered; the tag it announces, when
 * the re-read shows it, is that same change and starts no other generation). A render belongs to the
 * generation it started in: requests of a later generation never wait on it (they start their
 * own), and it is stored only if the generation is still the same when it ends — else its answer
 * goes to the requests that waited on it and nowhere else. A stored page is served only in its own
 * generation. So a render whose loaders may have read the catalogue before a change can never be
 * served as current once the change is known.
 */
export type PageCacheOptions = {
  /** Memory cap of the stored pages, bytes (bodies + headers). */
  maxBytes: number;
  /** How long a stored page is served without a re-render, ms. */
  freshMs: number;
  /** How long after `freshMs` a stored page may still be served while one re-render runs, ms. */
  staleMs: number;
  /** The cache key of a request, or null when it must go to Remix (personal, not a public page…). */
  keyOf: (req: http.IncomingMessage) => string | null;
  /** The catalogue's current tag (changes with every catalogue change), or null while unknown. */
  catalogueTag: () => string | null;
  /** Where this server listens (for the loopback renders), or null before it listens. */
  address: () => AddressInfo | string | null;
  /** A fresh CSP nonce (security-headers.server.ts `newNonce`). */
  newNonce: () => string;
  /** A signed-in shopper's request for a cached page (see "Personal pages"), or null: it goes to Remix. Absent: none. */
  personalOf?: (req: http.IncomingMessage) => Promise<PersonalRequest | null>;
  /** The clock, ms since epoch; replaced in tests. */
  now?: () => number;
};

/** What the cache says in `X-Page-Cache`: served fresh, served stale (re-render started), rendered now, spliced for a shopper. */
export type PageCacheState = "HIT" | "STALE" | "MISS" | "PERSONAL";

/** A signed-in shopper's request for a public page: the page's key (a visitor's) and what it shows of them. */
export type PersonalRequest = { key: string; view: PersonalView };

export type PageCache = {
  /**
   * Answers `req` from the cache, or calls `pass` to let express and Remix answer it (a request
   * that is not cacheable, a render of the cache itself, a render that failed). Never throws.
   */
  handle: (req: http.IncomingMessage, res: http.ServerResponse, pass: () => void) => void;
  /** Whether `req` is one of the cache's own renders (entry.server renders those whole, not streamed). */
  isRender: (req: { headers: { get(name: string): string | null } }) => boolean;
  /** The same for the Node request the HTTP guard sees (it keeps a render's X-Request-Id: the outer request's). */
  isRenderRequest: (req: http.IncomingMessage) => boolean;
  /**
   * Drops every stored page and starts a new generation (e.g. the LISTEN connection was lost: a
   * change may have been missed). Renders running now are not stored.
   */
  clear: () => void;
  /**
   * The catalogue changed (a `catalogue_changed` notification, issue 49 item 2), to `tag` when the
   * notification says (else unknown): starts a new generation at once, before the tag's re-read
   * answers — unless `tag` is the one already seen. Pages and renders of earlier generations are not
   * served to later requests; stored pages stay in memory until replaced. When the re-read then
   * answers `tag`, that is this same change: no further generation.
   */
  invalidate: (tag?: string | null) => void;
  /** Counters for the bench and tests (the metrics count the same events: observability/event-metrics.server.ts). */
  stats: () => { entries: number; bytes: number; hits: number; stale: number; misses: number; renders: number; personal: number };
  /** Closes the keep-alive connections of the loopback renders. */
  close: () => void;
};

/** Where a stored page's nonce stands while its personal template is built and spliced (never sent). */
const NONCE_MARK = "\u0001page-cache-nonce\u0001";

/** The header marking a loopback render; its value is this process's secret. */
export const PAGE_RENDER_HEADER = "x-store-page-render";

/** A stored page: the body split at its render's nonce (joined with a fresh one per answer). */
type StoredPage = {
  status: number;
  /** Headers as rendered, minus per-connection and per-response ones; CSP split like the body. */
  headers: [string, string[]][];
  bodyParts: Buffer[];
  nonce: string | null;
  tag: string;
  /** The cache's generation its render started in: served only while it is still the current one. */
  generation: number;
  renderedAt: number;
  bytes: number;
  /** The signed-in templates, made on the first shopper's request; null when the page can't be spliced. */
  personal?: Promise<PersonalTemplate | null>;
};

type RenderOutcome = { stored: StoredPage } | { passOn: StoredPage } | { fallBack: true };

/** Headers a stored page does not keep: they belong to one connection or one response. */
const DROPPED_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "date", "age", "x-page-cache"]);
/** Longest a loopback render may take before the request goes to Remix itself, ms. */
const RENDER_TIMEOUT_MS = 15_000;
/**
 * The gzip level of a personal page (docs/decisions/0800): each is compressed anew, and level 3 takes
 * under half the CPU of the default 6 for ~10% more bytes (12.3 against 11.2 KB for a 77 KB collection page).
 */
const PERSONAL_GZIP_LEVEL = 3;
/** Smallest body worth gzipping, bytes (as the compression middleware's threshold). */
const GZIP_THRESHOLD = 1024;

/** Creates the page cache (see `PageCacheOptions`). */
export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now;
  const secret = randomBytes(18).toString("base64url");
  const pages = new LRUCache<string, StoredPage>({
    maxSize: options.maxBytes,
    sizeCalculation: (page) => page.bytes,
    ttl: options.freshMs + options.staleMs,
    ttlResolution: 100,
  });
  /** Keys whose last render was not storable, with the generation it was rendered in: they go to Remix for a while. */
  const notStorable = new LRUCache<string, number>({ max: 10_000, ttl: options.freshMs });
  /** The running render of each key, with the generation it started in (a later generation's request starts its own). */
  const rendering = new Map<string, { generation: number; outcome: Promise<RenderOutcome> }>();
  /** The current generation, and the tag it was last seen with (see "Generations"). */
  let generation = 0;
  let seenTag: string | null = null;
  /** The tag a notification announced (its generation already begun), until the tag read shows it or another. */
  let announcedTag: string | null = null;

  /**
   * The catalogue's tag now and the generation it is in: a tag unlike the last one seen starts a
   * new generation, unless it is the one a notification announced (that change began one already).
   */
  function current(): { tag: string | null; generation: number } {
    const tag = options.catalogueTag();
    if (tag !== seenTag) {
      if (tag === null || tag !== announcedTag) generation++;
      seenTag = tag;
      announcedTag = null;
    }
    return { tag, generation };
  }

  /**
   * Whether `page` may be served now: rendered in the current generation (every tag change and
   * notification since its render began would have ended it), within the hard age.
   */
  function servable(page: StoredPage | undefined, now: { generation: number }, age: number): page is StoredPage {
    return page !== undefined && page.generation === now.generation && age < options.freshMs + options.staleMs;
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const counters = { hits: 0, stale: 0, misses: 0, renders: 0, personal: 0 };

  /**
   * The render of `key` for generation `started` (joined when one of that generation runs). Its page
   * is stored only if the generation is unchanged when it answers; else it is only passed
   * to the requests that waited on it (docs/decisions/1021).
   */
  function render(key: string, req: http.IncomingMessage, tag: string, started: number): Promise<RenderOutcome> {
    const running = rendering.get(key);
    if (running && running.generation === started) return running.outcome;
    counters.renders++;
    eventMetrics.pageCacheRenders.inc();
    const renderedAt = now();
    const entry = { generation: started, outcome: null as unknown as Promise<RenderOutcome> };
    entry.outcome = loopbackGet(req)
      .then((answer): RenderOutcome => {
        const page = toStoredPage(answer, tag, started, renderedAt);
        if (page === null) return { fallBack: true };
        // A later generation began while it rendered (a tag change or a notification): not current, not stored.
        if (current().generation !== started) return { passOn: page };
        if (isStorable(answer)) {
          pages.set(key, page);
          notStorable.delete(key);
          return { stored: page };
        }
        notStorable.set(key, started);
        return { passOn: page };
      })
      .catch((): RenderOutcome => ({ fallBack: true }))
      .finally(() => {
        if (rendering.get(key) === entry) rendering.delete(key);
      });
    rendering.set(key, entry);
    return entry.outcome;
  }

  /**
   * GETs `req`'s URL from this server, as a visitor without cookies, marked as the cache's render
   * (with `template`, one of the signed-in templates: utils/page-template.ts).
   */
  function loopbackGet(req: http.IncomingMessage, template?: string): Promise<RenderedAnswer> {
    const address = options.address();
    if (address === null || typeof address === "string") return Promise.reject(new Error("the server does not listen on a port"));
    const headers: http.OutgoingHttpHeaders = { [PAGE_RENDER_HEADER]: secret, accept: "text/html" };
    // The render's log lines carry the id of the request that started it (issue 46 item 2).
    const requestId = currentRequest()?.id;
    if (requestId !== undefined) headers["x-request-id"] = requestId;
    if (template !== undefined) headers[PAGE_TEMPLATE_HEADER] = template;
    for (const name of ["host", "x-forwarded-host", "x-forwarded-proto", "user-agent"]) {
      if (req.headers[name] !== undefined) headers[name] = req.headers[name];
    }
    return new Promise((resolve, reject) => {
      const request = http.get(
        { host: loopbackHost(address), port: address.port, path: req.url ?? "/", headers, agent, timeout: RENDER_TIMEOUT_MS },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 500, headers: response.headers, body: Buffer.concat(chunks) }));
          response.on("error", reject);
        },
      );
      request.on("timeout", () => request.destroy(new Error("the render took too long")));
      request.on("error", reject);
    });
  }

  async function answer(req: http.IncomingMessage, res: http.ServerResponse, page: StoredPage, state: PageCacheState | null) {
    const nonce = page.nonce === null ? null : Buffer.from(options.newNonce());
    const parts: Buffer[] = [];
    page.bodyParts.forEach((part, i) => {
      if (i > 0 && nonce) parts.push(nonce);
      parts.push(part);
    });
    let body = Buffer.concat(parts);
    const gzipped = body.length >= GZIP_THRESHOLD && acceptsGzip(req);
    if (gzipped) body = await gzip(body);
    if (res.destroyed) return;
    res.statusCode = page.status;
    for (const [name, values] of page.headers) {
      res.setHeader(name, page.nonce !== null && nonce ? values.map((v) => v.split(page.nonce!).join(nonce.toString())) : values);
    }
    if (gzipped) res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Vary", varyWithAcceptEncoding(res.getHeader("vary")));
    res.setHeader("Content-Length", body.length);
    if (state) {
      res.setHeader("X-Page-Cache", state);
      res.setHeader("Age", Math.max(0, Math.floor((now() - page.renderedAt) / 1000)));
    }
    res.end(body);
  }

  /** The page's text with its nonce as NONCE_MARK (the form the templates are compared and spliced in). */
  function markedText(page: StoredPage): string {
    return page.bodyParts.map((part) => part.toString("utf8")).join(NONCE_MARK);
  }

  /** Renders the two signed-in templates of `page` and builds its personal template; null when it can't be spliced. */
  async function personalTemplate(req: http.IncomingMessage, page: StoredPage): Promise<PersonalTemplate | null> {
    const anonymous = markedText(page);
    const savedIds = personalProductIds(anonymous);
    const [one, many] = await Promise.all(
      (["one", "many"] as const).map(async (cart) => {
        const answer = await loopbackGet(req, pageTemplateHeader({ cart, savedIds }));
        const rendered = isStorable(answer) ? toStoredPage(answer, page.tag, page.generation, page.renderedAt) : null;
        return rendered === null ? null : markedText(rendered);
      }),
    );
    return one === null || many === null ? null : buildPersonalTemplate(anonymous, one, many, NONCE_MARK);
  }

  /** The stored page for `key` in generation `at`, rendered now if missing or too old; null when it can't be stored. */
  async function currentPage(key: string, req: http.IncomingMessage, at: { tag: string; generation: number }): Promise<StoredPage | null> {
    const page = pages.get(key);
    const age = page ? now() - page.renderedAt : Infinity;
    if (servable(page, at, age)) {
      if (age >= options.freshMs) void render(key, req, at.tag, at.generation);
      return page;
    }
    const outcome = await render(key, req, at.tag, at.generation);
    return "stored" in outcome ? outcome.stored : null;
  }

  /** Answers a signed-in shopper's request from the stored page and its templates, or passes it on. */
  async function answerPersonal(req: http.IncomingMessage, res: http.ServerResponse, personal: PersonalRequest, pass: () => void) {
    const { tag, generation: at } = current();
    if (tag === null || notStorable.get(personal.key) === at) return pass();
    const page = await currentPage(personal.key, req, { tag, generation: at });
    if (page === null) return pass();
    if (!page.personal) {
      page.personal = personalTemplate(req, page).catch(() => null);
      // The templates count towards the cache's memory cap while the page stays stored.
      void page.personal.then((built) => {
        const left = options.freshMs + options.staleMs - (now() - page.renderedAt);
        if (built && pages.peek(personal.key) === page && left > 0) pages.set(personal.key, page, { size: page.bytes + built.bytes, ttl: left });
      });
    }
    const template = await page.personal;
    if (template === null) return pass();
    counters.personal++;
    eventMetrics.pageCache.inc({ outcome: "personal" });
    const nonce = page.nonce === null ? null : options.newNonce();
    let body = renderPersonalPage(template, personal.view, Buffer.from(nonce ?? ""));
    const gzipped = body.length >= GZIP_THRESHOLD && acceptsGzip(req);
    if (gzipped) body = await gzip(body, { level: PERSONAL_GZIP_LEVEL });
    if (res.destroyed) return;
    res.statusCode = page.status;
    for (const [name, values] of page.headers) {
      if (name === "cache-control" || name === "vary") continue;
      res.setHeader(name, page.nonce !== null && nonce !== null ? values.map((v) => v.split(page.nonce!).join(nonce)) : values);
    }
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("Vary", "Cookie, Accept-Encoding");
    if (gzipped) res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Content-Length", body.length);
    res.setHeader("X-Page-Cache", "PERSONAL");
    res.end(body);
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse, pass: () => void): void {
    const marker = req.headers[PAGE_RENDER_HEADER];
    if (marker !== undefined) {
      if (marker === secret) return pass();
      delete req.headers[PAGE_RENDER_HEADER];
    }
    if (req.method !== "GET") return pass();
    const key = options.keyOf(req);
    if (key === null && options.personalOf) {
      options
        .personalOf(req)
        .then((personal) => (personal === null ? pass() : answerPersonal(req, res, personal, pass)))
        .catch(() => (res.headersSent ? res.destroy() : pass()));
      return;
    }
    const { tag, generation: at } = current();
    if (key === null || tag === null || notStorable.get(key) === at) return pass();
    const page = pages.get(key);
    const age = page ? now() - page.renderedAt : Infinity;
    if (servable(page, { generation: at }, age)) {
      const fresh = age < options.freshMs;
      if (fresh) counters.hits++;
      else {
        counters.stale++;
        void render(key, req, tag, at);
      }
      eventMetrics.pageCache.inc({ outcome: fresh ? "hit" : "stale" });
      void answer(req, res, page, fresh ? "HIT" : "STALE").catch(() => res.destroy());
      return;
    }
    counters.misses++;
    eventMetrics.pageCache.inc({ outcome: "miss" });
    render(key, req, tag, at)
      .then((outcome) => {
        if ("stored" in outcome) return answer(req, res, outcome.stored, "MISS");
        if ("passOn" in outcome) return answer(req, res, outcome.passOn, null);
        pass();
      })
      .catch(() => res.destroy());
  }

  return {
    handle,
    isRender: (request) => request.headers.get(PAGE_RENDER_HEADER) === secret,
    isRenderRequest: (req) => req.headers[PAGE_RENDER_HEADER] === secret,
    clear: () => {
      generation++;
      pages.clear();
      notStorable.clear();
    },
    invalidate: (tag) => {
      if (tag != null && tag === options.catalogueTag() && tag === seenTag) return;
      generation++;
      announcedTag = tag ?? null;
    },
    stats: () => ({ entries: pages.size, bytes: pages.calculatedSize, ...counters }),
    close: () => agent.destroy(),
  };
}

/** A render's answer as it came over loopback. */
type RenderedAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/**
 * Whether a render may be stored and served to other visitors: a 200 HTML page not marked personal
 * (`private`, `no-store`). An answer that sets a cookie never gets this far (toStoredPage).
 */
function isStorable(answer: RenderedAnswer): boolean {
  if (answer.status !== 200) return false;
  if (!String(answer.headers["content-type"] ?? "").startsWith("text/html")) return false;
  return !/\b(private|no-store)\b/i.test(String(answer.headers["cache-control"] ?? ""));
}

/**
 * A render as a page to answer with: its nonce (from `Content-Security-Policy`), body split there.
 * Null when the answer sets a cookie: that belongs to one visitor and is never passed on.
 */
function toStoredPage(answer: RenderedAnswer, tag: string, generation: number, renderedAt: number): StoredPage | null {
  if (answer.headers["set-cookie"] !== undefined) return null;
  const headers: [string, string[]][] = [];
  let bytes = answer.body.length + 256;
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined || DROPPED_HEADERS.has(name)) continue;
    const values = Array.isArray(value) ? value : [value];
    headers.push([name, values]);
    bytes += name.length + values.join("").length;
  }
  const csp = String(answer.headers["content-security-policy"] ?? "");
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? null;
  const bodyParts = nonce === null ? [answer.body] : splitBuffer(answer.body, Buffer.from(nonce));
  return { status: answer.status, headers, bodyParts, nonce, tag, generation, renderedAt, bytes };
}

function splitBuffer(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(separator, from); at !== -1; at = body.indexOf(separator, from)) {
    parts.push(body.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

function acceptsGzip(req: http.IncomingMessage): boolean {
  return /\bgzip\b/i.test(String(req.headers["accept-encoding"] ?? ""));
}

function varyWithAcceptEncoding(current: ReturnType<http.ServerResponse["getHeader"]>): string {
  const names = String(current ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.some((name) => name.toLowerCase() === "accept-encoding")) names.push("Accept-Encoding");
  return names.join(", ");
}

/** The host to reach a listening address on from this machine (a wildcard address means loopback). */
function loopbackHost(address: AddressInfo): string {
  if (address.address === "0.0.0.0") return "127.0.0.1";
  if (address.address === "::") return "::1";
  return address.address;
}

/** Paths whose anonymous pages are the same for everyone (DESIGN.md §17). */
export type PublicPaths = {
  /** Curated collection paths (`/new-arrivals`…). */
  curated: readonly string[];
  /** Static page slugs (`about`, `faqs`…). */
  staticSlugs: readonly string[];
};

/**
 * Query parameters that keep a URL out of the cache: `_data` (Remix's data requests) and `pin`
 * ("Check delivery", issue 13 item 3: the answer is one shopper's, changes with the day, and sets
 * their `last_pin` cookie; docs/decisions/0621).
 */
export const PERSONAL_QUERY_PARAMS: readonly string[] = ["_data", "pin"];

/**
 * The store's cache key (DESIGN.md §17): for an anonymous GET of `/`, `/collection…`,
 * `/product/…`, a curated collection or a static page — no personal cookie (session, toast,
 * remembered PIN code), no `Authorization`, none of PERSONAL_QUERY_PARAMS — the path and query as
 * requested (pages take every absolute URL from PUBLIC_URL, never from a request header, so the
 * host is not part of it). Links use the canonical URLs and non-canonical ones redirect (not
 * stored), so the stored pages are canonical URLs. Null otherwise.
 */
export function storePageKey(
  url: string,
  header: (name: string) => string | null | undefined,
  paths: PublicPaths,
  personalCookies: readonly string[],
): string | null {
  const query = url.indexOf("?");
  const pathname = query === -1 ? url : url.slice(0, query);
  if (!isPublicPage(pathname, paths)) return null;
  if (query !== -1) {
    const params = new URLSearchParams(url.slice(query + 1));
    if (PERSONAL_QUERY_PARAMS.some((name) => params.has(name))) return null;
  }
  if (header("authorization")) return null;
  // A page offering the language the visitor chose is theirs (issue 27; i18n/language.ts).
  if (languageOffer(pathname, header("cookie")) !== null) return null;
  const cookies = cookieNamesOf(header("cookie"));
  if (personalCookies.some((name) => cookies.has(name))) return null;
  return url;
}

function isPublicPage(requested: string, paths: PublicPaths): boolean {
  // A Hindi page is the English page's twin under /hi (issue 27; docs/decisions/0850).
  const pathname = unprefixedPath(requested);
  if (pathname === "/" || pathname === "/collection") return true;
  if (/^\/collection\/[^/]+$/.test(pathname) || /^\/product\/[^/]+$/.test(pathname)) return true;
  return paths.curated.includes(pathname) || paths.staticSlugs.includes(pathname.slice(1));
}
