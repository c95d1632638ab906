import crypto from "node:crypto";
import he from "he";
import { getEnv, publicUrl, type Env } from "~/config/env.server";
import { isSqlite, type DB, type Executor } from "~/db/db.server";
import { BackendError } from "~/lib/errors";
import { careContactWords } from "~/lib/store-settings";
import { PASSWORD_RESET_MESSAGES } from "~/schemas/password-reset-rules";
import { API_MESSAGES } from "~/schemas/api";
import { changePasswordSchema, forgotPasswordSchema, resetPasswordSchema, resetTokenSchema } from "~/schemas/password-reset";
import { asStaffRole } from "~/constants/staff";
import { createSession, hashPassword, hashToken, requireAccount, verifyPassword, type SessionGrant } from "~/services/accounts.server";
import { readStoreSettings } from "~/services/invoices.server";
import { nudgeOrderEmails } from "~/services/order-emails.server";
import { isCommonPassword } from "~/services/passwords.server";

/**
 * "Forgot your password?" and the profile's password controls (issue 24 item 1; DESIGN.md §22;
 * docs/decisions/0700). A reset link carries 32 random bytes (base64url); only their SHA-256 is
 * stored (`password_resets`). A link works once, for an hour; a newer link and a password change
 * end it. The email goes through the outbox, to the account's own address only.
 */

/** How long a reset link works, ms (DESIGN.md §22: one hour). */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** The outbox kind of the reset email. */
export const PASSWORD_RESET_EMAIL_KIND = "password_reset";
/** Ended links are kept this long (ms) so the page can say why one stopped working; then deleted. */
const ENDED_LINK_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** Why a link no longer works, as `password_resets.ended_reason`. */
type EndedReason = "used" | "replaced" | "password_changed";

/** What a reset link is worth now: usable (with the account's email to show), or why not. */
export type ResetLinkState = { state: "valid"; email: string } | { state: "unknown" | "used" | "expired" | "replaced" | "password_changed" };

/** The sentence for a link that does not work (used, expired, replaced, unknown). */
export function resetLinkMessage(state: Exclude<ResetLinkState["state"], "valid">): string {
  switch (state) {
    case "used":
      return PASSWORD_RESET_MESSAGES.linkUsed;
    case "expired":
      return PASSWORD_RESET_MESSAGES.linkExpired;
    case "replaced":
      return PASSWORD_RESET_MESSAGES.linkReplaced;
    case "password_changed":
      return PASSWORD_RESET_MESSAGES.linkPasswordChanged;
    default:
      return PASSWORD_RESET_MESSAGES.linkUnknown;
  }
}

/** A refused password form: the sentence and the field it belongs to ("" for the whole form). */
export class PasswordFormError extends BackendError {
  constructor(
    status: number,
    message: string,
    readonly field: "currentPassword" | "password" | "confirm" | "token" | "",
  ) {
    super(status, message);
  }
}

/**
 * The link a reset email carries: `${publicUrl()}/reset-password?token=…`, under `/hi` for an
 * account whose chosen language is Hindi (issue 27; docs/decisions/0900).
 */
export function resetLinkUrl(token: string, env: Env = getEnv(), language: "en" | "hi" = "en"): string {
  return `${publicUrl(env)}${language === "hi" ? "/hi" : ""}/reset-password?token=${encodeURIComponent(token)}`;
}

/**
 * The reset email's subject, HTML and text; every value escaped; greeted "Hello," (no typed name,
 * issue 43 item 2). `care`: the owner's customer-care
 * contacts (issue 25 item 1; either may be empty). `language`: the account's chosen language
 * (`users.language`; issue 27, docs/decisions/0900): "hi" writes it in Hindi, else English.
 */
