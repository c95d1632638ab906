import pino, { type Logger } from "pino";
import { currentRequest } from "~/observability/request-context.server";

/**
 * Paths the logger itself censors (pino's `redact`; issue 46 item 2): a secret link's `token` or
 * `key` query value, cookies and authorization headers, passwords, card and UPI details, emails
 * and tokens under any key of a logged object. A log line's object is shaped so that these are
 * the places a secret can be: a query goes in as `query` (an object), headers as `headers`.
 */
export const REDACTED_PATHS = [
  "query.token",
  "query.key",
  "headers.cookie",
  "headers.authorization",
  'headers["set-cookie"]',
  'headers["x-api-version"]',
  "password",
  "*.password",
  "newPassword",
  "*.newPassword",
  "currentPassword",
  "*.currentPassword",
  "token",
  "*.token",
  "email",
  "*.email",
  "card",
  "*.card",
  "cardNumber",
  "*.cardNumber",
  "cvv",
  "*.cvv",
  "upiId",
  "*.upiId",
  "vpa",
  "*.vpa",
  "upi_id",
  "*.upi_id",
  "accountNumber",
  "*.accountNumber",
  // Issue 46 item 2 (docs/decisions/1000): the snake_case spellings a query or a provider's payload
  // uses, and a shopper's phone (shoppers appear by user id only).
  "card_number",
  "*.card_number",
  "card_cvv",
  "*.card_cvv",
  "upi",
  "*.upi",
  "phone",
  "*.phone",
  // A database error's `detail` quotes the row's values ("Key (email)=(…) already exists").
  "err.detail",
] as const;

/** What a censored value reads. */
export const REDACTED = "[redacted]";

declare global {
  // One logger per process, kept across dev rebuilds.
  var __storeLog: Logger | undefined;
}

/**
 * Creates the store's logger: JSON lines (`level` as a word, `time` in ISO 8601, `msg`) to
 * `destination` (stdout), at `level` (LOG_LEVEL, default "info"), with the request's id, route id
 * and user id added to every line logged while answering one (request-context.server.ts), and
 * REDACTED_PATHS censored. In development on a terminal the lines are printed readably
 * (pino-pretty, a dev dependency). Throws when `level` is not one of pino's levels.
 */
export function createLogger(options: { level?: string; destination?: pino.DestinationStream; pretty?: boolean } = {}): Logger {
  const level = options.level ?? "info";
  const config: pino.LoggerOptions = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: [...REDACTED_PATHS], censor: REDACTED },
    mixin() {
      const request = currentRequest();
      if (!request) return {};
      return {
        requestId: request.id,
        ...(request.routeId ? { routeId: request.routeId } : {}),
        ...(request.userId !== undefined ? { userId: request.userId } : {}),
      };
    },
  };
  if (options.destination) return pino(config, options.destination);
  if (options.pretty) return pino({ ...config, transport: { target: "pino-pretty", options: { colorize: true, translateTime: "SYS:HH:MM:ss" } } });
  return pino(config);
}

/**
 * Whether this process is the store's server — remix-serve (`npm start`, and the app server
 * `remix dev` starts), known by its command (`argv1`): its log is its output, on stdout. Any other
 * process that runs the store's code (an owner's command in scripts/, a test) keeps stdout for its
 * own answer, and its log lines go to stderr (docs/decisions/1000-structured-logs.md).
 */
export function isStoreServer(argv1: string = process.argv[1] ?? ""): boolean {
  return /(^|[\\/])remix-serve$|[\\/]@remix-run[\\/]serve[\\/]dist[\\/]cli\.js$/.test(argv1);
}

/**
 * The process's logger (see createLogger): LOG_LEVEL sets its level; stdout in the server, stderr
 * elsewhere (isStoreServer); pino-pretty only in the server when NODE_ENV is "development" and
 * the lines go to a terminal — stdout itself, or `remix dev`'s (it pipes its app server's stdout
 * to its own and says so with REMIX_DEV_ORIGIN).
 */
export const log: Logger = (globalThis.__storeLog ??= createLogger({
  level: process.env.LOG_LEVEL || "info",
  ...(isStoreServer() ? {} : { destination: pino.destination({ dest: 2, sync: true }) }),
  pretty: process.env.NODE_ENV === "development" && (process.stdout.isTTY === true || process.env.REMIX_DEV_ORIGIN !== undefined),
}));

/** An email address inside a sentence (an SMTP server's refusal often quotes the recipient). */
const EMAIL_IN_TEXT = /[^\s<>()[\]"',;:@]+@[^\s<>()[\]"',;:@]+\.[^\s<>()[\]"',;:@]+/g;

/**
 * `text` with every email address in it replaced by "[email]", for a sentence from outside (an
 * SMTP server's or a provider's error) that goes into a log line: shoppers appear by user id only
 * (issue 46 item 2; pino's redaction censors fields, not words inside a sentence).
 */
export function withoutEmails(text: string): string {
  return text.replace(EMAIL_IN_TEXT, "[email]");
}

/** An error as a log line's `err` field: pino's serializer gives its type, message and stack. */
export function errorFields(error: unknown): { err: unknown } {
  return { err: error instanceof Error ? error : new Error(String(error)) };
}
