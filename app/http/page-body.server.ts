import { Transform } from "node:stream";

/** A burst larger than this goes on at once rather than waiting for the end of the turn (bytes). */
export const PAGE_BODY_BURST_BYTES = 64 * 1024;

/**
 * The body stream React renders a page into (app/entry.server.tsx): what React writes in one
 * turn of the event loop goes on as ONE chunk, at the end of that turn (`setImmediate`), or at
 * once when it reaches PAGE_BODY_BURST_BYTES; the end of the page flushes the rest first.
 *
 * Why (issue 49 item 5; docs/decisions/1024): React's Node renderer writes a page in views of
 * about 2 KB, and Remix writes each chunk of the body to the response and then calls its
 * `flush()` — the `compression` middleware's, which ends a gzip block there (Z_SYNC_FLUSH). A
 * 79 KB collection page was ~40 writes, 40 zlib jobs and 40 socket writes; now it is one or two.
 * What streams stays streamed: the shell goes when React finishes its turn, and each later
 * Suspense boundary's burst in its own turn. Backpressure is the Transform's own.
 */
export function pageBody(): Transform {
  let pending: Buffer[] = [];
  let size = 0;
  let scheduled = false;
  const body = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      size += chunk.byteLength;
      if (size >= PAGE_BODY_BURST_BYTES) pushPending();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(pushPending);
      }
      callback();
    },
    flush(callback) {
      pushPending();
      callback();
    },
  });
  function pushPending() {
    scheduled = false;
    if (size === 0 || body.destroyed) return;
    const chunk = pending.length === 1 ? pending[0] : Buffer.concat(pending, size);
    pending = [];
    size = 0;
    body.push(chunk);
  }
  return body;
}