export function renderResetEmail(input: {
  link: string;
  storeName: string;
  care: { email: string; phone: string };
  language?: "en" | "hi";
}): { subject: string; html: string; text: string } {
  if (input.language === "hi") return renderHindiResetEmail(input);
  const care = careContactWords(input.care);
  const subject = `Choose a new password for ${input.storeName}`;
  // No name in the greeting: an account's name is whatever was typed at sign-up, and a reset is
  // mail a stranger can cause (issue 43 item 2), so it never begins with typed text.
  const lines = [
    "Hello,",
    `Someone — we hope you — asked to choose a new password for your ${input.storeName} account. To choose one, open this link within one hour:`,
    input.link,
    "The link works once. Choosing a new password signs your account out on every other device.",
    `If you didn't ask, you can ignore this email: your password stays as it is.${care ? ` Questions? ${care[0].toUpperCase()}${care.slice(1)}.` : ""}`,
  ];
  const e = (text: string) => he.escape(text);
  const html = [
    '<!doctype html><html lang="en-IN"><head><meta charset="utf-8">',
    `<title>${e(subject)}</title></head><body>`,
    `<h1>${e(subject)}</h1>`,
    `<p>${e(lines[0])}</p>`,
    `<p>${e(lines[1])}</p>`,
    `<p><a href="${e(input.link)}">Choose a new password</a></p>`,
    `<p>${e(lines[3])}</p>`,
    `<p>${e(lines[4])}</p>`,
    "</body></html>",
  ].join("\n");
  return { subject, html, text: `${lines.join("\n\n")}\n` };
}

/** The reset email in Hindi: the English one's content, in the words large Indian stores use ("पासवर्ड", "लिंक", "साइन आउट"). */
function renderHindiResetEmail(input: { link: string; storeName: string; care: { email: string; phone: string } }) {
  const ways = [input.care.email ? `${input.care.email} पर लिखें` : "", input.care.phone ? `${input.care.phone} पर कॉल करें` : ""].filter(Boolean);
  const subject = `${input.storeName} के लिए नया पासवर्ड चुनें`;
  const lines = [
    "नमस्ते,",
    `किसी ने — हमें उम्मीद है कि आपने ही — आपके ${input.storeName} खाते के लिए नया पासवर्ड चुनने को कहा है। नया पासवर्ड चुनने के लिए एक घंटे के अंदर यह लिंक खोलें:`,
    input.link,
    "यह लिंक एक ही बार काम करता है। नया पासवर्ड चुनने पर आपका खाता बाकी सभी डिवाइस से साइन आउट हो जाता है।",
    `अगर आपने यह नहीं माँगा था, तो इस ईमेल को अनदेखा कर दें: आपका पासवर्ड जैसा है वैसा ही रहेगा।${ways.length ? ` कोई सवाल? ${ways.join(" या ")}।` : ""}`,
  ];
  const e = (text: string) => he.escape(text);
  const html = [
    '<!doctype html><html lang="hi"><head><meta charset="utf-8">',
    `<title>${e(subject)}</title></head><body>`,
    `<h1>${e(subject)}</h1>`,
    `<p>${e(lines[0])}</p>`,
    `<p>${e(lines[1])}</p>`,
    `<p><a href="${e(input.link)}">नया पासवर्ड चुनें</a></p>`,
    `<p>${e(lines[3])}</p>`,
    `<p>${e(lines[4])}</p>`,
    "</body></html>",
  ].join("\n");
  return { subject, html, text: `${lines.join("\n\n")}\n` };
}

/** 32 random bytes as base64url: a reset link's token (shown once, in the email). */
function newResetToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/**
 * "Forgot your password?" for `input.email` (hostile input; parsed with zod): when an account uses
 * it, ends its live links (`replaced`), stores the SHA-256 of a fresh token valid for
 * RESET_LINK_TTL_MS from `now`, and puts the email with the link into the outbox, addressed to the
 * account's own email — all in one transaction. When none does, the same steps run on nothing
 * (roughly the same work, so timing says little) and no email is written. Resolves
 * `{ sent: boolean }` — for tests and the log only; the shopper's answer never depends on it.
 * Throws BackendError 400 for a missing or malformed email.
 */
