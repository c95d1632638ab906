import { defineConfig } from "@playwright/test";
import { launchOptions } from "./tests/e2e/browser";
import { checkedOnceFolder } from "./tests/e2e/checked-once";
import { BACK_OFFICE_PORT, BACK_OFFICE_URL, STORE_PORT, STORE_URL } from "./tests/e2e/servers";

// Axe and the markup check skip what this run already passed, across workers (tests/e2e/checked-once.ts).
checkedOnceFolder("tests/.tmp");

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
    // Without pictures, but in the specs about pictures (tests/e2e/browser.ts).
    launchOptions: launchOptions(false),
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
