import { isIP } from "node:net";
import { z } from "zod";
import { STORE_CONTACT } from "~/content/store-details";

const flag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

/** Shortest SESSION_SECRET a production server accepts (DESIGN.md §16; issue 8 item 7). */
export const MIN_SESSION_SECRET_LENGTH = 32;

/**
 * Whether `url`'s host is this machine: `localhost` (and `*.localhost`), 127.0.0.0/8 or ::1.
 * A store on such a URL is a local trial (DESIGN.md §16).
 */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (isIP(host) === 4) return host.startsWith("127.");
  return host === "::1";
}

/** Limits on login and sign-up (app/utils/rate-limit.server.ts; docs/decisions/0320). */
const rateLimitVariables = {
  /** Failed logins per account per minute; the next attempt is refused (429) with back-off. */
  RATE_LIMIT_LOGIN_FAILURES_PER_MIN: z.coerce.number().int().positive().default(5),
  /** Failed logins per account per hour: OWASP ASVS 2.2.1 allows at most 100. */
  RATE_LIMIT_LOGIN_FAILURES_PER_HOUR: z.coerce.number().int().positive().max(100, "must be at most 100 (OWASP ASVS 2.2.1)").default(100),
  /** Failed logins plus sign-ups per client address per minute (only with TRUST_PROXY=true). */
  RATE_LIMIT_ADDRESS_PER_MIN: z.coerce.number().int().positive().default(10),
};

/** Configuration of DESIGN.md §12, parsed once; a bad value stops the server and names itself. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATABASE_URL: z
      .string()
      .default("file:./data/store.db")
      .refine((v) => /^(file:|postgres(ql)?:\/\/)/.test(v), "must start with file: or postgres://"),
    /**
     * Where the page cache's catalogue listener connects (issue 49 item 3; docs/decisions/1021): a
     * postgres:// URL of PostgreSQL itself, for stores whose DATABASE_URL goes through PgBouncer in
     * transaction mode (which cannot hold a LISTEN). Unset: DATABASE_URL (`catalogueListenUrl`).
     */
    DATABASE_LISTEN_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must start with postgres:// (PostgreSQL itself, not PgBouncer in transaction mode)")
        .optional(),
    ),
    SESSION_SECRET: optionalText,
    BACKEND_URL: optionalText.pipe(z.url().optional()),
    CASHFREE_APP_ID: optionalText,
    CASHFREE_SECRET_KEY: optionalText,
    CASHFREE_ENV: z.enum(["sandbox", "production"]).default("production"),
    CASHFREE_API_BASE: optionalText.pipe(z.url().optional()),
    ENABLE_COD: flag,
    STORE_NAME: z.string().default("Chrono India"),
    PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    PAYMENT_SIMULATOR: flag,
    TRUST_PROXY: flag,
    FEEDBACK_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    SEED_DEMO_CATALOGUE: z.enum(["true", "false"]).default("true"),
    /** Memory for the full-page cache of anonymous pages, MB (DESIGN.md §17); 0 turns it off. */
    PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
    /**
     * After SIGTERM, how long the process goes on serving while `/readyz` already says 503, ms
     * (issue 49 item 3): a load balancer that probes `/readyz` takes it out of rotation before it
     * refuses anything. 0 (the default): new requests are refused at once (docs/decisions/1003).
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /** The log's level (issue 46 item 2): pino's levels, or "silent". */
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** `/metrics` answers only `Authorization: Bearer METRICS_TOKEN` (issue 46 item 3); unset: 404. At least 16 characters. */
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    /** Order emails over SMTP (issue 14 item 4): smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465. Unset: .eml files. */
    SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional()),
    /** The order emails' From: `Name <address>` or an address. Unset: see `mailFrom`. */
    MAIL_FROM: optionalText.pipe(z.string().regex(/^[^\r\n]*[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/, "must be an address, e.g. Chrono India <orders@example.in>").optional()),
    /** The newsletter's List-Unsubscribe mailto (issue 24 item 3): an address that unsubscribes whoever writes to it. Unset: the link only. */
    NEWSLETTER_UNSUBSCRIBE_MAILTO: optionalText.pipe(z.email("must be an email address").optional()),
    /** Newsletter emails the outbox sends per minute at most (issue 24 item 3), so a big list never floods SMTP. */
    NEWSLETTER_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
    /**
     * Emails the whole store sends in an hour at most on a stranger's say-so — complaint
     * confirmations, newsletter confirmations, password resets together (issue 43 item 2;
     * app/utils/stranger-mail.server.ts, docs/decisions/0920).
     */
    STRANGER_MAIL_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(300),
    /**
     * How often the server backs up its own database (issue 46 item 1; docs/decisions/1001): `30m`, `1h`, `6h`, `1d`
     * (s/m/h/d), or `off`. Unset: hourly on SQLite, off on PostgreSQL (its owner usually has their own).
     */
    BACKUP_EVERY: optionalText.pipe(z.string().regex(/^(off|[1-9][0-9]*[smhd])$/, "must be off or a duration such as 30m, 1h, 1d").optional()),
    /** Where backups go (issue 46 item 1). Unset: `backups/` beside the SQLite file, or `data/backups` on PostgreSQL. */
    BACKUP_DIR: optionalText,
    /** Backups kept: the newest of each of the last BACKUP_KEEP_HOURLY hours and BACKUP_KEEP_DAILY IST days (docs/decisions/1001). */
    BACKUP_KEEP_HOURLY: z.coerce.number().int().min(0).max(10_000).default(24),
    BACKUP_KEEP_DAILY: z.coerce.number().int().min(0).max(10_000).default(14),
    ...rateLimitVariables,
  })
  .superRefine((env, ctx) => {
    // Half-configured Cashfree must not quietly fall back to the payment simulator (docs/decisions/0230).
    if (Boolean(env.CASHFREE_APP_ID) !== Boolean(env.CASHFREE_SECRET_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["CASHFREE_SECRET_KEY"],
        message: "set both CASHFREE_APP_ID and CASHFREE_SECRET_KEY for Cashfree, or neither for the built-in payment simulator",
      });
    }
    const hasCredentials = Boolean(env.CASHFREE_APP_ID && env.CASHFREE_SECRET_KEY);
    if (env.PAYMENT_SIMULATOR && hasCredentials) {
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENT_SIMULATOR"],
        message: "the payment simulator never runs with Cashfree credentials: unset PAYMENT_SIMULATOR or the credentials",
      });
    }
    // Fail closed (DESIGN.md §16): a public store without credentials would take simulated payments.
    // A storefront with BACKEND_URL takes no payments itself: its backend decides.
    if (!env.BACKEND_URL && !hasCredentials && !env.PAYMENT_SIMULATOR && env.PUBLIC_URL && !isLoopbackUrl(env.PUBLIC_URL)) {
      ctx.addIssue({
        code: "custom",
        path: ["CASHFREE_APP_ID"],
        message:
          "PUBLIC_URL is public but CASHFREE_APP_ID/CASHFREE_SECRET_KEY are not set: set both to take real payments, or PAYMENT_SIMULATOR=true for a staging store that takes none",
      });
    }
    if (env.DATABASE_LISTEN_URL && !env.DATABASE_URL.startsWith("postgres")) {
      ctx.addIssue({ code: "custom", path: ["DATABASE_LISTEN_URL"], message: "is for a PostgreSQL DATABASE_URL only: unset it, or set DATABASE_URL to postgres://…" });
    }
    if (env.NODE_ENV === "production" && env.SESSION_SECRET !== undefined && env.SESSION_SECRET.length < MIN_SESSION_SECRET_LENGTH) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: `must be at least ${MIN_SESSION_SECRET_LENGTH} characters in production (e.g. \`openssl rand -hex 32\`)`,
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/**
 * Parses an environment-like object (DESIGN.md §12, §16). Throws an Error naming every bad
 * variable; tests use it to prove a configuration is refused.
 */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