export async function requestPasswordReset(db: DB, input: unknown, options: { now?: number; env?: Env } = {}): Promise<{ sent: boolean }> {
  const parsed = forgotPasswordSchema.safeParse(input);
  if (!parsed.success) throw new BackendError(400, parsed.error.issues[0]?.message ?? API_MESSAGES.emailInvalid);
  const now = options.now ?? Date.now();
  const env = options.env ?? getEnv();
  const user = await db.selectFrom("users").select(["id", "email", "language"]).where("email", "=", parsed.data.email).executeTakeFirst();
  // The account's chosen language (issue 27), else the page's it was asked on: Hindi writes the
  // email and its link in Hindi.
  const chosen = user?.language === "hi" || user?.language === "en" ? user.language : (parsed.data.language ?? "en");
  const language = chosen === "hi" ? "hi" : "en";

  const token = newResetToken();
  const tokenHash = hashToken(token);
  const settings = await readStoreSettings(db);
  const email = renderResetEmail({
    link: resetLinkUrl(token, env, language),
    storeName: env.STORE_NAME,
    care: { email: settings.careEmail, phone: settings.carePhone },
    language,
  });
  const userId = user ? Number(user.id) : -1;

  await db.transaction().execute(async (trx) => {
    // Two requests at once for one account: the second waits here (PostgreSQL; SQLite writes one
    // at a time anyway), so it ends the first one's link and only the newest link works.
    if (!isSqlite(db)) await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
    await endLiveLinks(trx, userId, "replaced", now);
    await trx.deleteFrom("password_resets").where("user_id", "=", userId).where("created_at", "<", now - ENDED_LINK_KEPT_MS).execute();
    if (!user) return;
    await trx.insertInto("password_resets").values({ user_id: userId, token_hash: tokenHash, created_at: now, expires_at: now + RESET_LINK_TTL_MS, ended_at: null, ended_reason: null }).execute();
    await trx
      .insertInto("outbox")
      .values({
        kind: PASSWORD_RESET_EMAIL_KIND,
        // The outbox is keyed by order; a reset belongs to an account (docs/decisions/0700).
        order_id: `account-${userId}`,
        recipient: user.email,
        subject: email.subject,
        html: email.html,
        text: email.text,
        dedupe_key: `${PASSWORD_RESET_EMAIL_KIND}:${tokenHash}`,
        next_attempt_at: now,
        sent_at: null,
        failed_at: null,
        last_error: null,
        created_at: now,
      })
      .execute();
  });
  if (user) nudgeOrderEmails();
  return { sent: Boolean(user) };
}

/** Ends every live link of `userId` for `reason` at `now`. */
async function endLiveLinks(db: Executor, userId: number, reason: EndedReason, now: number): Promise<void> {
  await db.updateTable("password_resets").set({ ended_at: now, ended_reason: reason }).where("user_id", "=", userId).where("ended_at", "is", null).execute();
}

/**
 * What the link with `token` (hostile: from the URL) is worth at `now` (ms): `valid` with the
 * account's email while it is unused, unreplaced and under an hour old; else why not. Never throws
 * for bad input (a malformed token is `unknown`).
 */
export async function checkResetLink(db: DB, token: unknown, now = Date.now()): Promise<ResetLinkState> {
  const parsed = resetTokenSchema.safeParse(token);
  if (!parsed.success) return { state: "unknown" };
  const row = await db
    .selectFrom("password_resets")
    .innerJoin("users", "users.id", "password_resets.user_id")
    .select(["users.email", "password_resets.expires_at", "password_resets.ended_reason"])
    .where("password_resets.token_hash", "=", hashToken(parsed.data))
    .executeTakeFirst();
  if (!row) return { state: "unknown" };
  if (row.ended_reason === "used" || row.ended_reason === "replaced" || row.ended_reason === "password_changed") return { state: row.ended_reason };
  if (row.ended_reason !== null) return { state: "unknown" };
  if (Number(row.expires_at) <= now) return { state: "expired" };
  return { state: "valid", email: row.email };
}

/**
 * Sets a new password through a reset link (`input`: `{token, password, confirm}`, hostile): the
 * new password follows sign-up's rules (12..128 characters, not on the common-password list), the
 * link is used up (one conditional UPDATE: of two racing posts exactly one wins), the account's
 * other live links end, every session of the account is deleted, and a fresh session is issued —
 * all in one transaction. Resolves the new session. Throws PasswordFormError 400 (a rule, named
 * by field) or 410 (the link is unknown, used, expired or replaced; `field` "token").
 */
