import { TEMPLATE_CART_COUNT, TEMPLATE_WISHLIST_LABEL } from "~/utils/page-template";

/*
 * A signed-in shopper's page made from the cached anonymous page (issue 26 item 1;
 * docs/decisions/0800). Pure string work, no React: the page cache keeps, per page, the anonymous
 * render and two template renders of the same URL (utils/page-template.ts), and this module
 *
 * - finds the personal regions — elements marked `data-personal` (the header's account area,
 *   the small-screen menu's account rows, each card's heart, the product page's WISHLIST) — and
 *   the root route's data in the hydration script;
 * - refuses the templates (null) unless the three renders are the same text everywhere else, so a
 *   personal difference this module does not know of is never hidden: that page renders whole;
 * - makes a shopper's page by taking each region from the render that shows their state, and the
 *   root data from their own figures, serialised as Remix does.
 */

/** What a shopper's page shows of them (utils/root.server.ts `shopperRootData`). */
export type PersonalView = {
  /** The root route's personal fields, merged over the anonymous page's root data. */
  root: Record<string, unknown>;
  /** Items in the cart (the header's badge). */
  cartCount: number;
  /** The account menu's wishlist words, or null on a store without a wishlist. */
  wishlistLabel: string | null;
  /** The product ids the shopper saved (hearts and WISHLIST). */
  savedIds: ReadonlySet<string>;
};

type Slot =
  | { kind: "header"; one: string; many: string }
  | { kind: "menu"; signedIn: Buffer }
  | { kind: "heart" | "wishlist"; productId: string; anonymous: Buffer; saved: Buffer }
  | { kind: "root"; anonymous: Record<string, unknown> };

/**
 * A page ready for splicing: the anonymous page's text around its slots, as bytes (`statics` has
 * one more entry than `slots`; each static is split where the nonce goes).
 */
export type PersonalTemplate = { statics: Buffer[][]; slots: Slot[]; bytes: number };

type Found = { kind: string; start: number; end: number; productId: string | null };

const REGION_KINDS = new Set(["header", "menu", "heart", "wishlist"]);
const ROOT_DATA_START = '"loaderData":{"root":';

/** The product ids of a page's hearts and WISHLIST toggle, in page order (a template's `savedIds`). */
export function personalProductIds(html: string): string[] {
  return [...new Set(findSlots(html).flatMap((slot) => (slot.productId ? [slot.productId] : [])))];
}

/**
 * The template from three renders of one URL (each with its nonce replaced by `nonceMark`): the
 * anonymous page, and the templates with one and TEMPLATE_CART_COUNT items in the cart. Null when
 * they differ outside the personal regions and the root data, when their regions differ in kind or
 * product, or when a template's placeholders are not each in the header exactly once.
 */
export function buildPersonalTemplate(anonymous: string, one: string, many: string, nonceMark: string): PersonalTemplate | null {
  const [a, o, m] = [findSlots(anonymous), findSlots(one), findSlots(many)];
  if (a.length === 0 || a.length !== o.length || a.length !== m.length) return null;
  const same = (x: Found, y: Found) => x.kind === y.kind && x.productId === y.productId;
  if (!a.every((slot, i) => same(slot, o[i]) && same(slot, m[i]))) return null;
  if (a.filter((slot) => slot.kind === "root").length !== 1 || a.filter((slot) => slot.kind === "header").length !== 1) return null;
  const statics = staticsOf(anonymous, a);
  const equal = (texts: string[]) => texts.length === statics.length && texts.every((text, i) => text === statics[i]);
  if (!equal(staticsOf(one, o)) || !equal(staticsOf(many, m))) return null;

  const slots: Slot[] = [];
  for (let i = 0; i < a.length; i++) {
    const text = (html: string, found: Found) => html.slice(found.start, found.end);
    const found = a[i];
    if (found.kind === "root") {
      const parsed: unknown = JSON.parse(text(anonymous, found));
      if (typeof parsed !== "object" || parsed === null) return null;
      slots.push({ kind: "root", anonymous: parsed as Record<string, unknown> });
    } else if (found.kind === "header") {
      const header = { one: text(one, o[i]), many: text(many, m[i]) };
      const label = occurrences(header.many, TEMPLATE_WISHLIST_LABEL);
      if (occurrences(header.many, `>${TEMPLATE_CART_COUNT}<`) !== 1 || label > 1 || occurrences(header.one, TEMPLATE_WISHLIST_LABEL) !== label) return null;
      slots.push({ kind: "header", ...header });
    } else if (found.kind === "menu") {
      slots.push({ kind: "menu", signedIn: Buffer.from(text(one, o[i])) });
    } else {
      slots.push({ kind: found.kind as "heart" | "wishlist", productId: found.productId ?? "", anonymous: Buffer.from(text(anonymous, found)), saved: Buffer.from(text(one, o[i])) });
    }
  }
  if (slots.some((slot) => slot.kind !== "root" && slot.kind !== "header" && (slot.kind === "menu" ? slot.signedIn : slot.saved).includes(nonceMark))) return null;
  const bytes = Buffer.byteLength(anonymous) + slots.reduce((sum, slot) => sum + ("saved" in slot ? slot.saved.length : 0) + (slot.kind === "header" ? slot.one.length + slot.many.length : 0), 0);
  return { statics: statics.map((text) => text.split(nonceMark).map((part) => Buffer.from(part))), slots, bytes };
}

