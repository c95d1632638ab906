import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Lynx, bodyText, buttonNumber, choiceNumber, fieldAfter } from "../setup/text-browser-lynx";
import { startTextBrowserServer, type TextBrowserServer } from "../setup/text-browser-server";

/**
 * A return request with Debian's lynx — no JavaScript, no CSS (issue 45 items 2 and 6): a shopper
 * signs up, their cash-on-delivery order of two lines is delivered (tests/e2e/delivered-order.ts
 * on the server's database, as the owner's command would move it), and lynx fills the return form
 * of /orders/:id/return itself — a quantity, a reason, a refund, a description — and sends it;
 * the order page then lists the request in words. Then the same in Hindi on /hi.
 */

const hasLynx = spawnSync("lynx", ["-version"], { encoding: "utf8" }).status === 0;

describe.runIf(hasLynx || process.env.CI)("a return request with lynx", () => {
  let server: TextBrowserServer;
  let dir: string;
  let base: string;

  beforeAll(async () => {
    if (!hasLynx) throw new Error("lynx is not installed (apt-get install lynx)");
    server = await startTextBrowserServer("returns");
    base = server.baseUrl;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "lynx-return-"));
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Signs up with lynx on `/{prefix}login` and answers the email. */
  function signUp(lynx: Lynx, prefix: "" | "hi/", labels: { name: string; email: string; password: string; button: string }): string {
    const url = `${base}/${prefix}login?mode=signup`;
    const page = lynx.dump(url);
    const email = `lynx-return-${prefix ? "hi-" : ""}${Date.now()}@example.in`;
    lynx.interact(url, [
      { fill: fieldAfter(page, labels.name, labels.button), text: "Asha Rao" },
      { fill: fieldAfter(page, labels.email, labels.button), text: email },
      { fill: fieldAfter(page, labels.password, labels.button), text: "correct horse 42 lynx" },
      { press: buttonNumber(page, labels.button) },
    ]);
    return email;
  }

  /** The order delivered `days` IST days ago (the set-up script on the server's database). */
  function deliveredOrder(email: string, days: number): { orderId: string; coloured: { name: string } } {
    const run = spawnSync("node", ["--import", "tsx", "tests/e2e/delivered-order.ts", email, String(days)], {
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: `file:${server.databaseFile}`, NODE_ENV: "production", SESSION_SECRET: "text-browser-session-secret-0123456789abcdef0123" },
    });
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout.trim().split("\n").pop()!);
  }

  it("returns one line for a refund and reads its state on the order page, in English and in Hindi", () => {
    for (const language of ["en", "hi"] as const) {
      const lynx = new Lynx(fs.mkdtempSync(path.join(dir, `${language}-`)));
      const hi = language === "hi";
      const words = hi
        ? { reason: "खराब (डिफ़ेक्टिव)", refund: "रिफ़ंड", describe: "समस्या बताएँ", send: "रिटर्न अनुरोध भेजें", sent: "आपका रिटर्न अनुरोध भेज दिया गया है।", state: "अनुरोध मिला: हम 48 घंटों के अंदर जवाब देंगे", heading: "रिटर्न और एक्सचेंज" }
        : { reason: "Defective", refund: "Refund", describe: "Describe the problem", send: "Send return request", sent: "Your return request has been sent.", state: "Requested: we will answer within 48 hours", heading: "Returns and exchanges" };
      const email = signUp(lynx, hi ? "hi/" : "", hi ? { name: "नाम", email: "ईमेल", password: "पासवर्ड", button: "साइन अप" } : { name: "Name", email: "Email", password: "Password", button: "Sign Up" });
      const order = deliveredOrder(email, 1);
      const formUrl = `${base}${hi ? "/hi" : ""}/orders/${order.orderId}/return`;
      const form = lynx.dump(formUrl);
      expect(bodyText(form)).toContain(order.coloured.name);
      // The first line's quantity select: "None" first, then 1.
      const quantity = Number(/\[(\d+)\]/.exec(form.slice(form.indexOf(hi ? "कितनी लौटानी हैं" : "How many to return")))?.[1]);
      const sent = lynx.interact(formUrl, [
        { choose: quantity, down: 1 },
        { press: choiceNumber(form, words.reason) },
        { press: choiceNumber(form, words.refund) },
        { fill: fieldAfter(form, words.describe), text: "The crown came off." },
        { press: buttonNumber(form, words.send) },
      ]);
      const page = bodyText(sent.text);
      expect(sent.url.replace(/#.*$/, ""), page).toBe(`${base}${hi ? "/hi" : ""}/orders/${order.orderId}`);
      expect(page).toContain(words.sent);
      expect(page).toContain(words.heading);
      expect(page).toContain(words.state);
    }
  }, 240_000);
});
