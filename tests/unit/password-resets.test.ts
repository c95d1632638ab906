import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { PASSWORD_RESET_MESSAGES } from "~/schemas/password-reset-rules";
import { API_MESSAGES } from "~/schemas/api";
import { loginAccount, registerAccount, requireAccount } from "~/services/accounts.server";
import { deliverOutbox } from "~/services/order-emails.server";
import { createMailTransport } from "~/services/mail.server";
import {
  PasswordFormError,
  RESET_LINK_TTL_MS,
  changePassword,
  checkResetLink,
  endAllSessions,
  requestPasswordReset,
  resetPassword,
} from "~/services/password-resets.server";
import { startFakeSmtp } from "../fakes/smtp-server";
import { testDatabases, type TestDatabase } from "../setup/databases";

/**
 * "Forgot your password?" and the profile's password controls (issue 24 item 1; DESIGN.md §22;
 * docs/decisions/0700) on SQLite and PostgreSQL.
 */

const T0 = Date.UTC(2026, 10, 26, 10);
const PASSWORD = "correct horse 42";
const NEW_PASSWORD = "saffron kite 19 monsoon";

/** The outbox's reset emails, oldest first. */
function resetEmails(db: DB) {
  return db.selectFrom("outbox").selectAll().where("kind", "=", "password_reset").orderBy("id").execute();
}

/** The token of the newest reset email. */
async function latestToken(db: DB): Promise<string> {
  const emails = await resetEmails(db);
  const match = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(emails[emails.length - 1]?.text ?? "");
  if (!match) throw new Error("no reset link in the outbox");
  return match[1];
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PasswordFormError);
  const { status, message, field } = error as PasswordFormError;
  return { status, message, field };
}

