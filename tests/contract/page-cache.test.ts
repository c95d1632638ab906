import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "~/db/db.server";
import { addSavedAddress } from "~/services/addresses.server";
import { startContractServer, type ContractServer } from "../setup/contract-server";
import { addToCart, logInCookie, registerShopper } from "../setup/shoppers";

/**
 * The full-page cache on the production build (DESIGN.md §17, issue 11 item 2): remix-serve on a
 * fresh SQLite store with the demo catalogue. Anonymous pages come from the cache; a signed-in
 * shopper's are spliced from it (issue 26 item 1; docs/decisions/0800), each byte for byte the page
 * Remix renders for that shopper, and nobody ever sees another shopper's header, cart count or
 * marks; a catalogue import by another process shows on a cached page within 2 s.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const WITHIN_MS = 2_000;

let server: ContractServer;

beforeAll(async () => {
  server = await startContractServer({}, { buildSuffix: "contract-page-cache" });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

async function get(pathname: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}${pathname}`, { headers, redirect: "manual" });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

type ApiProduct = { _id: string; name: string; price: number; discount?: number; colours: string[] };

async function catalogue(): Promise<ApiProduct[]> {
  return (await (await fetch(`${server.baseUrl}/api/product/listproduct`)).json()).products;
}

/**
 * A shopper registered through the Store API, with `lines` products in the cart, logged in through
 * the /login form, with `saved` saved to the wishlist (the hearts' form): the session cookie only,
 * as a browser sends it once the login's toast is shown.
 */
async function loggedInShopper(lines: number, saved: readonly string[] = []): Promise<{ cookie: string }> {
  const shopper = await registerShopper(server.baseUrl, "cache");
  const plain = (await catalogue()).filter((p) => p.colours.length === 0).slice(0, lines);
  await addToCart(server.baseUrl, shopper.token, plain.map((p) => p._id));
  const cookie = (await logInCookie(server.baseUrl, shopper))
    .split("; ")
    .filter((pair) => pair.includes("session") && !pair.includes("toast"))
    .join("; ");
  for (const productId of saved) {
    const response = await fetch(`${server.baseUrl}/wishlist`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.baseUrl, cookie },
      body: new URLSearchParams({ intent: "add", productId, redirectTo: "/" }),
      redirect: "manual",
    });
    expect(response.status).toBe(303);
  }
  return { cookie };
}

/** The product ids of a page's hearts and WISHLIST toggle, in page order. */
function markedIds(html: string): string[] {
  return [...html.matchAll(/data-personal="(?:heart|wishlist)"[^>]*>(?:<input[^>]*>)*?<input type="hidden" name="productId" value="([^"]+)"/g)].map((m) => m[1]);
}

/** The hearts and WISHLIST a page shows as saved ("Remove … from wishlist", "Saved to wishlist"). */
function savedMarks(html: string): number {
  return (html.match(/ from wishlist<\/span>|>Saved to wishlist</g) ?? []).length;
}

/** A page with its per-response CSP nonce blanked (the only byte that differs between two answers). */
const withoutNonce = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');

/** What the header says about the visitor: logged in ("Hello User"), and the cart count it shows. */
function headerOf(html: string) {
  const count = /<span class="sr-only">Cart, <\/span><span[^>]*>(\d+)<\/span>/.exec(html)?.[1];
  return { loggedIn: html.includes(">Hello User</p>"), cartCount: count === undefined ? null : Number(count) };
}

/** The product page's price as shown (PriceBlock) and as its JSON-LD Offer says. */
function pricesOf(html: string) {
  const shown = /data-testid="price"[\s\S]*?₹([\d,]+(?:\.\d\d)?)/.exec(html)?.[1]?.replace(/,/g, "") ?? null;
  const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
  const offer = ld.find((item) => item["@type"] === "Product")?.offers;
  return { shown: shown === null ? null : Number(shown), offer: offer ? Number(offer.price) : null };
}

