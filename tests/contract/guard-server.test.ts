import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildProofApp, proofBuildFolder } from "../setup/production-build";
import { freePort } from "../setup/contract-server";

/**
 * Issue 8 items 8–11, 13 and 18 against the production build served by remix-serve (DESIGN.md
 * §16, §17): what a browser, an attacker's page or an operator sees on the wire. Builds
 * `build-guard` first unless CONTRACT_SKIP_BUILD=1.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BUILD_SUFFIX = "guard";

type Server = {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  databaseFile: string;
  output: () => string;
  exited: Promise<number | null>;
  stop: () => Promise<void>;
};

/**
 * A same-site form post (the home page's newsletter form) whose body arrives in two parts: the
 * first 5 bytes now, the rest on `finish()` — a request kept in flight over a signal.
 * `answer()` is the raw HTTP answer read so far.
 */
function startSlowPost(server: Server): { finish: () => void; answer: () => string } {
  const body = new URLSearchParams({ intent: "newsletter", email: "asha@example.in" }).toString();
  const socket = net.connect(server.port, "127.0.0.1");
  let answer = "";
  socket.on("data", (chunk) => (answer += chunk));
  socket.on("error", () => {});
  socket.write(
    `POST /?index HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${server.baseUrl}\r\n` +
      `Content-Type: ${FORM}\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
  );
  return { finish: () => socket.write(body.slice(5)), answer: () => answer };
}

/** remix-serve on the guard build, a fresh SQLite file, loopback; `env` overrides. */
async function startServer(env: (port: number) => Record<string, string> = () => ({})): Promise<Server> {
  const port = await freePort();
  const dir = path.join(ROOT, "tests/.tmp", `guard-${process.pid}-${port}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const databaseFile = path.join(dir, "store.db");
  const child = spawn(process.execPath, [path.join(ROOT, "node_modules/@remix-run/serve/dist/cli.js"), `./${proofBuildFolder(BUILD_SUFFIX)}/index.js`], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${databaseFile}`,
      SESSION_SECRET: "guard-session-secret-not-for-production-0123456789",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      BACKEND_URL: "",
      CASHFREE_APP_ID: "",
      CASHFREE_SECRET_KEY: "",
      CASHFREE_API_BASE: "",
      TRUST_PROXY: "",
      ...env(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`The server did not become healthy:\n${output}`);
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    port,
    child,
    databaseFile,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null) {
        const timer = setTimeout(() => child.kill("SIGKILL"), 12_000);
        child.kill("SIGTERM");
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One HTTP/1.1 request with exactly these headers (Host and Origin included). */
function send(server: Server, method: string, target: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: server.port, method, path: target, headers: { connection: "close", ...headers }, agent: false },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const FORM = "application/x-www-form-urlencoded";

function newShopper() {
  return { name: "Asha Rao", email: `guard-${crypto.randomBytes(5).toString("hex")}@example.in`, password: "guard-test-Pa55word-zebra" };
}

/** Signs up through the page form and returns the session cookie pair (`name=value`). */
async function signUp(server: Server, origin = server.baseUrl, host?: string): Promise<{ cookie: string; setCookie: string }> {
  const shopper = newShopper();
  const answer = await send(
    server,
    "POST",
    "/login?mode=signup",
    { "content-type": FORM, origin, ...(host ? { host } : {}) },
    new URLSearchParams(shopper).toString(),
  );
  expect(answer.status, answer.body).toBe(303);
  const setCookie = [answer.headers["set-cookie"] ?? []].flat().find((c) => /session=/.test(c) && !/toast/.test(c));
  expect(setCookie).toBeDefined();
  return { cookie: setCookie!.split(";")[0], setCookie: setCookie! };
}

function userCount(server: Server): number {
  const db = new Database(server.databaseFile, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("select count(*) as n from users").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]);
}

/**
 * POSTs `totalBytes` as a chunked body (64 KB chunks, honouring back-pressure) and stops sending
 * once the answer arrives. Resolves with the status and how long the answer took, in ms.
 */
function chunkedPost(server: Server, target: string, contentType: string, totalBytes: number, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; ms: number; body: string }>((resolve, reject) => {
    const started = Date.now();
    let answered = false;
    const req = http.request(
      {
        host: "127.0.0.1",
        port: server.port,
        method: "POST",
        path: target,
        agent: false,
        headers: { "content-type": contentType, "transfer-encoding": "chunked", origin: server.baseUrl, ...headers },
      },
      (res) => {
        answered = true;
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, ms: Date.now() - started, body: text });
          req.destroy();
        });
      },
    );
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, contentType === FORM ? "a" : " ");
    let sent = 0;
    const pump = () => {
      while (!answered && sent < totalBytes) {
        sent += chunk.length;
        if (!req.write(sent === chunk.length && contentType === FORM ? Buffer.concat([Buffer.from("x="), chunk]) : chunk)) {
          req.once("drain", pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

beforeAll(() => {
  if (process.env.CONTRACT_SKIP_BUILD !== "1") buildProofApp(BUILD_SUFFIX);
}, 120_000);

describe("the store on http", () => {
  let server: Server;
  let productId: string;
  beforeAll(async () => {
    server = await startServer();
    const list = JSON.parse((await send(server, "GET", "/api/product/listproduct")).body) as { products: { _id: string }[] };
    productId = list.products[0]._id;
  });
  afterAll(() => server?.stop(), 20_000);

  describe("cross-site form posts (issue 8 item 13)", () => {
    for (const [label, origin] of [
      ["a foreign origin", "https://evil.example"],
      ["Origin: null", "null"],
      ["a malformed origin", "not a url"],
    ] as const) {
      it(`a sign-up posted from ${label} answers the short 403 page, writes nothing and logs no stack`, async () => {
        const before = userCount(server);
        const logBefore = server.output().length;
        const answer = await send(server, "POST", "/login?mode=signup", { "content-type": FORM, origin }, new URLSearchParams(newShopper()).toString());
        expect(answer.status).toBe(403);
        expect(answer.headers["content-type"]).toMatch(/^text\/html/);
        expect(answer.body).toContain("This form was sent from another site");
        expect(answer.body).toContain('href="/"');
        expect(answer.headers["set-cookie"]).toBeUndefined();
        expect(userCount(server)).toBe(before);
        const log = server.output().slice(logBefore);
        expect(log).not.toMatch(/\n\s+at |Error:/);
      });
    }

    it("every page action refuses a foreign origin the same way (cart, product, home, logout)", async () => {
      for (const target of ["/cart", `/product/${productId}`, "/?index", "/logout", "/place-order", "/verify"]) {
        const answer = await send(server, "POST", target, { "content-type": FORM, origin: "https://evil.example" }, "intent=remove");
        expect(answer.status, target).toBe(403);
        expect(answer.body, target).toContain("This form was sent from another site");
      }
    });

    it("the Store API keeps its JSON 403 for a foreign origin (not Remix's 500)", async () => {
      const answer = await send(server, "POST", "/api/user/register", { "content-type": "application/json", origin: "https://evil.example" }, JSON.stringify(newShopper()));
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toEqual({ success: false, message: "This request came from another site and was refused." });
    });

    it("a same-site post behind a proxy that does not pass Host on still works (Origin is PUBLIC_URL's)", async () => {
      const before = userCount(server);
      await signUp(server, server.baseUrl, "internal-upstream:3000");
      expect(userCount(server)).toBe(before + 1);
    });
  });

  describe("headers (issue 8 item 8)", () => {
    it("nosniff on every kind of response: pages, JSON, static files, errors, refusals", async () => {
      const html = await send(server, "GET", "/");
      const asset = /<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/.exec(html.body)?.[1];
      expect(asset).toBeDefined();
      const answers = [
        html,
        await send(server, "GET", "/healthz"),
        await send(server, "GET", "/api/product/listproduct"),
        await send(server, "GET", "/favicon.svg"),
        await send(server, "GET", asset!),
        await send(server, "GET", "/no-such-page"),
        await send(server, "GET", "/images/watch/nope.svg"),
        await send(server, "POST", "/api/user/login", { "content-type": "text/plain" }, "x"),
        await send(server, "POST", "/login", { "content-type": FORM, origin: "https://evil.example" }, "a=b"),
      ];
      for (const answer of answers) {
        expect(answer.headers["x-content-type-options"], `${answer.status} ${answer.headers["content-type"]}`).toBe("nosniff");
        expect(answer.headers["strict-transport-security"]).toBeUndefined();
      }
    });

    it("a CSP whose fresh nonce is on every script of the page", async () => {
      const nonces = new Set<string>();
      for (const target of ["/", "/collection", `/product/${productId}`, "/about", "/login", "/no-such-page"]) {
        const page = await send(server, "GET", target, { "user-agent": "Mozilla/5.0 Chrome/120.0" });
        const csp = String(page.headers["content-security-policy"]);
        const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
        expect(nonce, target).toBeDefined();
        nonces.add(nonce!);
        for (const rule of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'self'", "default-src 'self'"]) expect(csp).toContain(rule);
        expect(csp).toMatch(/form-action 'self' [^;]*https:\/\/payments\.cashfree\.com/);
        expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
        expect(csp).not.toContain("sdk.cashfree.com");
        // JSON-LD blocks (`type="application/ld+json"`, issue 11 item 4) are data, never run:
        // CSP does not apply to them. Every script that runs carries the nonce.
        const scripts = (page.body.match(/<script\b[^>]*>/g) ?? []).filter((script) => !script.includes('type="application/ld+json"'));
        expect(scripts.length).toBeGreaterThan(0);
        for (const script of scripts) expect(script, target).toContain(`nonce="${nonce}"`);
        expect(page.headers["x-frame-options"]).toBe("SAMEORIGIN");
      }
      expect(nonces.size).toBe(6);
    });
  });

  describe("personal pages are never cached (issue 8 item 9)", () => {
    it("pages and ?_data rendered for a session are private, no-store; anonymous pages are not", async () => {
      const { cookie } = await signUp(server);
      for (const target of ["/", "/collection", `/product/${productId}`, "/about", "/cart", "/orders", "/profile", "/?_data=root", "/cart?_data=routes%2Fcart", "/orders?_data=routes%2Forders"]) {
        const answer = await send(server, "GET", target, { cookie });
        expect(answer.status, target).toBe(200);
        expect(answer.headers["cache-control"], target).toBe("private, no-store");
      }
      const anonymous = await send(server, "GET", "/about");
      expect(anonymous.headers["cache-control"] ?? "").not.toContain("no-store");
      const login = await send(server, "GET", "/login");
      expect(login.headers["cache-control"]).toBe("private, no-store");
    });
  });

  describe("HTTP/1.0 clients (text browsers: lynx reads until the connection closes)", () => {
    /** One HTTP/1.0 GET over a fresh connection: the answer's head, and whether the server closed the connection within `withinMs`. */
    function getHttp10(path: string, withinMs: number): Promise<{ head: string; closedByServer: boolean }> {
      return new Promise((resolve, reject) => {
        const socket = net.connect(server.port, "127.0.0.1");
        let text = "";
        const timer = setTimeout(() => {
          socket.destroy();
          resolve({ head: text.split("\r\n\r\n")[0], closedByServer: false });
        }, withinMs);
        socket.setEncoding("latin1");
        socket.on("data", (chunk: string) => (text += chunk));
        socket.on("error", reject);
        socket.on("end", () => {
          clearTimeout(timer);
          socket.destroy();
          resolve({ head: text.split("\r\n\r\n")[0], closedByServer: true });
        });
        socket.write(`GET ${path} HTTP/1.0\r\nHost: 127.0.0.1:${server.port}\r\nUser-Agent: Lynx/2.9.0\r\n\r\n`);
      });
    }

    it("a page answered from the page cache closes the connection, as an uncached one does", async () => {
      const first = await getHttp10("/collection", 10_000);
      const cached = await getHttp10("/collection", 10_000);
      expect(first.head).toMatch(/^HTTP\/1\.1 200/);
      expect(cached.head).toMatch(/^X-Page-Cache: (HIT|STALE)$/im);
      for (const answer of [first, cached]) {
        expect(answer.head).toMatch(/^Connection: close$/im);
        expect(answer.closedByServer).toBe(true);
      }
    });
  });

  describe("bodies are capped (issue 8 item 11)", () => {
    it("a declared body above the cap is refused with 413 before it is read", async () => {
      const page = await send(server, "POST", "/login", { "content-type": FORM, origin: server.baseUrl, "content-length": String(70 * 1024) }, "a".repeat(70 * 1024));
      expect(page.status).toBe(413);
      const api = await send(server, "POST", "/api/cart/add", { "content-type": "application/json", "content-length": String(300 * 1024) }, " ".repeat(300 * 1024));
      expect(api.status).toBe(413);
      expect(JSON.parse(api.body)).toEqual({ success: false, message: "The body is too large." });
    });

    it("60 MB chunked to a form action and to the webhook: 413 at once, server memory stays low", async () => {
      const { cookie } = await signUp(server);
      const pid = server.child.pid!;
      const before = rssKb(pid);
      const targets: [string, string, Record<string, string>][] = [
        ["/?index", FORM, {}],
        ["/login", FORM, {}],
        ["/cart", FORM, { cookie }],
        [`/product/${productId}`, FORM, {}],
        ["/api/webhooks/cashfree", "application/json", {}],
        ["/api/user/login", "application/json", {}],
      ];
      for (const [target, type, headers] of targets) {
        const answer = await chunkedPost(server, target, type, 60 * 1024 * 1024, headers);
        expect(answer.status, target).toBe(413);
        expect(answer.ms, target).toBeLessThan(5_000);
      }
      const grewMb = (rssKb(pid) - before) / 1024;
      expect(grewMb).toBeLessThan(50);
      expect((await send(server, "GET", "/healthz")).status).toBe(200);
    }, 60_000);
  });
});

describe("the store on https (issue 8 items 8, 10)", () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer(() => ({ PUBLIC_URL: "https://shop.example", PAYMENT_SIMULATOR: "true" }));
  });
  afterAll(() => server?.stop(), 20_000);

  it("HSTS (≥ 180 days) and nosniff on pages, JSON and static files", async () => {
    for (const target of ["/", "/healthz", "/favicon.svg", "/no-such-page"]) {
      const answer = await send(server, "GET", target);
      expect(answer.headers["strict-transport-security"], target).toBe("max-age=15552000; includeSubDomains");
      expect(answer.headers["x-content-type-options"], target).toBe("nosniff");
    }
  });

  it("the login cookie is __Host-session: Secure, Path=/, no Domain", async () => {
    const { setCookie, cookie } = await signUp(server, "https://shop.example");
    expect(setCookie).toMatch(/^__Host-session=/);
    expect(setCookie).toMatch(/;\s*Secure/i);
    expect(setCookie).toMatch(/;\s*Path=\/(;|$)/);
    expect(setCookie).not.toMatch(/Domain=/i);
    const page = await send(server, "GET", "/cart", { cookie });
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
  });
});

describe("the login cookie on http (issue 8 item 10)", () => {
  it("is __session without Secure", async () => {
    const server = await startServer();
    try {
      const { setCookie } = await signUp(server);
      expect(setCookie).toMatch(/^__session=/);
      expect(setCookie).not.toMatch(/Secure/i);
    } finally {
      await server.stop();
    }
  });
});

describe("graceful shutdown (issue 8 item 18)", () => {
  it("SIGTERM: new requests stop at once, the one in flight finishes, the database closes, exit 0", async () => {
    const server = await startServer();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const get = () =>
      new Promise<number | string>((resolve) => {
        const req = http.get(`${server.baseUrl}/healthz`, { agent }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        });
        req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
      });
    let signalledAt = 0;
    let stop = false;
    const answeredAfter: [number, number | string][] = [];
    const busy = async () => {
      while (!stop) {
        const sentAt = Date.now();
        const outcome = await get();
        if (signalledAt && sentAt > signalledAt) answeredAfter.push([sentAt - signalledAt, outcome]);
        if (typeof outcome === "string") await new Promise((r) => setTimeout(r, 20));
      }
    };
    const loops = [busy(), busy(), busy(), busy()];
    await new Promise((r) => setTimeout(r, 500));

    // A request in flight: its body arrives slowly, over the signal.
    const slow = startSlowPost(server);
    await new Promise((r) => setTimeout(r, 300));
    expect(fs.existsSync(`${server.databaseFile}-wal`)).toBe(true);

    signalledAt = Date.now();
    server.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 2_000));
    slow.finish();
    const code = await Promise.race([server.exited, new Promise<string>((r) => setTimeout(() => r("still running"), 10_000))]);
    stop = true;
    await Promise.all(loops);
    agent.destroy();

    expect(slow.answer()).toMatch(/^HTTP\/1\.1 200 /);
    expect(slow.answer().toLowerCase()).toContain("connection: close");
    const servedLate = answeredAfter.filter(([ms, outcome]) => outcome === 200 && ms > 250);
    expect(servedLate).toEqual([]);
    expect(answeredAfter.length).toBeGreaterThan(0);
    expect(code).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    // SQLite removes its write-ahead log only when the database is closed cleanly.
    expect(fs.existsSync(`${server.databaseFile}-wal`)).toBe(false);
    expect(server.output()).not.toMatch(/\n\s+at /);
    await server.stop();
  }, 30_000);

  it("SIGTERM: /readyz answers 503 within 100 ms while the request in flight still finishes 200 (issue 46 item 4)", async () => {
    const server = await startServer();
    /** GET on a new connection: status and body, or the error's code. */
    const probe = (target: string) =>
      new Promise<{ status: number | string; body: string; at: number }>((resolve) => {
        const req = http.get(`${server.baseUrl}${target}`, { agent: false }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body, at: performance.now() }));
        });
        req.on("error", (error: NodeJS.ErrnoException) => resolve({ status: error.code ?? "error", body: "", at: performance.now() }));
      });
    expect(await probe("/readyz")).toMatchObject({ status: 200, body: JSON.stringify({ ready: true }) });
    expect(await probe("/healthz")).toMatchObject({ status: 200 });

    // A request in flight over the signal: its body arrives 1 s after it.
    const slow = startSlowPost(server);
    await new Promise((r) => setTimeout(r, 300));

    const signalledAt = performance.now();
    server.child.kill("SIGTERM");
    // A load balancer's probes, each on a new connection, from the signal on.
    const answers: { status: number | string; body: string; at: number }[] = [];
    while (performance.now() - signalledAt < 1_000) answers.push(await probe("/readyz"));
    slow.finish();
    const code = await Promise.race([server.exited, new Promise<string>((r) => setTimeout(() => r("still running"), 10_000))]);

    const first503 = answers.findIndex((answer) => answer.status === 503);
    expect(first503, JSON.stringify(answers.slice(0, 5))).toBeGreaterThanOrEqual(0);
    expect(answers[first503].at - signalledAt).toBeLessThan(100);
    expect(JSON.parse(answers[first503].body)).toEqual({ ready: false, reason: "shutting down" });
    // From the first 503 on, every probe is told the same (none reads 200 again, none is refused).
    expect(answers.slice(first503).filter((answer) => answer.status !== 503)).toEqual([]);
    expect(slow.answer()).toMatch(/^HTTP\/1\.1 200 /);
    expect(code).toBe(0);
    await server.stop();
  }, 30_000);

  it("SIGTERM with SHUTDOWN_DRAIN_MS: for the drain /readyz reads 503 and everything else is served — on new connections and on ones opened before the signal — then refused (issue 49 item 4)", async () => {
    const drainMs = 1_500;
    const server = await startServer(() => ({ SHUTDOWN_DRAIN_MS: String(drainMs) }));
    /** A raw connection: `send` writes a GET of `target` and resolves with the status line, or how it ended without one. */
    const connection = () =>
      new Promise<{ send: (target: string) => Promise<string> }>((resolve, reject) => {
        const socket = net.connect(server.port, "127.0.0.1");
        let answer = "";
        let waiting: ((line: string) => void) | null = null;
        const settle = (line: string) => {
          waiting?.(line);
          waiting = null;
        };
        socket.on("data", (chunk) => {
          answer += chunk;
          if (answer.includes("\r\n")) settle(answer.split("\r\n")[0]);
        });
        socket.on("end", () => settle("closed by the server without an answer"));
        socket.on("error", (error: NodeJS.ErrnoException) => settle(error.code ?? "error"));
        socket.once("connect", () =>
          resolve({
            send: (target) =>
              new Promise<string>((answered) => {
                waiting = answered;
                socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
              }),
          }),
        );
        socket.once("error", reject);
      });
    // Connections a balancer opened just before the signal and sends on just after it.
    const opened = await Promise.all([connection(), connection(), connection()]);
    server.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 200));
    const onOpened = await Promise.all(opened.map((c) => c.send("/healthz")));
    const onNew = await (await connection()).send("/healthz");
    const readiness = await (await connection()).send("/readyz");
    await new Promise((r) => setTimeout(r, drainMs));
    const afterDrain = await (await connection().catch(() => ({ send: async () => "refused" }))).send("/healthz");
    const code = await Promise.race([server.exited, new Promise<string>((r) => setTimeout(() => r("still running"), 10_000))]);

    expect(onOpened).toEqual(["HTTP/1.1 200 OK", "HTTP/1.1 200 OK", "HTTP/1.1 200 OK"]);
    expect(onNew).toBe("HTTP/1.1 200 OK");
    expect(readiness).toBe("HTTP/1.1 503 Service Unavailable");
    // After the drain: a clear 503 (Retry-After), or no listener at all once the process is done.
    expect(["HTTP/1.1 503 Service Unavailable", "refused", "ECONNREFUSED"]).toContain(afterDrain);
    expect(code).toBe(0);
    await server.stop();
  }, 30_000);

  it("SIGTERM with nothing in flight exits 0 at once", async () => {
    const server = await startServer();
    const signalledAt = Date.now();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(2_000);
    await server.stop();
  });
});
