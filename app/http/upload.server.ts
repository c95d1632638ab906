import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import {
  MaxPartSizeExceededError,
  unstable_composeUploadHandlers,
  unstable_createFileUploadHandler,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import { BodyError, cappedStream, readFormData, requireStorableForm } from "~/http/body.server";
import { API_MESSAGES } from "~/schemas/api";

/*
 * Multipart uploads that leave nothing behind (issue 21 item 1; DESIGN.md §16;
 * docs/decisions/0670-hold-under-abuse.md). Every request streams its one file into a folder of
 * its own under `incoming/`, and that folder is removed in a `finally` whatever happens: the form
 * refused, a second file part, a part over its size, a body over the cap, a client gone mid-body.
 * What a crash (kill -9) leaves behind is swept at start-up and then every few minutes.
 */

/** Thrown for a form that has more than one file part, or a file under another field's name. */
export class ExtraFilePartError extends Error {
  constructor() {
    super("Attach one video only.");
    this.name = "ExtraFilePartError";
  }
}

/** What one upload form may hold. Sizes in bytes. */
export type UploadLimits = {
  /** The folder under which each request gets its own temporary folder (created when missing). */
  incoming: string;
  /** The one field that may carry a file. */
  fileField: string;
  /** Most file parts the form may have, all in `fileField` (default 1; the return form's photos, issue 45: 3). */
  maxFiles?: number;
  /** Largest file, bytes (else MaxPartSizeExceededError with `field` = fileField). */
  maxFileBytes: number;
  /** Largest text field, bytes (else MaxPartSizeExceededError with that field). */
  maxTextBytes: number;
  /** Largest whole body, bytes, declared or streamed (else BodyError 413). */
  maxBodyBytes: number;
};

/** The uploaded file as the form parser wrote it: its path in the request's folder and its size (bytes). */
export type UploadedFile = { filepath: string; size: number };

/**
 * Reads the form of `request` — multipart with at most one file part (`limits.fileField`, streamed
 * to disk, never held in memory), or urlencoded through the 64 KB reader — and runs `handle` with the
 * form and the file (or null). The request's temporary folder is removed when `handle` settles or
 * the reading fails, so `handle` must move a file it keeps. Throws BodyError 413/400 (too large,
 * unreadable, text the store cannot keep: `requireStorableForm`), MaxPartSizeExceededError (a
 * part over its size), ExtraFilePartError (a second file part, or a file in another field), or
 * what `handle` throws. Source: issue 21 item 1.
 */
export async function withUploadForm<T>(
  request: Request,
  limits: UploadLimits,
  handle: (form: FormData, file: UploadedFile | null) => Promise<T>,
): Promise<T> {
  return withUploadFiles(request, { ...limits, maxFiles: 1 }, (form, files) => handle(form, files[0] ?? null));
}

/**
 * `withUploadForm` for a form of up to `limits.maxFiles` file parts, all in `limits.fileField`
 * (each at most `maxFileBytes`, streamed to the request's folder): runs `handle` with the form and
 * the files in their order (an empty file input's part included, size 0). A part past `maxFiles`
 * is ExtraFilePartError. The folder is removed when `handle` settles, as there. Source: issue 45
 * item 2 (the return form's photos); issue 21 item 1.
 */
export async function withUploadFiles<T>(
  request: Request,
  limits: UploadLimits,
  handle: (form: FormData, files: UploadedFile[]) => Promise<T>,
): Promise<T> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > limits.maxBodyBytes) throw new BodyError(413, API_MESSAGES.tooLarge);
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType)) return handle(await readFormData(request), []);

  const folder = path.join(limits.incoming, crypto.randomBytes(16).toString("hex"));
  await fs.mkdir(folder, { recursive: true });
  try {
    const stop = new AbortController();
    const capped = new Request(request.url, { method: "POST", headers: request.headers, body: request.body ? cappedStream(request.body, limits.maxBodyBytes, stop.signal) : null, duplex: "half" } as RequestInit);
    let form: FormData;
    try {
      form = await unstable_parseMultipartFormData(capped, uploadHandler(folder, limits));
    } catch (error) {
      // Let go of the rest of the body: the HTTP guard drains or cuts it after the answer. A body
      // still piped into a stream nobody reads would keep the connection paused until it is cut.
      stop.abort();
      if (error instanceof BodyError || error instanceof MaxPartSizeExceededError || error instanceof ExtraFilePartError) throw error;
      throw new BodyError(400, "The form could not be read.");
    }
    requireStorableForm(form);
    const files = form
      .getAll(limits.fileField)
      .flatMap((part) => (part && typeof part === "object" && "filepath" in part ? [{ filepath: String(part.filepath), size: part.size }] : []));
    return await handle(form, files);
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

/** Most parts one upload form may have (its text fields and its one file). */
const MAX_PARTS = 20;

/**
 * One file part (the first, in `fileField`) to a file in `folder`; at most MAX_PARTS parts, text
 * parts to memory (so text is at most MAX_PARTS × maxTextBytes); anything else refused.
 */
function uploadHandler(folder: string, limits: UploadLimits): UploadHandler {
  let parts = 0;
  let fileParts = 0;
  const guard: UploadHandler = async ({ name, filename }) => {
    parts += 1;
    if (parts > MAX_PARTS) throw new BodyError(400, "The form has too many fields.");
    if (filename === undefined) return undefined;
    fileParts += 1;
    if (fileParts > (limits.maxFiles ?? 1) || name !== limits.fileField) throw new ExtraFilePartError();
    return undefined;
  };
  return unstable_composeUploadHandlers(
    guard,
    unstable_createFileUploadHandler({
      directory: folder,
      file: () => `${crypto.randomBytes(16).toString("hex")}.upload`,
      maxPartSize: limits.maxFileBytes,
      filter: ({ name }) => name === limits.fileField,
    }),
    unstable_createMemoryUploadHandler({ maxPartSize: limits.maxTextBytes, filter: ({ filename }) => filename === undefined }),
  );
}

/**
 * Removes what interrupted uploads left in `incoming` (a process killed mid-upload): every entry
 * not written to for `olderThanMs` (default 10 min; Node's request timeout ends any upload
 * within 5 min, so nothing in flight is that old). `olderThanMs` 0 empties the folder. Answers
 * the number of entries removed; never throws (a sweep must not stop the store).
 */
export async function sweepIncoming(incoming: string, olderThanMs = 10 * 60_000, now = Date.now()): Promise<number> {
  let removed = 0;
  const entries = await fs.readdir(incoming).catch(() => [] as string[]);
  for (const entry of entries) {
    const full = path.join(incoming, entry);
    try {
      if (olderThanMs > 0 && now - (await newestWrite(full)) < olderThanMs) continue;
      await fs.rm(full, { recursive: true, force: true });
      removed += 1;
    } catch {
      // Gone meanwhile, or not ours to remove: the next sweep looks again.
    }
  }
  return removed;
}

/** The newest modification time (ms) of a file, or of a folder and the files directly in it. */
async function newestWrite(full: string): Promise<number> {
  const stat = await fs.stat(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  const inside = await fs.readdir(full);
  const times = await Promise.all(inside.map((name) => fs.stat(path.join(full, name)).then((s) => s.mtimeMs, () => 0)));
  return Math.max(stat.mtimeMs, ...times);
}
