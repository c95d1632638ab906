import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Page } from "@playwright/test";

/**
 * Every browser test fails on a Content-Security-Policy violation (DESIGN.md §16, issue 8 item 8):
 * Chromium reports each one as a console error ("Refused to …").
 */
export const test = base.extend<{ noCspViolations: void }>({
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
});
export { expect };

/** True in the project that runs with JavaScript off ("no-js" in playwright.config.ts). */
export function jsDisabled() {
  return test.info().project.name === "no-js";
}

/** The axe-core rule tags every page must pass: WCAG 2.0–2.2 A and AA, and axe's best practices (issue 9). */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * Asserts axe-core finds no accessibility violations on the page as it is now, for AXE_TAGS.
 * axe needs script, so with JavaScript off the very HTML of the page is replayed at its URL in a
 * scripted context whose script files are blocked: axe sees what a no-JS shopper sees.
 */
export async function expectNoAxeViolations(page: Page) {
  let target = page;
  if (jsDisabled()) {
    const html = await page.content();
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: true });
    target = await context.newPage();
    await target.route("**/*", (route) => {
      const request = route.request();
      if (request.isNavigationRequest()) return route.fulfill({ body: html, contentType: "text/html" });
      if (request.resourceType() === "script") return route.abort();
      return route.continue();
    });
    await target.goto(page.url());
  }
  const results = await new AxeBuilder({ page: target }).withTags(AXE_TAGS).analyze();
  if (target !== page) await target.context().close();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`,
  );
  expect(summary).toEqual([]);
}
