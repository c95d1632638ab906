import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { eventMetrics } from "~/observability/event-metrics.server";
import { runInRequest } from "~/observability/request-context.server";
import { createPageCache, PAGE_RENDER_HEADER, storePageKey, type PageCache, type PageCacheOptions } from "~/utils/page-cache.server";

/**
 * The full-page cache (DESIGN.md §17, issue 11 item 2) in front of a real HTTP server whose "app"
 * renders pages the way entry.server does: a fresh nonce per render in the CSP and the body.
 */

type App = {
  /** Renders so far, by URL. */
  renders: Map<string, number>;
  /** What the app answers for a path (status, extra headers, body text); default: a 200 page. */
  answer?: (url: string, req: http.IncomingMessage) => { status?: number; headers?: Record<string, string>; text?: string } | undefined;
  /** Delay of each render, ms. */
  delayMs: number;
  /** While set, renders wait for it before answering (a test's gate, so no race with the clock). */
  hold?: Promise<void> | null;
};

type Harness = { base: string; app: App; cache: PageCache; setTag: (tag: string | null) => void; advance: (ms: number) => void; close: () => Promise<void> };

const servers: Harness[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((h) => h.close()));
});

async function start(overrides: Partial<PageCacheOptions> = {}, app: Partial<App> = {}): Promise<Harness> {
  const state: App = { renders: new Map(), delayMs: 0, ...app };
  let tag: string | null = "c1";
  let clock = 1_000_000;
  const server = http.createServer((req, res) => serve(req, res));
  const cache = createPageCache({
    maxBytes: 10 * 1024 * 1024,
    freshMs: 60_000,
    staleMs: 600_000,
    keyOf: (req) => storePageKey(req.url ?? "/", (name) => req.headers[name] as string | undefined, { curated: ["/new-arrivals"], staticSlugs: ["about"] }, ["__session", "toast-session"]),
    catalogueTag: () => tag,
    address: () => server.address(),
    newNonce: () => randomBytes(16).toString("base64"),
    now: () => clock,
    ...overrides,
  });
  function serve(req: http.IncomingMessage, res: http.ServerResponse) {
    cache.handle(req, res, () => {
      const url = req.url ?? "/";
      state.renders.set(url, (state.renders.get(url) ?? 0) + 1);
      const nonce = randomBytes(16).toString("base64");
      const custom = state.answer?.(url, req) ?? {};
      const text = custom.text ?? `<!doctype html><html><body><h1>Page ${url}</h1><p>render ${state.renders.get(url)}</p><script nonce="${nonce}">1</script><script nonce="${nonce}">2</script>${"x".repeat(2000)}</body></html>`;
      const answer = () => {
        res.writeHead(custom.status ?? 200, {
          "content-type": "text/html; charset=utf-8",
          "content-security-policy": `script-src 'self' 'nonce-${nonce}'`,
          ...custom.headers,
        });
        res.end(text);
      };
      const hold = state.hold;
      setTimeout(() => (hold ? void hold.then(answer) : answer()), state.delayMs);
    });
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const harness: Harness = {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    app: state,
    cache,
    setTag: (next) => (tag = next),
    advance: (ms) => (clock += ms),
    close: async () => {
      cache.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  servers.push(harness);
  return harness;
}

async function get(h: Harness, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${h.base}${path}`, { headers: { "accept-encoding": "identity", ...headers } });
  return { status: response.status, cache: response.headers.get("x-page-cache"), csp: response.headers.get("content-security-policy"), headers: response.headers, text: await response.text() };
}

function noncesOf(text: string): string[] {
  return [...text.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
}

describe("page cache", () => {
  it("renders a public page once, then answers it from memory with a fresh nonce each time", async () => {
    const h = await start();
    const first = await get(h, "/collection?category=Men");
    const second = await get(h, "/collection?category=Men");
    const third = await get(h, "/collection?category=Men");
    expect([first.cache, second.cache, third.cache]).toEqual(["MISS", "HIT", "HIT"]);
    expect(h.app.renders.get("/collection?category=Men")).toBe(1);
    expect(second.text.replace(/nonce="[^"]+"/g, "")).toBe(first.text.replace(/nonce="[^"]+"/g, ""));
    const nonces = [first, second, third].map((answer) => {
      const inBody = new Set(noncesOf(answer.text));
      expect(inBody.size).toBe(1);
      const [nonce] = inBody;
      expect(answer.csp).toBe(`script-src 'self' 'nonce-${nonce}'`);
      return nonce;
    });
    expect(new Set(nonces).size).toBe(3);
  });

  it("renders a cold page once however many ask for it at the same moment", async () => {
    const h = await start({}, { delayMs: 50 });
    const answers = await Promise.all(Array.from({ length: 40 }, () => get(h, "/product/w00001")));
    expect(h.app.renders.get("/product/w00001")).toBe(1);
    expect(answers.every((a) => a.status === 200 && a.text.includes("Page /product/w00001"))).toBe(true);
    expect(answers.filter((a) => a.cache === "MISS")).toHaveLength(40);
  });

  it("never answers a request with the session or toast cookie from the cache, nor stores its page", async () => {
    const h = await start();
    await get(h, "/");
    for (const cookie of ["__session=abc", "theme=dark; toast-session=xyz"]) {
      const personal = await get(h, "/", { cookie });
      expect(personal.cache).toBeNull();
    }
    expect(h.app.renders.get("/")).toBe(3);
    const anonymous = await get(h, "/", { cookie: "theme=dark" });
    expect(anonymous.cache).toBe("HIT");
  });

  it("leaves alone other methods, ?_data requests, personal paths and Authorization", async () => {
    const h = await start();
    for (const path of ["/cart", "/orders", "/login", "/collection?_data=routes%2Fcollection._index", "/api/product/listproduct"]) {
      await get(h, path);
      expect((await get(h, path)).cache).toBeNull();
      expect(h.app.renders.get(path)).toBe(2);
    }
    await get(h, "/about", { authorization: "Bearer x" });
    expect((await get(h, "/about", { authorization: "Bearer x" })).cache).toBeNull();
    const head = await fetch(`${h.base}/about`, { method: "HEAD" });
    expect(head.headers.get("x-page-cache")).toBeNull();
  });

  it("renders again after the catalogue changes, never serving the older page", async () => {
    const h = await start();
    expect((await get(h, "/product/w00001")).text).toContain("render 1");
    expect((await get(h, "/product/w00001")).cache).toBe("HIT");
    h.setTag("c2");
    const after = await get(h, "/product/w00001");
    expect(after.cache).toBe("MISS");
    expect(after.text).toContain("render 2");
  });

  it("does not cache while the catalogue's tag is unknown", async () => {
    const h = await start();
    h.setTag(null);
    await get(h, "/");
    expect((await get(h, "/")).cache).toBeNull();
    expect(h.app.renders.get("/")).toBe(2);
  });

  it("serves a stale page while one re-render runs, then the new one", async () => {
    const h = await start();
    await get(h, "/about");
    h.advance(61_000);
    // The re-render is held until the three stale answers are in: no race with a busy machine.
    let release = () => {};
    h.app.hold = new Promise<void>((resolve) => (release = resolve));
    const stale = await Promise.all([get(h, "/about"), get(h, "/about"), get(h, "/about")]);
    expect(stale.map((a) => a.cache)).toEqual(["STALE", "STALE", "STALE"]);
    expect(stale.every((a) => a.text.includes("render 1"))).toBe(true);
    h.app.hold = null;
    release();
    await expect.poll(async () => (await get(h, "/about")).cache).toBe("HIT");
    expect(h.app.renders.get("/about")).toBe(2);
    const fresh = await get(h, "/about");
    expect(fresh.cache).toBe("HIT");
    expect(fresh.text).toContain("render 2");
    h.advance(61_000 + 600_000);
    expect((await get(h, "/about")).cache).toBe("MISS");
  });

  it("counts each answer in store_page_cache_requests_total by outcome and each render (issue 46 item 3)", async () => {
    const outcomes = async () => Object.fromEntries((await eventMetrics.pageCache.get()).values.map(({ labels, value }) => [String(labels.outcome), value]));
    const renders = async () => (await eventMetrics.pageCacheRenders.get()).values[0]?.value ?? 0;
    const [before, rendersBefore] = [await outcomes(), await renders()];
    const h = await start();
    const answers = [await get(h, "/new-arrivals"), await get(h, "/new-arrivals"), await get(h, "/new-arrivals")];
    h.advance(61_000);
    answers.push(await get(h, "/new-arrivals"));
    await expect.poll(() => h.app.renders.get("/new-arrivals")).toBe(2);
    expect(answers.map((a) => a.cache)).toEqual(["MISS", "HIT", "HIT", "STALE"]);
    const after = await outcomes();
    const delta = (outcome: string) => (after[outcome] ?? 0) - (before[outcome] ?? 0);
    expect({ miss: delta("miss"), hit: delta("hit"), stale: delta("stale"), personal: delta("personal") }).toEqual({ miss: 1, hit: 2, stale: 1, personal: 0 });
    expect((await renders()) - rendersBefore).toBe(2);
  });

  it("a render carries the X-Request-Id of the request that started it (issue 46 item 2)", async () => {
    const seen: (string | undefined)[] = [];
    const h = await start({}, { answer: (_url, req) => (seen.push(req.headers["x-request-id"] as string | undefined), undefined) });
    // The cache runs inside the guard's request context; here the test's own server is the guard.
    const context = { id: "req-abc-123", method: "GET", path: "/about" };
    const server = http.createServer((req, res) => runInRequest(context, () => h.cache.handle(req, res, () => res.end("passed"))));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/about`);
      expect(response.headers.get("x-page-cache")).toBe("MISS");
      expect(seen).toEqual(["req-abc-123"]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("passes on a 404 without storing it, and never shares an answer that sets a cookie", async () => {
    const h = await start(
      {},
      {
        answer: (url) =>
          url === "/product/gone"
            ? { status: 404, text: "<p>Not found</p>" }
            : url === "/new-arrivals"
              ? { headers: { "set-cookie": "__session=for-one-visitor" } }
              : undefined,
      },
    );
    const missing = await get(h, "/product/gone");
    expect(missing.status).toBe(404);
    expect(missing.text).toBe("<p>Not found</p>");
    expect((await get(h, "/product/gone")).status).toBe(404);
    expect(h.app.renders.get("/product/gone")).toBe(2);

    const answers = await Promise.all([get(h, "/new-arrivals"), get(h, "/new-arrivals")]);
    for (const a of answers) {
      expect(a.cache).toBeNull();
      expect(a.headers.get("set-cookie")).toBe("__session=for-one-visitor");
    }
    // The render's own answer (with the cookie) is thrown away: each visitor got a render of their own.
    expect(h.app.renders.get("/new-arrivals")).toBe(3);
  });

  it("keeps within its memory cap, dropping the least recently used pages", async () => {
    const h = await start({ maxBytes: 100 * 1024 }, { answer: () => ({ text: `<!doctype html><p>${"w".repeat(20 * 1024)}</p>` }) });
    for (let i = 0; i < 30; i++) await get(h, `/product/w${i}`);
    const { bytes, entries } = h.cache.stats();
    expect(bytes).toBeLessThanOrEqual(100 * 1024);
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThan(30);
    expect((await get(h, "/product/w29")).cache).toBe("HIT");
    expect((await get(h, "/product/w0")).cache).toBe("MISS");
  });

  it("gzips for clients that accept it", async () => {
    const h = await start();
    await get(h, "/");
    const body = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${h.base}/`, { headers: { "accept-encoding": "gzip, br" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
    expect(body.headers["content-encoding"]).toBe("gzip");
    expect(body.headers.vary).toMatch(/Accept-Encoding/);
    expect(body.headers["x-page-cache"]).toBe("HIT");
    expect(gunzipSync(body.body).toString()).toContain("Page /");
  });

  it("treats a forged render header as an ordinary request", async () => {
    const h = await start();
    await get(h, "/about");
    const forged = await get(h, "/about", { [PAGE_RENDER_HEADER]: "guess" });
    expect(forged.cache).toBe("HIT");
    expect(h.app.renders.get("/about")).toBe(1);
  });
});

/** A gate a test opens by hand: a held render answers when it opens, not when a timer says. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/**
 * Issue 49 item 2: once this process knows the catalogue changed — it read a new tag, or heard
 * `catalogue_changed` while the tag's re-read is still out — no request gets a page rendered from
 * before (docs/decisions/1021). Each race is forced: the render is held open on a gate after its
 * "loader" read the price, the change happens, then the gate opens.
 */
describe("page cache generations (issue 49 item 2)", () => {
  const PATH = "/product/w00001";
  /** An app whose product page shows `state.price`, read when the render starts (as a loader reads it). */
  async function priced() {
    const state = { price: "₹1,000" };
    const h = await start({}, { answer: () => ({ text: `<!doctype html><html><body><p data-testid="price">${state.price}</p></body></html>` }) });
    return { h, state, renders: () => h.app.renders.get(PATH) ?? 0 };
  }

  it("a render that read the old price is neither joined by requests after the tag moved nor stored", async () => {
    const { h, state, renders } = await priced();
    const first = gate();
    h.app.hold = first.promise;
    const before = get(h, PATH);
    await expect.poll(renders).toBe(1);
    // The change commits and this process reads the new tag while render 1 (old price) is still out.
    state.price = "₹2,000";
    h.setTag("c2");
    const second = gate();
    h.app.hold = second.promise;
    const after = get(h, PATH);
    // The later request starts its own render instead of waiting on the old one.
    await expect.poll(renders).toBe(2);
    second.open();
    expect((await after).text).toContain("₹2,000");
    // The old render answers last: only the request that came before the change gets it, and it is not stored.
    first.open();
    expect((await before).text).toContain("₹1,000");
    h.app.hold = null;
    const later = await get(h, PATH);
    expect(later.cache).toBe("HIT");
    expect(later.text).toContain("₹2,000");
    expect(renders()).toBe(2);
  });

  it("a notification heard before the tag's re-read answers ends the stored page and the render in flight", async () => {
    const { h, state, renders } = await priced();
    expect((await get(h, PATH)).text).toContain("₹1,000");
    // A stale answer starts a background re-render; it reads the old price and is held.
    h.advance(61_000);
    const held = gate();
    h.app.hold = held.promise;
    const stale = await get(h, PATH);
    expect(stale.cache).toBe("STALE");
    await expect.poll(renders).toBe(2);
    // The change commits; NOTIFY arrives; the tag is still "c1" (its re-read is out).
    state.price = "₹2,000";
    h.cache.invalidate();
    h.app.hold = null;
    const afterNotify = await get(h, PATH);
    expect(afterNotify.cache).toBe("MISS");
    expect(afterNotify.text).toContain("₹2,000");
    // The held re-render (old price) answers now: it must not replace the new page.
    held.open();
    await expect.poll(() => h.cache.stats().renders).toBe(3);
    await new Promise((resolve) => setImmediate(resolve));
    const afterOld = await get(h, PATH);
    expect(afterOld.cache).toBe("HIT");
    expect(afterOld.text).toContain("₹2,000");
    // The re-read then answers "c2": one more render, the same new price.
    h.setTag("c2");
    const afterTag = await get(h, PATH);
    expect(afterTag.cache).toBe("MISS");
    expect(afterTag.text).toContain("₹2,000");
    expect(renders()).toBe(4);
  });

  it("a notification that names the new tag: the re-read showing that tag keeps what was rendered since, another tag does not", async () => {
    const { h, state, renders } = await priced();
    await get(h, PATH);
    state.price = "₹2,000";
    h.cache.invalidate('"c2"');
    expect((await get(h, PATH)).text).toContain("₹2,000");
    // The re-read answers the announced tag: the page rendered after the notification stays current.
    h.setTag('"c2"');
    const same = await get(h, PATH);
    expect(same.cache).toBe("HIT");
    expect(same.text).toContain("₹2,000");
    expect(renders()).toBe(2);
    // A notification of the tag already seen (the poll was first) ends nothing.
    h.cache.invalidate('"c2"');
    expect((await get(h, PATH)).cache).toBe("HIT");
    // Announced "c3", but the re-read shows "c4" (a later change it has not heard of yet): a new generation.
    state.price = "₹3,000";
    h.cache.invalidate('"c3"');
    expect((await get(h, PATH)).text).toContain("₹3,000");
    state.price = "₹4,000";
    h.setTag('"c4"');
    const other = await get(h, PATH);
    expect(other.cache).toBe("MISS");
    expect(other.text).toContain("₹4,000");
    expect(renders()).toBe(4);
  });

  it("clear() during a render drops what is stored and does not store that render", async () => {
    const { h, state, renders } = await priced();
    await get(h, PATH);
    h.advance(61_000);
    const held = gate();
    h.app.hold = held.promise;
    expect((await get(h, PATH)).cache).toBe("STALE");
    await expect.poll(renders).toBe(2);
    h.cache.clear();
    expect(h.cache.stats().entries).toBe(0);
    state.price = "₹2,000";
    held.open();
    h.app.hold = null;
    await expect.poll(() => h.cache.stats().renders).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(h.cache.stats().entries).toBe(0);
    const next = await get(h, PATH);
    expect(next.cache).toBe("MISS");
    expect(next.text).toContain("₹2,000");
  });

  it("never serves a page older than freshMs + staleMs, whatever the tag says (the TTL backstop)", async () => {
    // The store's figures (store-page-cache.server.ts): fresh 60 s, then stale up to 11 min while one re-render runs.
    const h = await start();
    await get(h, "/about");
    await get(h, "/new-arrivals");
    h.advance(660_000 - 1);
    const last = await get(h, "/about");
    expect(last.cache).toBe("STALE");
    expect(last.text).toContain("render 1");
    h.advance(1);
    const past = await get(h, "/new-arrivals");
    expect(past.cache).toBe("MISS");
    expect(past.text).toContain("render 2");
  });

  it("a stale page whose re-render fails (database down) is not served again: the page goes to Remix", async () => {
    const h = await start();
    await get(h, "/about");
    h.app.answer = () => ({ status: 503, text: "down" });
    h.advance(61_000);
    expect((await get(h, "/about")).cache).toBe("STALE");
    await expect.poll(() => h.app.renders.get("/about")).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = await get(h, "/about");
    expect(next.cache).toBeNull();
    expect(next.status).toBe(503);
  });
});

describe("storePageKey", () => {
  const paths = { curated: ["/new-arrivals"], staticSlugs: ["about", "faqs"] };
  const key = (url: string, headers: Record<string, string> = {}) => storePageKey(url, (name) => headers[name], paths, ["__session", "toast-session"]);

  it("names the public pages by path and query", () => {
    for (const url of ["/", "/collection", "/collection?brand=Casio&page=2", "/collection/men", "/new-arrivals", "/product/w00001", "/about", "/faqs"]) {
      expect(key(url)).toBe(url);
    }
  });

  it("refuses everything else", () => {
    for (const url of ["/cart", "/orders", "/place-order", "/login", "/verify", "/profile", "/wishlist", "/api/product/listproduct", "/product/a/b", "/sitemap.xml", "/collection?_data=root", "/product/w00001?pin=560001", "/product/w00001?tab=reviews&pin="]) {
      expect(key(url)).toBeNull();
    }
    expect(key("/", { cookie: "__session=1" })).toBeNull();
    expect(key("/", { cookie: "a=1; toast-session=2" })).toBeNull();
    expect(key("/", { authorization: "Basic x" })).toBeNull();
    expect(key("/", { cookie: "a=1" })).toBe("/");
  });
});
