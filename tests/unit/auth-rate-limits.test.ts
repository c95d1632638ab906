import crypto from "node:crypto";
import pg from "pg";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { BackendError } from "~/lib/errors";
import { eventMetrics } from "~/observability/event-metrics.server";
import {
  backoffSeconds,
  createAuthRateLimiter,
  rateLimitConfig,
  rateLimitMessage,
  startupWarning,
  type AuthRateLimiter,
  type RateLimitStore,
} from "~/utils/rate-limit.server";

/**
 * Issue 8 item 12: no key that one client can spend for everyone; per account, failures only,
 * 6th failure in a minute → 429 with back-off, ≤ 100 failures an hour; per address only behind a
 * trusted proxy; one limit across processes through PostgreSQL.
 */

const request = (headers: Record<string, string> = {}) => new Request("http://store.test/login", { method: "POST", headers });
const randomEmail = () => `${crypto.randomBytes(6).toString("hex")}@example.com`;

/** A login check against one known account, as the backend does it: 401 for anything else. */
function checker(email: string, password: string) {
  const calls = { count: 0 };
  const check = (tryEmail: string, tryPassword: string) => async () => {
    calls.count++;
    if (tryEmail.trim().toLowerCase() !== email || tryPassword !== password) throw new BackendError(401, "Invalid email or password.");
    return { token: "t" };
  };
  return { calls, check };
}

/** The limiter's answer for one login attempt: "ok", "401" or the seconds of a 429. */
async function attempt(limiter: AuthRateLimiter, req: Request, email: string, run: () => Promise<unknown>): Promise<string | number> {
  try {
    const outcome = await limiter.login(req, email, run);
    return outcome.ok ? "ok" : outcome.retryAfterSeconds;
  } catch (error) {
    if (error instanceof BackendError) return String(error.status);
    throw error;
  }
}

const memoryLimiter = (env: Record<string, string> = {}, trustProxy = false) =>
  createAuthRateLimiter({ config: rateLimitConfig(env), trustProxy });

afterEach(() => {
  vi.useRealTimers();
});

