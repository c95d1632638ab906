import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Lynx, bodyText, buttonNumber, fieldAfter } from "../setup/text-browser-lynx";
import { startTextBrowserServer, type TextBrowserServer } from "../setup/text-browser-server";

/**
 * The cash-on-delivery refund details with Debian's lynx — no JavaScript, no CSS (issue 45 item
 * 4; docs/decisions/0985): a shopper signs up, their COD order is delivered
 * (tests/e2e/delivered-order.ts) with a refund request of one line (tests/e2e/return-request.ts),
 * both on the server's database as the owner's command would write them; lynx fills the order
 * page's form with a UPI ID and sends it, and the page says it is saved and shows it masked. First
 * a malformed UPI ID: the sentence, nothing saved. In English and in Hindi (/hi).
 */

const hasLynx = spawnSync("lynx", ["-version"], { encoding: "utf8" }).status === 0;

describe.runIf(hasLynx || process.env.CI)("the COD refund details with lynx", () => {
  let server: TextBrowserServer;
  let dir: string;
  let base: string;

  beforeAll(async () => {
    if (!hasLynx) throw new Error("lynx is not installed (apt-get install lynx)");
    server = await startTextBrowserServer("office");
    base = server.baseUrl;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "lynx-payout-"));
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Runs a set-up script of tests/e2e on the server's database; answers its last line as JSON. */
  function setUp<T>(script: string, args: string[]): T {
    const run = spawnSync("node", ["--import", "tsx", `tests/e2e/${script}.ts`, ...args], {
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: `file:${server.databaseFile}`, NODE_ENV: "production", SESSION_SECRET: "text-browser-session-secret-0123456789abcdef0123" },
    });
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout.trim().split("\n").pop()!) as T;
  }

  it("gives a UPI ID for the refund on the order page, in English and in Hindi", () => {
    for (const language of ["en", "hi"] as const) {
      const lynx = new Lynx(fs.mkdtempSync(path.join(dir, `${language}-`)));
      const hi = language === "hi";
      const words = hi
        ? {
            signUp: { name: "नाम", email: "ईमेल", password: "पासवर्ड", button: "साइन अप" },
            heading: "आपका रिफ़ंड कहाँ भेजें?",
            upi: "UPI ID (जैसे name@bank)",
            save: "रिफ़ंड का ब्योरा सेव करें",
            bad: "name@bank जैसी UPI ID लिखें।",
            saved: "आपके रिफ़ंड का ब्योरा सेव हो गया। रिफ़ंड होते ही हम इसे मिटा देंगे।",
            given: "आपकी UPI ID as••••@okaxis हमारे पास है।",
          }
        : {
            signUp: { name: "Name", email: "Email", password: "Password", button: "Sign Up" },
            heading: "Where should we send your refund?",
            upi: "UPI ID (such as name@bank)",
            save: "Save refund details",
            bad: "Enter a UPI ID such as name@bank.",
            saved: "Your refund details are saved. We erase them once the refund is made.",
            given: "We have your UPI ID as••••@okaxis.",
          };
      const signUpUrl = `${base}${hi ? "/hi" : ""}/login?mode=signup`;
      const signUpPage = lynx.dump(signUpUrl);
      const email = `lynx-payout-${language}-${Date.now()}@example.in`;
      lynx.interact(signUpUrl, [
        { fill: fieldAfter(signUpPage, words.signUp.name, words.signUp.button), text: "Asha Rao" },
        { fill: fieldAfter(signUpPage, words.signUp.email, words.signUp.button), text: email },
        { fill: fieldAfter(signUpPage, words.signUp.password, words.signUp.button), text: "correct horse 42 lynx" },
        { press: buttonNumber(signUpPage, words.signUp.button) },
      ]);
      const { orderId } = setUp<{ orderId: string }>("delivered-order", [email, "1"]);
      setUp<{ returnId: string }>("return-request", [orderId, "1", "0"]);

      const orderUrl = `${base}${hi ? "/hi" : ""}/orders/${orderId}`;
      const page = lynx.dump(orderUrl);
      expect(bodyText(page)).toContain(words.heading);
      // UPI is the form's first choice (checked): a malformed ID, then a good one.
      const refused = lynx.interact(orderUrl, [
        { fill: fieldAfter(page, words.upi), text: "asha" },
        { press: buttonNumber(page, words.save) },
      ]);
      expect(bodyText(refused.text)).toContain(words.bad);
      expect(bodyText(refused.text)).not.toContain("@okaxis");
      const saved = lynx.interact(orderUrl, [
        { fill: fieldAfter(page, words.upi), text: "asha.k@okaxis" },
        { press: buttonNumber(page, words.save) },
      ]);
      const text = bodyText(saved.text);
      expect(saved.url.replace(/#.*$/, "")).toBe(orderUrl);
      expect(text).toContain(words.saved);
      expect(text).toContain(words.given);
    }
  }, 240_000);
});
