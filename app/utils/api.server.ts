import { json } from "@remix-run/node";
import type { z } from "zod";
import { BackendError } from "~/backend/types";
import { API_MESSAGES, firstIssueMessage } from "~/schemas/api";
import { BodyError, readBodyText } from "~/http/body.server";
import { isStorableJson } from "~/lib/outside-text";
import { requireSameOrigin } from "~/utils/origin.server";
import { log } from "~/observability/log.server";

/** A Store API failure answer: `{success:false, message}` with a meaningful status (DESIGN.md §4). */
export function apiFailure(status: number, message: string) {
  return json({ success: false, message }, { status, headers: { "cache-control": "no-store" } });
}

/**
 * Runs a Store API handler and turns what it throws into the contract's answers: BackendError →
 * its status and message; a thrown Response passes through; anything else → 500 with a generic
 * message (and a log line), never a stack trace.
 */
export async function handleApi(handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof BackendError) return apiFailure(error.status, error.message);
    log.error({ err: error }, "Store API error");
    return apiFailure(500, "Something went wrong on our side. Please try again.");
  }
}

/** Largest JSON body the Store API reads, in bytes (larger → 413). */
export const MAX_JSON_BODY_BYTES = 16 * 1024;

/**
 * The loader of a POST-only Store API route: any GET/HEAD answers 405 with `Allow: POST`
 * (no GET changes anything).
 */
export function postOnlyLoader() {
  return json(
    { success: false, message: API_MESSAGES.methodNotAllowed },
    { status: 405, headers: { allow: "POST", "cache-control": "no-store" } },
  );
}

/**
 * Reads a Store API request's JSON body and parses it with `schema` (DESIGN.md §4). Throws, as
 * contract answers that handleApi passes on: 405 unless POST; 403 from a foreign Origin;
 * 415 unless `Content-Type` is JSON (`application/json` or `…+json`); 413 above
 * MAX_JSON_BODY_BYTES (or `options.maxBytes`); 400 'The body is not valid JSON.', API_MESSAGES.unreadableText
 * (a NUL, a byte that is not UTF-8 or a lone surrogate in any string; issue 43 item 5) or the schema's first message.
 * An empty body reads as `{}`.
 */
export async function readJsonBody<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
  options: { maxBytes?: number } = {},
): Promise<z.output<S>> {
  if (request.method !== "POST") throw postOnlyLoader();
  requireSameOrigin(request);
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!(mediaType === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType))) {
    throw apiFailure(415, API_MESSAGES.notJson);
  }
  const text = await readTextWithin(request, options.maxBytes ?? MAX_JSON_BODY_BYTES);
  let body: unknown = {};
  if (text.trim() !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      throw apiFailure(400, API_MESSAGES.badJson);
    }
  }
  // One rule for text from outside, on both databases (issue 43 item 5; lib/outside-text.ts).
  if (!isStorableJson(body)) throw apiFailure(400, API_MESSAGES.unreadableText);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw apiFailure(400, firstIssueMessage(parsed.error));
  return parsed.data;
}

/**
 * The session token of a Store API call: the `token` header only (SPEC.md §6–7; a cookie never
 * authorises an API call). Throws BackendError 401 'Please log in to continue.' when absent;
 * the backend checks the rest.
 */
export function requireApiToken(request: Request): string {
  const token = request.headers.get("token")?.trim();
  if (!token) throw new BackendError(401, API_MESSAGES.tokenMissing);
  return token;
}

/**
 * The body as text through the one capped reader (DESIGN.md §16, issue 8 item 11): 413 JSON
 * `{success:false, message}` as soon as more than `limit` bytes arrive, whatever Content-Length
 * claims.
 */
async function readTextWithin(request: Request, limit: number): Promise<string> {
  try {
    return await readBodyText(request, limit);
  } catch (error) {
    if (error instanceof BodyError) throw apiFailure(error.status, error.status === 413 ? API_MESSAGES.tooLarge : error.message);
    throw error;
  }
}

/** 429 with the shopper's sentence and `Retry-After` in seconds (DESIGN.md §4). */
export function apiRateLimited(retryAfterSeconds: number, message: string = API_MESSAGES.rateLimited) {
  return json(
    { success: false, message },
    { status: 429, headers: { "retry-after": String(retryAfterSeconds), "cache-control": "no-store" } },
  );
}

/** A success answer, never cached. */
export function apiSuccess<T extends Record<string, unknown>>(data: T) {
  return json({ success: true as const, ...data }, { headers: { "cache-control": "no-store" } });
}
