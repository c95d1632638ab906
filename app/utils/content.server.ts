import { stat, readFile } from "node:fs/promises";
import path from "node:path";
import matter from "gray-matter";
import he from "he";
import { Marked, Renderer, type Token, type Tokens } from "marked";
import { z } from "zod";
import { getEnv } from "~/config/env.server";
import { pathIn, type Language } from "~/i18n/language";
import { translate } from "~/i18n/messages.server";
import { DEFAULT_STORE_SETTINGS, sellerDetailsOf, type SellerDetails } from "~/lib/store-settings";
import { storeSellerDetails } from "~/utils/seller-details.server";
import { returnPolicyOf, returnPolicyValues, type ReturnPolicy } from "~/lib/after-sale-policy";
import { policySentenceIn, storeReturnPolicy } from "~/utils/after-sale-policy.server";

/**
 * Static pages as Markdown files a store owner edits (app/content/*.md, and their Hindi versions
 * app/content/hi/*.md), rendered on the server (docs/decisions/0160-static-pages-as-markdown.md,
 * 0870-hindi-content-pages.md).
 *
 * A file starts with front matter (`title`, `description`, optional `updated: YYYY-MM-DD`),
 * then Markdown. `## ` headings split the body into sections (the FAQ's questions, the contact
 * page's blocks). `{{store.name}}` and `{{contact.*}}` placeholders are filled from the
 * configuration and the seller's customer-care details in the owner's settings (issue 25 item 1);
 * `{{policy.*}}` from the owner's after-sale policy (issue 45; lib/after-sale-policy.ts
 * `returnPolicyValues`: `policy.windowDays`, `policy.legalDays`, `policy.changedMind`,
 * `policy.productLine`, in the page's language; docs/decisions/0980).
 */

/** Every content page, by slug = file name = URL path (SPEC.md §2 static pages). */
export const CONTENT_SLUGS = [
  "about",
  "contact",
  "faqs",
  "refund-policy",
  "return-policy",
  "shipping-policy",
  "payment-policy",
  "warranty-policy",
  "terms-and-conditions",
  "privacy-policy",
  "review-guidelines",
  "careers",
] as const;
export type ContentSlug = (typeof CONTENT_SLUGS)[number];

export type ContentSection = {
  /** URL fragment made from the heading, unique within the page. */
  id: string;
  /** The heading as plain text. */
  heading: string;
  /** The section's body as HTML (without its heading). */
  html: string;
};

export type ContentPage = {
  slug: ContentSlug;
  /** The language the page is written in: its file's (app/content/hi/ is Hindi). */
  language: Language;
  title: string;
  description: string;
  /** ISO date `YYYY-MM-DD` of the last edit the owner recorded, or null. */
  updated: string | null;
  /** The whole body as HTML. */
  html: string;
  /** HTML before the first `## ` heading. */
  intro: string;
  /** One entry per `## ` heading, in file order. */
  sections: ContentSection[];
};

/** YAML reads an unquoted `2026-01-31` as a Date at midnight UTC; the page wants the day as written. */
function dayAsWritten(value: unknown) {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) return value;
  return value.toISOString().replace(/T00:00:00\.000Z$/, "");
}

const frontMatterSchema = z.object({
  title: z.string().trim().min(1, "title is required"),
  description: z.string().trim().min(1, "description is required"),
  updated: z.preprocess(
    dayAsWritten,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "updated must be a date like 2026-01-31")
      .optional(),
  ),
});

/** Directory of the content files; the server runs from the project root (remix-serve, vitest). */
export function contentDirectory() {
  return path.resolve(process.cwd(), "app", "content");
}

/**
 * The file of `slug` in `language`: `app/content/<slug>.md` in English, `app/content/hi/<slug>.md`
 * in Hindi (docs/decisions/0870). The owner keeps both; neither falls back to the other.
 */
export function contentFile(slug: ContentSlug, language: Language = "en") {
  return language === "en" ? path.join(contentDirectory(), `${slug}.md`) : path.join(contentDirectory(), language, `${slug}.md`);
}

/** Rendered pages by file (slug and language), with what they were rendered from. */
const cache = new Map<string, { mtimeMs: number; contact: string; page: ContentPage }>();

/** The demo store's details, for `{{contact.*}}` when none are given or they cannot be read. */
const DEFAULT_SELLER = sellerDetailsOf(DEFAULT_STORE_SETTINGS);

