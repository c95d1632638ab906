import type { Browser, BrowserContext, Page } from "@playwright/test";
import { startContractServer, type ContractServer } from "../setup/contract-server";
import { jsDisabled, test } from "./fixtures";

/**
 * A second server for the spec that calls it, in Test mode: the production build the browser tests
 * already made, with no Cashfree credentials on a loopback PUBLIC_URL, so it runs the built-in
 * simulator (README quick start; issue 8 item 1, issue 44 item 3). Login and per-address limits are
 * raised: each test signs up its own shoppers. Started before the spec's tests, stopped after them.
 * Answers `baseUrl()` (once started) and `trialPage(browser)`: a fresh browser context on that server (JavaScript as the project
 * runs it) and its page; close the context at the end of the test.
 */
export function startTestModeServer(): { baseUrl: () => string; trialPage: (browser: Browser) => Promise<{ context: BrowserContext; page: Page }> } {
  let server: ContractServer | undefined;
  test.beforeAll(async () => {
    server = await startContractServer(
      { CASHFREE_APP_ID: "", CASHFREE_SECRET_KEY: "", CASHFREE_API_BASE: "", RATE_LIMIT_LOGIN_FAILURES_PER_MIN: "1000", RATE_LIMIT_ADDRESS_PER_MIN: "1000" },
      { buildSuffix: process.env.BUILD_SUFFIX ?? "", skipBuild: true },
    );
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return {
    baseUrl: () => server!.baseUrl,
    async trialPage(browser: Browser) {
      const context = await browser.newContext({ baseURL: server!.baseUrl, javaScriptEnabled: !jsDisabled() });
      return { context, page: await context.newPage() };
    },
  };
}
