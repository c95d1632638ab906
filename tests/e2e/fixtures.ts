import { createHash } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Browser, type BrowserContext, type Page, type Response } from "@playwright/test";
import fs from "node:fs";
import { CASHFREE_SCRIPT_URL, cashfreeStandInScript } from "../fakes/cashfree-js-standin";
import { CheckedOnce } from "./checked-once";
import { documentProblems } from "./document-check";

/** Markup this run has validated: status, path with query and body hash (document-check.ts). */
const validatedDocuments = new CheckedOnce("markup");
/**
 * Pages axe has passed in this run (any worker, either project), by a hash of the viewport and the
 * serialized DOM: a page identical to one already checked (the home page, visited by many specs;
 * a static page read alike with JavaScript on and off) is not checked again (issue 22 item 2, axe
 * once per distinct page). Any difference in the DOM — a toast, an open menu, a shopper's name —
 * makes it a page of its own.
 */
const axePassed = new CheckedOnce("axe");
/** Contexts whose pages are not the store's bytes (expectNoAxeViolations replays the live DOM). */
const replayContexts = new WeakSet<BrowserContext>();

/** A worker's replay page and the HTML its next navigation is answered with. */
type Replay = { page: Page; html: string };
/** Each worker's one replay page (scripted, for axe), opened on the first no-JS check. */
const replayOf = new WeakMap<Browser, Promise<Replay>>();

/**
 * The worker's page in which a no-JS page is replayed for axe: one page, in a context of its own,
 * for all its checks, each check a navigation answered with the checked page's HTML. A page per
 * check cost a renderer process each (measured 2026-11-29, headless shell: a new page and a visit
 * 550–620 ms, the same page visiting again 210 ms; decision 0681). Its scripts, pictures and media
 * are never fetched; its stylesheets are. Closed with the worker's browser.
 */
function replayPage(browser: Browser): Promise<Replay> {
  let replay = replayOf.get(browser);
  if (!replay) {
    replay = browser.newContext({ javaScriptEnabled: true, reducedMotion: "reduce" }).then(async (context) => {
      replayContexts.add(context);
      const opened: Replay = { page: await context.newPage(), html: "" };
      await opened.page.route("**/*", (route) => {
        const request = route.request();
        if (request.isNavigationRequest() && request.frame() === opened.page.mainFrame()) {
          return route.fulfill({ body: opened.html, contentType: "text/html" });
        }
        // The page's own scripts never run without JavaScript; its pictures change no rule axe
        // applies (alt text, names and contrast are read from the markup and the styles).
        if (["script", "image", "media"].includes(request.resourceType())) return route.abort();
        return route.continue();
      });
      return opened;
    });
    replayOf.set(browser, replay);
  }
  return replay;
}

/**
 * Every browser test fails on a Content-Security-Policy violation (DESIGN.md §16, issue 8 item 8):
 * Chromium reports each one as a console error ("Refused to …").
 */
