import { describe, expect, it } from "vitest";
import { createLogger, errorFields, isStoreServer, REDACTED, REDACTED_PATHS, withoutEmails } from "~/observability/log.server";
import { runInRequest } from "~/observability/request-context.server";

/**
 * Issue 46 item 2: the logger's own redaction (pino's `redact` over REDACTED_PATHS), the fields
 * every line has, and the request's id, route id and user id on the lines logged while it is
 * answered. The logger writes into an array here instead of stdout.
 */

type Line = Record<string, unknown>;

function capture(level = "info") {
  const lines: string[] = [];
  const logger = createLogger({ level, destination: { write: (chunk: string) => void lines.push(chunk) } });
  const parsed = () => lines.map((line) => JSON.parse(line) as Line);
  return { logger, lines, parsed };
}

/**
 * The object that puts `secret` at `path` (pino's path syntax: `a.b`, `*.b` for any key, and
 * `a["b-c"]`); a wildcard is filled in as `shopper`.
 */
function objectAt(path: string, secret: string): Line {
  const keys = [...path.matchAll(/([^.[\]"]+)|\["([^"]+)"\]/g)].map((match) => (match[1] ?? match[2]) === "*" ? "shopper" : (match[1] ?? match[2]));
  const root: Line = {};
  let here = root;
  keys.forEach((key, index) => {
    if (index === keys.length - 1) here[key] = secret;
    else here = here[key] = {} as Line;
  });
  return root;
}

/** The value at `path` in `line` (as objectAt built it). */
function valueAt(line: Line, path: string): unknown {
  const keys = [...path.matchAll(/([^.[\]"]+)|\["([^"]+)"\]/g)].map((match) => (match[1] ?? match[2]) === "*" ? "shopper" : (match[1] ?? match[2]));
  return keys.reduce<unknown>((here, key) => (here as Line | undefined)?.[key], line);
}

describe("the logger censors every redacted path with its own redaction (issue 46 item 2)", () => {
  it.each(REDACTED_PATHS.map((path) => [path]))("%s is written as [redacted], the secret nowhere in the line", (path) => {
    const { logger, lines, parsed } = capture();
    const secret = `sEcReT-${path.replace(/\W/g, "")}-4111111111111111`;
    logger.info({ ...objectAt(path, secret), orderId: "CI-1" }, "a line with a secret");
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(secret);
    const [line] = parsed();
    expect(valueAt(line, path)).toBe(REDACTED);
    // The rest of the line is kept.
    expect(line).toMatchObject({ msg: "a line with a secret", orderId: "CI-1" });
  });

  it("covers what issue 46 names: link tokens and keys, cookies, authorization, passwords, card and UPI details, emails", () => {
    for (const path of ["query.token", "query.key", "headers.cookie", "headers.authorization", 'headers["set-cookie"]', "password", "*.password", "cardNumber", "*.cardNumber", "card_number", "*.card_number", "cvv", "upiId", "*.upi_id", "vpa", "email", "*.email", "phone", "*.phone"]) {
      expect(REDACTED_PATHS as readonly string[]).toContain(path);
    }
  });

  it("keeps a query's other values and a header's other fields as they were", () => {
    const { logger, parsed } = capture();
    logger.info({ query: { token: "t0ken", page: "2" }, headers: { cookie: "__session=abc", "user-agent": "curl/8" } }, "request");
    expect(parsed()[0]).toMatchObject({ query: { token: REDACTED, page: "2" }, headers: { cookie: REDACTED, "user-agent": "curl/8" } });
  });
});

describe("every line is one JSON object with level, time and msg (issue 46 item 2)", () => {
  it("writes the level as a word, the time in ISO 8601 and the pid", () => {
    const { logger, lines, parsed } = capture();
    logger.warn({ orderId: "CI-7" }, "STOCK SHORT");
    expect(lines[0].endsWith("\n")).toBe(true);
    expect(lines[0].trimEnd().includes("\n")).toBe(false);
    const [line] = parsed();
    expect(line).toMatchObject({ level: "warn", msg: "STOCK SHORT", orderId: "CI-7", pid: process.pid });
    expect(new Date(String(line.time)).toISOString()).toBe(line.time);
  });

  it("honours the level: debug lines are left out at info, kept at debug", () => {
    const atInfo = capture("info");
    atInfo.logger.debug("probe");
    atInfo.logger.info("kept");
    expect(atInfo.parsed().map((line) => line.msg)).toEqual(["kept"]);
    const atDebug = capture("debug");
    atDebug.logger.debug("probe");
    expect(atDebug.parsed().map((line) => line.msg)).toEqual(["probe"]);
  });

  it("refuses a level pino does not know", () => {
    expect(() => createLogger({ level: "loud", destination: { write: () => undefined } })).toThrow();
  });

  it("gives an error's type, message and stack under err", () => {
    const { logger, parsed } = capture();
    logger.error(errorFields(new TypeError("the outbox could not be read")), "Mail: the outbox could not be read");
    const err = parsed()[0].err as { type: string; message: string; stack: string };
    expect(err.type).toBe("TypeError");
    expect(err.message).toBe("the outbox could not be read");
    expect(err.stack).toMatch(/^TypeError: the outbox could not be read\n\s+at /);
    // Something thrown that is not an Error still gets a stack.
    logger.error(errorFields("a string"), "thrown string");
    expect((parsed()[1].err as { message: string; stack: string }).message).toBe("a string");
  });
});

describe("lines logged while a request is answered carry its id, route id and user id (issue 46 item 2)", () => {
  it("adds requestId, routeId and userId inside the request, nothing outside it", async () => {
    const { logger, parsed } = capture();
    const context = { id: "req-123", method: "GET", path: "/orders", routeId: "routes/orders" } as { id: string; method: string; path: string; routeId: string; userId?: number };
    await runInRequest(context, async () => {
      logger.info("before the user is known");
      context.userId = 42;
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.info("after an await");
    });
    logger.info("outside");
    const [before, after, outside] = parsed();
    expect(before).toMatchObject({ requestId: "req-123", routeId: "routes/orders" });
    expect(before.userId).toBeUndefined();
    expect(after).toMatchObject({ requestId: "req-123", routeId: "routes/orders", userId: 42 });
    expect(outside.requestId).toBeUndefined();
  });
});

describe("where the lines go (docs/decisions/1000)", () => {
  it("knows the store's server by its command: remix-serve's bin or its cli.js", () => {
    expect(isStoreServer("/srv/store/node_modules/.bin/remix-serve")).toBe(true);
    expect(isStoreServer("/work/main/node_modules/@remix-run/serve/dist/cli.js")).toBe(true);
    expect(isStoreServer("remix-serve")).toBe(true);
  });

  it("takes anything else for a command or a test, whose stdout is its own answer", () => {
    expect(isStoreServer("/work/main/scripts/orders-status.ts")).toBe(false);
    expect(isStoreServer("/work/main/node_modules/vitest/vitest.mjs")).toBe(false);
    expect(isStoreServer("/work/main/node_modules/.bin/remix-serve-helper")).toBe(false);
    expect(isStoreServer("")).toBe(false);
  });
});

describe("withoutEmails: a sentence from outside names no shopper (issue 46 item 2)", () => {
  it.each([
    ["550 5.1.1 <asha.rao+orders@example.in>: Recipient address rejected", "550 5.1.1 <[email]>: Recipient address rejected"],
    ["mailbox asha@mail.example.co.in is full; try later", "mailbox [email] is full; try later"],
    ["to a@b.in, c.d@e.org", "to [email], [email]"],
    ["connect ECONNREFUSED 127.0.0.1:25", "connect ECONNREFUSED 127.0.0.1:25"],
    ["user@localhost refused", "user@localhost refused"],
  ])("%s → %s", (text, expected) => {
    expect(withoutEmails(text)).toBe(expected);
  });
});

describe("a database error's detail (docs/decisions/1000)", () => {
  it("is censored on a real Error under err, its message and stack kept", () => {
    const { logger, lines, parsed } = capture();
    const error = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: "23505",
      detail: "Key (email)=(asha.lg@example.in) already exists.",
    });
    logger.error({ err: error }, "Could not save the account");
    expect(lines[0]).not.toContain("asha.lg@example.in");
    expect(parsed()[0].err).toMatchObject({ type: "Error", code: "23505", detail: REDACTED, message: expect.stringContaining("users_email_key"), stack: expect.stringMatching(/\n\s+at /) });
  });
});
