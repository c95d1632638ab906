import crypto from "node:crypto";
import { isIP } from "node:net";
import pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { API_MESSAGES } from "~/schemas/api";
import { getEnv, parseEnv, type Env } from "~/config/env.server";
import { log } from "~/observability/log.server";
import { countRateLimitRefusal } from "~/observability/event-metrics.server";

/**
 * Rate limits for login and sign-up (DESIGN.md §16; issue 8 item 12; docs/decisions/0320). No key
 * is shared by clients, so no single client can spend a limit that others need:
 *
 * - **per account** (the email, trimmed and lower-cased, stored only as a hash): login *failures*
 *   only. The RATE_LIMIT_LOGIN_FAILURES_PER_MIN-th failure within a minute locks the account for a
 *   minute, each further lock-out that day doubles it (back-off, at most 15 minutes); at most
 *   RATE_LIMIT_LOGIN_FAILURES_PER_HOUR (≤ 100, OWASP ASVS 2.2.1) failures an hour. A successful
 *   login clears the burst counter and the back-off, never the hourly count.
 * - **per client address**, only when TRUST_PROXY=true (the last X-Forwarded-For hop, appended by
 *   the proxy we trust): login failures and sign-ups together, RATE_LIMIT_ADDRESS_PER_MIN.
 *
 * Attempts are counted *before* the password is checked and refunded when they turn out not to be
 * failures, so a burst of parallel guesses cannot slip past the count. With a PostgreSQL
 * DATABASE_URL the counters live in its `rate_limits` table (rate-limiter-flexible's
 * RateLimiterPostgres) so every process behind a balancer enforces one limit; otherwise in memory.
 */
/** The limits, as parsed with the rest of the environment (app/config/env.server.ts). */
export type RateLimitConfig = Pick<Env, "RATE_LIMIT_LOGIN_FAILURES_PER_MIN" | "RATE_LIMIT_LOGIN_FAILURES_PER_HOUR" | "RATE_LIMIT_ADDRESS_PER_MIN">;

/** Outcome of a check: allowed, or refused with the seconds to wait (for Retry-After). */
export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Outcome of a guarded login: the login's own value, or refused before the password was checked. */
export type GuardedLogin<T> = { ok: true; value: T } | { ok: false; retryAfterSeconds: number };

/** Where the counters live: this process's memory, or a PostgreSQL table shared by processes. */
export type RateLimitStore = { kind: "memory" } | { kind: "postgres"; pool: pg.Pool; schemaName?: string };

export type AuthRateLimiter = {
  /**
   * Runs `attempt` (the password check) unless the account or the client address is locked; a
   * rejection whose `status` is 401 counts as a failure, anything else is refunded. Resolves
   * `{ok:false, retryAfterSeconds}` (without calling `attempt`) when locked; rethrows what
   * `attempt` throws.
   */
  login<T>(request: Request, email: string, attempt: () => Promise<T>): Promise<GuardedLogin<T>>;
  /** Counts a sign-up against the client address (TRUST_PROXY only); refused once it is spent. */
  signUp(request: Request): Promise<RateLimitResult>;
};

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Longest back-off after repeated lock-outs of one account, in seconds. */
export const MAX_BACKOFF_SECONDS = 15 * MINUTE;
/** The table rate-limiter-flexible keeps its PostgreSQL counters in. */
export const RATE_LIMIT_TABLE = "rate_limits";

/**
 * Seconds an account stays locked after its `lockouts`-th lock-out (1-based) in a day:
 * 60, 120, 240, 480, then 900 (back-off, ASVS 2.2.1).
 */
export function backoffSeconds(lockouts: number): number {
  return Math.min(MINUTE * 2 ** Math.max(0, lockouts - 1), MAX_BACKOFF_SECONDS);
}

/**
 * Limiters for login and sign-up with the given limits, in `store` (tests make their own; the
 * server uses `getAuthRateLimiter`). Resolves once a PostgreSQL store's table exists; rejects with
 * the database's error when it cannot be created.
 */