export const test = base.extend<{ noCspViolations: void; noHydrationErrors: void; everyDocumentRight: void; cashfreeStandIn: void }>({
  /**
   * Cashfree.js is served by its stand-in (tests/fakes/cashfree-js-standin.ts) on every page: the
   * machine has no internet, and a checkout whose script fails to load shows "Failed to initialize
   * payment gateway" whenever the failure arrives — a toast that made axe's contrast check flaky.
   * A spec that routes the script itself (checkout.spec) takes precedence (the later route wins).
   */
  cashfreeStandIn: [
    async ({ page, baseURL }, use) => {
      if (!jsDisabled() && baseURL) {
        const port = new URL(baseURL).port;
        await page.route(CASHFREE_SCRIPT_URL, (route) =>
          route.fulfill({
            contentType: "application/javascript",
            body: cashfreeStandInScript(fs.readFileSync(`tests/.tmp/e2e-${port}/cashfree-fake.url`, "utf8").trim()),
          }),
        );
      }
      await use();
    },
    { auto: true },
  ],
  noCspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use();
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
  /**
   * Every page hydrates what the server sent without a mismatch (docs/decisions/0800: signed-in
   * pages are spliced from the cached one, and must be what React would render). React 18's
   * production build reports a mismatch as a recoverable error (minified errors 418, 419, 421, 422,
   * 423, 425) through `reportError`: a page error, or a console error.
   */
  noHydrationErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const hydration = /Minified React error #(418|419|421|422|423|425)\b|Hydration failed/;
      page.on("pageerror", (error) => {
        if (hydration.test(error.message)) errors.push(error.message);
      });
      page.on("console", (message) => {
        if (message.type() === "error" && hydration.test(message.text())) errors.push(message.text());
      });
      await use();
      expect(errors, "hydration errors").toEqual([]);
    },
    { auto: true },
  ],
  /**
   * Every HTML document a test's pages receive, in any context the test opens (navigations and
   * JavaScript-off form posts; 2xx and 4xx), has no control bytes and valid markup
   * (document-check.ts, issue 22 item 4); markup is validated once per worker for each status,
   * path and body. Redirects have no body and Remix's `?_data=` fetches are JSON, so neither is
   * read; a body Chromium dropped before it could be read (the test moved on at once) is noted
   * as a "document not read" annotation.
   */
  everyDocumentRight: [
    async ({ browser, context }, use) => {
      const checks: Promise<string[]>[] = [];
      const onResponse = (response: Response) => {
        const request = response.request();
        const status = response.status();
        if (request.resourceType() !== "document" || (status >= 300 && status < 400) || status >= 500) return;
        if (!/^text\/html\b/i.test(response.headers()["content-type"] ?? "")) return;
        if (replayContexts.has(request.frame().page().context())) return;
        checks.push(
          response.body().then(
            (body) => documentProblems({ url: response.url(), status, body }, validatedDocuments),
            () => {
              test.info().annotations.push({ type: "document not read", description: `${status} ${response.url()}` });
              return [];
            },
          ),
        );
      };
      const watch = (watched: BrowserContext) => watched.on("response", onResponse);
      watch(context);
      browser.on("context", watch);
      await use();
      browser.off("context", watch);
      const problems = (await Promise.all(checks)).flat();
      expect(problems, "HTML documents with control bytes or invalid markup").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * Holds react-hot-toast's toasts still for a check of the page as it is (the flake of issue 22
 * item 3: axe measured a toast's colour contrast while it faded in or out). First every toast
 * settles: fully shown, or dismissed and faded out, with no finite animation running — a toast
 * whose height is not yet measured sits at opacity 0 before its fade-in starts, so "present" is not
 * "settled". Then the pointer rests on the newest shown toast (the toaster pauses its dismiss
 * timers while hovered, react-hot-toast's own behaviour), and the toasts settle again, so none
 * starts to fade during the check. Before all that, the toaster's animations are switched off for
 * the rest of this page: a toast that still starts to fade (CI saw one, a hover that paused
 * nothing) stays at full opacity until it is removed, so no check measures a half-faded toast.
 * Without JavaScript there is no toaster.
 */
async function holdToastsStill(page: Page) {
  if (jsDisabled()) return;
  await page.addStyleTag({ content: "[data-rht-toaster] * { animation: none !important; transition: none !important; }" });
  const settled = () =>
    page.waitForFunction(() => {
      const running = document
        .getAnimations()
        .some((animation) => animation.playState === "running" && animation.effect?.getComputedTiming().endTime !== Infinity);
      if (running) return false;
      return [...document.querySelectorAll("[data-rht-toaster] > div")].every((wrapper) => {
        const bar = wrapper.firstElementChild;
        if (!bar) return true;
        const opacity = getComputedStyle(bar).opacity;
        // A shown toast's wrapper carries react-hot-toast's class; a dismissed one's has none.
        return opacity === "1" || (opacity === "0" && wrapper.className === "");
      });
    });
  await settled();
  const newest = page.locator("[data-rht-toaster] > div[class]:not([class='']) [role=status]").first();
  // A toast removed between the count and the measuring is no toast to hold.
  const box = (await newest.count()) ? await newest.boundingBox({ timeout: 500 }).catch(() => null) : null;
  if (!box) return;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await settled();
}

/** True in the project that runs with JavaScript off ("no-js" in playwright.config.ts). */
export function jsDisabled() {
  return test.info().project.name === "no-js";
}

/** The axe-core rule tags every page must pass: WCAG 2.0–2.2 A and AA, and axe's best practices (issue 9). */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * axe-core for AXE_TAGS on `page`, reporting violations only (axe's `resultTypes`: passes, incomplete
 * and inapplicable rules carry one node each instead of every node — nothing here reads them; the
 * results shrank from 570–670 KB to 57 KB on the home and collection pages). A page with no frames
 * is checked in axe's legacy mode, in the page itself: by default @axe-core/playwright opens a blank
 * page for each check to join the frames' results, and that took more than half of each check's
 * time (measured 2026-11-28, headless shell: home 2.5–3.5 s → 1.05–1.1 s, collection 3.2–3.8 s →
 * 1.1–1.5 s, with the same violations found; decision 0682). A page with frames (Cashfree's
 * checkout) keeps the default, which checks every frame.
 */
function axeBuilder(page: Page) {
  return new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] }) // before withTags: options() replaces what was set
    .withTags(AXE_TAGS)
    .setLegacyMode(page.frames().length === 1);
}

/**
 * Asserts axe-core finds no accessibility violations on the page once it has loaded, for AXE_TAGS.
 * axe needs script, so with JavaScript off the very HTML of the page is replayed at its URL in a
 * scripted context whose script files are blocked: axe sees what a no-JS shopper sees.
 */
export async function expectNoAxeViolations(page: Page) {
  // A page still streaming (a form post's answer without JavaScript) is measured whole, not
  // half-parsed: a card whose link has arrived and whose text has not reads as a nameless link.
  await page.waitForLoadState("load");
  await holdToastsStill(page);
  const html = await page.content();
  const viewport = page.viewportSize();
  const seen = createHash("sha256").update(`${viewport?.width}x${viewport?.height}\n${html}`).digest("hex");
  if (axePassed.has(seen)) return;
  let target = page;
  if (jsDisabled()) {
    const replay = await replayPage(page.context().browser()!);
    replay.html = html;
    if (viewport) await replay.page.setViewportSize(viewport);
    // A blank page between checks: a visit to the same address with another #fragment would
    // otherwise stay in the document already there, and axe would read the previous page.
    await replay.page.goto("about:blank");
    await replay.page.goto(page.url());
    target = replay.page;
  }
  const results = await axeBuilder(target).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`,
  );
  expect(summary).toEqual([]);
  axePassed.add(seen);
}
