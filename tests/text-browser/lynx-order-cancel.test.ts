import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Lynx, bodyText, buttonNumber, choiceNumber, fieldAfter } from "../setup/text-browser-lynx";
import { startTextBrowserServer, type TextBrowserServer } from "../setup/text-browser-server";

/**
 * The shopper's cancel before it ships with Debian's lynx — no JavaScript, no CSS (issue 45 item 1;
 * docs/decisions/0981): a shopper signs up, their cash-on-delivery order is placed (the set-up
 * script tests/e2e/paid-order.ts on the server's database), they tick "Yes, cancel this order" on
 * its page, press "Cancel order", and read the toast and the Cancelled status; nothing to refund.
 */

const hasLynx = spawnSync("lynx", ["-version"], { encoding: "utf8" }).status === 0;

describe.runIf(hasLynx || process.env.CI)("the shopper's cancel with lynx (no JavaScript)", () => {
  let server: TextBrowserServer;
  let dir: string;
  let base: string;

  beforeAll(async () => {
    if (!hasLynx) throw new Error("lynx is not installed (apt-get install lynx)");
    server = await startTextBrowserServer("policy-lynx-cancel");
    base = server.baseUrl;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "lynx-cancel-"));
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("cancels a cash-on-delivery order on its page", () => {
    const lynx = new Lynx(fs.mkdtempSync(path.join(dir, "en-")));
    const signUpUrl = `${base}/login?mode=signup`;
    const signUpPage = lynx.dump(signUpUrl);
    const email = `lynx-cancel-${Date.now()}@example.in`;
    lynx.interact(signUpUrl, [
      { fill: fieldAfter(signUpPage, "Name", "Sign Up"), text: "Asha Rao" },
      { fill: fieldAfter(signUpPage, "Email", "Sign Up"), text: email },
      { fill: fieldAfter(signUpPage, "Password", "Sign Up"), text: "correct horse 42 lynx" },
      { press: buttonNumber(signUpPage, "Sign Up") },
    ]);
    const run = spawnSync("node", ["--import", "tsx", "tests/e2e/paid-order.ts", email, "cod"], {
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: `file:${server.databaseFile}`, NODE_ENV: "production", SESSION_SECRET: "text-browser-session-secret-0123456789abcdef0123" },
    });
    expect(run.status, run.stderr).toBe(0);
    const { orderId } = JSON.parse(run.stdout.trim().split("\n").pop()!) as { orderId: string };

    const url = `${base}/orders/${orderId}`;
    const page = lynx.dump(url);
    expect(bodyText(page)).toContain("Returns and exchanges within 7 days of delivery");
    expect(bodyText(page)).toContain("Cancel this order");
    const done = lynx.interact(url, [{ press: choiceNumber(page, "Yes, cancel this order") }, { press: buttonNumber(page, "Cancel order") }]);
    const text = bodyText(done.text).replace(/\s+/g, " ");
    expect(done.url.replace(/#.*$/, "")).toBe(url);
    expect(text).toContain("Your order has been cancelled. Nothing is charged for it.");
    expect(text).toContain("Status: Cancelled");
    expect(text).not.toContain("Cancel this order");
  }, 240_000);
});