/** What `loadContentPage` is asked for besides the slug. */
export type ContentOptions = {
  /** The page's language (its address's: `languageOfPath`); default English. */
  language?: Language;
  /** The seller's details for `{{contact.*}}`; default the owner's settings (`storeSellerDetails`). */
  seller?: SellerDetails;
  /** The after-sale policy for `{{policy.*}}`; default the owner's settings (`storeReturnPolicy`). */
  policy?: ReturnPolicy;
};

/**
 * Reads, parses and renders one content page in `language` (`contentFile`: English
 * app/content/<slug>.md, Hindi app/content/hi/<slug>.md), its `{{contact.*}}` filled from `seller`
 * (default: the owner's settings, `storeSellerDetails`), its `{{policy.*}}` from `policy` (default:
 * the owner's after-sale policy, `storeReturnPolicy`). Cached per process by slug and language,
 * and re-rendered when the file's modification time, the contacts or the policy change, so an owner's edit
 * shows on the next request without a restart. Throws an Error naming the file when it is missing
 * (a Hindi file too: there is no falling back to English) or its front matter is invalid.
 */
export async function loadContentPage(slug: ContentSlug, { language = "en", seller, policy }: ContentOptions = {}): Promise<ContentPage> {
  const file = contentFile(slug, language);
  const [{ mtimeMs }, details, returnPolicy] = await Promise.all([stat(file), seller ?? storeSellerDetails(), policy ?? storeReturnPolicy()]);
  const values = { ...contactValues(details ?? DEFAULT_SELLER), ...policyValues(returnPolicy, language) };
  const contact = JSON.stringify(values);
  const key = `${language}:${slug}`;
  const hit = cache.get(key);
  if (hit && hit.mtimeMs === mtimeMs && hit.contact === contact) return hit.page;
  const page = parseContent(slug, await readFile(file, "utf8"), file, values, language);
  cache.set(key, { mtimeMs, contact, page });
  return page;
}

/** The `{{contact.*}}` placeholders' values for `seller`. */
function contactValues(seller: SellerDetails): Record<string, string> {
  return {
    "contact.phone": seller.care.phone,
    "contact.phoneHref": seller.care.phoneHref,
    "contact.email": seller.care.email,
    "contact.hours": seller.care.hours,
    "contact.address": [seller.legalName, ...seller.address].join(", "),
  };
}

/** The `{{policy.*}}` placeholders' values for `policy` in `language` (lib/after-sale-policy.ts `returnPolicyValues`). */
function policyValues(policy: ReturnPolicy, language: Language): Record<string, string> {
  return returnPolicyValues(policy, (sentence) => policySentenceIn(language, sentence));
}

/** The default policy's placeholders (7 days, a refund), for `parseContent` when none are given. */
const DEFAULT_POLICY = returnPolicyOf(DEFAULT_STORE_SETTINGS);

/** What a page that shows its whole body sends to the browser (no duplicate section HTML). */
export function withBody({ title, description, updated, html }: ContentPage) {
  return { title, description, updated, html };
}

/** What a page built from its introduction and sections sends to the browser. */
export function withSections({ title, description, updated, intro, sections }: ContentPage) {
  return { title, description, updated, intro, sections };
}

/**
 * Parses the text of a content file into a page (pure apart from the configuration it reads for
 * placeholders). `source` names the file in error messages; `contact` fills `{{contact.*}}`
 * (default: the demo store's); `language` is the text's, for the words the rendering adds (a
 * link's "opens in a new tab", a table's name when no heading names it).
 */
