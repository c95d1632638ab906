import crypto from "node:crypto";
import http from "node:http";
import type { Socket } from "node:net";
import { log } from "~/observability/log.server";
import { isUsableRequestId, runInRequest, type RequestContext } from "~/observability/request-context.server";
import { routeIdOf } from "~/observability/route-id.server";
import { languageOfPath, type Language } from "~/i18n/language";
import { translatePhrase } from "~/i18n/messages.server";
import { isStorableTarget, UNREADABLE_LINK_PAGE, UNREADABLE_TEXT_MESSAGE } from "~/lib/outside-text";
import type { OriginHeaders } from "~/utils/origin.server";

/**
 * A thin layer in front of the request handler that remix-serve builds (DESIGN.md §16, §17:
 * "remix-serve stays the server"). remix-serve has no middleware and Remix itself refuses a
 * cross-site page post with an empty 500 before any action runs, so what must happen before
 * express and Remix see a request happens here, on the Node `http.Server`:
 * - after SIGTERM/SIGINT: no new requests (503 + `Connection: close`), in-flight ones finish, then
 *   the database closes and the process exits 0 (issue 8 item 18). The listener stays open until
 *   then, so a load balancer's probe of `/readyz` on a new connection reads 503 rather than a
 *   refused connection; the exit waits only for the connections open when the signal came
 *   (docs/decisions/1003-readiness.md);
 * - a path or query with a NUL, a byte that is not UTF-8 or a lone surrogate: 400 with a short
 *   page (in Hindi under /hi), before any route param or query value reaches a loader, an action
 *   or the database — the same on SQLite and PostgreSQL (issue 43 item 5; lib/outside-text.ts);
 * - a declared body above the cap: 413 at once (issue 8 item 11);
 * - an unsafe-method page request from a foreign, `null` or malformed Origin: 403 with a short
 *   page, nothing written, nothing logged as an error (issue 8 item 13);
 * - every response, static files and errors included, gets the headers of `responseHeaders`
 *   (`nosniff`, HSTS on https: issue 8 item 8) and its request's `X-Request-Id`;
 * - every request runs inside its RequestContext (observability/request-context.server.ts) and,
 *   once answered, is reported once to `onAnswered` (the request log line and metrics, issue 46);
 * - `/readyz` (readiness, issue 46 item 4): 503 from the moment SIGTERM arrives, else `ready()`;
 *   with `drainMs`, every other request is still served for that long after the signal (issue 49
 *   item 3; docs/decisions/1022-load-balancer.md), then the refusals above begin.
 * docs/decisions/0330-http-guard-csp-and-shutdown.md records why and how.
 */
export type HttpGuardOptions = {
  /** Largest declared `Content-Length` accepted for a path, in bytes. */
  maxBodyBytes: (pathname: string) => number;
  /** The store's Origin rule (origin.server.ts `isForeignOriginHeaders`). */
  isForeignOrigin: (headers: OriginHeaders) => boolean;
  /** Set (replacing any value) on every response just before its head is written. */
  responseHeaders: Record<string, string>;
  /**
   * A redirect's target for the request it answers (`Location`, and Remix's `X-Remix-Redirect`
   * for a client navigation), just before its head is written: a Hindi page's redirects stay in
   * Hindi (i18n/language.ts `redirectInLanguage`). Unset: redirects go out as made.
   */
  redirectTarget?: (requestUrl: string, location: string) => string;
  /** CSP of the guard's own short pages. */
  pageCsp: string;
  /** Shown in the guard's pages. */
  storeName: string;
  /** How long in-flight requests may take after SIGTERM before their connections are cut, ms. */
  graceMs: number;
  /** Hard limit from SIGTERM to exit, ms (>= graceMs): closing tasks are cut off there too. */
  exitDeadlineMs: number;
  /**
   * After SIGTERM, how long requests are still served while `/readyz` says 503 "shutting down",
   * ms, before the refusals and the grace time start (issue 49 item 3: a balancer that probes
   * `/readyz` takes the process out of rotation first, so no request is refused). Unset or 0: none.
   */
  drainMs?: number;
  /** Runs once every connection is closed (or cut): e.g. closes the database pool. */
  onClosed: () => Promise<void>;
  /** Ends the process; replaced in tests. */
  exit: (code: number) => void;
  /**
   * Answers what it can before express and Remix (the page cache, page-cache.server.ts): calls
   * `pass` for the rest. Only requests the guard let through reach it.
   */
  front?: (req: http.IncomingMessage, res: http.ServerResponse, pass: () => void) => void;
  /** Keep a request's `X-Request-Id` when it is usable (a trusted proxy set it: TRUST_PROXY). */
  trustRequestId?: boolean;
  /**
   * Whether a request is one this process sent itself — the page cache's loopback render, marked
   * with its secret header (page-cache.server.ts `isRenderRequest`): its usable `X-Request-Id` is
   * kept (the id of the shopper's request that started it) and it is reported `internal`, so it
   * is logged as a render and not counted as a second request (docs/decisions/1002-metrics.md).
   */
  isInternalRequest?: (req: http.IncomingMessage) => boolean;
  /** Called once per request when its answer is finished or its connection closed first. */
  onAnswered?: (answered: AnsweredRequest) => void;
  /**
   * Readiness for `/readyz` while not shutting down: null when ready, else why not (the
   * database does not answer, migrations pending). Unset: ready.
   */
  ready?: () => Promise<string | null>;
  /**
   * Answers what the guard serves itself before any refusal or the page cache — `/metrics`
   * (issue 46 item 3): returns true when it answered. Unset: nothing.
   */
  own?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
};