describe("login and sign-up limits (memory store)", () => {
  it("counts each refusal in store_rate_limit_refusals_total by limit (issue 46 item 3)", async () => {
    const refusals = async () => Object.fromEntries((await eventMetrics.rateLimitRefusals.get()).values.map(({ labels, value }) => [String(labels.limit), value]));
    const before = await refusals();
    const limiter = await memoryLimiter({ RATE_LIMIT_ADDRESS_PER_MIN: "2" }, true);
    const email = randomEmail();
    const { check } = checker("asha@example.com", "tiger lake 7 river");
    const logins = [];
    for (let i = 0; i < 7; i++) logins.push(await attempt(limiter, request(), email, check(email, "guess 12345678")));
    expect(logins.map((outcome) => (typeof outcome === "number" ? 429 : outcome))).toEqual(["401", "401", "401", "401", "401", 429, 429]);
    const signUps = [];
    for (let i = 0; i < 3; i++) signUps.push((await limiter.signUp(request({ "x-forwarded-for": "203.0.113.9" }))).ok);
    expect(signUps).toEqual([true, true, false]);
    const after = await refusals();
    expect({ login: (after.login ?? 0) - (before.login ?? 0), signup: (after.signup ?? 0) - (before.signup ?? 0) }).toEqual({ login: 2, signup: 1 });
  });

  it("125 bad logins with random emails from one client (no TRUST_PROXY) leave another shopper's login and a new sign-up working", async () => {
    const limiter = await memoryLimiter();
    const { check } = checker("asha@example.com", "tiger lake 7 river");
    for (let i = 0; i < 130; i++) {
      const email = randomEmail();
      expect(await attempt(limiter, request(), email, check(email, "guess 12345678"))).toBe("401");
    }
    expect(await attempt(limiter, request(), "asha@example.com", check("asha@example.com", "tiger lake 7 river"))).toBe("ok");
    expect(await limiter.signUp(request())).toEqual({ ok: true });
  });

  it("the 6th failure on one account within a minute answers 429 with Retry-After, even with the right password; other accounts are untouched", async () => {
    const limiter = await memoryLimiter();
    const { calls, check } = checker("asha@example.com", "tiger lake 7 river");
    for (let i = 0; i < 5; i++) expect(await attempt(limiter, request(), "asha@example.com", check("asha@example.com", `wrong ${i}`))).toBe("401");
    const refused = await attempt(limiter, request(), " ASHA@Example.com ", check("asha@example.com", "tiger lake 7 river"));
    expect(refused).toBeTypeOf("number");
    expect(refused).toBeGreaterThanOrEqual(59);
    expect(refused).toBeLessThanOrEqual(60);
    expect(calls.count).toBe(5); // the locked attempt never reached the password check
    expect(rateLimitMessage(refused as number)).toBe("Too many attempts. Please wait a minute and try again.");

    const other = checker("ravi@example.com", "monsoon kettle 9");
    expect(await attempt(limiter, request(), "ravi@example.com", other.check("ravi@example.com", "monsoon kettle 9"))).toBe("ok");
  });

  it("counts failures only: a correct login clears the burst, so 4 + 4 failures around it are never refused", async () => {
    const limiter = await memoryLimiter();
    const { check } = checker("asha@example.com", "tiger lake 7 river");
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect(await attempt(limiter, request(), "asha@example.com", check("asha@example.com", "wrong"))).toBe("401");
      for (let i = 0; i < 3; i++) {
        expect(await attempt(limiter, request(), "asha@example.com", check("asha@example.com", "tiger lake 7 river"))).toBe("ok");
      }
    }
  });

  it("a broken request (not a 401) is not counted as a failure", async () => {
    const limiter = await memoryLimiter();
    const broken = async () => {
      throw new BackendError(503, "The store is unavailable.");
    };
    for (let i = 0; i < 10; i++) expect(await attempt(limiter, request(), "asha@example.com", broken)).toBe("503");
    const { check } = checker("asha@example.com", "tiger lake 7 river");
    expect(await attempt(limiter, request(), "asha@example.com", check("asha@example.com", "tiger lake 7 river"))).toBe("ok");
  });

  it("parallel guesses cannot slip past the count: of 40 at once, at most 5 reach the password check", async () => {
    const limiter = await memoryLimiter();
    const { calls, check } = checker("asha@example.com", "tiger lake 7 river");
    const slow = (password: string) => async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return check("asha@example.com", password)();
    };
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(limiter, request(), "asha@example.com", slow(`guess ${i}`))));
    expect(calls.count).toBe(5);
    expect(answers.filter((a) => a === "401")).toHaveLength(5);
    expect(answers.filter((a) => typeof a === "number")).toHaveLength(35);
  });

  it("backs off: each further lock-out of the account doubles the wait (60 s, 120 s, 240 s … at most 15 minutes)", async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
    expect([1, 2, 3, 4, 5, 6, 10].map(backoffSeconds)).toEqual([60, 120, 240, 480, 900, 900, 900]);
    const limiter = await memoryLimiter();
    const { check } = checker("asha@example.com", "tiger lake 7 river");
    const waits: number[] = [];
    for (let lock = 0; lock < 3; lock++) {
      for (let i = 0; i < 5; i++) expect(await attempt(limiter, request(), "asha@example.com", check("asha@example.com", "wrong"))).toBe("401");
      const wait = (await attempt(limiter, request(), "asha@example.com", check("asha@example.com", "wrong"))) as number;
      waits.push(wait);
      vi.advanceTimersByTime(wait * 1000 - 2000);
      expect(await attempt(limiter, request(), "asha@example.com", check("asha@example.com", "wrong"))).toBeTypeOf("number");
      vi.advanceTimersByTime(2000);
    }
    expect(waits).toEqual([60, 120, 240]);
    expect(rateLimitMessage(240)).toBe("Too many attempts. Please wait 4 minutes and try again.");
    // The owner's correct login clears the back-off: the next lock-out is a minute again.
    expect(await attempt(limiter, request(), "asha@example.com", check("asha@example.com", "tiger lake 7 river"))).toBe("ok");
    for (let i = 0; i < 5; i++) await attempt(limiter, request(), "asha@example.com", check("asha@example.com", "wrong"));
    expect(await attempt(limiter, request(), "asha@example.com", check("asha@example.com", "wrong"))).toBe(60);
  });

  it("never lets more than 100 failures an hour through on one account, whatever the burst limit", async () => {
    const limiter = await memoryLimiter({ RATE_LIMIT_LOGIN_FAILURES_PER_MIN: "1000" });
    const { calls, check } = checker("asha@example.com", "tiger lake 7 river");
    for (let i = 0; i < 100; i++) expect(await attempt(limiter, request(), "asha@example.com", check("asha@example.com", `wrong ${i}`))).toBe("401");
    const refused = await attempt(limiter, request(), "asha@example.com", check("asha@example.com", "tiger lake 7 river"));
    expect(refused).toBeGreaterThan(3500);
    expect(calls.count).toBe(100);
    expect(rateLimitMessage(refused as number)).toBe("Too many attempts. Please wait 60 minutes and try again.");
  });

  it("an attacker who retries as soon as Retry-After allows gets at most 100 failures in an hour (defaults)", async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
    const limiter = await memoryLimiter();
    const { calls, check } = checker("asha@example.com", "tiger lake 7 river");
    const end = Date.now() + 60 * 60 * 1000;
    while (Date.now() < end) {
      const answer = await attempt(limiter, request(), "asha@example.com", check("asha@example.com", "wrong"));
      vi.advanceTimersByTime(typeof answer === "number" ? answer * 1000 : 100);
    }
    expect(calls.count).toBeLessThanOrEqual(100);
    expect(calls.count).toBeGreaterThanOrEqual(5);
  });

  it("behind a trusted proxy, limits failed logins and sign-ups per client address (the hop the proxy added)", async () => {
    const limiter = await memoryLimiter({ RATE_LIMIT_ADDRESS_PER_MIN: "4" }, true);
    const from = (address: string) => request({ "x-forwarded-for": `1.2.3.4, ${address}` }); // the first hop is forged
    for (let i = 0; i < 3; i++) {
      const email = randomEmail();
      expect(await attempt(limiter, from("203.0.113.7"), email, checker("x@example.com", "p")!.check(email, "wrong"))).toBe("401");
    }
    expect(await limiter.signUp(from("203.0.113.7"))).toEqual({ ok: true });
    const refused = await limiter.signUp(from("203.0.113.7"));
    expect(refused.ok).toBe(false);
    const { check } = checker("asha@example.com", "tiger lake 7 river");
    expect(await attempt(limiter, from("203.0.113.7"), "asha@example.com", check("asha@example.com", "tiger lake 7 river"))).toBeTypeOf("number");
    // Another address, and the same shopper from it, are not affected.
    expect(await limiter.signUp(from("203.0.113.8"))).toEqual({ ok: true });
    expect(await attempt(limiter, from("203.0.113.8"), "asha@example.com", check("asha@example.com", "tiger lake 7 river"))).toBe("ok");
  });

  it("a successful login from an address is not counted against it", async () => {
    const limiter = await memoryLimiter({ RATE_LIMIT_ADDRESS_PER_MIN: "2" }, true);
    const { check } = checker("asha@example.com", "tiger lake 7 river");
    const from = request({ "x-forwarded-for": "203.0.113.9" });
    for (let i = 0; i < 10; i++) expect(await attempt(limiter, from, "asha@example.com", check("asha@example.com", "tiger lake 7 river"))).toBe("ok");
  });

  it("without a trusted proxy, forwarding headers are ignored and sign-ups share no key", async () => {
    const limiter = await memoryLimiter({ RATE_LIMIT_ADDRESS_PER_MIN: "1" }, false);
    for (let i = 0; i < 50; i++) expect(await limiter.signUp(request({ "x-forwarded-for": "203.0.113.7" }))).toEqual({ ok: true });
  });
});

