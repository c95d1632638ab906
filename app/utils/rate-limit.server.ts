import { isIP } from "node:net";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { z } from "zod";

/**
 * Rate limits for login and sign-up (issue 3 "Abuse and safety"; docs/decisions/0200), in the
 * process's memory (rate-limiter-flexible; one instance — several instances would share its
 * PostgreSQL store instead, DESIGN.md §13). Applied in the login page's action and in the Store
 * API's register/login routes, since remix-serve takes no middleware.
 *
 * Keys:
 * - per client address: the last X-Forwarded-For hop when TRUST_PROXY=true (set it only behind a
 *   proxy that appends the real address); without it, remix-serve gives route code no socket
 *   address, and any client-sent header could be forged, so every client shares one key with its
 *   own, higher limit;
 * - per email (trimmed, lower-cased): protects one account from guessing whatever the address.
 */
const configSchema = z.object({
  /** Login and sign-up attempts per client address per minute. */
  RATE_LIMIT_AUTH_PER_MIN: z.coerce.number().int().positive().default(10),
  /** Attempts per email address per minute. */
  RATE_LIMIT_AUTH_EMAIL_PER_MIN: z.coerce.number().int().positive().default(5),
  /** Attempts per minute shared by all clients whose address is unknown (no TRUST_PROXY). */
  RATE_LIMIT_AUTH_SHARED_PER_MIN: z.coerce.number().int().positive().default(120),
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => v === "true" || v === "1"),
});

export type RateLimitConfig = z.output<typeof configSchema>;

/** Outcome of a check: allowed, or refused with the seconds to wait (for Retry-After). */
export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

const WINDOW_SECONDS = 60;

/** Limiters for login and sign-up with the given limits (tests make their own). */
export function createAuthRateLimiter(config: RateLimitConfig) {
  const perAddress = new RateLimiterMemory({ keyPrefix: "auth-ip", points: config.RATE_LIMIT_AUTH_PER_MIN, duration: WINDOW_SECONDS });
  const shared = new RateLimiterMemory({ keyPrefix: "auth-shared", points: config.RATE_LIMIT_AUTH_SHARED_PER_MIN, duration: WINDOW_SECONDS });
  const perEmail = new RateLimiterMemory({ keyPrefix: "auth-email", points: config.RATE_LIMIT_AUTH_EMAIL_PER_MIN, duration: WINDOW_SECONDS });

  return {
    /**
     * Counts one login or sign-up attempt for this request's client and for `email` (when given).
     * Resolves `{ok:false, retryAfterSeconds}` once either limit is spent for this minute.
     */
    async consume(request: Request, email: unknown): Promise<RateLimitResult> {
      const address = clientAddress(request, config.TRUST_PROXY);
      try {
        if (address) await perAddress.consume(address);
        else await shared.consume("unknown-address");
        const key = typeof email === "string" ? email.trim().toLowerCase() : "";
        if (key) await perEmail.consume(key);
        return { ok: true };
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
        }
        throw error;
      }
    },
  };
}

/**
 * The client's address, or null when it cannot be known safely: with `trustProxy`, the last hop
 * of X-Forwarded-For (the one our own proxy appended; earlier hops are client-controlled);
 * without it, null (see the module comment).
 */
export function clientAddress(request: Request, trustProxy: boolean): string | null {
  if (!trustProxy) return null;
  const hops = (request.headers.get("x-forwarded-for") ?? "").split(",").map((hop) => hop.trim());
  const last = hops[hops.length - 1] ?? "";
  return isIP(last) ? last : null;
}

/**
 * This process's limits, parsed when the server starts (STYLE.md habit 7): a bad value stops it
 * with an Error naming the variable.
 */
const settings = (() => {
  const parsed = configSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
})();

let limiter: ReturnType<typeof createAuthRateLimiter> | undefined;

/**
 * Counts a login or sign-up attempt against this process's limits (RATE_LIMIT_AUTH_PER_MIN,
 * RATE_LIMIT_AUTH_EMAIL_PER_MIN, RATE_LIMIT_AUTH_SHARED_PER_MIN, TRUST_PROXY).
 */
export function consumeAuthAttempt(request: Request, email: unknown): Promise<RateLimitResult> {
  limiter ??= createAuthRateLimiter(settings);
  return limiter.consume(request, email);
}

/** Parses rate limit settings from an environment-like object (defaults for missing ones). */
export function rateLimitConfig(env: Record<string, string | undefined>): RateLimitConfig {
  return configSchema.parse(env);
}