export async function createAuthRateLimiter(options: {
  config: RateLimitConfig;
  trustProxy: boolean;
  store?: RateLimitStore;
}): Promise<AuthRateLimiter> {
  const { config, trustProxy, store = { kind: "memory" } } = options;
  if (store.kind === "postgres") await createTable(store);

  const make = (keyPrefix: string, points: number, duration: number) => createLimiter(store, keyPrefix, points, duration);

  const burst = make("login-burst", config.RATE_LIMIT_LOGIN_FAILURES_PER_MIN, MINUTE);
  const hourly = make("login-hour", config.RATE_LIMIT_LOGIN_FAILURES_PER_HOUR, HOUR);
  const lockouts = make("login-lockouts", Number.MAX_SAFE_INTEGER, DAY);
  const perAddress = make("auth-address", config.RATE_LIMIT_ADDRESS_PER_MIN, MINUTE);

  type Reservation = { limiter: RateLimiterAbstract; key: string };
  const refund = (reservations: Reservation[]) =>
    Promise.all(reservations.map(({ limiter, key }) => limiter.reward(key).catch(() => undefined)));

  return {
    async login<T>(request: Request, email: string, attempt: () => Promise<T>): Promise<GuardedLogin<T>> {
      const account = accountKey(email);
      const address = clientAddress(request, trustProxy);
      const wanted: Reservation[] = [
        ...(address ? [{ limiter: perAddress, key: address }] : []),
        { limiter: burst, key: account },
        { limiter: hourly, key: account },
      ];
      const reserved: Reservation[] = [];
      let burstCount = 0;
      for (const reservation of wanted) {
        try {
          const res = await reservation.limiter.consume(reservation.key);
          if (reservation.limiter === burst) burstCount = res.consumedPoints;
          reserved.push(reservation);
        } catch (error) {
          if (!(error instanceof RateLimiterRes)) throw error;
          await refund(reserved);
          countRateLimitRefusal("login");
          return { ok: false, retryAfterSeconds: retryAfter(error) };
        }
      }

      let value: T;
      try {
        value = await attempt();
      } catch (error) {
        if (isLoginFailure(error)) {
          if (burstCount >= config.RATE_LIMIT_LOGIN_FAILURES_PER_MIN) {
            const { consumedPoints } = await lockouts.penalty(account);
            await burst.block(account, backoffSeconds(consumedPoints));
          }
        } else {
          await refund(reserved);
        }
        throw error;
      }
      // Success: the burst and back-off start again; the hourly count keeps earlier failures.
      await Promise.all([
        burst.delete(account),
        lockouts.delete(account),
        hourly.reward(account),
        address ? perAddress.reward(address) : undefined,
      ]);
      return { ok: true, value };
    },

    async signUp(request) {
      const address = clientAddress(request, trustProxy);
      if (!address) return { ok: true };
      try {
        await perAddress.consume(address);
        return { ok: true };
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          countRateLimitRefusal("signup");
          return { ok: false, retryAfterSeconds: retryAfter(error) };
        }
        throw error;
      }
    },
  };
}

/**
 * A limiter of `points` per `duration` seconds for keys under `keyPrefix`, in `store` (whose
 * PostgreSQL table must exist: `createTable`). A database hiccup falls back to this process's
 * memory rather than failing the request.
 */
function createLimiter(store: RateLimitStore, keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ keyPrefix, points, duration });
  if (store.kind === "memory") return memory;
  return new RateLimiterPostgres({
    storeClient: store.pool,
    storeType: "pool",
    tableName: RATE_LIMIT_TABLE,
    schemaName: store.schemaName,
    tableCreated: true,
    keyPrefix,
    points,
    duration,
    insuranceLimiter: memory,
  });
}

/** A rejection that means "wrong email or password" (BackendError 401), not a broken request. */
function isLoginFailure(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { status?: unknown }).status === 401;
}

