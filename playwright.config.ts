import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** Debian's Chromium by default (DESIGN.md §14); PLAYWRIGHT_CHROMIUM_PATH overrides, "bundled" uses Playwright's. */
const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium";

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
 * with JavaScript ("js") and without ("no-js"). The server runs on a fresh SQLite file
 * under tests/.tmp with the demo catalogue (tests/setup/e2e-server.sh).
 */
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: process.env.BUILD_SUFFIX ? `test-results-${process.env.BUILD_SUFFIX}` : "test-results",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", use: { browserName: "chromium", javaScriptEnabled: true } },
    { name: "no-js", use: { browserName: "chromium", javaScriptEnabled: false } },
  ],
  webServer: {
    command: "bash tests/setup/e2e-server.sh",
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: { E2E_PORT: String(PORT) },
  },
});
