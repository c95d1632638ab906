import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startContractServer, type ContractServer } from "../setup/contract-server";
import { addToCart, logInCookie, registerShopper } from "../setup/shoppers";

/**
 * The full-page cache on the production build (DESIGN.md §17, issue 11 item 2): remix-serve on a
 * fresh SQLite store with the demo catalogue. Anonymous pages come from the cache; a logged-in
 * shopper's never do, and nobody ever sees another shopper's header; a catalogue import by another
 * process shows on a cached page within 2 s.
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

/** A shopper registered through the Store API, with `lines` products in the cart, logged in through the /login form. */
async function loggedInShopper(lines: number): Promise<{ cookie: string }> {
  const shopper = await registerShopper(server.baseUrl, "cache");
  const plain = (await catalogue()).filter((p) => p.colours.length === 0).slice(0, lines);
  await addToCart(server.baseUrl, shopper.token, plain.map((p) => p._id));
  return { cookie: await logInCookie(server.baseUrl, shopper) };
}

/** What the header says about the visitor: logged in ("Hello User"), and the cart count it shows. */
function headerOf(html: string) {
  const count = /<span class="sr-only">Cart, <\/span><span[^>]*>(\d+)<\/span>/.exec(html)?.[1];
  return { loggedIn: html.includes("Hello User"), cartCount: count === undefined ? null : Number(count) };
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

  it("never serves a logged-in shopper from the cache, and nobody sees another shopper's header", async () => {
    const anonymousFirst = await get("/");
    const asha = await loggedInShopper(2);
    const ravi = await loggedInShopper(0);
    for (let round = 0; round < 3; round++) {
      for (const pathname of ["/", "/collection?category=Men", "/about"]) {
        const ashaPage = await get(pathname, { cookie: asha.cookie });
        const raviPage = await get(pathname, { cookie: ravi.cookie });
        const anonymous = await get(pathname);
        for (const page of [ashaPage, raviPage]) {
          expect(page.headers.get("x-page-cache"), pathname).toBeNull();
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