export async function resetPassword(db: DB, input: unknown, now = Date.now()): Promise<SessionGrant> {
  const parsed = resetPasswordSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? "");
    if (field === "token") throw new PasswordFormError(410, PASSWORD_RESET_MESSAGES.linkUnknown, "token");
    throw new PasswordFormError(400, issue?.message ?? API_MESSAGES.passwordRequired, field === "confirm" ? "confirm" : "password");
  }
  const { token, password } = parsed.data;
  // The link first: a dead link costs no hashing (a flood of guesses is cheap to refuse).
  const link = await checkResetLink(db, token, now);
  if (link.state !== "valid") throw new PasswordFormError(410, resetLinkMessage(link.state), "token");
  if (await isCommonPassword(password)) throw new PasswordFormError(400, API_MESSAGES.passwordCommon, "password");
  const passwordHash = await hashPassword(password);
  const tokenHash = hashToken(token);

  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable("password_resets")
      .set({ ended_at: now, ended_reason: "used" })
      .where("token_hash", "=", tokenHash)
      .where("ended_at", "is", null)
      .where("expires_at", ">", now)
      .returning("user_id")
      .executeTakeFirst();
    if (!used) throw new PasswordFormError(410, PASSWORD_RESET_MESSAGES.linkUsed, "token");
    const userId = Number(used.user_id);
    const user = await trx.selectFrom("users").select(["id", "name", "email", "role"]).where("id", "=", userId).executeTakeFirstOrThrow();
    await trx.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", userId).execute();
    await endLiveLinks(trx, userId, "password_changed", now);
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    return createSession(trx, { id: userId, name: user.name, email: user.email, role: asStaffRole(user.role) }, now);
  });
}

/**
 * /profile's Change password for the session `token` (`input`: `{currentPassword, password,
 * confirm}`, hostile): the current password must match, the new one follows sign-up's rules and
 * differs from it; the password is replaced, the account's live reset links end and every other
 * session is deleted (this one stays). Throws BackendError 401 for a session that is gone, and
 * PasswordFormError 400 by field — `currentPassword` with status 401 when it is wrong, so the
 * login limits can count it as a failed guess.
 */
export async function changePassword(db: DB, token: string, input: unknown, now = Date.now()): Promise<void> {
  const userId = await sessionUser(db, token, now);
  const parsed = changePasswordSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? "");
    throw new PasswordFormError(400, issue?.message ?? API_MESSAGES.passwordRequired, field === "currentPassword" || field === "confirm" ? field : "password");
  }
  const { currentPassword, password } = parsed.data;
  const user = await db.selectFrom("users").select(["password_hash"]).where("id", "=", userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(user.password_hash, currentPassword))) throw new PasswordFormError(401, PASSWORD_RESET_MESSAGES.currentWrong, "currentPassword");
  if (password === currentPassword) throw new PasswordFormError(400, PASSWORD_RESET_MESSAGES.sameAsCurrent, "password");
  if (await isCommonPassword(password)) throw new PasswordFormError(400, API_MESSAGES.passwordCommon, "password");
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", userId).execute();
    await endLiveLinks(trx, userId, "password_changed", now);
    await trx.deleteFrom("sessions").where("user_id", "=", userId).where("token_hash", "<>", hashToken(token)).execute();
  });
}

/**
 * "Sign out everywhere" for the session `token`: deletes every session of its account, this one
 * included (docs/decisions/0700). Resolves how many were ended. Throws BackendError 401 for a
 * session that is already gone.
 */
export async function endAllSessions(db: DB, token: string, now = Date.now()): Promise<number> {
  const userId = await sessionUser(db, token, now);
  const result = await db.deleteFrom("sessions").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The account id of a live session token (staff idle limits included); BackendError 401 otherwise. */
async function sessionUser(db: DB, token: string, now: number): Promise<number> {
  return (await requireAccount(db, token, now)).id;
}
