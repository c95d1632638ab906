import { isStorableForm } from "~/lib/outside-text";
import { API_MESSAGES } from "~/schemas/api";

/** Largest urlencoded or multipart form body an action reads, in bytes (DESIGN.md §16). */
export const MAX_FORM_BODY_BYTES = 64 * 1024;
/** Largest Cashfree webhook body read, in bytes (DESIGN.md §16). */
export const MAX_WEBHOOK_BODY_BYTES = 256 * 1024;

/**
 * Thrown by the readers below: `status` 413 (the cap was crossed) or 400 (the body could not be
 * read as a form). Route code turns it into its own answer with `bodyErrorResponse`.
 */
export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
    this.name = "BodyError";
  }
}

/**
 * The request body as bytes, never more than `maxBytes` (DESIGN.md §16, issue 8 item 11): a
 * declared Content-Length above the cap is refused before reading; a chunked body is read chunk
 * by chunk and dropped (stream cancelled) as soon as the running total crosses the cap.
 * Throws BodyError 413.
 */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > maxBytes) throw new BodyError(413, API_MESSAGES.tooLarge);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new BodyError(413, API_MESSAGES.tooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * `body` through a counter that errors the stream with BodyError 413 once more than `maxBytes`
 * have passed (a chunked body declares no length; DESIGN.md §16). `signal` cancels `body` when
 * the reader gives up early (so the HTTP guard can drain or cut the rest after the answer).
 */
export function cappedStream(body: ReadableStream<Uint8Array>, maxBytes: number, signal?: AbortSignal): ReadableStream<Uint8Array> {
  let size = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > maxBytes) controller.error(new BodyError(413, API_MESSAGES.tooLarge));
        else controller.enqueue(chunk);
      },
    }),
    signal ? { signal } : undefined,
  );
}

/** The body as UTF-8 text (invalid bytes replaced), capped as `readBodyBytes`. Throws BodyError 413. */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  return new TextDecoder("utf-8", { fatal: false }).decode(await readBodyBytes(request, maxBytes));
}

/**
 * The body of a form post (urlencoded or multipart), read through the cap (default 64 KB) and
 * parsed by the platform's own `formData()`. Throws BodyError 413 above the cap, 400 when the body
 * is not a readable form (wrong or missing content type, broken multipart) or holds text the store
 * cannot keep (`requireStorableForm`).
 */
export async function readFormData(request: Request, maxBytes = MAX_FORM_BODY_BYTES): Promise<FormData> {
  const bytes = await readBodyBytes(request, maxBytes);
  const headers = new Headers();
  const contentType = request.headers.get("content-type");
  if (contentType) headers.set("content-type", contentType);
  let form: FormData;
  try {
    form = await new Request("http://body.invalid/", { method: "POST", headers, body: new Uint8Array(bytes) }).formData();
  } catch {
    throw new BodyError(400, "The form could not be read.");
  }
  return requireStorableForm(form);
}

/**
 * `form` itself when every field name and text value is text both databases keep as it came (no
 * NUL, no byte that is not UTF-8 — decoded as U+FFFD —, no lone surrogate; lib/outside-text.ts),
 * else throws BodyError 400 API_MESSAGES.unreadableText: the one check of form text, for every
 * action on SQLite and PostgreSQL alike (issue 43 item 5; docs/decisions/0940).
 */
export function requireStorableForm(form: FormData): FormData {
  if (!isStorableForm(form)) throw new BodyError(400, API_MESSAGES.unreadableText);
  return form;
}

/**
 * A page action's answer for a BodyError: a short plain-text Response with its status, thrown so
 * the route's error boundary shows it (e.g. `await readFormData(request).catch(throwBodyError)`).
 * Any other error is rethrown as is.
 */
export function throwBodyError(error: unknown): never {
  if (error instanceof BodyError) {
    throw new Response(error.message, {
      status: error.status,
      statusText: error.status === 413 ? "Payload Too Large" : "Bad Request",
      headers: { "cache-control": "no-store", "content-type": "text/plain; charset=utf-8" },
    });
  }
  throw error;
}
