import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The login page's action and the Store API's login/register routes, called directly (DESIGN.md
 * §14) on a fresh SQLite file with the default limits and no TRUST_PROXY (issue 8 items 12, 14).
 */

type Action = (args: ActionFunctionArgs) => Promise<Response>;
let apiLogin: Action;
let apiRegister: Action;
let page: Action;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "auth-routes-"));

beforeAll(async () => {
  Object.assign(process.env, {
    DATABASE_URL: `file:${path.join(dir, "store.db")}`,
    SEED_DEMO_CATALOGUE: "false",
    SESSION_SECRET: "auth-routes-test-secret-that-is-long-enough",
    TRUST_PROXY: "false",
  });
  apiLogin = (await import("~/routes/api.user.login")).action as Action;
  apiRegister = (await import("~/routes/api.user.register")).action as Action;
  page = (await import("~/routes/login")).action as unknown as Action;
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const call = (action: Action, request: Request) => action({ request, params: {}, context: {} });
const api = (action: Action, body: unknown) =>
  call(
    action,
    new Request("http://localhost:3000/api/user/x", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
const form = (mode: "login" | "signup", fields: Record<string, string>) =>
  call(page, new Request(`http://localhost:3000/login?mode=${mode}`, { method: "POST", body: new URLSearchParams(fields) }));
const unique = (label: string) => `${label}-${crypto.randomBytes(5).toString("hex")}@example.com`;
const PASSWORD = "tiger lake 7 river";

describe("one client cannot lock every shopper out (issue 8 item 12)", () => {
  it("after 125+ bad logins with random emails from one client, another shopper logs in and a new shopper signs up, on the page and the API", async () => {
    const asha = { name: "Asha Rao", email: unique("asha"), password: PASSWORD };
    expect((await api(apiRegister, asha)).status).toBe(200);

    for (let i = 0; i < 130; i++) {
      const answer = await api(apiLogin, { email: unique("nobody"), password: "guess 12345678" });
      expect(answer.status).toBe(401);
    }
    for (let i = 0; i < 5; i++) {
      expect((await form("login", { email: unique("nobody"), password: "guess 12345678" })).status).toBe(401);
    }

    const login = await api(apiLogin, { email: asha.email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ success: true });
    expect((await form("login", { email: asha.email, password: PASSWORD })).status).toBe(303);

    expect((await api(apiRegister, { name: "Ravi", email: unique("ravi"), password: PASSWORD })).status).toBe(200);
    expect((await form("signup", { name: "Meera", email: unique("meera"), password: PASSWORD })).status).toBe(303);
  }, 120_000);

  it("the 6th failure on one account within a minute answers 429 with Retry-After, the right password included", async () => {
    const shopper = { name: "Asha Rao", email: unique("locked"), password: PASSWORD };
    expect((await api(apiRegister, shopper)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await api(apiLogin, { email: shopper.email, password: `wrong ${i}` })).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await form("login", { email: shopper.email, password: `wrong ${i}` })).status).toBe(401);

    const limited = await api(apiLogin, { email: shopper.email.toUpperCase(), password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(59);
    expect(await limited.json()).toEqual({ success: false, message: "Too many attempts. Please wait a minute and try again." });

    const onPage = await form("login", { email: shopper.email, password: PASSWORD });
    expect(onPage.status).toBe(429);
    expect(Number(onPage.headers.get("retry-after"))).toBeGreaterThanOrEqual(59);
    expect(JSON.stringify(await onPage.json())).toContain("Too many attempts. Please wait a minute and try again.");
  });
});

describe("passwords for new accounts (issue 8 item 14)", () => {
  it.each([
    ["12345678", "Your password must be at least 12 characters."],
    ["password1234", "This password is too common. Please choose another."],
    ["qwertyuiop12", "This password is too common. Please choose another."],
    ["x".repeat(129), "Your password must be at most 128 characters."],
  ])("refuses %s with a clear message, on the API and the page, creating nothing", async (password, message) => {
    const email = unique("weak");
    const answer = await api(apiRegister, { name: "Asha", email, password });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ success: false, message });

    const onPage = await form("signup", { name: "Asha", email, password });
    expect(onPage.status).toBe(400);
    const result = (await onPage.json()) as { result: { error?: Record<string, string[]> } };
    expect(result.result.error?.password).toEqual([message]);

    // Nothing was created: the email is still free.
    expect((await api(apiRegister, { name: "Asha", email, password: PASSWORD })).status).toBe(200);
  });

  it("accepts a 12-character password that is not on the list", async () => {
    expect((await api(apiRegister, { name: "Asha", email: unique("ok"), password: "tiger lake 7" })).status).toBe(200);
  });
});