describe.each(testDatabases())("password reset on $name", ({ create }) => {
  let current: TestDatabase | undefined;
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });

  async function shopper(email = "asha.rao@example.com") {
    current ??= await create();
    const grant = await registerAccount(current.db, { name: "Asha Rao", email, password: PASSWORD }, T0 - 1000);
    return { db: current.db, grant };
  }

  it("stores only the SHA-256 of the token and mails the link to the account's own address", async () => {
    const { db } = await shopper();
    expect(await requestPasswordReset(db, { email: "  Asha.Rao@Example.COM " }, { now: T0 })).toEqual({ sent: true });

    const [email] = await resetEmails(db);
    expect(email).toMatchObject({ recipient: "asha.rao@example.com", order_id: expect.stringMatching(/^account-\d+$/) });
    expect(email.subject).toContain("new password");
    const token = await latestToken(db);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(email.html).toContain(`http://localhost:3000/reset-password?token=${token}`);

    const rows = await db.selectFrom("password_resets").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(Number(rows[0].expires_at) - Number(rows[0].created_at)).toBe(RESET_LINK_TTL_MS);
    expect(await checkResetLink(db, token, T0)).toEqual({ state: "valid", email: "asha.rao@example.com" });
  });

  it("answers an unknown email the same way and writes nothing", async () => {
    const { db } = await shopper();
    expect(await requestPasswordReset(db, { email: "nobody@example.com" }, { now: T0 })).toEqual({ sent: false });
    expect(await resetEmails(db)).toEqual([]);
    expect(await db.selectFrom("password_resets").selectAll().execute()).toEqual([]);
    await expect(requestPasswordReset(db, { email: "not an email" }, { now: T0 })).rejects.toMatchObject({ status: 400, message: API_MESSAGES.emailInvalid });
  });

  it("sets the new password once: the link is used up, every session ends and a fresh one is issued", async () => {
    const { db, grant } = await shopper();
    const phone = await loginAccount(db, { email: "asha.rao@example.com", password: PASSWORD }, T0);
    await requestPasswordReset(db, { email: "asha.rao@example.com" }, { now: T0 });
    const token = await latestToken(db);

    const fresh = await resetPassword(db, { token, password: NEW_PASSWORD, confirm: NEW_PASSWORD }, T0 + 60_000);
    expect(fresh.account.email).toBe("asha.rao@example.com");
    expect((await requireAccount(db, fresh.token, T0 + 60_000)).email).toBe("asha.rao@example.com");
    for (const old of [grant.token, phone.token]) await expect(requireAccount(db, old, T0 + 60_000)).rejects.toMatchObject({ status: 401 });
    expect(await db.selectFrom("sessions").select("token_hash").execute()).toHaveLength(1);

    await expect(loginAccount(db, { email: "asha.rao@example.com", password: PASSWORD }, T0 + 70_000)).rejects.toMatchObject({ status: 401 });
    await loginAccount(db, { email: "asha.rao@example.com", password: NEW_PASSWORD }, T0 + 70_000);

    expect(await checkResetLink(db, token, T0 + 80_000)).toEqual({ state: "used" });
    expect(await refusal(resetPassword(db, { token, password: "another long one 77", confirm: "another long one 77" }, T0 + 80_000))).toEqual({
      status: 410,
      message: PASSWORD_RESET_MESSAGES.linkUsed,
      field: "token",
    });
  });

  it("lets two posts of one link race: exactly one sets the password", async () => {
    const { db } = await shopper();
    await requestPasswordReset(db, { email: "asha.rao@example.com" }, { now: T0 });
    const token = await latestToken(db);
    const results = await Promise.allSettled(
      ["first password 1234", "second password 5678"].map((password) => resetPassword(db, { token, password, confirm: password }, T0 + 1000)),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((result) => result.status === "rejected")).toHaveLength(1);
  });

  it("keeps one live link when several requests for one account arrive at once", async () => {
    const { db } = await shopper();
    await Promise.all(Array.from({ length: 5 }, (_, i) => requestPasswordReset(db, { email: "asha.rao@example.com" }, { now: T0 + i })));
    const rows = await db.selectFrom("password_resets").select(["ended_at"]).execute();
    expect(rows).toHaveLength(5);
    expect(rows.filter((row) => row.ended_at === null)).toHaveLength(1);
  });

  it("works for exactly one hour", async () => {
    const { db } = await shopper();
    await requestPasswordReset(db, { email: "asha.rao@example.com" }, { now: T0 });
    const token = await latestToken(db);
    expect((await checkResetLink(db, token, T0 + RESET_LINK_TTL_MS - 1)).state).toBe("valid");
    expect(await checkResetLink(db, token, T0 + RESET_LINK_TTL_MS)).toEqual({ state: "expired" });
    expect(await refusal(resetPassword(db, { token, password: NEW_PASSWORD, confirm: NEW_PASSWORD }, T0 + RESET_LINK_TTL_MS))).toMatchObject({
      status: 410,
      message: PASSWORD_RESET_MESSAGES.linkExpired,
    });
    await loginAccount(db, { email: "asha.rao@example.com", password: PASSWORD }, T0 + RESET_LINK_TTL_MS);
  });

  it("is replaced by a newer link", async () => {
    const { db } = await shopper();
    await requestPasswordReset(db, { email: "asha.rao@example.com" }, { now: T0 });
    const first = await latestToken(db);
    await requestPasswordReset(db, { email: "asha.rao@example.com" }, { now: T0 + 1000 });
    const second = await latestToken(db);
    expect(second).not.toBe(first);
    expect(await checkResetLink(db, first, T0 + 2000)).toEqual({ state: "replaced" });
    expect(await refusal(resetPassword(db, { token: first, password: NEW_PASSWORD, confirm: NEW_PASSWORD }, T0 + 2000))).toMatchObject({
      status: 410,
      message: PASSWORD_RESET_MESSAGES.linkReplaced,
    });
    await resetPassword(db, { token: second, password: NEW_PASSWORD, confirm: NEW_PASSWORD }, T0 + 2000);
  });

  it("is ended by a password change on the profile, which keeps this session and ends the others", async () => {
    const { db, grant } = await shopper();
    const laptop = await loginAccount(db, { email: "asha.rao@example.com", password: PASSWORD }, T0);
    await requestPasswordReset(db, { email: "asha.rao@example.com" }, { now: T0 });
    const token = await latestToken(db);

    await changePassword(db, grant.token, { currentPassword: PASSWORD, password: NEW_PASSWORD, confirm: NEW_PASSWORD }, T0 + 1000);
    expect(await checkResetLink(db, token, T0 + 2000)).toEqual({ state: "password_changed" });
    await requireAccount(db, grant.token, T0 + 2000);
    await expect(requireAccount(db, laptop.token, T0 + 2000)).rejects.toMatchObject({ status: 401 });
    await loginAccount(db, { email: "asha.rao@example.com", password: NEW_PASSWORD }, T0 + 3000);
  });

  it("refuses new passwords by sign-up's rules, field by field, and leaves the link working", async () => {
    const { db } = await shopper();
    await requestPasswordReset(db, { email: "asha.rao@example.com" }, { now: T0 });
    const token = await latestToken(db);
    const at = T0 + 1000;
    expect(await refusal(resetPassword(db, { token, password: "short", confirm: "short" }, at))).toEqual({
      status: 400,
      message: API_MESSAGES.passwordTooShort,
      field: "password",
    });
    expect(await refusal(resetPassword(db, { token, password: "password1234", confirm: "password1234" }, at))).toEqual({
      status: 400,
      message: API_MESSAGES.passwordCommon,
      field: "password",
    });
    expect(await refusal(resetPassword(db, { token, password: NEW_PASSWORD, confirm: `${NEW_PASSWORD}!` }, at))).toEqual({
      status: 400,
      message: PASSWORD_RESET_MESSAGES.mismatch,
      field: "confirm",
    });
    expect(await refusal(resetPassword(db, { token: "x".repeat(43), password: NEW_PASSWORD, confirm: NEW_PASSWORD }, at))).toMatchObject({ status: 410, field: "token" });
    expect(await refusal(resetPassword(db, { token: "../../etc", password: NEW_PASSWORD, confirm: NEW_PASSWORD }, at))).toMatchObject({ status: 410, field: "token" });
    expect((await checkResetLink(db, token, at)).state).toBe("valid");
  });

  it("never lets one account's link set another account's password", async () => {
    const { db } = await shopper();
    await registerAccount(db, { name: "Ravi", email: "ravi@example.com", password: PASSWORD }, T0);
    await requestPasswordReset(db, { email: "ravi@example.com" }, { now: T0 });
    const ravis = await latestToken(db);
    const grant = await resetPassword(db, { token: ravis, password: NEW_PASSWORD, confirm: NEW_PASSWORD, email: "asha.rao@example.com" }, T0 + 1000);
    expect(grant.account.email).toBe("ravi@example.com");
    await loginAccount(db, { email: "asha.rao@example.com", password: PASSWORD }, T0 + 2000);
  });

  it("checks the current password on the profile, and refuses the same password again", async () => {
    const { db, grant } = await shopper();
    expect(await refusal(changePassword(db, grant.token, { currentPassword: "wrong password 1", password: NEW_PASSWORD, confirm: NEW_PASSWORD }, T0))).toEqual({
      status: 401,
      message: PASSWORD_RESET_MESSAGES.currentWrong,
      field: "currentPassword",
    });
    expect(await refusal(changePassword(db, grant.token, { currentPassword: PASSWORD, password: PASSWORD, confirm: PASSWORD }, T0))).toMatchObject({
      status: 400,
      field: "password",
    });
    expect(await refusal(changePassword(db, grant.token, { currentPassword: "", password: NEW_PASSWORD, confirm: NEW_PASSWORD }, T0))).toMatchObject({
      status: 400,
      field: "currentPassword",
      message: PASSWORD_RESET_MESSAGES.currentRequired,
    });
    await loginAccount(db, { email: "asha.rao@example.com", password: PASSWORD }, T0);
  });

  it("signs out everywhere: every session of the account, this one too, and no one else's", async () => {
    const { db, grant } = await shopper();
    const phone = await loginAccount(db, { email: "asha.rao@example.com", password: PASSWORD }, T0);
    const ravi = await registerAccount(db, { name: "Ravi", email: "ravi@example.com", password: PASSWORD }, T0);
    expect(await endAllSessions(db, phone.token, T0)).toBe(2);
    for (const token of [grant.token, phone.token]) await expect(requireAccount(db, token, T0)).rejects.toMatchObject({ status: 401 });
    await requireAccount(db, ravi.token, T0);
    await expect(endAllSessions(db, phone.token, T0)).rejects.toMatchObject({ status: 401 });
  });

  it("sends the link over SMTP to the account's address, then removes it from the outbox row", async () => {
    const { db } = await shopper();
    await requestPasswordReset(db, { email: "asha.rao@example.com" }, { now: T0 });
    const token = await latestToken(db);
    const smtp = await startFakeSmtp();
    const transport = createMailTransport({ smtpUrl: smtp.url, outboxDir: "/nonexistent" });
    try {
      expect(await deliverOutbox(db, transport, T0 + 1000)).toMatchObject({ sent: 1 });
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail.to).toMatchObject({ text: "asha.rao@example.com" });
      expect(mail.text).toContain(`http://localhost:3000/reset-password?token=${token}`);
      expect(String(mail.html)).toContain(`http://localhost:3000/reset-password?token=${token}`);
    } finally {
      transport.close();
      await smtp.close();
    }
    const [row] = await resetEmails(db);
    expect(Number(row.sent_at)).toBe(T0 + 1000);
    expect(`${row.html}${row.text}`).not.toContain(token);
  });
});