/** The shopper's page as bytes: the template with each slot filled for `view`, `nonce` where the render's stood. */
export function renderPersonalPage(template: PersonalTemplate, view: PersonalView, nonce: Buffer): Buffer {
  const chunks: Buffer[] = [];
  const pushStatic = (parts: Buffer[]) =>
    parts.forEach((part, i) => {
      if (i > 0) chunks.push(nonce);
      chunks.push(part);
    });
  pushStatic(template.statics[0]);
  template.slots.forEach((slot, i) => {
    chunks.push(slotBytes(slot, view));
    pushStatic(template.statics[i + 1]);
  });
  return Buffer.concat(chunks);
}

function slotBytes(slot: Slot, view: PersonalView): Buffer {
  switch (slot.kind) {
    case "root":
      return Buffer.from(escapeScriptJson(JSON.stringify({ ...slot.anonymous, ...view.root })));
    case "header": {
      const badge = view.cartCount > 99 ? "99+" : String(view.cartCount);
      const html = view.cartCount === 1 ? slot.one : slot.many.replace(`>${TEMPLATE_CART_COUNT}<`, `>${badge}<`);
      return Buffer.from(view.wishlistLabel === null ? html : html.replace(TEMPLATE_WISHLIST_LABEL, escapeText(view.wishlistLabel)));
    }
    case "menu":
      return slot.signedIn;
    default:
      return view.savedIds.has(slot.productId) ? slot.saved : slot.anonymous;
  }
}

/** The personal regions and the root data of a page, in page order. */
function findSlots(html: string): Found[] {
  const found: Found[] = [];
  const marker = /\sdata-personal="([a-z]+)"/g;
  for (let match = marker.exec(html); match; match = marker.exec(html)) {
    const kind = match[1];
    const start = html.lastIndexOf("<", match.index);
    const tag = /^<([a-z]+)/.exec(html.slice(start, start + 12))?.[1];
    if (!REGION_KINDS.has(kind) || !tag) return [];
    const end = closingEnd(html, start, tag);
    if (end === -1) return [];
    const productId = kind === "heart" || kind === "wishlist" ? (/name="productId" value="([A-Za-z0-9_-]+)"/.exec(html.slice(start, end))?.[1] ?? null) : null;
    if ((kind === "heart" || kind === "wishlist") && productId === null) return [];
    found.push({ kind, start, end, productId });
    marker.lastIndex = end;
  }
  const context = html.indexOf("window.__remixContext = {");
  const rootAt = context === -1 ? -1 : html.indexOf(ROOT_DATA_START, context);
  if (rootAt === -1) return [];
  const start = rootAt + ROOT_DATA_START.length;
  const end = jsonObjectEnd(html, start);
  if (end === -1) return [];
  found.push({ kind: "root", start, end, productId: null });
  return found.sort((x, y) => x.start - y.start);
}

/**
 * Where the element opened at `start` ends (just after its closing tag), counting nested elements
 * of the same name; -1 when it does not close. React escapes `<` in text and attribute values, so
 * every `<tag` and `</tag` in its output is markup.
 */
function closingEnd(html: string, start: number, tag: string): number {
  const tags = new RegExp(`<(/?)${tag}[\\s>/]`, "g");
  tags.lastIndex = start;
  let depth = 0;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) {
      const close = html.indexOf(">", match.index);
      return close === -1 ? -1 : close + 1;
    }
  }
  return -1;
}

/** Where the JSON object opened at `start` (a `{`) ends, strings and escapes respected; -1 if it does not. */
function jsonObjectEnd(text: string, start: number): number {
  if (text[start] !== "{") return -1;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{" || char === "[") depth++;
    else if (char === "}" || char === "]") {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

function staticsOf(html: string, slots: Found[]): string[] {
  const statics: string[] = [];
  let from = 0;
  for (const slot of slots) {
    statics.push(html.slice(from, slot.start));
    from = slot.end;
  }
  statics.push(html.slice(from));
  return statics;
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

const TEXT_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** Text as React writes it into HTML (react-dom's escapeTextForBrowser). */
function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (char) => TEXT_ESCAPES[char]);
}

const SCRIPT_ESCAPES: Record<string, string> = { "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };

/** JSON as Remix writes it into the hydration script (@remix-run/react markup.js `escapeHtml`). */
function escapeScriptJson(json: string): string {
  return json.replace(/[&><\u2028\u2029]/g, (char) => SCRIPT_ESCAPES[char]);
}
