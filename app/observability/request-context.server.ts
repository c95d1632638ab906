import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the store knows about the request being answered (issue 46 item 2): its id (a trusted
 * proxy's `X-Request-Id`, else one made here), method and path; the route id and the signed-in
 * shopper's user id once they are known. The HTTP guard opens one per request and everything the
 * request runs (loaders, actions, database calls, their log lines) sees it through Node's
 * AsyncLocalStorage. docs/decisions/1000-structured-logs.md.
 */
export type RequestContext = {
  /** `X-Request-Id`: at most 64 characters of `[A-Za-z0-9._:-]`. */
  readonly id: string;
  readonly method: string;
  /** The path without its query (a query may carry a secret link's token). */
  readonly path: string;
  /** The Remix route id that answered, once matched (route-id.server.ts). */
  routeId?: string;
  /** The signed-in shopper's or staff member's user id — never their email. */
  userId?: number;
  /** Reads shared by this request's loaders (`oncePerRequest`), by key. */
  shared?: Map<string, Promise<unknown>>;
};

declare global {
  // One store per process: a dev rebuild's modules read the contexts the first build's guard opens.
  var __storeRequestContext: AsyncLocalStorage<RequestContext> | undefined;
}

const storage = (globalThis.__storeRequestContext ??= new AsyncLocalStorage<RequestContext>());

/** Runs `fn` (and everything it starts) inside `context`; returns what `fn` returns. */
export function runInRequest<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The request being answered, or undefined outside one (start-up, background work). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** Records the signed-in user of the request being answered (its log lines carry `userId`). */
export function noteRequestUser(userId: number): void {
  const context = storage.getStore();
  if (context) context.userId = userId;
}

/**
 * `read()`'s answer, read once for the request being answered when it is a GET or HEAD (the root
 * loader's footer and a product page's return policy both want the store settings: one database
 * statement, not three). Every other case reads afresh: outside a request (background work), and in
 * a POST, whose action may change what a loader then reads in the same request (a document POST
 * without JavaScript renders the page after its action). A rejection is shared like an answer: the
 * callers handle it as they would their own. Issue 49 item 5 (docs/decisions/1025).
 */
export function oncePerRequest<T>(key: string, read: () => Promise<T>): Promise<T> {
  const context = storage.getStore();
  if (!context || (context.method !== "GET" && context.method !== "HEAD")) return read();
  context.shared ??= new Map();
  let answer = context.shared.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = read();
    context.shared.set(key, answer);
  }
  return answer;
}

/** The largest request id taken from a proxy, characters. */
const MAX_REQUEST_ID_LENGTH = 64;
const REQUEST_ID = /^[A-Za-z0-9._:-]+$/;

/**
 * Whether a proxy's `X-Request-Id` value can be kept as this request's id: 1–64 characters of
 * letters, digits and `._:-` (anything else — a log-forging newline, a megabyte — is replaced).
 */
export function isUsableRequestId(value: string | undefined | null): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= MAX_REQUEST_ID_LENGTH && REQUEST_ID.test(value);
}