function retryAfter(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/** The per-account key: SHA-256 of the normalised email (short, and no address in the table). */
function accountKey(email: string): string {
  return crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
}

/** rate-limiter-flexible's own table layout, created once up front (so no limiter races it). */
async function createTable(store: Extract<RateLimitStore, { kind: "postgres" }>): Promise<void> {
  const table = store.schemaName ? `"${store.schemaName}"."${RATE_LIMIT_TABLE}"` : `"${RATE_LIMIT_TABLE}"`;
  try {
    await store.pool.query(
      `CREATE TABLE IF NOT EXISTS ${table} (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`,
    );
  } catch (error) {
    // Another process created it at the same moment.
    const code = (error as { code?: unknown }).code;
    if (code !== "23505" && code !== "42P07") throw error;
  }
}

/**
 * The client's address, or null when it cannot be known safely: with `trustProxy`, the last hop
 * of X-Forwarded-For (the one our own proxy appended; earlier hops are client-controlled);
 * without it, null: remix-serve gives route code no socket address, and any header can be forged.
 */
export function clientAddress(request: Request, trustProxy: boolean): string | null {
  if (!trustProxy) return null;
  const hops = (request.headers.get("x-forwarded-for") ?? "").split(",").map((hop) => hop.trim());
  const last = hops[hops.length - 1] ?? "";
  return isIP(last) ? last : null;
}

/**
 * The shopper's sentence for a refusal that lasts `retryAfterSeconds`: SPEC's "wait a minute"
 * sentence up to a minute, the number of minutes beyond (back-off).
 */
export function rateLimitMessage(retryAfterSeconds: number): string {
  if (retryAfterSeconds <= MINUTE) return API_MESSAGES.rateLimited;
  return `Too many attempts. Please wait ${Math.ceil(retryAfterSeconds / MINUTE)} minutes and try again.`;
}

/** The limits of a parsed environment. */
export function rateLimitsOf(env: Env): RateLimitConfig {
  const { RATE_LIMIT_LOGIN_FAILURES_PER_MIN, RATE_LIMIT_LOGIN_FAILURES_PER_HOUR, RATE_LIMIT_ADDRESS_PER_MIN } = env;
  return { RATE_LIMIT_LOGIN_FAILURES_PER_MIN, RATE_LIMIT_LOGIN_FAILURES_PER_HOUR, RATE_LIMIT_ADDRESS_PER_MIN };
}

/**
 * Parses the limits from an environment-like object with the one environment schema (defaults for
 * missing ones; tests make limiters with it). Throws an Error naming a bad variable.
 */
export function rateLimitConfig(source: Record<string, string | undefined>): RateLimitConfig {
  return rateLimitsOf(parseEnv(source));
}

/**
 * The start-up warning for this environment, or null: a production server without TRUST_PROXY
 * has no per-address limits (issue 8 item 12).
 */
export function startupWarning(env: { NODE_ENV: string; TRUST_PROXY: boolean }): string | null {
  if (env.NODE_ENV !== "production" || env.TRUST_PROXY) return null;
  return (
    "Warning: TRUST_PROXY is not set, so per-address rate limits for login and sign-up are off " +
    "(per-account limits still apply). Run behind a reverse proxy that sets X-Forwarded-For and set TRUST_PROXY=true."
  );
}

declare global {
  var __authRateLimiter: Promise<AuthRateLimiter> | undefined;
  var __authRateLimitPool: pg.Pool | undefined;
  var __authRateLimitWarned: boolean | undefined;
  var __shopperLimiters: Map<string, Promise<RateLimiterAbstract>> | undefined;
}

// Warned about when the server starts; the limits are parsed with the rest of the environment
// (STYLE.md habit 7), so a bad value stops it.
{
  const warning = startupWarning(getEnv());
  if (warning && !globalThis.__authRateLimitWarned) {
    globalThis.__authRateLimitWarned = true;
    log.warn({ alert: "trust_proxy_unset" }, warning);
  }
}

/**
 * This process's limiters (RATE_LIMIT_LOGIN_FAILURES_PER_MIN, RATE_LIMIT_LOGIN_FAILURES_PER_HOUR,
 * RATE_LIMIT_ADDRESS_PER_MIN, TRUST_PROXY), created on first use: in PostgreSQL when DATABASE_URL
 * is one (a small pool of its own), else in memory. Rejects when the table cannot be created.
 */
export function getAuthRateLimiter(): Promise<AuthRateLimiter> {
  globalThis.__authRateLimiter ??= (async () => {
    const env = getEnv();
    return createAuthRateLimiter({ config: rateLimitsOf(env), trustProxy: env.TRUST_PROXY, store: processStore(env) });
  })().catch((error) => {
    globalThis.__authRateLimiter = undefined;
    throw error;
  });
  return globalThis.__authRateLimiter;
}

/** This process's counter store: PostgreSQL when DATABASE_URL is one (a small pool of its own), else memory. */
function processStore(env: Env): RateLimitStore {
  if (!env.DATABASE_URL.startsWith("postgres")) return { kind: "memory" };
  if (!globalThis.__authRateLimitPool) {
    globalThis.__authRateLimitPool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 3, allowExitOnIdle: true });
    // As the store's pool (db/db.server.ts): a connection the server ended must not stop the process.
    globalThis.__authRateLimitPool.on("connect", (client) => {
      client.on("error", (error) => log.warn({ err: error }, "rate limits: a database connection was closed by the server"));
    });
    globalThis.__authRateLimitPool.on("error", () => {
      // Logged by the client's own listener above.
    });
  }
  return { kind: "postgres", pool: globalThis.__authRateLimitPool };
}

