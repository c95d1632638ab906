import fs from "node:fs";

/**
 * Debian's Chromium (DESIGN.md §14) in its headless shell, Debian's package
 * `chromium-headless-shell` (the same browser's build without the desktop, as Playwright itself uses
 * for headless runs): measured on the four largest specs, the browser phase took 294 s with it
 * against 531 s with the full `chromium` (docs/decisions/0682). The full browser when the shell is
 * missing; PLAYWRIGHT_CHROMIUM_PATH overrides, "bundled" uses Playwright's.
 */
const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? defaultChromium();

function defaultChromium() {
  const shell = "/usr/lib/chromium/chromium-headless-shell";
  return fs.existsSync(shell) ? shell : "/usr/bin/chromium";
}

/**
 * The browser's launch options, with or without pictures (`<img>` and CSS images). The browser
 * tests run without them (playwright.config.ts): drawing the demo catalogue's SVG watches again in
 * each test's fresh context was a third of the browser phase (four specs, both projects: 338
 * test-seconds with pictures, 225 without; docs/decisions/0683). The specs about pictures —
 * that they load, decode at their size, are fetched in the right order and never move the
 * layout (images.spec, catalogue-media.spec) — take `launchOptions(true)` with `test.use`.
 */
export function launchOptions(pictures: boolean) {
  return {
    ...(chromiumPath === "bundled" ? {} : { executablePath: chromiumPath }),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      ...(pictures ? [] : ["--blink-settings=imagesEnabled=false"]),
    ],
  };
}
