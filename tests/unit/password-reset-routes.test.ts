import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DB } from "~/db/db.server";
import { log } from "~/observability/log.server";

/**
 * /forgot-password, /reset-password and /profile's password forms, called directly (DESIGN.md
 * §14) on a fresh SQLite file behind a trusted proxy (TRUST_PROXY=true, so the per-address limit
 * is on): issue 24 item 1, tried as an attacker would.
 */

type Action = (args: ActionFunctionArgs) => Promise<Response>;
type Loader = (args: LoaderFunctionArgs) => Promise<Response>;
let forgot: Action;
let reset: Action;
let resetPage: Loader;
let profile: Action;
let register: Action;
let db: DB;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "password-reset-routes-"));
const PASSWORD = "tiger lake 7 river";
const NEW_PASSWORD = "saffron kite 19 monsoon";

beforeAll(async () => {
  Object.assign(process.env, {
    DATABASE_URL: `file:${path.join(dir, "store.db")}`,
    SEED_DEMO_CATALOGUE: "false",
    SESSION_SECRET: "password-reset-routes-secret-long-enough",
    TRUST_PROXY: "true",
  });
  forgot = (await import("~/routes/forgot-password")).action as unknown as Action;
  const resetModule = await import("~/routes/reset-password");
  reset = resetModule.action as unknown as Action;
  resetPage = resetModule.loader as unknown as Loader;
  profile = (await import("~/routes/profile")).action as unknown as Action;
  register = (await import("~/routes/api.user.register")).action as Action;
  db = await (await import("~/db/index.server")).getDb();
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Calls a route; a thrown Response (403, 413, redirects) is the answer. */
async function call(route: Action | Loader, request: Request): Promise<Response> {
  try {
    return await route({ request, params: {}, context: {} });
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

let addressCounter = 1;
/** A fresh client address (the last X-Forwarded-For hop), so tests do not share the per-address limit. */
const freshAddress = () => `203.0.113.${addressCounter++}`;

function post(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`http://localhost:3000${url}`, { method: "POST", body: new URLSearchParams(fields), headers });
}
const unique = (label: string) => `${label}-${crypto.randomBytes(5).toString("hex")}@example.com`;

async function signUp(email: string): Promise<string> {
  const answer = await call(
    register,
    new Request("http://localhost:3000/api/user/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Asha Rao", email, password: PASSWORD }),
    }),
  );
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

async function resetEmailsTo(email: string) {
  return db.selectFrom("outbox").select(["recipient", "text"]).where("kind", "=", "password_reset").where("recipient", "=", email).orderBy("id").execute();
}

/** Lets the reset requests the answers left running finish (they are not awaited by the route). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

async function latestToken(email: string): Promise<string> {
  await vi.waitFor(async () => expect((await resetEmailsTo(email)).length).toBeGreaterThan(0));
  await settle();
  const emails = await resetEmailsTo(email);
  const token = /token=([A-Za-z0-9_-]{43})/.exec(emails[emails.length - 1]?.text ?? "")?.[1];
  if (!token) throw new Error("no link");
  return token;
}

/** The `name=value` of a Set-Cookie answer's session cookie. */
function sessionCookie(answer: Response): string {
  const cookie = answer.headers.getSetCookie().find((value) => value.startsWith("__session="));
  if (!cookie) throw new Error("no session cookie");
  return cookie.split(";")[0];
}

describe("/forgot-password gives nothing away", () => {
  it("answers a known and an unknown email alike, mailing only the account's own address", async () => {
    const email = unique("asha");
    await signUp(email);
    const known = await call(forgot, post("/forgot-password", { email: email.toUpperCase() }, { "x-forwarded-for": freshAddress() }));
    const unknown = await call(forgot, post("/forgot-password", { email: unique("nobody") }, { "x-forwarded-for": freshAddress() }));
    for (const answer of [known, unknown]) {
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe("/forgot-password?sent=1");
    }
    expect(known.headers.getSetCookie().length).toBe(unknown.headers.getSetCookie().length);
    await vi.waitFor(async () => expect(await resetEmailsTo(email)).toHaveLength(1));
  });

  it("sends 3 links an hour per email; the 4th gets the same answer, sends nothing and is logged", async () => {
    const email = unique("limited");
    await signUp(email);
    const warn = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    try {
      for (let i = 0; i < 4; i++) {
        const answer = await call(forgot, post("/forgot-password", { email }, { "x-forwarded-for": freshAddress() }));
        expect(answer.status).toBe(303);
        expect(answer.headers.get("location")).toBe("/forgot-password?sent=1");
      }
      await vi.waitFor(async () => expect(await resetEmailsTo(email)).toHaveLength(3));
      await settle();
      expect(await resetEmailsTo(email)).toHaveLength(3);
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ kind: "password_reset", limit: "mailbox" }), expect.stringContaining("the per-mailbox limit of password_reset mail was reached"));
      expect(JSON.stringify(warn.mock.calls)).not.toContain(email);
    } finally {
      warn.mockRestore();
    }
  });

  it("lets one address ask 10 times an hour, whatever the emails, then sends nothing", async () => {
    const address = freshAddress();
    const emails = Array.from({ length: 11 }, () => unique("flood"));
    for (const email of emails) await signUp(email);
    const warn = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    try {
      for (const email of emails) {
        const answer = await call(forgot, post("/forgot-password", { email }, { "x-forwarded-for": address }));
        expect(answer.headers.get("location")).toBe("/forgot-password?sent=1");
      }
      await vi.waitFor(async () => expect(await resetEmailsTo(emails[9])).toHaveLength(1));
      await settle();
      expect(await resetEmailsTo(emails[10])).toHaveLength(0);
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ kind: "password_reset", limit: "client" }), expect.stringContaining("the per-client limit of password_reset mail was reached"));
    } finally {
      warn.mockRestore();
    }
  });

  it("refuses a bad email with 400, a foreign origin with 403 and an oversized body with 413, sending nothing", async () => {
    const email = unique("attacked");
    await signUp(email);
    expect((await call(forgot, post("/forgot-password", { email: "not an email" }))).status).toBe(400);
    expect((await call(forgot, post("/forgot-password", {}))).status).toBe(400);
    expect((await call(forgot, post("/forgot-password", { email }, { origin: "https://evil.example" }))).status).toBe(403);
    expect((await call(forgot, post("/forgot-password", { email, filler: "x".repeat(100_000) }))).status).toBe(413);
    await settle();
    expect(await resetEmailsTo(email)).toHaveLength(0);
  });
});

