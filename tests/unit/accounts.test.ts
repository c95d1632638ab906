import crypto from "node:crypto";
import { hash } from "@node-rs/argon2";
import { afterEach, describe, expect, it } from "vitest";
import { BackendError } from "~/backend/types";
import type { DB } from "~/db/db.server";
import { hashToken, loginAccount, registerAccount, requireAccount, revokeToken } from "~/services/accounts.server";
import { clientAddress } from "~/utils/rate-limit.server";
import { loginPath, safeRedirect } from "~/utils/safe-redirect";
import { testDatabases, type TestDatabase } from "../setup/databases";

const DAY_MS = 24 * 60 * 60 * 1000;
const asha = { name: "  Asha Rao ", email: "  Asha.Rao@Example.COM ", password: "correct horse 42" };

/** Rows a failed call must leave exactly as they were. */
async function snapshot(db: DB) {
  return {
    users: await db.selectFrom("users").selectAll().orderBy("id").execute(),
    sessions: await db.selectFrom("sessions").selectAll().orderBy("token_hash").execute(),
  };
}

/** The BackendError a call rejects with, as {status, message}. */
async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackendError);
  return { status: (error as BackendError).status, message: (error as BackendError).message };
}

describe.each(testDatabases())("accounts on $name", ({ create }) => {
  let current: TestDatabase | undefined;
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });

  it("registers with a trimmed, lower-cased email and an argon2id hash, and issues a 30-day opaque token", async () => {
    current = await create();
    const { db } = current;
    const now = Date.UTC(2026, 0, 15);
    const grant = await registerAccount(db, asha, now);

    expect(grant.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    expect(Buffer.from(grant.token, "base64url")).toHaveLength(32);
    expect(grant.account).toMatchObject({ name: "Asha Rao", email: "asha.rao@example.com" });

    const [user] = await db.selectFrom("users").selectAll().execute();
    expect(user).toMatchObject({ name: "Asha Rao", email: "asha.rao@example.com" });
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.password_hash).not.toContain(asha.password);

    const sessions = await db.selectFrom("sessions").selectAll().execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0].token_hash).toBe(crypto.createHash("sha256").update(grant.token).digest("hex"));
    expect(sessions[0].token_hash).not.toContain(grant.token);
    expect(Number(sessions[0].expires_at)).toBe(now + 30 * DAY_MS);
  });

  it("refuses a registered email, in any case and spacing, without writing", async () => {
    current = await create();
    const { db } = current;
    await registerAccount(db, asha);
    const before = await snapshot(db);
    expect(await failure(registerAccount(db, { ...asha, email: "ASHA.RAO@example.com  " }))).toEqual({
      status: 409,
      message: "An account with this email already exists. Please log in.",
    });
    expect(await snapshot(db)).toEqual(before);
  });

  it.each([
    ["a bad email", { ...asha, email: "asha.example.com" }, "Please enter a valid email address."],
    ["an email without a domain dot", { ...asha, email: "asha@example" }, "Please enter a valid email address."],
    ["a missing email", { name: "Asha", password: "correct horse 42" }, "Please enter your email."],
    ["a blank name", { ...asha, name: "   " }, "Please enter your name."],
    ["a missing name", { email: "a@example.com", password: "correct horse 42" }, "Please enter your name."],
    ["a missing password", { name: "Asha", email: "a@example.com" }, "Please enter your password."],
    ["an 11-character password", { ...asha, password: "correct hor" }, "Your password must be at least 12 characters."],
    ["8 characters, the old minimum", { ...asha, password: "k7#Qm2!x" }, "Your password must be at least 12 characters."],
    ["12345678", { ...asha, password: "12345678" }, "Your password must be at least 12 characters."],
    ["a common password (password1234)", { ...asha, password: "password1234" }, "This password is too common. Please choose another."],
    ["a common password (qwertyuiop12)", { ...asha, password: "qwertyuiop12" }, "This password is too common. Please choose another."],
    ["a common password in capitals", { ...asha, password: "Password1234" }, "This password is too common. Please choose another."],
    ["a 129-character password", { ...asha, password: "x".repeat(129) }, "Your password must be at most 128 characters."],
    ["a name of 101 characters", { ...asha, name: "n".repeat(101) }, "Your name must be at most 100 characters."],
    ["a body that is not an object", "name=Asha", "Please send the fields as a JSON object."],
  ])("refuses %s with a clear message and writes nothing", async (_case, input, message) => {
    current = await create();
    const { db } = current;
    expect(await failure(registerAccount(db, input))).toEqual({ status: 400, message });
    expect(await snapshot(db)).toEqual({ users: [], sessions: [] });
  });

  it("accepts passwords of exactly 12 and 128 characters", async () => {
    current = await create();
    await registerAccount(current.db, { ...asha, email: "twelve@example.com", password: "tiger lake 7" });
    await registerAccount(current.db, { ...asha, email: "max@example.com", password: "p".repeat(128) });
    expect(await current.db.selectFrom("users").select("email").orderBy("email").execute()).toEqual([
      { email: "max@example.com" },
      { email: "twelve@example.com" },
    ]);
  });

  it("an account made under the old 8-character rule still logs in (the new rules are for new passwords)", async () => {
    current = await create();
    const { db } = current;
    // Written as the old code did: argon2id of an 8-character (and common) password.
    await db
      .insertInto("users")
      .values({ name: "Old", email: "old@example.com", password_hash: await hash("12345678", { algorithm: 2 }), created_at: 0 })
      .execute();
    const grant = await loginAccount(db, { email: "old@example.com", password: "12345678" });
    expect(grant.account.email).toBe("old@example.com");
  });

  it("logs in with a fresh token each time; earlier tokens stay valid", async () => {
    current = await create();
    const { db } = current;
    const registered = await registerAccount(db, asha);
    const first = await loginAccount(db, { email: "asha.rao@example.com", password: asha.password });
    const second = await loginAccount(db, { email: " ASHA.RAO@EXAMPLE.COM", password: asha.password });
    expect(new Set([registered.token, first.token, second.token]).size).toBe(3);
    for (const token of [registered.token, first.token, second.token]) {
      expect(await requireAccount(db, token)).toMatchObject({ name: "Asha Rao", email: "asha.rao@example.com" });
    }
  });

  it("answers an unknown email and a wrong password with the same message, without writing", async () => {
    current = await create();
    const { db } = current;
    await registerAccount(db, asha);
    const before = await snapshot(db);
    const wrongPassword = await failure(loginAccount(db, { email: asha.email, password: "not the password" }));
    const unknownEmail = await failure(loginAccount(db, { email: "nobody@example.com", password: asha.password }));
    expect(wrongPassword).toEqual({ status: 401, message: "Invalid email or password." });
    expect(unknownEmail).toEqual(wrongPassword);
    // A short wrong password gets the same answer, not a length rule that hints at anything.
    expect(await failure(loginAccount(db, { email: asha.email, password: "x" }))).toEqual(wrongPassword);
    expect(await snapshot(db)).toEqual(before);
  });

  it("refuses a missing or malformed token, an unknown one, and an expired one (deleting its row)", async () => {
    current = await create();
    const { db } = current;
    const now = Date.UTC(2026, 0, 1);
    const { token } = await registerAccount(db, asha, now);

    expect(await failure(requireAccount(db, undefined))).toEqual({ status: 401, message: "Please log in to continue." });
    expect(await failure(requireAccount(db, ""))).toEqual({ status: 401, message: "Please log in to continue." });
    const expired = { status: 401, message: "Your session has expired. Please log in again." };
    expect(await failure(requireAccount(db, "not-a-token"))).toEqual(expired);
    expect(await failure(requireAccount(db, crypto.randomBytes(32).toString("base64url")))).toEqual(expired);

    expect(await requireAccount(db, token, now + 30 * DAY_MS - 1)).toMatchObject({ email: "asha.rao@example.com" });
    expect(await failure(requireAccount(db, token, now + 30 * DAY_MS))).toEqual(expired);
    expect(await db.selectFrom("sessions").selectAll().execute()).toEqual([]);
  });

  it("logout revokes only that token; revoking again or an unknown token is harmless", async () => {
    current = await create();
    const { db } = current;
    const phone = await registerAccount(db, asha);
    const laptop = await loginAccount(db, { email: asha.email, password: asha.password });

    await revokeToken(db, phone.token);
    expect(await failure(requireAccount(db, phone.token))).toEqual({
      status: 401,
      message: "Your session has expired. Please log in again.",
    });
    expect(await requireAccount(db, laptop.token)).toMatchObject({ email: "asha.rao@example.com" });

    await revokeToken(db, phone.token);
    await revokeToken(db, "garbage");
    await revokeToken(db, null);
    expect(await db.selectFrom("sessions").select("token_hash").execute()).toEqual([{ token_hash: hashToken(laptop.token) }]);
  });

  it("a successful login clears the shopper's expired sessions", async () => {
    current = await create();
    const { db } = current;
    const start = Date.UTC(2026, 0, 1);
    await registerAccount(db, asha, start);
    const later = start + 31 * DAY_MS;
    const fresh = await loginAccount(db, { email: asha.email, password: asha.password }, later);
    expect(await db.selectFrom("sessions").select("token_hash").execute()).toEqual([{ token_hash: hashToken(fresh.token) }]);
  });
});

