import crypto from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { BackendError } from "~/lib/errors";
import { isUniqueViolation, type DB, type Executor } from "~/db/db.server";
import { noteRequestUser } from "~/observability/request-context.server";
import {
  API_MESSAGES,
  firstIssueMessage,
  loginBodySchema,
  registerBodySchema,
  SESSION_TTL_MS,
  tokenSchema,
} from "~/schemas/api";
import { isCommonPassword } from "~/services/passwords.server";
import { STAFF_IDLE_TIMEOUT_MS, STAFF_SEEN_WRITE_EVERY_MS, asStaffRole, type StaffRole } from "~/constants/staff";

/** A shopper as the services know them; `role` is set for the back office's staff (issue 12). */
export type Account = { id: number; name: string; email: string; role?: StaffRole | null };

/** What register and login give back: the opaque token (shown once, never stored) and its shopper. */
export type SessionGrant = { token: string; account: Account; expiresAt: number };

/**
 * argon2id with @node-rs/argon2's defaults (19 MiB, 2 passes, 1 lane: OWASP's minimum for
 * argon2id). `algorithm: 2` is Algorithm.Argon2id; the package's const enum cannot be imported
 * under isolatedModules.
 */
const ARGON2_OPTIONS = { algorithm: 2 } as const;

/**
 * Creates an account and logs it in (SPEC.md §7 `POST /api/user/register`): the name is trimmed,
 * the email trimmed and lower-cased, the password (12..128 characters, not on the common-password
 * list: DESIGN.md §16, ASVS 2.1.1/2.1.7) hashed with argon2id. Throws BackendError 400 (bad input,
 * first problem's sentence; 'This password is too common. Please choose another.') or 409 (email
 * already registered).
 */
export async function registerAccount(db: DB, input: unknown, now = Date.now()): Promise<SessionGrant> {
  const parsed = registerBodySchema.safeParse(input);
  if (!parsed.success) throw new BackendError(400, firstIssueMessage(parsed.error));
  const { name, email, password } = parsed.data;
  if (await isCommonPassword(password)) throw new BackendError(400, API_MESSAGES.passwordCommon);

  const existing = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  if (existing) throw new BackendError(409, API_MESSAGES.emailTaken);

  const passwordHash = await hash(password, ARGON2_OPTIONS);
  try {
    // The account and its first session in one transaction: a backup's snapshot (or a crash) never
    // holds an account whose sign-up token is missing (found by tests/unit/backup-under-load.test.ts).
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("users")
        .values({ name, email, password_hash: passwordHash, created_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      return createSession(trx, { id: Number(row.id), name, email }, now);
    });
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw new BackendError(409, API_MESSAGES.emailTaken);
    throw error;
  }
}

/**
 * Logs a shopper in (SPEC.md §7 `POST /api/user/login`) and issues a fresh token; earlier tokens
 * stay valid until they expire or log out. The new-password rules (length, common list) are not
 * applied here: an account made under older rules still logs in. An unknown email and a wrong password get the same
 * answer, BackendError 401 'Invalid email or password.', after the same amount of hashing work.
 * Throws BackendError 400 for a missing or malformed field.
 */
export async function loginAccount(db: DB, input: unknown, now = Date.now()): Promise<SessionGrant> {
  const parsed = loginBodySchema.safeParse(input);
  if (!parsed.success) throw new BackendError(400, firstIssueMessage(parsed.error));
  const { email, password } = parsed.data;

  const user = await db
    .selectFrom("users")
    .select(["id", "name", "email", "password_hash", "role"])
    .where("email", "=", email)
    .executeTakeFirst();
  const matches = await verify(user?.password_hash ?? (await dummyHash()), password).catch(() => false);
  if (!user || !matches) throw new BackendError(401, API_MESSAGES.badCredentials);

  await db.deleteFrom("sessions").where("user_id", "=", user.id).where("expires_at", "<=", now).execute();
  return createSession(db, { id: Number(user.id), name: user.name, email: user.email, role: asStaffRole(user.role) }, now);
}