describe("/reset-password", () => {
  it("shows the form for a live link, sets the password, signs in with a new session and refuses the link a second time", async () => {
    const email = unique("reset");
    const oldSession = await signUp(email);
    await call(forgot, post("/forgot-password", { email }, { "x-forwarded-for": freshAddress() }));
    const token = await latestToken(email);

    const page = await call(resetPage, new Request(`http://localhost:3000/reset-password?token=${token}`));
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await page.json()).toMatchObject({ token, email, problem: null });

    const mismatch = await call(reset, post("/reset-password", { token, password: NEW_PASSWORD, confirm: "something else 123" }));
    expect(mismatch.status).toBe(400);
    expect(JSON.stringify(await mismatch.json())).toContain("don't match");

    const done = await call(reset, post("/reset-password", { token, password: NEW_PASSWORD, confirm: NEW_PASSWORD }));
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/profile");
    const cookie = sessionCookie(done);
    expect(cookie).not.toContain(oldSession);
    expect(await db.selectFrom("sessions").innerJoin("users", "users.id", "sessions.user_id").select("token_hash").where("users.email", "=", email).execute()).toHaveLength(1);

    const again = await call(reset, post("/reset-password", { token, password: "yet another one 42", confirm: "yet another one 42" }));
    expect(again.status).toBe(410);
    expect(JSON.stringify(await again.json())).toContain("already been used");
    const usedPage = await call(resetPage, new Request(`http://localhost:3000/reset-password?token=${token}`));
    expect(await usedPage.json()).toMatchObject({ token: null, problem: expect.stringContaining("already been used") });

    const forged = await call(reset, post("/reset-password", { token: "A".repeat(43), password: NEW_PASSWORD, confirm: NEW_PASSWORD }));
    expect(forged.status).toBe(410);
    const foreign = await call(reset, post("/reset-password", { token, password: NEW_PASSWORD, confirm: NEW_PASSWORD }, { origin: "https://evil.example" }));
    expect(foreign.status).toBe(403);
  });
});

describe("/profile's password forms", () => {
  it("changes the password with the current one, field by field, and signs out everywhere", async () => {
    const email = unique("profile");
    const token = await signUp(email);
    await signUp(unique("bystander"));
    // The browser's cookie for this token: sign in through a reset, the one page that hands out the cookie here.
    await call(forgot, post("/forgot-password", { email }, { "x-forwarded-for": freshAddress() }));
    const done = await call(reset, post("/reset-password", { token: await latestToken(email), password: PASSWORD + "!", confirm: PASSWORD + "!" }));
    const cookie = sessionCookie(done);
    await expect(db.selectFrom("sessions").select("token_hash").where("token_hash", "=", crypto.createHash("sha256").update(token).digest("hex")).execute()).resolves.toEqual([]);

    const wrong = await call(profile, post("/profile", { intent: "change-password", currentPassword: "not it at all", password: NEW_PASSWORD, confirm: NEW_PASSWORD }, { cookie }));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ intent: "change-password", result: { error: { currentPassword: ["That is not your current password."] } } });

    const short = await call(profile, post("/profile", { intent: "change-password", currentPassword: PASSWORD + "!", password: "short", confirm: "short" }, { cookie }));
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ result: { error: { password: ["Your password must be at least 12 characters."] } } });

    const changed = await call(profile, post("/profile", { intent: "change-password", currentPassword: PASSWORD + "!", password: NEW_PASSWORD, confirm: NEW_PASSWORD }, { cookie }));
    expect(changed.status).toBe(303);
    expect(changed.headers.get("location")).toBe("/profile");

    const out = await call(profile, post("/profile", { intent: "sign-out-everywhere" }, { cookie }));
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe("/login");
    const users = db.selectFrom("users").select("id").where("email", "=", email);
    expect(await db.selectFrom("sessions").select("token_hash").where("user_id", "in", users).execute()).toEqual([]);
    expect(await db.selectFrom("sessions").select("token_hash").execute()).not.toEqual([]);

    const loggedOut = await call(profile, post("/profile", { intent: "sign-out-everywhere" }));
    expect(loggedOut.status).toBe(303);
    expect(loggedOut.headers.get("location")).toMatch(/^\/login/);
  });
});
