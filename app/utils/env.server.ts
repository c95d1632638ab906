import { z } from "zod";

const flag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

/** Configuration of DESIGN.md §12, parsed once; a bad value stops the server and names itself. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .default("file:./data/store.db")
    .refine((v) => /^(file:|postgres(ql)?:\/\/)/.test(v), "must start with file: or postgres://"),
  SESSION_SECRET: optionalText,
  BACKEND_URL: optionalText.pipe(z.url().optional()),
  CASHFREE_APP_ID: optionalText,
  CASHFREE_SECRET_KEY: optionalText,
  CASHFREE_ENV: z.enum(["sandbox", "production"]).default("production"),
  CASHFREE_API_BASE: optionalText.pipe(z.url().optional()),
  ENABLE_COD: flag,
  STORE_NAME: z.string().default("Chrono India"),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  FEEDBACK_URL: z.string().url().default("https://forms.gle/your-feedback-form"),
  SEED_DEMO_CATALOGUE: z.enum(["true", "false"]).default("true"),
  ALLOW_INSECURE_COOKIES: flag,
}).refine((env) => Boolean(env.CASHFREE_APP_ID) === Boolean(env.CASHFREE_SECRET_KEY), {
  // Half-configured Cashfree must not quietly fall back to the payment simulator (docs/decisions/0230).
  message: "set both CASHFREE_APP_ID and CASHFREE_SECRET_KEY for Cashfree, or neither for the built-in payment simulator",
  path: ["CASHFREE_SECRET_KEY"],
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/**
 * The parsed environment (DESIGN.md §12). Throws an Error naming every bad variable.
 * Read once per process; tests may call `resetEnv()` after changing process.env.
 */
export function getEnv(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  cached = parsed.data;
  return cached;
}

export function resetEnv() {
  cached = undefined;
}

/**
 * Whether cookies carry `Secure` (DESIGN.md §7): in production, unless ALLOW_INSECURE_COOKIES=true
 * (plain-http hosts other than localhost, which browsers already treat as secure).
 */
export function secureCookies(): boolean {
  const env = getEnv();
  return env.NODE_ENV === "production" && !env.ALLOW_INSECURE_COOKIES;
}

/** The values the browser may see (STYLE.md habit 7). */
export function publicEnv() {
  const env = getEnv();
  return { STORE_NAME: env.STORE_NAME, FEEDBACK_URL: env.FEEDBACK_URL, CASHFREE_ENV: env.CASHFREE_ENV };
}