/** One answered request, as the request log and the metrics see it (issue 46 items 2–3). */
export type AnsweredRequest = {
  context: RequestContext;
  /** The query's values by name (first of each), for the logger to redact `token` and `key`. */
  query: Record<string, string>;
  status: number;
  /** From the request's arrival to its answer's last byte (or the connection's close), ms. */
  durationMs: number;
  /** The connection closed before the answer was finished. */
  aborted: boolean;
  /** A request this process sent itself (HttpGuardOptions `isInternalRequest`: a page-cache render). */
  internal: boolean;
};

/** What a guarded server exposes: starting the graceful shutdown (what SIGTERM does). */
export type HttpGuard = {
  shutdown: (reason: string) => void;
  readonly shuttingDown: boolean;
  /** Where the guarded server listens (`server.address()`), null before it listens. */
  address: () => ReturnType<http.Server["address"]>;
};

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/**
 * Most of an unread body read and dropped after the answer before the connection is cut, bytes:
 * room for what a fast client sends before it sees the answer (a few MB on loopback).
 */
const MAX_DISCARD_BYTES = 8 * 1024 * 1024;
/** Longest wait for the rest of an unread body after the answer, ms. */
const DISCARD_MS = 5_000;
/**
 * How long a connection being closed with body bytes still arriving keeps reading (and dropping)
 * them after its FIN, ms: closing with unread bytes would send a reset, and the client, still
 * sending, could lose the answer it has not read yet (a lingering close).
 */
const LINGER_MS = 2_000;

/** Store API paths answer JSON; they check the Origin themselves (`requireSameOrigin`). */
function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

function headerValue(req: http.IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  if (Array.isArray(value)) return value[0] ?? null;
  return value ?? null;
}