describe("the client address for rate limits", () => {
  const request = (headers: Record<string, string> = {}) => new Request("http://store.test/login", { method: "POST", headers });

  it("takes only a valid IP address, the last hop, and only behind a trusted proxy", () => {
    expect(clientAddress(request({ "x-forwarded-for": "203.0.113.7" }), true)).toBe("203.0.113.7");
    expect(clientAddress(request({ "x-forwarded-for": "10.0.0.1, 2001:db8::1" }), true)).toBe("2001:db8::1");
    expect(clientAddress(request({ "x-forwarded-for": "evil" }), true)).toBeNull();
    expect(clientAddress(request(), true)).toBeNull();
    expect(clientAddress(request({ "x-forwarded-for": "203.0.113.7" }), false)).toBeNull();
  });
});

describe("safe redirects", () => {
  it.each([
    ["/cart", "/cart"],
    ["/product/w00001?colour=Black", "/product/w00001?colour=Black"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example/", "/"],
    ["javascript:alert(1)", "/"],
    ["/../admin", "/"],
    ["/cart\n/evil", "/"],
    ["", "/"],
  ])("%j → %j", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });

  it("gives the fallback for a missing or non-text target", () => {
    expect(safeRedirect(null, "/cart")).toBe("/cart");
    expect(safeRedirect(undefined)).toBe("/");
  });

  it("builds login addresses that come back to a safe page", () => {
    expect(loginPath("/cart")).toBe("/login?redirectTo=%2Fcart");
    expect(loginPath("/product/w1", "signup")).toBe("/login?mode=signup&redirectTo=%2Fproduct%2Fw1");
    expect(loginPath("//evil.example")).toBe("/login");
    expect(loginPath("/")).toBe("/login");
    expect(loginPath("/login?redirectTo=%2Fcart")).toBe("/login");
  });
});
