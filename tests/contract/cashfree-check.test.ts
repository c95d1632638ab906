import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeCashfree, type FakeCashfree } from "../fakes/cashfree-server";

/**
 * `npm run cashfree:check` (scripts/cashfree-check.ts; issue 44 item 4), run as the owner runs it:
 * a child process, its lines and exit code. Against the fake Cashfree it starts itself every step
 * is green; against a fake server with the wrong keys it stops at the first call with the
 * conclusion an owner needs; with CASHFREE_ENV=production and no --production it refuses before
 * any call.
 */

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs the check with exactly `env` (plus PATH and HOME) and `args`. */
function check(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/cashfree-check.ts", ...args], {
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "test", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The step lines: those that start with a step mark (✓ green, ✗ failed, · not run). */
const stepLines = (out: string) => out.split("\n").filter((line) => /^[✓✗·] \d+\. /.test(line));

/** The nine steps in order, as the script numbers them (a fixed table: issue 44 item 4 plus terminate). */
const STEPS = [
  /^✓ 1\. POST \/orders → 200: order cashfree-check-\d+ ACTIVE with a payment session: the store can take payments$/,
  /^✓ 2\. GET \/orders\/cashfree-check-\d+ → 200: .*₹1\.00 INR, ACTIVE/,
  /^✓ 3\. GET \/orders\/cashfree-check-\d+\/payments → 200: no payment attempts/,
  /^✓ 4\. POST \/links → 200: payment link cashfree-check-\d+ ACTIVE/,
  /^✓ 5\. POST \/links\/cashfree-check-\d+\/cancel → 200: link CANCELLED/,
  /^✓ 6\. GET \/links\/cashfree-check-\d+ → 200: .*₹1\.00, CANCELLED/,
  /^✓ 7\. PATCH \/orders\/cashfree-check-\d+ → 200: order (TERMINATED|TERMINATION_REQUESTED)/,
  /^✓ 8\. webhook signature, fixed sample: /,
  /^✓ 9\. webhook signature, this secret key: /,
];

let fake: FakeCashfree;
beforeAll(async () => {
  fake = await startFakeCashfree({ clientId: "check_app", clientSecret: "check_secret" });
});
afterAll(async () => {
  await fake?.close();
});

describe("npm run cashfree:check", () => {
  it("--simulator: every step green, exit 0", async () => {
    const result = await check(["--simulator"], {});
    expect(result.stderr).toBe("");
    const lines = stepLines(result.stdout);
    expect(lines).toHaveLength(STEPS.length);
    lines.forEach((line, i) => expect(line).toMatch(STEPS[i]));
    expect(result.stdout).toContain("All 9 steps green");
    expect(result.code).toBe(0);
  });

  it("wrong keys: the first call is refused with the keys conclusion, the calls that need it are not run, exit 1", async () => {
    const result = await check([], { CASHFREE_APP_ID: "check_app", CASHFREE_SECRET_KEY: "not_the_secret", CASHFREE_ENV: "sandbox", CASHFREE_API_BASE: fake.apiBase });
    const lines = stepLines(result.stdout);
    expect(lines[0]).toMatch(/^✗ 1\. POST \/orders → 401: keys refused: check CASHFREE_APP_ID and CASHFREE_SECRET_KEY/);
    expect(lines[1]).toMatch(/^· 2\. read order: not run \(needs create order\)$/);
    expect(lines[3]).toMatch(/^✗ 4\. POST \/links → 401: keys refused/);
    // The signature rule does not depend on Cashfree answering.
    expect(lines.slice(7).every((line) => line.startsWith("✓"))).toBe(true);
    expect(lines.filter((line) => !line.startsWith("✓"))).toHaveLength(7);
    expect(result.code).toBe(1);
  });

  it("CASHFREE_ENV=production without --production: refuses before any call, exit 2", async () => {
    const before = fake.simulator.requests.length;
    const result = await check([], { CASHFREE_APP_ID: "check_app", CASHFREE_SECRET_KEY: "check_secret", CASHFREE_ENV: "production", CASHFREE_API_BASE: fake.apiBase });
    expect(result.stderr).toContain("pass --production");
    expect(stepLines(result.stdout)).toEqual([]);
    expect(fake.simulator.requests.length).toBe(before);
    expect(result.code).toBe(2);
  });

  it("CASHFREE_ENV=production with --production: runs (here against a fake server), every step green", async () => {
    const result = await check(["--production"], { CASHFREE_APP_ID: "check_app", CASHFREE_SECRET_KEY: "check_secret", CASHFREE_ENV: "production", CASHFREE_API_BASE: fake.apiBase });
    expect(result.stdout).toContain(`Checking Cashfree production at ${fake.apiBase} (CASHFREE_API_BASE), app id check_…`);
    const lines = stepLines(result.stdout);
    expect(lines).toHaveLength(STEPS.length);
    lines.forEach((line, i) => expect(line).toMatch(STEPS[i]));
    expect(result.code).toBe(0);
  });

  it("no keys and no --simulator: says what to set, exit 2", async () => {
    const result = await check([], {});
    expect(result.stderr).toContain("Set CASHFREE_APP_ID and CASHFREE_SECRET_KEY");
    expect(result.code).toBe(2);
  });
});