export function parseContent(
  slug: ContentSlug,
  text: string,
  source = `${slug}.md`,
  contact?: Record<string, string>,
  language: Language = "en",
): ContentPage {
  const { attributes, body } = splitFrontMatter(text, source);
  const parsed = frontMatterSchema.safeParse(attributes);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "front matter"}: ${i.message}`);
    throw new Error(`${source}: invalid front matter (${problems.join("; ")})`);
  }
  const markdown = fillPlaceholders(body, contact ?? { ...contactValues(DEFAULT_SELLER), ...policyValues(DEFAULT_POLICY, language) });
  const tokens = markdown_.lexer(markdown);
  const ids = new Set<string>();
  const intro: Token[] = [];
  const groups: { heading: Tokens.Heading; tokens: Token[] }[] = [];
  for (const token of tokens) {
    if (token.type === "heading" && (token as Tokens.Heading).depth <= 2) {
      groups.push({ heading: token as Tokens.Heading, tokens: [] });
    } else if (groups.length > 0) {
      groups[groups.length - 1].tokens.push(token);
    } else {
      intro.push(token);
    }
  }
  renderLanguage = language;
  lastHeading = "";
  const html = markdown_.parser(tokens);
  lastHeading = "";
  const introHtml = markdown_.parser(intro);
  const sections = groups.map(({ heading, tokens: sectionTokens }) => {
    const text = plainText(heading.text);
    lastHeading = text;
    return { id: uniqueId(slugify(text), ids), heading: text, html: markdown_.parser(sectionTokens) };
  });
  return {
    slug,
    language,
    title: parsed.data.title,
    description: parsed.data.description,
    updated: parsed.data.updated ?? null,
    html,
    intro: introHtml,
    sections,
  };
}

/** Visible text of an HTML fragment: no tags or screen-reader hints, common entities decoded (for JSON-LD). */
export function htmlToText(html: string): string {
  const visible = html.replace(/<span class="sr-only">[^<]*<\/span>/g, "");
  const blocksSpaced = visible.replace(/<\/?(?:p|div|br|li|ul|ol|h[1-6]|table|tr|td|th|blockquote)\b[^>]*>/gi, " ");
  return decodeEntities(blocksSpaced.replace(/<[^>]+>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Front matter read with gray-matter as YAML. Options are passed so gray-matter does not keep every
 * text it has seen in its module-level cache, and the `---js` language (which gray-matter runs
 * with eval) is refused.
 */
function splitFrontMatter(text: string, source: string) {
  if (!matter.test(text.replace(/^\uFEFF/, ""))) {
    throw new Error(`${source}: missing front matter (a --- block with title and description)`);
  }
  try {
    const file = matter(text, { engines: { javascript: refuseScript } });
    return { attributes: file.data, body: file.content };
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new Error(`${source}: front matter is not valid YAML (${reason})`);
  }
}

function refuseScript(): never {
  throw new Error("front matter must be YAML, not JavaScript");
}

function fillPlaceholders(markdown: string, contact: Record<string, string>) {
  const values: Record<string, string> = { "store.name": getEnv().STORE_NAME, ...contact };
  // Unknown placeholders stay as written, so a typo shows on the page instead of breaking it.
  return markdown.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}

/** A fragment id from a heading: Latin letters and digits, and Devanagari letters as written (a Hindi page's ids are Hindi), but not its danda (।). */
function slugify(text: string) {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z0-9\u0900-\u0963\u0966-\u097f]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "section"
  );
}

function uniqueId(base: string, taken: Set<string>) {
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

function plainText(markdownInline: string) {
  return decodeEntities(markdownInline.replace(/[*_`]/g, "").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")).trim();
}

function escapeAttribute(text: string) {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/** HTML entities decoded (he); a no-break space becomes a plain space, as the text is for reading aloud and JSON-LD. */
function decodeEntities(text: string) {
  return he.decode(text).replace(/\u00A0/g, " ");
}

const base = new Renderer();
/** The heading rendered last: names the table that follows it (rendering is synchronous). */
let lastHeading = "";
/** The language of the text being rendered, for the words the renderer adds (set by parseContent; synchronous). */
let renderLanguage: Language = "en";

/**
 * The Markdown renderer: GitHub-flavoured (tables), headings demoted below the page's one h1 and
 * given ids, tables wrapped so they scroll sideways on a phone, outside links opened in a new tab
 * with a hint for screen readers (in the page's language), store paths moved into the page's
 * language ("/orders" → "/hi/orders" on a Hindi page).
 */
const markdown_ = new Marked({ gfm: true }).use({
  renderer: {
    heading({ tokens, depth, text }) {
      const level = Math.min(Math.max(depth, 2), 6);
      lastHeading = plainText(text);
      return `<h${level} id="${slugify(plainText(text))}">${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    table(token) {
      return `<div class="content-table" role="region" aria-label="${escapeAttribute(lastHeading || translate(renderLanguage, "pages.table"))}" tabindex="0">${base.table.call(this, token)}</div>\n`;
    },
    link(token) {
      // A store path in a Hindi page's text leads to the Hindi page (pathIn), with or without JavaScript.
      const href = token.href.startsWith("/") ? pathIn(token.href, renderLanguage) : token.href;
      const html = base.link.call(this, { ...token, href }) as string;
      if (!/^https?:\/\//i.test(token.href)) return html;
      return html
        .replace(/^<a /, '<a target="_blank" rel="noopener noreferrer" ')
        .replace(/<\/a>$/, `<span class="sr-only"> ${escapeAttribute(translate(renderLanguage, "pages.opensInNewTab"))}</span></a>`);
    },
  },
});