/**
 * The parsed environment (DESIGN.md §12). Throws an Error naming every bad variable.
 * Read once per process; tests may call `resetEnv()` after changing process.env.
 */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

export function resetEnv() {
  cached = undefined;
}

/**
 * The store's public origin, no trailing slash (DESIGN.md §12, §16): PUBLIC_URL, else
 * `http://localhost:$PORT` (a local trial). Every absolute URL — payment return and notify URLs,
 * canonical links — is built from it, never from `Host` or `X-Forwarded-*`.
 */
export function publicUrl(env: Env = getEnv()): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}

/**
 * The URL the page cache's catalogue listener connects to (issue 49 item 3): DATABASE_LISTEN_URL,
 * else DATABASE_URL; null when the store's database is not PostgreSQL (SQLite: one process, no
 * LISTEN). Source: docs/decisions/1021.
 */
export function catalogueListenUrl(env: Env = getEnv()): string | null {
  if (!env.DATABASE_URL.startsWith("postgres")) return null;
  return env.DATABASE_LISTEN_URL ?? env.DATABASE_URL;
}

/** True for a local trial: PUBLIC_URL unset or on a loopback host (DESIGN.md §16). */
export function isLocalTrial(env: Env = getEnv()): boolean {
  return isLoopbackUrl(publicUrl(env));
}

/**
 * Whether this process runs the payment simulator (DESIGN.md §16): no Cashfree credentials, and a
 * local trial or PAYMENT_SIMULATOR=true. (A public store without credentials never starts.)
 */
export function paymentSimulatorEnabled(env: Env = getEnv()): boolean {
  const hasCredentials = Boolean(env.CASHFREE_APP_ID && env.CASHFREE_SECRET_KEY);
  return !hasCredentials && (env.PAYMENT_SIMULATOR || isLocalTrial(env));
}

/**
 * Whether the store is served over https (PUBLIC_URL's scheme): cookies are then `Secure` with the
 * `__Host-` prefix, and pages carry HSTS (DESIGN.md §16). A local trial on http gets plain cookies,
 * which every browser, text browsers included, returns over http (issue 9 item 1).
 */
export function servedOverHttps(env: Env = getEnv()): boolean {
  return publicUrl(env).startsWith("https:");
}

/** A cookie name for this store: `__Host-NAME` on https, else NAME (DESIGN.md §16). */
export function cookieName(name: string, env: Env = getEnv()): string {
  return servedOverHttps(env) ? `__Host-${name}` : name;
}

/**
 * The From of order emails (issue 14 item 4): MAIL_FROM, else `"STORE_NAME" <orders@…>` on the
 * domain of the store's support address (app/content/store-details.ts).
 */
export function mailFrom(env: Env = getEnv()): string {
  if (env.MAIL_FROM) return env.MAIL_FROM;
  const domain = STORE_CONTACT.email.slice(STORE_CONTACT.email.indexOf("@") + 1);
  return `"${env.STORE_NAME.replace(/["\\\r\n]/g, "")}" <orders@${domain}>`;
}

/** The values the browser may see (STYLE.md habit 7). */
export function publicEnv() {
  const env = getEnv();
  return { STORE_NAME: env.STORE_NAME, FEEDBACK_URL: env.FEEDBACK_URL ?? "/contact", CASHFREE_ENV: env.CASHFREE_ENV, PUBLIC_URL: publicUrl(env) };
}
