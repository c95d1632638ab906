import { expect, expectNoAxeViolations, test } from "./fixtures";

/**
 * The positive control of every accessibility check in these tests: expectNoAxeViolations
 * (fixtures.ts) fails on a page with known violations, with JavaScript on and off (where the page
 * is replayed in a scripted context), in its one-frame mode and on a page with a frame, whose own
 * content is checked too. The page is served at a store URL by the test itself; its markup is
 * valid, so only axe objects to it.
 */
const page = (body: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Known faults</title></head><body>${body}</body></html>`;
const FAINT = `<p style="color: #cccccc; background: #ffffff">Text too faint to read</p>`;
const NAMELESS = `<button type="button"></button>`;

const CASES = [
  { name: "axe reports faint text and a nameless button", body: `<main><h1>Known faults</h1>${FAINT}${NAMELESS}</main>` },
  {
    name: "axe reports faint text, and a nameless button inside a frame",
    body: `<main><h1>Known faults</h1>${FAINT}<iframe title="A framed part" srcdoc="${page(NAMELESS).replaceAll('"', "&quot;")}"></iframe></main>`,
  },
];

for (const { name, body } of CASES) {
  test(name, async ({ page: tab }) => {
    await tab.route("**/axe-control", (route) => route.fulfill({ contentType: "text/html", body: page(body) }));
    await tab.goto("/axe-control");
    const failure = await expectNoAxeViolations(tab).then(
      () => "no violation reported",
      (error: Error) => error.message,
    );
    expect(failure).toContain("color-contrast");
    expect(failure).toContain("button-name");
  });
}

// With JavaScript off, every check replays its page in the worker's one replay page: a page with
// faults, at the address of a clean page checked just before (another #fragment, which a browser
// would treat as the same document), is still read afresh.
test("axe reports the faults of a page checked right after a clean one at the same address", async ({ page: tab }) => {
  let body = `<main><h1>No faults</h1><p>Plain text.</p></main>`;
  await tab.route("**/axe-control", (route) => route.fulfill({ contentType: "text/html", body: page(body) }));
  await tab.goto("/axe-control#first");
  await expectNoAxeViolations(tab);
  body = CASES[0].body;
  await tab.goto("/axe-control#second");
  await tab.reload();
  await expect(tab.getByRole("heading", { name: "Known faults" })).toBeVisible();
  const failure = await expectNoAxeViolations(tab).then(
    () => "no violation reported",
    (error: Error) => error.message,
  );
  expect(failure).toContain("color-contrast");
  expect(failure).toContain("button-name");
});