/**
 * Counts one `action` by the shopper `userId` against a limit of `points` per `durationSeconds`
 * (issue 21: problem reports a few an hour), in this process's store, shared by processes on
 * PostgreSQL. Resolves `{ok:false, retryAfterSeconds}` once the limit is spent. Rejects when the
 * PostgreSQL table cannot be created.
 */
export async function limitShopper(action: string, userId: number | string, points: number, durationSeconds: number): Promise<RateLimitResult> {
  const key = `${action}:${points}:${durationSeconds}`;
  globalThis.__shopperLimiters ??= new Map();
  let limiter = globalThis.__shopperLimiters.get(key);
  if (!limiter) {
    limiter = (async () => {
      const store = processStore(getEnv());
      if (store.kind === "postgres") await createTable(store);
      return createLimiter(store, `shopper-${action}`, points, durationSeconds);
    })();
    limiter.catch(() => globalThis.__shopperLimiters?.delete(key));
    globalThis.__shopperLimiters.set(key, limiter);
  }
  try {
    await (await limiter).consume(String(userId));
    return { ok: true };
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      countRateLimitRefusal(action);
      return { ok: false, retryAfterSeconds: retryAfter(error) };
    }
    throw error;
  }
}

/**
 * Guards one login (see AuthRateLimiter.login) with this process's limits: `{ok:false,
 * retryAfterSeconds}` when the account or address is locked, else `attempt`'s value.
 */
export async function guardLogin<T>(request: Request, email: string, attempt: () => Promise<T>): Promise<GuardedLogin<T>> {
  return (await getAuthRateLimiter()).login(request, email, attempt);
}

/** Counts one sign-up against this process's per-address limit (TRUST_PROXY only). */
export async function guardSignUp(request: Request): Promise<RateLimitResult> {
  return (await getAuthRateLimiter()).signUp(request);
}

/**
 * Closes the PostgreSQL pool of the limits, if one was opened (graceful shutdown, issue 8 item 18).
 * Never rejects.
 */
export async function closeRateLimitStore(): Promise<void> {
  const pool = globalThis.__authRateLimitPool;
  globalThis.__authRateLimitPool = undefined;
  globalThis.__authRateLimiter = undefined;
  globalThis.__shopperLimiters = undefined;
  await pool?.end().catch(() => undefined);
}