function pathnameOf(req: http.IncomingMessage): string {
  try {
    return new URL(req.url ?? "/", "http://guard.invalid").pathname;
  } catch {
    return "/";
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(storeName: string, title: string, paragraph: string, home = `Go to the ${storeName} home page`, language: Language = "en"): string {
  const store = escapeHtml(storeName);
  return (
    `<!doctype html><html lang="${language === "hi" ? "hi" : "en-IN"}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)} — ${store}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2937;line-height:1.5">` +
    `<h1 style="font-size:1.5rem">${escapeHtml(title)}</h1><p>${escapeHtml(paragraph)}</p>` +
    `<p><a href="${language === "hi" ? "/hi" : "/"}">${escapeHtml(home)}</a></p></body></html>`
  );
}

/** The guard's refusals: a short page for pages, `{success:false, message}` for the Store API. */
const REFUSALS = {
  crossSite: {
    status: 403,
    title: "This form was sent from another site",
    text: "For your safety nothing was done: the form came from a page on another site. If you meant to send it, open the store and try again there.",
    api: "This request came from another site and was refused.",
  },
  tooLarge: {
    status: 413,
    title: "That form was too large",
    text: "The store accepts smaller forms than that, so nothing was done. Please go back and try again.",
    api: "The body is too large.",
  },
  unreadableLink: {
    status: 400,
    title: UNREADABLE_LINK_PAGE.title,
    text: UNREADABLE_LINK_PAGE.text,
    api: UNREADABLE_TEXT_MESSAGE,
  },
  restarting: {
    status: 503,
    title: "The store is restarting",
    text: "Nothing was done. Please try again in a moment.",
    api: "The store is restarting. Please try again in a moment.",
  },
} as const;

/**
 * Guards one `http.Server` (see the type's docstring): replaces its `request` listeners with one
 * that checks first and then calls them, and tracks connections for the graceful shutdown.
 * Returns the handle whose `shutdown` SIGTERM calls. Never throws.
 */
export function guardServer(server: http.Server, options: HttpGuardOptions): HttpGuard {
  const handlers = server.listeners("request") as http.RequestListener[];
  server.removeAllListeners("request");
  /** Open connections and how many of their requests are in flight. */
  const connections = new Map<Socket, number>();
  /** Connections opened after the signal: answered 503 and closed; the exit does not wait for them. */
  const late = new Set<Socket>();
  let shuttingDown = false;
  /** Between SIGTERM and the end of `drainMs`: `/readyz` reads 503, everything else is served. */
  let draining = false;
  /** The drain has run (it runs once; then the shutdown proper). */
  let drained = false;
  let finished = false;
  /** Requests whose client asked for `Connection: close` and whose body was not read whole. */
  const closeAfterBody = new WeakSet<http.IncomingMessage>();

  function refuse(req: http.IncomingMessage, res: http.ServerResponse, kind: keyof typeof REFUSALS) {
    const refusal = REFUSALS[kind];
    const api = isApiPath(pathnameOf(req));
    res.statusCode = refusal.status;
    res.setHeader("Cache-Control", "no-store");
    if (kind === "restarting") res.setHeader("Retry-After", "5");
    if (api) {
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      res.end(JSON.stringify({ success: false, message: refusal.api }));
    } else {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("Content-Security-Policy", options.pageCsp);
      res.end(kind === "unreadableLink" ? unreadableLinkPage(req) : page(options.storeName, refusal.title, refusal.text));
    }
  }

  /** The unreadable link's page in the language of its path (its Hindi from the phrasebook; issue 43 item 5). */
  function unreadableLinkPage(req: http.IncomingMessage): string {
    const language = languageOfPath(pathnameOf(req));
    const words = (text: string) => translatePhrase(language, text);
    const home = words(UNREADABLE_LINK_PAGE.home.replace("{storeName}", options.storeName));
    return page(options.storeName, words(UNREADABLE_LINK_PAGE.title), words(UNREADABLE_LINK_PAGE.text), home, language);
  }

  function decorate(req: http.IncomingMessage, res: http.ServerResponse, context: RequestContext) {
    const writeHead = res.writeHead;
    res.writeHead = function guardedWriteHead(this: http.ServerResponse, ...args: unknown[]) {
      for (const [name, value] of Object.entries(options.responseHeaders)) this.setHeader(name, value);
      this.setHeader("X-Request-Id", context.id);
      if (options.redirectTarget) {
        for (const name of ["Location", "X-Remix-Redirect"]) {
          const location = this.getHeader(name);
          if (typeof location === "string") this.setHeader(name, options.redirectTarget(req.url ?? "/", location));
        }
      }
      if (shuttingDown) {
        // No connection is kept for later once the server is stopping.
        this.setHeader("Connection", "close");
      } else if (!req.complete && !this.shouldKeepAlive && declaresBody(req)) {
        // Node would close at once a connection whose client asked for `close`, with the rest
        // of the body unread, and the client could get a reset instead of this answer:
        // limitUnreadBody closes it once the rest is read or dropped.
        this.shouldKeepAlive = true;
        closeAfterBody.add(req);
      }
      return (writeHead as (...a: unknown[]) => http.ServerResponse).apply(this, args);
    } as typeof res.writeHead;
  }

  /**
   * A body the answer did not read is not read whole afterwards (issue 8 item 11): a route's
   * capped reader that gives up cancels the body stream, which would destroy the connection
   * before the 413 is written, so that waits for the answer; then at most MAX_DISCARD_BYTES more
   * are read and dropped within DISCARD_MS before the connection is closed — its FIN first, still
   * dropping what arrives for LINGER_MS, so the client, still sending, reads the answer rather than
   * a reset (a lingering close). Memory stays flat throughout.
   */
  /** Whether `req` says a body follows its headers (a length above 0, or a transfer coding). */
  function declaresBody(req: http.IncomingMessage): boolean {
    return Number(headerValue(req, "content-length") ?? "0") > 0 || headerValue(req, "transfer-encoding") !== null;
  }

  function limitUnreadBody(req: http.IncomingMessage, res: http.ServerResponse) {
    const destroy = req.destroy;
    req.destroy = function deferredDestroy(this: http.IncomingMessage, error?: Error) {
      if (res.writableEnded || this.socket.destroyed) return destroy.call(this, error);
      this.pause();
      return this;
    };
    res.once("finish", () => {
      if (req.complete) {
        // Kept open only so the rest of the body could be read (decorate), and there was none
        // left by now — a GET answered at once from the page cache: the client asked for
        // `close` (an HTTP/1.0 text browser reads until it), so close it now.
        if (closeAfterBody.has(req)) req.socket.end();
        return;
      }
      // Whoever was reading the body (Remix's stream of it) has answered without it: its listener
      // would pause the request again at every chunk nobody takes, and the drain below would stall
      // until the cut, resetting a connection the client was told it could keep.
      req.removeAllListeners("data");
      let discarded = 0;
      let cutting = false;
      const cut = () => {
        if (cutting) return;
        cutting = true;
        req.socket.end();
        setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
      };
      const timer = setTimeout(cut, DISCARD_MS).unref();
      req.on("data", (chunk: Buffer) => {
        discarded += chunk.length;
        if (discarded > MAX_DISCARD_BYTES) {
          clearTimeout(timer);
          cut();
        }
      });
      req.once("end", () => {
        clearTimeout(timer);
        if (closeAfterBody.has(req)) req.socket.end();
      });
      req.resume();
    });
  }

  function endConnection(socket: Socket) {
    socket.end();
    setTimeout(() => socket.destroy(), 1_000).unref();
  }

  async function finish(forced: boolean) {
    if (finished) return;
    finished = true;
    if (server.listening) server.close();
    if (forced) {
      log.warn({ graceMs: options.graceMs }, "shutdown: requests still running after the grace time; closing their connections");
      for (const socket of connections.keys()) socket.destroy();
    }
    const deadline = setTimeout(() => {
      log.warn("shutdown: closing took too long; exiting");
      options.exit(0);
    }, Math.max(0, options.exitDeadlineMs - options.graceMs));
    try {
      await options.onClosed();
    } catch (error) {
      log.error({ err: error }, "shutdown: closing failed");
    }
    clearTimeout(deadline);
    options.exit(0);
  }

  function finishWhenIdle() {
    if (shuttingDown && connections.size === 0) void finish(false);
  }

  server.on("connection", (socket: Socket) => {
    if (shuttingDown) {
      late.add(socket);
      socket.once("close", () => late.delete(socket));
      return;
    }
    connections.set(socket, 0);
    socket.once("close", () => {
      connections.delete(socket);
      finishWhenIdle();
    });
  });

  /** The request's context: a trusted proxy's (or this process's own render's) usable `X-Request-Id`, else a new UUID. */
  function contextOf(req: http.IncomingMessage, internal: boolean): RequestContext {
    const offered = headerValue(req, "x-request-id");
    const id = (options.trustRequestId || internal) && isUsableRequestId(offered) ? offered : crypto.randomUUID();
    const url = req.url ?? "/";
    return { id, method: req.method ?? "GET", path: pathnameOf(req), routeId: routeIdOf(url) };
  }

  function report(req: http.IncomingMessage, res: http.ServerResponse, context: RequestContext, started: bigint, internal: boolean) {
    if (!options.onAnswered) return;
    let reported = false;
    const answered = (aborted: boolean) => {
      if (reported) return;
      reported = true;
      const query: Record<string, string> = {};
      try {
        for (const [name, value] of new URL(req.url ?? "/", "http://guard.invalid").searchParams) if (!(name in query)) query[name] = value;
      } catch {
        // An unparsable target has no query to report.
      }
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      try {
        options.onAnswered?.({ context, query, status: res.statusCode, durationMs, aborted, internal });
      } catch {
        // Reporting never breaks an answer.
      }
    };
    res.once("finish", () => answered(false));
    res.once("close", () => answered(!res.writableFinished));
  }

  /** `/readyz`: 503 while shutting down, else what `ready()` says (issue 46 item 4). */
  function readiness(res: http.ServerResponse) {
    const answer = (reason: string | null) => {
      res.statusCode = reason === null ? 200 : 503;
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      res.end(JSON.stringify(reason === null ? { ready: true } : { ready: false, reason }));
    };
    if (shuttingDown || draining || !options.ready) return answer(shuttingDown || draining ? "shutting down" : null);
    options.ready().then(
      (reason) => answer(shuttingDown || draining ? "shutting down" : reason),
      (error: unknown) => answer(error instanceof Error ? error.message : "not ready"),
    );
  }

  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const started = process.hrtime.bigint();
    const socket = req.socket;
    if (late.has(socket)) res.once("close", () => endConnection(socket));
    else connections.set(socket, (connections.get(socket) ?? 0) + 1);
    res.once("close", () => {
      if (late.has(socket)) return;
      const left = (connections.get(socket) ?? 1) - 1;
      if (connections.has(socket)) connections.set(socket, left);
      if (shuttingDown && left === 0) endConnection(socket);
    });
    const internal = options.isInternalRequest?.(req) === true;
    const context = contextOf(req, internal);
    decorate(req, res, context);
    limitUnreadBody(req, res);
    report(req, res, context, started, internal);
    runInRequest(context, () => answer(req, res, context));
  });

  function answer(req: http.IncomingMessage, res: http.ServerResponse, context: RequestContext) {
    // The guard's own answers are labelled by what they are, not by the splat route's id.
    if (pathnameOf(req) === "/readyz" && (req.method === "GET" || req.method === "HEAD")) {
      context.routeId = "readyz";
      return readiness(res);
    }
    if (options.own?.(req, res)) {
      context.routeId = `guard${context.path}`;
      return;
    }
    if (shuttingDown) return refuse(req, res, "restarting");
    if (!isStorableTarget(req.url ?? "/")) return refuse(req, res, "unreadableLink");
    const pathname = pathnameOf(req);
    const declared = Number(headerValue(req, "content-length") ?? "0");
    if (Number.isFinite(declared) && declared > options.maxBodyBytes(pathname)) return refuse(req, res, "tooLarge");
    if (UNSAFE_METHODS.has(req.method ?? "") && !isApiPath(pathname)) {
      const origin = headerValue(req, "origin");
      const host = headerValue(req, "host");
      if (options.isForeignOrigin({ origin, secFetchSite: headerValue(req, "sec-fetch-site"), host })) {
        return refuse(req, res, "crossSite");
      }
      // Remix refuses (500) a page post whose Origin host differs from X-Forwarded-Host or Host,
      // e.g. behind a proxy that does not pass Host on. The store's rule accepted this Origin
      // (PUBLIC_URL's origin): let Remix compare it with itself.
      if (origin !== null) {
        const originHost = new URL(origin).host;
        const forwarded = headerValue(req, "x-forwarded-host")?.split(",")[0]?.trim();
        if (originHost !== (forwarded || host)) req.headers["x-forwarded-host"] = originHost;
      }
    }
    const pass = () => {
      for (const handler of handlers) handler.call(server, req, res);
    };
    if (options.front) options.front(req, res, pass);
    else pass();
  }

  // remix-serve closes the server on SIGTERM (its handler runs after ours) with `console.error` as
  // the callback, which would print "undefined" on a clean close: report only real errors. Until
  // `finish` the listener stays open: during the drain everything but /readyz is served, then new
  // requests read 503. Closing it earlier — during the drain, as the guard once did — refused every
  // new connection, and Node's close also drops the connections it thinks idle: a balancer's
  // connection whose request had not been read yet was closed unanswered, and HAProxy then closes
  // the shopper's reused connection without a word (issue 49; docs/decisions/1022).
  const close = server.close;
  server.close = function guardedClose(this: http.Server, callback?: (error?: Error) => void) {
    if (!finished) {
      guard.shutdown("close");
      return this;
    }
    return close.call(this, (error?: Error) => {
      if (!error) return;
      // remix-serve's callback is console.error: the store's log line instead (issue 46 item 2).
      // eslint-disable-next-line no-console -- compared with, never called
      if (callback && callback !== console.error) callback(error);
      else log.error({ err: error }, "The listener could not be closed");
    });
  } as typeof server.close;

  const guard: HttpGuard = {
    get shuttingDown() {
      return shuttingDown;
    },
    address: () => server.address(),
    shutdown(reason: string) {
      if (shuttingDown || draining) return;
      const drainMs = options.drainMs ?? 0;
      if (drainMs > 0 && !drained) {
        draining = true;
        drained = true;
        log.info({ signal: reason, drainMs }, "shutdown: /readyz says 503; still serving while the balancer takes this process out");
        setTimeout(() => {
          draining = false;
          guard.shutdown(reason);
        }, drainMs).unref();
        return;
      }
      shuttingDown = true;
      const busy = [...connections.values()].reduce((sum, n) => sum + n, 0);
      log.info({ signal: reason, inFlight: busy }, "shutdown: no new requests; finishing those in flight, then exiting");
      // The listener stays open (guardedClose) until finish: new connections read 503.
      for (const [socket, active] of connections) if (active === 0) endConnection(socket);
      setTimeout(() => void finish(true), options.graceMs).unref();
      finishWhenIdle();
    },
  };
  return guard;
}

