import { describe, expect, it } from "vitest";
import { buildPersonalTemplate, personalProductIds, renderPersonalPage, type PersonalView } from "~/utils/personal-page.server";

/**
 * The splicer of signed-in pages (issue 26 item 1; docs/decisions/0800) on small pages written out
 * here: which regions it takes from which render, the header's count and words, the root data as
 * Remix escapes it, the nonce, and every case where it must refuse (and the page render whole).
 * The production pages are proved byte for byte against Remix's render in
 * tests/contract/page-cache.test.ts.
 */

const MARK = "\u0001nonce\u0001";

const heart = (id: string, name: string, saved: boolean) =>
  `<form method="post" action="/wishlist" data-personal="heart"><input type="hidden" name="intent" value="${saved ? "remove" : "add"}"/>` +
  `<input type="hidden" name="productId" value="${id}"/><button>${saved ? "♥" : "♡"}<span>${saved ? `Remove ${name} from` : `Add ${name} to`} wishlist</span></button></form>`;

const page = (header: string, menu: string, saved: boolean, root: string, extra = "") =>
  `<html><head><script nonce="${MARK}">a()</script></head><body>` +
  `<div class="h" data-personal="header">${header}</div><ul data-personal="menu">${menu}</ul>` +
  `<div class="card"><div><p>One</p></div>${heart("w1", "One", saved)}</div>` +
  `<div class="card">${heart("w2", "Two &amp; Co", saved)}</div>${extra}` +
  `<script nonce="${MARK}">window.__remixContext = {"state":{"loaderData":{"root":${root},"routes/x":{"cards":[{"id":"w1"}]}}}};</script></body></html>`;

const visitorRoot = '{"user":null,"cartCount":0,"wishlist":null,"savedIds":[],"hearts":true}';
const templateRoot = '{"user":{"name":"User","staff":false},"cartCount":97,"wishlist":"template-wishlist-label","savedIds":["w1","w2"],"hearts":true}';
const signedInHeader = (cart: string) =>
  `<details><summary>Account menu</summary><div><div><p>Hello User</p></div><a href="/wishlist">template-wishlist-label</a></div></details><a href="/cart">${cart}</a>`;
const ONE = signedInHeader("Cart, <span>1</span><span> item</span>");
const MANY = signedInHeader("Cart, <span>97</span><span> items</span>");
const MENU_VISITOR = '<li><a href="/login">Log In / Sign Up</a></li>';
const MENU_SIGNED_IN = '<li><a href="/orders">My Orders</a></li><li><form method="post" action="/logout"><button>Logout</button></form></li>';

const anonymous = page('<a href="/login">Log in</a>', MENU_VISITOR, false, visitorRoot);
const one = page(ONE, MENU_SIGNED_IN, true, templateRoot);
const many = page(MANY, MENU_SIGNED_IN, true, templateRoot);

function view(cartCount: number, savedIds: string[], wishlistLabel: string | null = `My Wishlist (${savedIds.length} watch${savedIds.length === 1 ? "" : "es"})`): PersonalView {
  return { root: { user: { name: "User", staff: false }, cartCount, wishlist: wishlistLabel, savedIds }, cartCount, wishlistLabel, savedIds: new Set(savedIds) };
}

describe("signed-in pages spliced from the cached page", () => {
  it("names the products a template must mark: each heart's and WISHLIST's, once, in page order", () => {
    expect(personalProductIds(anonymous)).toEqual(["w1", "w2"]);
    expect(personalProductIds("<p>no regions</p>")).toEqual([]);
  });

  it("takes each region from the render of the shopper's state, the root data from their figures", () => {
    const template = buildPersonalTemplate(anonymous, one, many, MARK)!;
    expect(template).not.toBeNull();
    const html = renderPersonalPage(template, view(3, ["w2"]), Buffer.from("N0NCE")).toString();
    expect(html).toBe(
      `<html><head><script nonce="N0NCE">a()</script></head><body>` +
        `<div class="h" data-personal="header">${signedInHeader("Cart, <span>3</span><span> items</span>").replace("template-wishlist-label", "My Wishlist (1 watch)")}</div>` +
        `<ul data-personal="menu">${MENU_SIGNED_IN}</ul>` +
        `<div class="card"><div><p>One</p></div>${heart("w1", "One", false)}</div>` +
        `<div class="card">${heart("w2", "Two &amp; Co", true)}</div>` +
        `<script nonce="N0NCE">window.__remixContext = {"state":{"loaderData":{"root":{"user":{"name":"User","staff":false},"cartCount":3,"wishlist":"My Wishlist (1 watch)","savedIds":["w2"],"hearts":true},"routes/x":{"cards":[{"id":"w1"}]}}}};</script></body></html>`,
    );
  });

  it("shows 0, 1 item, 99 and 99+ as the cart badge does", () => {
    const template = buildPersonalTemplate(anonymous, one, many, MARK)!;
    const badge = (count: number) => /Cart, <span>([^<]+)<\/span><span>([^<]+)<\/span>/.exec(renderPersonalPage(template, view(count, []), Buffer.from("n")).toString())!.slice(1);
    expect([badge(0), badge(1), badge(99), badge(100), badge(1500)]).toEqual([
      ["0", " items"],
      ["1", " item"],
      ["99", " items"],
      ["99+", " items"],
      ["99+", " items"],
    ]);
  });

  it("escapes the words as React does and the root data as Remix does", () => {
    const template = buildPersonalTemplate(anonymous, one, many, MARK)!;
    const hostile = `</script><b>"x" & 'y'\u2028`;
    const html = renderPersonalPage(template, { ...view(2, [], hostile), root: { wishlist: hostile } }, Buffer.from("n")).toString();
    expect(html).toContain(`<a href="/wishlist">&lt;/script&gt;&lt;b&gt;&quot;x&quot; &amp; &#x27;y&#x27;\u2028</a>`);
    expect(html).toContain(`"wishlist":"\\u003c/script\\u003e\\u003cb\\u003e\\"x\\" \\u0026 'y'\\u2028"`);
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the page's own two, no more
  });

  it("refuses renders that differ anywhere but the regions and the root data", () => {
    expect(buildPersonalTemplate(anonymous, page(ONE, MENU_SIGNED_IN, true, templateRoot, "<p>Welcome back</p>"), many, MARK)).toBeNull();
    expect(buildPersonalTemplate(anonymous, one, page(MANY, MENU_SIGNED_IN, true, templateRoot.replace('"hearts":true', '"hearts":false')).replace('"routes/x":{"cards":[{"id":"w1"}]}', '"routes/x":{"cards":[]}'), MARK)).toBeNull();
  });

  it("refuses regions that don't line up, a template without its placeholders, and a page without regions", () => {
    const withoutSecondHeart = (html: string) => html.replace(/<div class="card"><form[\s\S]*?<\/form><\/div>/, '<div class="card"></div>');
    expect(buildPersonalTemplate(anonymous, withoutSecondHeart(one), many, MARK)).toBeNull();
    expect(buildPersonalTemplate(anonymous, one, many.replace("<span>97</span>", "<span>96</span>"), MARK)).toBeNull();
    expect(buildPersonalTemplate(anonymous, one.replace("template-wishlist-label", "My Wishlist"), many, MARK)).toBeNull();
    const unclosed = anonymous.replace('<ul data-personal="menu">', '<ul data-personal="menu"><ul>');
    expect(buildPersonalTemplate(unclosed, one, many, MARK)).toBeNull();
    expect(buildPersonalTemplate("<p>plain</p>", "<p>plain</p>", "<p>plain</p>", MARK)).toBeNull();
  });
});