describe("rate-limit settings", () => {
  it("reads the new variables with defaults, and refuses a bad value or more than 100 failures an hour", () => {
    expect(rateLimitConfig({})).toEqual({
      RATE_LIMIT_LOGIN_FAILURES_PER_MIN: 5,
      RATE_LIMIT_LOGIN_FAILURES_PER_HOUR: 100,
      RATE_LIMIT_ADDRESS_PER_MIN: 10,
    });
    expect(rateLimitConfig({ RATE_LIMIT_ADDRESS_PER_MIN: "3" }).RATE_LIMIT_ADDRESS_PER_MIN).toBe(3);
    expect(() => rateLimitConfig({ RATE_LIMIT_LOGIN_FAILURES_PER_MIN: "many" })).toThrow(/RATE_LIMIT_LOGIN_FAILURES_PER_MIN/);
    expect(() => rateLimitConfig({ RATE_LIMIT_LOGIN_FAILURES_PER_HOUR: "101" })).toThrow(/ASVS 2.2.1/);
  });

  it("warns at start-up in production without TRUST_PROXY, and only then", () => {
    expect(startupWarning({ NODE_ENV: "production", TRUST_PROXY: false })).toMatch(/TRUST_PROXY is not set.*per-address rate limits.*off/);
    expect(startupWarning({ NODE_ENV: "production", TRUST_PROXY: true })).toBeNull();
    expect(startupWarning({ NODE_ENV: "development", TRUST_PROXY: false })).toBeNull();
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)("PostgreSQL store: one limit for every process", () => {
  const pools: pg.Pool[] = [];
  const schema = `t_${crypto.randomBytes(6).toString("hex")}`;
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
  });

  /** A limiter as another process would make it: its own pool, the same database. */
  async function processLimiter(): Promise<AuthRateLimiter> {
    const pool = new pg.Pool({ connectionString: pgUrl, max: 2 });
    pools.push(pool);
    const store: RateLimitStore = { kind: "postgres", pool, schemaName: schema };
    return createAuthRateLimiter({ config: rateLimitConfig({}), trustProxy: false, store });
  }

  it("failures counted by one process are seen by the other", async () => {
    const admin = new pg.Pool({ connectionString: pgUrl, max: 1 });
    pools.push(admin);
    await admin.query(`create schema "${schema}"`);
    const [first, second] = [await processLimiter(), await processLimiter()];
    const { calls, check } = checker("asha@example.com", "tiger lake 7 river");

    for (let i = 0; i < 3; i++) expect(await attempt(first, request(), "asha@example.com", check("asha@example.com", "wrong"))).toBe("401");
    for (let i = 0; i < 2; i++) expect(await attempt(second, request(), "asha@example.com", check("asha@example.com", "wrong"))).toBe("401");
    // The 6th attempt is refused by either process, the right password included.
    expect(await attempt(first, request(), "asha@example.com", check("asha@example.com", "tiger lake 7 river"))).toBeGreaterThanOrEqual(59);
    expect(await attempt(second, request(), "asha@example.com", check("asha@example.com", "tiger lake 7 river"))).toBeGreaterThanOrEqual(59);
    expect(calls.count).toBe(5);

    // The counters are rows of the shared table (keys are hashes, never the email).
    const { rows } = await admin.query<{ key: string }>(`select key from "${schema}".rate_limits`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.key).join(" ")).not.toContain("asha");

    // Another account is unaffected, on both.
    const other = checker("ravi@example.com", "monsoon kettle 9");
    expect(await attempt(second, request(), "ravi@example.com", other.check("ravi@example.com", "monsoon kettle 9"))).toBe("ok");
  });

  it("a success in one process clears the burst for the other", async () => {
    const [first, second] = [await processLimiter(), await processLimiter()];
    const { check } = checker("meera@example.com", "tiger lake 7 river");
    for (let i = 0; i < 4; i++) expect(await attempt(first, request(), "meera@example.com", check("meera@example.com", "wrong"))).toBe("401");
    expect(await attempt(second, request(), "meera@example.com", check("meera@example.com", "tiger lake 7 river"))).toBe("ok");
    for (let i = 0; i < 4; i++) expect(await attempt(first, request(), "meera@example.com", check("meera@example.com", "wrong"))).toBe("401");
    expect(await attempt(second, request(), "meera@example.com", check("meera@example.com", "tiger lake 7 river"))).toBe("ok");
  });
});