declare global {
  // One guard per process, kept across dev-server rebuilds of the server build.
  var __storeHttpGuard: { options: HttpGuardOptions; guard?: HttpGuard } | undefined;
}

/** Where the guarded server listens, or null before it listens (the page cache's loopback renders). */
export function guardedServerAddress(): ReturnType<http.Server["address"]> {
  return globalThis.__storeHttpGuard?.guard?.address() ?? null;
}

/**
 * Installs the guard (see `HttpGuardOptions`) on the first `http.Server` that starts listening in
 * this process — remix-serve's, which listens right after importing the server build — and makes
 * SIGTERM and SIGINT shut it down gracefully. Called from entry.server.tsx at import; a second
 * call (a dev rebuild) only swaps in the new options.
 */
export function installHttpGuard(options: HttpGuardOptions): void {
  if (globalThis.__storeHttpGuard) {
    globalThis.__storeHttpGuard.options = options;
    return;
  }
  const holder: { options: HttpGuardOptions; guard?: HttpGuard } = { options };
  globalThis.__storeHttpGuard = holder;
  // Read through the holder so a dev rebuild's options take effect.
  const live: HttpGuardOptions = {
    maxBodyBytes: (pathname) => holder.options.maxBodyBytes(pathname),
    isForeignOrigin: (headers) => holder.options.isForeignOrigin(headers),
    get responseHeaders() {
      return holder.options.responseHeaders;
    },
    get redirectTarget() {
      return holder.options.redirectTarget;
    },
    get pageCsp() {
      return holder.options.pageCsp;
    },
    get storeName() {
      return holder.options.storeName;
    },
    get graceMs() {
      return holder.options.graceMs;
    },
    get exitDeadlineMs() {
      return holder.options.exitDeadlineMs;
    },
    get drainMs() {
      return holder.options.drainMs;
    },
    onClosed: () => holder.options.onClosed(),
    exit: (code) => holder.options.exit(code),
    get front() {
      return holder.options.front;
    },
    get trustRequestId() {
      return holder.options.trustRequestId;
    },
    isInternalRequest: (req) => holder.options.isInternalRequest?.(req) ?? false,
    onAnswered: (answered) => holder.options.onAnswered?.(answered),
    get ready() {
      return holder.options.ready;
    },
    own: (req, res) => holder.options.own?.(req, res) ?? false,
  };
  const listen = http.Server.prototype.listen;
  http.Server.prototype.listen = function guardedListen(this: http.Server, ...args: unknown[]) {
    if (!holder.guard) holder.guard = guardServer(this, live);
    return (listen as (...a: unknown[]) => http.Server).apply(this, args);
  } as typeof listen;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (holder.guard) holder.guard.shutdown(signal);
      else holder.options.exit(0);
    });
  }
}
