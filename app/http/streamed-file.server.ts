import { unstable_parseMultipartFormData } from "@remix-run/node";
import { BodyError, cappedStream, readFormData } from "~/http/body.server";
import { API_MESSAGES } from "~/schemas/api";

/*
 * A file part read as it arrives (issue 21 item 3; docs/decisions/0671). `readFormData` holds the
 * whole body and then parses the multipart in one go, which for a 20 MB file keeps the event loop
 * busy for about a second (the multipart parser searches for the boundary byte by byte without
 * ever yielding). Here the parser is driven by its reader one body chunk at a time, with a turn of
 * the event loop between chunks, and the file's bytes never exist in one piece.
 */

/** What readStreamedFile found: no file (or an empty one), a file over the limit, or `consume`'s answer for the file. */
export type StreamedFile<T> = { kind: "none" } | { kind: "too-large" } | { kind: "file"; name: string; bytes: number; value: T };

export type StreamedFileLimits = {
  /** The field whose first file part goes to `consume`; every other part is read and dropped. */
  field: string;
  /** Largest whole body, declared or streamed, bytes (else BodyError 413). */
  maxBodyBytes: number;
  /** Largest file, bytes: `consume` sees at most this many, and the answer is `too-large`. */
  maxFileBytes: number;
};

const UNREADABLE = "The form could not be read.";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Reads the multipart form of `request` and hands the bytes of its first file part in
 * `limits.field` to `consume` as they arrive, never more than `limits.maxFileBytes` of them. What
 * `consume` leaves unread is read and dropped a chunk per turn of the event loop, so the answer
 * waits for the whole body (a browser shows nothing before its upload is sent). A form that is not
 * multipart is read through the capped `readFormData` and has no file. Answers the file's name, its
 * size in bytes and `consume`'s answer; `too-large` when the file is over the limit (whatever
 * `consume` answered); `none` without a file or for an empty one. Throws BodyError 413 (body over
 * `maxBodyBytes`) or 400 (not a readable form), or what `consume` throws. Source: issue 21 item 3.
 */
export async function readStreamedFile<T>(
  request: Request,
  limits: StreamedFileLimits,
  consume: (chunks: AsyncIterable<Uint8Array>) => Promise<T>,
): Promise<StreamedFile<T>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > limits.maxBodyBytes) throw new BodyError(413, API_MESSAGES.tooLarge);
  if (!/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "") || !request.body) {
    await readFormData(request, limits.maxBodyBytes);
    return { kind: "none" };
  }
  const capped = new Request(request.url, {
    method: "POST",
    headers: request.headers,
    body: cappedStream(request.body, limits.maxBodyBytes),
    duplex: "half",
  } as RequestInit);
  let found: StreamedFile<T> = { kind: "none" };
  let failure: { error: unknown } | null = null;
  try {
    await unstable_parseMultipartFormData(capped, async ({ name, filename, data }) => {
      const part = data[Symbol.asyncIterator]();
      /** The part's next chunk; the parser's own errors (a broken body) become BodyError 400. */
      const next = async (): Promise<IteratorResult<Uint8Array>> => {
        try {
          return await part.next();
        } catch (error) {
          throw error instanceof BodyError ? error : new BodyError(400, UNREADABLE);
        }
      };
      /** Reads and drops the rest of the part, a chunk per turn of the event loop; its size in bytes. */
      const drain = async (): Promise<number> => {
        let bytes = 0;
        for (let chunk = await next(); !chunk.done; chunk = await next()) {
          bytes += chunk.value.byteLength;
          await nextTurn();
        }
        return bytes;
      };
      if (found.kind !== "none" || name !== limits.field || !filename) {
        await drain();
        return undefined;
      }
      let bytes = 0;
      async function* upToLimit(): AsyncGenerator<Uint8Array> {
        for (let chunk = await next(); !chunk.done; chunk = await next()) {
          bytes += chunk.value.byteLength;
          if (bytes > limits.maxFileBytes) return;
          yield chunk.value;
        }
      }
      let value: T;
      try {
        value = await consume(upToLimit());
      } catch (error) {
        if (!(error instanceof BodyError)) failure = { error };
        throw error;
      }
      bytes += await drain();
      found = bytes > limits.maxFileBytes ? { kind: "too-large" } : bytes === 0 ? { kind: "none" } : { kind: "file", name: filename, bytes, value };
      return undefined;
    });
  } catch (error) {
    if (failure) throw (failure as { error: unknown }).error;
    if (error instanceof BodyError) throw error;
    throw new BodyError(400, UNREADABLE);
  }
  return found;
}
