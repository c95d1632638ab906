import fs from "node:fs";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { PHOTO_TYPES } from "~/constants/returns";
import { BackendError } from "~/lib/errors";
import { getSessionToken } from "~/utils/session.server";

/** A stored return photo's name: 32 hex digits and an accepted extension. */
const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|webp)$/;
const TYPE_OF_EXTENSION: Record<string, string> = Object.fromEntries(Object.entries(PHOTO_TYPES).map(([type, ext]) => [ext, type]));

function notFound() {
  return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" } });
}

/**
 * `GET /return-photos/:returnId/:file`: a photo of a return request (issue 45 item 2;
 * docs/decisions/0982). Private: only the shopper who sent it and staff get it; anyone else, an
 * unknown request and a file the request does not hold get the same 404. Served with the type its
 * bytes were checked to be, `nosniff`, a CSP that lets nothing run, and `private, no-store`.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { own } = getBackend();
  if (!own) return notFound();
  const token = await getSessionToken(request);
  if (!token) return notFound();
  let account;
  try {
    account = await own.accounts.requireAccount(token);
  } catch (error) {
    if (error instanceof BackendError) return notFound();
    throw error;
  }
  const file = params.file ?? "";
  const match = STORED_NAME.exec(file);
  if (!match) return notFound();
  const found = await own.returns.findReturn(params.returnId ?? "");
  if (!found || (found.userId !== account.id && !account.role) || !found.photos.includes(file)) return notFound();
  const bytes = await fs.promises.readFile(path.join(own.returns.returnPhotoDir(), file)).catch(() => null);
  if (!bytes) return notFound();
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": TYPE_OF_EXTENSION[match[1]],
      "content-length": String(bytes.byteLength),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
