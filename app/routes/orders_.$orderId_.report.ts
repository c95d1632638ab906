import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { MaxPartSizeExceededError, redirect } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import type { OwnStore } from "~/backend/own/types";
import { MAX_REPORT_VIDEO_BYTES, REPORT_BODY_BYTES, REPORT_POSTS_PER_HOUR } from "~/constants/problem-reports";
import { BodyError, throwBodyError } from "~/http/body.server";
import { ExtraFilePartError, withUploadForm } from "~/http/upload.server";
import { pathIn } from "~/i18n/language";
import { BackendError } from "~/lib/errors";
import { REPORT_MESSAGES, reportRateLimitMessage } from "~/lib/problem-reports";
import { requireSameOrigin } from "~/utils/origin.server";
import { limitShopper } from "~/utils/rate-limit.server";
import { expiredSessionRedirect, requireUserToken } from "~/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";

/**
 * `/orders/:orderId/report` (issue 14 item 3; DESIGN.md §20; SPEC.md §9): the order page's
 * "Report a problem" form posts here, multipart, with or without JavaScript. The order must be
 * the shopper's (anyone else: the ordinary 404, before the body is read), delivered, and inside
 * the kind's window (services/problem-reports.server.ts owns the rules), and a shopper posts at
 * most REPORT_POSTS_PER_HOUR reports an hour (issue 21). The unboxing video is streamed to a
 * folder of the request's own (never held in memory), cut off at 100 MB, and that folder is
 * removed whatever happens (http/upload.server.ts); one file part only; the whole body is capped at
 * REPORT_BODY_BYTES here and in the HTTP guard. Every answer is a 303 back to the order page
 * with a toast. A GET goes to the order page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { own, userId } = await shopper(request);
  await ownOrder(own, userId, params.orderId);
  return redirect(orderPage(params.orderId ?? ""));
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { own, userId } = await shopper(request);
  const orderId = params.orderId ?? "";
  const now = Date.now();
  const { window } = await ownOrder(own, userId, orderId, now);
  // The form of a Hindi order page posts with ?lang=hi (one address for both): back to the Hindi page.
  const here = pathIn(`${orderPage(orderId)}#report`, new URL(request.url).searchParams.get("lang") === "hi" ? "hi" : "en");
  if (!window.damaged.open && !window.wrong.open) return redirectWithError(here, window.wrong.reason ?? window.damaged.reason ?? REPORT_MESSAGES.notDelivered);
  const allowed = await limitShopper("report", userId, REPORT_POSTS_PER_HOUR, 60 * 60);
  if (!allowed.ok) return redirectWithError(here, reportRateLimitMessage(allowed.retryAfterSeconds));

  const limits = {
    incoming: own.reports.reportUploadsDir(),
    fileField: "video",
    maxFileBytes: MAX_REPORT_VIDEO_BYTES,
    maxTextBytes: 16 * 1024,
    maxBodyBytes: REPORT_BODY_BYTES,
  };
  try {
    // The request's upload folder is removed when this returns or throws (http/upload.server.ts).
    return await withUploadForm(request, limits, async (formData, video) => {
      await own.reports.reportProblem(userId, orderId, { kind: formData.get("kind"), description: formData.get("description"), videoLink: formData.get("videoLink"), video }, now);
      return redirectWithSuccess(here, REPORT_MESSAGES.reportSent);
    });
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return redirectWithError(here, error.field === "video" ? REPORT_MESSAGES.videoTooLarge : REPORT_MESSAGES.descriptionTooLong);
    if (error instanceof ExtraFilePartError) return redirectWithError(here, REPORT_MESSAGES.oneVideo);
    if (error instanceof BodyError) throwBodyError(error);
    if (error instanceof BackendError && error.status === 404) throw notFound();
    if (error instanceof BackendError) return redirectWithError(here, error.message);
    throw error;
  }
}

function notFound() {
  return new Response("Not Found", { status: 404, statusText: "Not Found", headers: { "cache-control": "private, no-store" } });
}

function orderPage(orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}`;
}

/** The logged-in shopper and the store's own features; 404 on a store without problem reports (capabilities). */
async function shopper(request: Request) {
  const token = await requireUserToken(request);
  const { own, capabilities } = getBackend();
  if (!capabilities.problemReports || !own) throw notFound();
  try {
    return { own, userId: (await own.accounts.requireAccount(token)).id };
  } catch (error) {
    if (error instanceof BackendError && error.status === 401) throw await expiredSessionRedirect(request);
    throw error;
  }
}

async function ownOrder(own: OwnStore, userId: number, orderId: string | undefined, now = Date.now()) {
  try {
    return await own.reports.shopperReports(userId, orderId ?? "", now);
  } catch (error) {
    if (error instanceof BackendError && error.status === 404) throw notFound();
    throw error;
  }
}