describe("full-page cache on the production build (issue 11 item 2)", () => {
  it("answers anonymous public pages from the cache, with a CDN-friendly Cache-Control", async () => {
    const product = (await catalogue())[0];
    for (const pathname of ["/", "/collection?category=Men", `/product/${product._id}`, "/new-arrivals", "/about"]) {
      await get(pathname);
      const again = await get(pathname);
      expect(again.status, pathname).toBe(200);
      expect(again.headers.get("x-page-cache"), pathname).toBe("HIT");
      expect(again.headers.get("cache-control"), pathname).toMatch(/^public, /);
      expect(again.headers.get("set-cookie"), pathname).toBeNull();
      expect(headerOf(again.text), pathname).toEqual({ loggedIn: false, cartCount: null });
    }
  });

  it("never serves a signed-in shopper the cached page itself, and nobody sees another shopper's header", async () => {
    const anonymousFirst = await get("/");
    const asha = await loggedInShopper(2);
    const ravi = await loggedInShopper(0);
    for (let round = 0; round < 3; round++) {
      for (const pathname of ["/", "/collection?category=Men", "/about"]) {
        const ashaPage = await get(pathname, { cookie: asha.cookie });
        const raviPage = await get(pathname, { cookie: ravi.cookie });
        const anonymous = await get(pathname);
        for (const page of [ashaPage, raviPage]) {
          expect(page.headers.get("x-page-cache"), pathname).toBe("PERSONAL");
          expect(page.headers.get("cache-control"), pathname).toBe("private, no-store");
        }
        expect(headerOf(ashaPage.text), pathname).toEqual({ loggedIn: true, cartCount: 2 });
        expect(headerOf(raviPage.text), pathname).toEqual({ loggedIn: true, cartCount: 0 });
        expect(anonymous.headers.get("x-page-cache"), pathname).toBe("HIT");
        expect(headerOf(anonymous.text), pathname).toEqual({ loggedIn: false, cartCount: null });
      }
    }
    expect(anonymousFirst.status).toBe(200);
  });

  it("splices each signed-in shopper's page from the cached one, byte for byte what Remix renders for them", async () => {
    // The same store's database served whole (no page cache): what Remix renders for each shopper.
    const whole = await startContractServer(
      { DATABASE_URL: `file:${server.databaseFile}`, PAGE_CACHE_MB: "0", PUBLIC_URL: server.baseUrl },
      { buildSuffix: "contract-page-cache", skipBuild: true },
    );
    try {
      const home = await get("/");
      const onHome = markedIds(home.text);
      expect(onHome.length).toBeGreaterThan(2);
      const product = (await catalogue()).find((p) => p.colours.length === 0)!;
      const shoppers = {
        // One item (the header's "1 item"), two watches of the home page saved, and the product page's.
        asha: await loggedInShopper(1, [onHome[0], onHome[2], product._id]),
        // Three items, nothing saved.
        ravi: await loggedInShopper(3),
        // An empty cart, one watch saved.
        meera: await loggedInShopper(0, [onHome[1]]),
      };
      const savedBy: Record<string, string[]> = { asha: [onHome[0], onHome[2], product._id], ravi: [], meera: [onHome[1]] };
      const anonymousMarks = new Map<string, string[]>();
      for (const pathname of ["/", "/?tab=watches", "/collection?category=Men&sort=low-high", `/product/${product._id}`, "/new-arrivals", "/about"]) {
        for (const [name, shopper] of Object.entries(shoppers)) {
          const spliced = await get(pathname, { cookie: shopper.cookie });
          const rendered = await fetch(`${whole.baseUrl}${pathname}`, { headers: { cookie: shopper.cookie } });
          expect(spliced.status, `${name} ${pathname}`).toBe(200);
          expect(spliced.headers.get("x-page-cache"), `${name} ${pathname}`).toBe("PERSONAL");
          expect(spliced.headers.get("cache-control"), `${name} ${pathname}`).toBe("private, no-store");
          expect(rendered.headers.get("x-page-cache")).toBeNull();
          expect(withoutNonce(spliced.text), `${name} ${pathname}`).toBe(withoutNonce(await rendered.text()));
          // Marked: each heart (or WISHLIST) the visitor's page has for a watch this shopper saved.
          if (!anonymousMarks.has(pathname)) anonymousMarks.set(pathname, markedIds((await get(pathname)).text));
          const expected = anonymousMarks.get(pathname)!.filter((id) => savedBy[name].includes(id)).length;
          expect(savedMarks(spliced.text), `${name} ${pathname}`).toBe(expected);
        }
      }
      expect(headerOf((await get("/", { cookie: shoppers.asha.cookie })).text)).toEqual({ loggedIn: true, cartCount: 1 });
      expect(headerOf((await get("/", { cookie: shoppers.ravi.cookie })).text)).toEqual({ loggedIn: true, cartCount: 3 });
    } finally {
      await whole.stop();
    }
  });

  it("renders whole what it cannot splice: a toast to show, a product page starting from a saved address", async () => {
    const shopper = await registerShopper(server.baseUrl, "cache-whole");
    const session = await logInCookie(server.baseUrl, shopper);
    const product = (await catalogue())[0];
    const saved = await fetch(`${server.baseUrl}/wishlist`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.baseUrl, cookie: session },
      body: new URLSearchParams({ intent: "add", productId: product._id, redirectTo: "/about" }),
      redirect: "manual",
    });
    const toast = saved.headers.getSetCookie().map((line) => line.split(";")[0]).find((pair) => pair.includes("toast"));
    expect(toast).toBeDefined();
    const withToast = await get("/about", { cookie: `${session}; ${toast}` });
    expect(withToast.headers.get("x-page-cache")).toBeNull();
    expect(withToast.text).toContain("Saved to your wishlist.");
    expect(headerOf(withToast.text).loggedIn).toBe(true);

    expect((await get(`/product/${product._id}`, { cookie: session })).headers.get("x-page-cache")).toBe("PERSONAL");
    // The shopper's address book as the address service keeps it (services/addresses.server.ts).
    const db = createDatabase(`file:${server.databaseFile}`);
    try {
      const user = await db.selectFrom("users").select("id").where("email", "=", shopper.email).executeTakeFirstOrThrow();
      const address = { firstName: "Asha", lastName: "Rao", email: shopper.email, street: "12 MG Road", city: "Bengaluru", state: "Karnataka", zipcode: "560001", country: "India", phone: "9876543210" };
      await addSavedAddress(db, user.id, address);
    } finally {
      await db.destroy();
    }
    const page = await get(`/product/${product._id}`, { cookie: session });
    expect(page.headers.get("x-page-cache")).toBeNull();
    expect(page.text).toContain('value="560001"');
  });

  it("shows a price changed by a catalogue import in another process within 2 s, in the page and its JSON-LD", async () => {
    const products = await catalogue();
    const target = products.find((p) => p.colours.length === 0)!;
    const pathname = `/product/${target._id}`;
    await get(pathname);
    const before = await get(pathname);
    expect(before.headers.get("x-page-cache")).toBe("HIT");
    const shownBefore = pricesOf(before.text);
    expect(shownBefore.shown).toBe(shownBefore.offer);

    const newPrice = target.price + 1234;
    const file = path.join(ROOT, "tests/.tmp", `page-cache-catalogue-${process.pid}.json`);
    fs.writeFileSync(file, JSON.stringify({ success: true, products: products.map((p) => (p._id === target._id ? { ...p, price: newPrice } : p)) }));
    const exitedAt = await new Promise<number>((resolve, reject) =>
      execFile(
        process.execPath,
        ["--import", "tsx", "scripts/catalogue-import.ts", file],
        { cwd: ROOT, env: { ...process.env, DATABASE_URL: `file:${server.databaseFile}` }, timeout: 60_000 },
        (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stdout}\n${stderr}`)) : resolve(Date.now())),
      ),
    );
    fs.rmSync(file, { force: true });

    let seen: ReturnType<typeof pricesOf> | null = null;
    while (Date.now() - exitedAt <= WITHIN_MS) {
      seen = pricesOf((await get(pathname)).text);
      if (seen.shown === newPrice) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen).toEqual({ shown: newPrice, offer: newPrice });
    const cachedAgain = await get(pathname);
    expect(cachedAgain.headers.get("x-page-cache")).toBe("HIT");
    expect(pricesOf(cachedAgain.text).shown).toBe(newPrice);
  }, 90_000);
});
