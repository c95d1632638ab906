import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  MaxPartSizeExceededError,
  redirect,
  unstable_composeUploadHandlers,
  unstable_createFileUploadHandler,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { getStoreDb } from "~/backend/index.server";
import { reportVideoDir } from "~/config/media.server";
import { getEnv } from "~/config/env.server";
import { MAX_REPORT_VIDEO_BYTES, REPORT_BODY_BYTES } from "~/constants/problem-reports";
import { BodyError, readFormData, throwBodyError } from "~/http/body.server";
import { BackendError } from "~/lib/errors";
import { requireAccount } from "~/services/accounts.server";
import { REPORT_MESSAGES } from "~/lib/problem-reports";
import { reportProblem, shopperReports } from "~/services/problem-reports.server";
import { requireSameOrigin } from "~/utils/origin.server";
import { expiredSessionRedirect, requireUserToken } from "~/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";

/**
 * `/orders/:orderId/report` (issue 14 item 3; DESIGN.md §20; SPEC.md §9): the order page's
 * "Report a problem" form posts here, multipart, with or without JavaScript. The order must be
 * the shopper's (anyone else: the ordinary 404, before the body is read), delivered, and inside
 * the kind's window (services/problem-reports.server.ts owns the rules). The unboxing video is
 * streamed to disk (never held in memory) and cut off at 100 MB; the whole body is capped at
 * REPORT_BODY_BYTES here and in the HTTP guard. Every answer is a 303 back to the order page
 * with a toast. A GET goes to the order page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, userId } = await shopper(request);
  await ownOrder(db, userId, params.orderId);
  return redirect(orderPage(params.orderId ?? ""));
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { db, userId } = await shopper(request);
  const orderId = params.orderId ?? "";
  const now = Date.now();
  const { window } = await ownOrder(db, userId, orderId, now);
  const here = `${orderPage(orderId)}#report`;
  if (!window.damaged.open && !window.wrong.open) return redirectWithError(here, window.wrong.reason ?? window.damaged.reason ?? REPORT_MESSAGES.notDelivered);

  let formData: FormData;
  try {
    formData = await readReportForm(request);
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return redirectWithError(here, error.field === "video" ? REPORT_MESSAGES.videoTooLarge : REPORT_MESSAGES.descriptionTooLong);
    throwBodyError(error instanceof BodyError ? error : new BodyError(400, "The form could not be read."));
  }
  const upload = formData.get("video");
  const video = upload && typeof upload === "object" && "filepath" in upload ? { filepath: String(upload.filepath), size: upload.size } : null;
  try {
    await reportProblem(db, userId, orderId, { kind: formData.get("kind"), description: formData.get("description"), videoLink: formData.get("videoLink"), video }, now);
    return redirectWithSuccess(here, "Thank you. We have your report and will answer it on this page.");
  } catch (error) {
    if (error instanceof BackendError && error.status === 404) throw notFound();
    if (error instanceof BackendError) return redirectWithError(here, error.message);
    throw error;
  } finally {
    if (video) await fs.rm(video.filepath, { force: true });
  }
}

function notFound() {
  return new Response("Not Found", { status: 404, statusText: "Not Found", headers: { "cache-control": "private, no-store" } });
}

function orderPage(orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}`;
}

/** The logged-in shopper on this store's own database; 404 on a store whose data lives elsewhere (BACKEND_URL). */
async function shopper(request: Request) {
  const token = await requireUserToken(request);
  if (getEnv().BACKEND_URL) throw notFound();
  const db = await getStoreDb();
  try {
    return { db, userId: (await requireAccount(db, token)).id };
  } catch (error) {
    if (error instanceof BackendError && error.status === 401) throw await expiredSessionRedirect(request);
    throw error;
  }
}

async function ownOrder(db: Awaited<ReturnType<typeof getStoreDb>>, userId: number, orderId: string | undefined, now = Date.now()) {
  try {
    return await shopperReports(db, userId, orderId ?? "", now);
  } catch (error) {
    if (error instanceof BackendError && error.status === 404) throw notFound();
    throw error;
  }
}

/** The body through a counter that fails past REPORT_BODY_BYTES (a chunked body declares no length). */
function cappedBody(request: Request): ReadableStream<Uint8Array> | null {
  if (!request.body) return null;
  let size = 0;
  return request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > REPORT_BODY_BYTES) controller.error(new BodyError(413, "The form is too large."));
        else controller.enqueue(chunk);
      },
    }),
  );
}

/**
 * The report form: multipart with the `video` part streamed to a file in the reports folder's
 * `incoming/` (at most MAX_REPORT_VIDEO_BYTES, else MaxPartSizeExceededError) and text fields of
 * at most 16 KB each; an urlencoded form through the 64 KB reader. Throws BodyError 413/400.
 */
async function readReportForm(request: Request): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > REPORT_BODY_BYTES) throw new BodyError(413, "The form is too large.");
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType)) return readFormData(request);
  const capped = new Request(request.url, { method: "POST", headers: request.headers, body: cappedBody(request), duplex: "half" } as RequestInit);
  return unstable_parseMultipartFormData(
    capped,
    unstable_composeUploadHandlers(
      unstable_createFileUploadHandler({
        directory: path.join(reportVideoDir(), "incoming"),
        file: () => `${crypto.randomBytes(16).toString("hex")}.upload`,
        maxPartSize: MAX_REPORT_VIDEO_BYTES,
        filter: ({ name }) => name === "video",
      }),
      unstable_createMemoryUploadHandler({ maxPartSize: 16 * 1024, filter: ({ name, filename }) => name !== "video" && !filename }),
    ),
  );
}
