import { mkdtemp, mkdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { STORE_CONTACT } from "~/content/store-details";
import { DEFAULT_STORE_SETTINGS, sellerDetailsOf, storeSettingsSchema } from "~/lib/store-settings";
import type { Language } from "~/i18n/language";
import { CONTENT_SLUGS, htmlToText, loadContentPage as loadWithSeller, parseContent, type ContentSlug } from "~/utils/content.server";

/** The demo store's details (the owner's settings are read by the routes; no database here). */
const DEMO_SELLER = sellerDetailsOf(DEFAULT_STORE_SETTINGS);
const loadContentPage = (slug: ContentSlug, language: Language = "en") => loadWithSeller(slug, { language, seller: DEMO_SELLER });

const page = (body: string, frontMatter = "title: Test Page\ndescription: A page for tests.") =>
  `---\n${frontMatter}\n---\n${body}`;

describe("the store's content files", () => {
  it.each(CONTENT_SLUGS)("%s.md parses, has a title and a description, and fills every placeholder", async (slug) => {
    const content = await loadContentPage(slug);
    expect(content.title.length).toBeGreaterThan(0);
    expect(content.description.length).toBeGreaterThan(0);
    expect(content.html).not.toMatch(/\{\{/);
    expect(content.html).not.toMatch(/<h1[\s>]/);
  });

  it("the FAQ has 12 questions, each with an answer", async () => {
    const faqs = await loadContentPage("faqs");
    expect(faqs.sections).toHaveLength(12);
    for (const section of faqs.sections) {
      expect(section.heading).toMatch(/\?$/);
      expect(htmlToText(section.html).length).toBeGreaterThan(20);
    }
    expect(new Set(faqs.sections.map((s) => s.id)).size).toBe(12);
  });

  it("the support hours of SPEC.md §9 reach the contact and FAQ pages", async () => {
    expect(STORE_CONTACT.hours).toBe("Mon-Sat 10:00-19:00 IST");
    expect((await loadContentPage("faqs")).intro).toContain("Mon-Sat 10:00-19:00 IST");
  });
});

/** The Hindi pages' titles (app/content/hi/*.md; issue 27, docs/decisions/0870), written out by hand. */
const HINDI_TITLES: Record<ContentSlug, string> = {
  about: "हमारे बारे में",
  contact: "संपर्क करें",
  faqs: "अक्सर पूछे जाने वाले प्रश्न",
  "refund-policy": "रिफ़ंड नीति",
  "return-policy": "वापसी नीति",
  "shipping-policy": "शिपिंग नीति",
  "payment-policy": "भुगतान नीति",
  "warranty-policy": "वारंटी नीति",
  "terms-and-conditions": "नियम और शर्तें",
  "privacy-policy": "गोपनीयता नीति",
  "review-guidelines": "समीक्षा के दिशानिर्देश",
  careers: "करियर",
};

const rawFile = (slug: ContentSlug, language: Language) =>
  readFile(path.join("app", "content", ...(language === "hi" ? ["hi"] : []), `${slug}.md`), "utf8");
/** The `## ` lines of a file's text, outside HTML comments. */
const sectionLines = (text: string) => text.replace(/<!--[\s\S]*?-->/g, "").split("\n").filter((line) => line.startsWith("## "));
const placeholdersOf = (text: string) => (text.match(/\{\{\s*[\w.]+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, "")).sort();
const hrefsOf = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => match[1]);

describe("the Hindi content files (issue 27)", () => {
  it.each(CONTENT_SLUGS)("hi/%s.md is the English page's twin: title, date, sections, placeholders and links", async (slug) => {
    const [english, hindi] = [await loadContentPage(slug, "en"), await loadContentPage(slug, "hi")];
    expect(hindi.language).toBe("hi");
    expect(hindi.title).toBe(HINDI_TITLES[slug]);
    expect(hindi.description).toMatch(/[\u0900-\u097F]/);
    expect(hindi.updated).toBe(english.updated);
    expect(hindi.html).not.toMatch(/\{\{/);
    expect(hindi.html).not.toMatch(/<h1[\s>]/);

    const [englishText, hindiText] = [await rawFile(slug, "en"), await rawFile(slug, "hi")];
    expect(sectionLines(hindiText)).toHaveLength(sectionLines(englishText).length);
    expect(hindi.sections).toHaveLength(english.sections.length);
    expect(placeholdersOf(hindiText)).toEqual(placeholdersOf(englishText));
    // The same links in the same order; a store path leads to its Hindi page.
    expect(hrefsOf(hindi.html)).toEqual(hrefsOf(english.html).map((href) => (href.startsWith("/") ? `/hi${href}` : href)));
  });

  it("the Hindi FAQ has the same 12 questions, each a question with an answer and its own id", async () => {
    const faqs = await loadContentPage("faqs", "hi");
    expect(faqs.sections).toHaveLength(12);
    expect((await loadContentPage("faqs", "en")).sections).toHaveLength(12);
    expect(faqs.sections[0].heading).toBe("क्या आपकी घड़ियाँ असली हैं?");
    expect(faqs.sections[11].heading).toBe("मैं ग्राहक सहायता से कैसे संपर्क करूँ?");
    for (const section of faqs.sections) {
      expect(section.heading).toMatch(/\?$/);
      expect(htmlToText(section.html).length).toBeGreaterThan(20);
    }
    // Ids keep the Devanagari heading, so /hi/faqs#… names the question.
    expect(faqs.sections[0].id.normalize("NFC")).toBe("क्या-आपकी-घड़ियाँ-असली-हैं".normalize("NFC"));
    expect(faqs.sections[8].id.normalize("NFC")).toBe("मेरी-घड़ी-क्षतिग्रस्त-पहुँची-है-मुझे-क्या-करना-चाहिए".normalize("NFC"));
    expect(new Set(faqs.sections.map((s) => s.id)).size).toBe(12);
  });

  it("the support hours reach the Hindi FAQ too", async () => {
    expect((await loadContentPage("faqs", "hi")).intro).toContain("Mon-Sat 10:00-19:00 IST");
  });
});

describe("parseContent", () => {
  it("reads the front matter, quoted or not", () => {
    const parsed = parseContent("about", page("Hello.", 'title: "Quoted: title"\ndescription: Plain\nupdated: 2026-01-31'));
    expect(parsed).toMatchObject({ title: "Quoted: title", description: "Plain", updated: "2026-01-31" });
    expect(parseContent("about", page("Hello.")).updated).toBeNull();
  });

  it("refuses a file without front matter or without a title, naming the file", () => {
    expect(() => parseContent("about", "# Just markdown", "about.md")).toThrow(/about\.md: missing front matter/);
    expect(() => parseContent("about", page("x", "description: only"), "about.md")).toThrow(/about\.md: .*title/);
    expect(() => parseContent("about", page("x", "title: T\ndescription: D\nupdated: last week"))).toThrow(/updated/);
  });

  it("splits the body into an introduction and sections at ## headings, with unique ids", () => {
    const parsed = parseContent(
      "faqs",
      page("Intro **text**.\n\n## First *question*?\n\nAnswer one.\n\n### A sub-heading\n\nMore.\n\n## First question?\n\nAnswer two."),
    );
    expect(parsed.intro).toBe("<p>Intro <strong>text</strong>.</p>\n");
    expect(parsed.sections.map((s) => [s.id, s.heading])).toEqual([
      ["first-question", "First question?"],
      ["first-question-2", "First question?"],
    ]);
    expect(parsed.sections[0].html).toContain("Answer one.");
    expect(parsed.sections[0].html).toContain('<h3 id="a-sub-heading">A sub-heading</h3>');
    expect(parsed.sections[1].html).toBe("<p>Answer two.</p>\n");
  });

  it("renders a # heading in the body as h2, so the page keeps its one h1", () => {
    expect(parseContent("about", page("# Big\n\ntext")).html).toContain('<h2 id="big">Big</h2>');
  });

  it("fills placeholders from the store details and leaves unknown ones visible", () => {
    const parsed = parseContent("contact", page("Call {{contact.phone}} or {{ contact.email }}, {{contact.hours}}. {{nope.x}}"));
    expect(htmlToText(parsed.html)).toContain(`Call ${STORE_CONTACT.phone} or ${STORE_CONTACT.email}, Mon-Sat 10:00-19:00 IST.`);
    expect(parsed.html).toContain("{{nope.x}}");
    expect(parseContent("about", page("{{store.name}}")).html).toContain("Chrono India");
  });

  it("opens outside links in a new tab and says so; keeps store links as they are", () => {
    const html = parseContent("about", page("[Form](https://example.com/f) and [Refunds](/refund-policy)")).html;
    expect(html).toContain(
      '<a target="_blank" rel="noopener noreferrer" href="https://example.com/f">Form<span class="sr-only"> (opens in a new tab)</span></a>',
    );
    expect(html).toContain('<a href="/refund-policy">Refunds</a>');
  });

  it("on a Hindi page, moves store links into Hindi and gives the new-tab hint and a table's name in Hindi", () => {
    const html = parseContent("about", page("[Form](https://example.com/f), [Orders](/orders#latest), [Mail](mailto:a@b.in)"), "about.md", undefined, "hi").html;
    expect(html).toContain(
      '<a target="_blank" rel="noopener noreferrer" href="https://example.com/f">Form<span class="sr-only"> (नए टैब में खुलता है)</span></a>',
    );
    expect(html).toContain('<a href="/hi/orders#latest">Orders</a>');
    expect(html).toContain('<a href="mailto:a@b.in">Mail</a>');
    expect(parseContent("about", page("| a |\n| --- |\n| b |"), "about.md", undefined, "hi").html).toContain('aria-label="तालिका"');
  });

  it("wraps a table in a scrollable region named after the heading above it", () => {
    const html = parseContent("shipping-policy", page("## Rates & fees\n\n| Area | Fee |\n| --- | --- |\n| Metro | ₹99 |")).html;
    expect(html).toMatch(/<div class="content-table" role="region" aria-label="Rates &amp; fees" tabindex="0"><table>/);
    expect(html).toContain("<td>₹99</td>");
  });
});

describe("htmlToText", () => {
  it("drops tags and decodes the common entities", () => {
    expect(htmlToText("<p>Fish &amp; <strong>chips</strong>, &lt;3</p>\n<p>Next&nbsp;line</p><ul><li>a</li><li>b</li></ul>")).toBe(
      "Fish & chips, <3 Next line a b",
    );
  });
});

describe("the owner's customer-care details in the content pages (issue 25 item 1)", () => {
  it("fills {{contact.*}} from the settings, and renders again when they change", async () => {
    const first = await loadContentPage("faqs");
    const changed = sellerDetailsOf(storeSettingsSchema.parse({ ...DEFAULT_STORE_SETTINGS, carePhone: "1800 123 4567", careEmail: "help@example.in" }));
    const second = await loadWithSeller("faqs", { seller: changed });
    expect(second).not.toBe(first);
    expect(second.html).toContain("help@example.in");
    expect(second.html).toContain('href="tel:18001234567"');
    expect(second.html).not.toContain(STORE_CONTACT.email);
  });
});

describe("loadContentPage caching", () => {
  const originalCwd = process.cwd();
  let directory = "";
  afterEach(async () => {
    process.chdir(originalCwd);
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it("serves the cached page until the file changes, then the new text", async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), "content-"));
    const file = path.join(directory, "app", "content", "warranty-policy.md");
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, page("Old text.", "title: Old\ndescription: D"));
    process.chdir(directory);

    const first = await loadContentPage("warranty-policy");
    expect(first.title).toBe("Old");
    expect(await loadContentPage("warranty-policy")).toBe(first);

    await writeFile(file, page("New text.", "title: New\ndescription: D"));
    const later = new Date(Date.now() + 5_000);
    await utimes(file, later, later);
    const second = await loadContentPage("warranty-policy");
    expect(second.title).toBe("New");
    expect(second.html).toContain("New text.");
  });

  it("keeps each language's page apart, and refuses a missing Hindi file rather than showing English", async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), "content-"));
    const english = path.join(directory, "app", "content", "careers.md");
    await mkdir(path.join(directory, "app", "content", "hi"), { recursive: true });
    await writeFile(english, page("Apply.", "title: Careers\ndescription: D"));
    process.chdir(directory);

    expect((await loadContentPage("careers")).title).toBe("Careers");
    await expect(loadContentPage("careers", "hi")).rejects.toThrow(/hi[/\\]careers\.md/);

    await writeFile(path.join(directory, "app", "content", "hi", "careers.md"), page("आवेदन करें।", "title: करियर\ndescription: D"));
    expect((await loadContentPage("careers", "hi")).title).toBe("करियर");
    expect((await loadContentPage("careers")).title).toBe("Careers");
  });
});