/**
 * Revokes a token on the server (logout, DESIGN.md §7): deletes its session row. Unknown,
 * malformed or already revoked tokens are a no-op, so logging out twice is harmless.
 */
export async function revokeToken(db: DB, token: string | null | undefined): Promise<void> {
  if (!token || !tokenSchema.safeParse(token).success) return;
  await db.deleteFrom("sessions").where("token_hash", "=", hashToken(token)).execute();
}

/**
 * The shopper a token belongs to. Throws BackendError 401 'Please log in to continue.' when there
 * is no token and 'Your session has expired. Please log in again.' when it is malformed, unknown,
 * revoked or past its 30 days (an expired row is deleted on the way). A staff member's session
 * (issue 12) also ends after 12 hours without a request: `last_seen_at` is moved on at most once
 * a minute, and a session idle longer is deleted and refused like an expired one. The user id is
 * noted on the request being answered, so its log lines carry `userId` (issue 46 item 2).
 */
export async function requireAccount(db: DB, token: string | null | undefined, now = Date.now()): Promise<Account> {
  if (!token) throw new BackendError(401, API_MESSAGES.tokenMissing);
  if (!tokenSchema.safeParse(token).success) throw new BackendError(401, API_MESSAGES.tokenInvalid);
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["users.id", "users.name", "users.email", "users.role", "sessions.expires_at", "sessions.created_at", "sessions.last_seen_at"])
    .where("sessions.token_hash", "=", tokenHash)
    .executeTakeFirst();
  if (!row) throw new BackendError(401, API_MESSAGES.tokenInvalid);
  const role = asStaffRole(row.role);
  const lastSeen = Number(row.last_seen_at ?? row.created_at);
  if (Number(row.expires_at) <= now || (role && now - lastSeen > STAFF_IDLE_TIMEOUT_MS)) {
    await db.deleteFrom("sessions").where("token_hash", "=", tokenHash).execute();
    throw new BackendError(401, API_MESSAGES.tokenInvalid);
  }
  if (role && (row.last_seen_at === null || now - lastSeen >= STAFF_SEEN_WRITE_EVERY_MS)) {
    await db.updateTable("sessions").set({ last_seen_at: now }).where("token_hash", "=", tokenHash).execute();
  }
  // The request's log lines carry the shopper's user id from here on (issue 46 item 2).
  noteRequestUser(Number(row.id));
  return { id: Number(row.id), name: row.name, email: row.email, role };
}

/** SHA-256 of a token, hex: what `sessions.token_hash` stores (DESIGN.md §6). */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** 32 random bytes as base64url (43 characters): an opaque session token. */
function newToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/**
 * Issues a fresh 30-day session for `account` (login, sign-up, a password reset): the token is
 * returned once, only its SHA-256 is stored. `db` may be a transaction. The request being
 * answered is noted as this user's (its log lines carry `userId`; issue 46 item 2).
 */
export async function createSession(db: Executor, account: Account, now: number): Promise<SessionGrant> {
  const token = newToken();
  const expiresAt = now + SESSION_TTL_MS;
  await db
    .insertInto("sessions")
    .values({ token_hash: hashToken(token), user_id: account.id, expires_at: expiresAt, created_at: now, last_seen_at: account.role ? now : null })
    .execute();
  noteRequestUser(account.id);
  return { token, account, expiresAt };
}

/** An argon2id hash of a new password (the store's one password hash, DESIGN.md §16). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * True when `password` matches `passwordHash`; with no hash (no such account) it still costs one
 * verification against a dummy hash, so timing does not tell the two apart. Never rejects.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  const matches = await verify(passwordHash ?? (await dummyHash()), password).catch(() => false);
  return Boolean(passwordHash) && matches;
}

let dummy: Promise<string> | undefined;

/** A real argon2id hash of a random password, so an unknown email costs the same as a wrong password. */
function dummyHash(): Promise<string> {
  dummy ??= hash(crypto.randomBytes(16).toString("hex"), ARGON2_OPTIONS);
  return dummy;
}

