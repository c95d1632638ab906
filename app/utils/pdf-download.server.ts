import { BackendError } from "~/lib/errors";
import { getBackend } from "~/backend/index.server";
import type { OwnStore } from "~/backend/own/types";
import { expiredSessionRedirect, requireUserToken } from "~/utils/session.server";

/*
 * The PDF downloads of an order — the GST tax invoice (issue 14 item 2; docs/decisions/0650) and
 * the credit note of a refunded return (issue 45 item 5; docs/decisions/0986) — for its shopper
 * and for staff: one door, one set of headers. Never cached (private, no-store); a 404 that says
 * nothing of why (another shopper's order, an unknown id, no document yet).
 */

const NO_STORE = { "cache-control": "private, no-store" };

/** The 404 every refused download answers. */
export function pdfNotFound(): Response {
  return new Response("Not Found", { status: 404, statusText: "Not Found", headers: NO_STORE });
}

/** `body` (PDF bytes) as an attachment named `filename`, never cached, never sniffed. */
export function pdfDownload(filename: string, body: Buffer | Uint8Array): Response {
  return new Response(new Uint8Array(body), {
    headers: {
      ...NO_STORE,
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${filename}"`,
      "content-length": String(body.length),
      "x-content-type-options": "nosniff",
    },
  });
}

/**
 * A shopper's download: logged-in only (→ /login and back, or the expired-session redirect on a
 * 401), on a store with its own data (`capabilities.invoices`); `read` gets the own store and the
 * shopper's token and answers `{ filename, body }`. Its BackendError 400 or 404 (another shopper's
 * order, an unknown id, no document) is the ordinary 404; any other error is thrown on.
 */
export async function shopperPdfDownload(request: Request, read: (own: OwnStore, token: string) => Promise<{ filename: string; body: Buffer | Uint8Array }>): Promise<Response> {
  const token = await requireUserToken(request);
  try {
    const { own, capabilities } = getBackend();
    if (!capabilities.invoices || !own) throw new BackendError(404, "No documents on this store.");
    const { filename, body } = await read(own, token);
    return pdfDownload(filename, body);
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    if (error.status === 401) throw await expiredSessionRedirect(request);
    if (error.status === 400 || error.status === 404) throw pdfNotFound();
    throw error;
  }
}
