import { defineConfig } from "@playwright/test";
import fs from "node:fs";
import { checkedOnceFolder } from "./tests/e2e/checked-once";
import { BACK_OFFICE_PORT, BACK_OFFICE_URL, STORE_PORT, STORE_URL } from "./tests/e2e/servers";

// Axe and the markup check skip what this run already passed, across workers (tests/e2e/checked-once.ts).
checkedOnceFolder("tests/.tmp");

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

const launchOptions = {
  ...(chromiumPath === "bundled" ? {} : { executablePath: chromiumPath }),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

/**
 * Browser tests against the production build (`remix build` first), each spec twice:
 * with JavaScript ("js") and without ("no-js"). Two servers run, each on a fresh SQLite file
 * under tests/.tmp with the demo catalogue (tests/setup/e2e-server.sh): the store, and the back
 * office's for the specs that change what every page reads (tests/e2e/servers.ts).
 */
const server = (port: number, url: string) => ({
  command: "bash tests/setup/e2e-server.sh",
  url: `${url}/healthz`,
  reuseExistingServer: false,
  timeout: 60_000,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
  env: { E2E_PORT: String(port) },
});

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: process.env.BUILD_SUFFIX ? `test-results-${process.env.BUILD_SUFFIX}` : "test-results",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  // No retries, on CI either: a test that passes on its second try is a flaky test, and it fails
  // the run until it is fixed (issue 22 item 3).
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: STORE_URL,
    launchOptions,
    // Reduced motion: the home page's brand strip stands still and toasts fade instead of sliding.
    // A running marquee repaints every frame and the trace's screencast encodes each one (over 100
    // frames during one axe run), which made the home page's axe run take 10–35 s.
    reducedMotion: "reduce",
    // Traces cost a fifth of the browser phase's CPU (static pages and readable controls measured:
    // 157 s of test time with traces, 126 s without), and a trace can only be kept on failure if
    // every test records one. On CI a failure leaves its screenshot and error context (the page's
    // accessibility snapshot); a run elsewhere keeps the failed test's trace (test-results/…/trace.zip).
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", use: { browserName: "chromium", javaScriptEnabled: true } },
    { name: "no-js", use: { browserName: "chromium", javaScriptEnabled: false } },
  ],
  webServer: [server(STORE_PORT, STORE_URL), server(BACK_OFFICE_PORT, BACK_OFFICE_URL)],
});
