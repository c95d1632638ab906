import fs from "node:fs";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { reportVideoDir } from "~/config/media.server";
import { VIDEO_TYPES } from "~/constants/problem-reports";
import { BackendError } from "~/lib/errors";
import { getSessionToken } from "~/utils/session.server";

/** A stored report video's name: 32 hex digits and an accepted extension. */
const STORED_NAME = /^[0-9a-f]{32}\.(mp4|webm|mov)$/;
const TYPE_OF_EXTENSION: Record<string, string> = Object.fromEntries(Object.entries(VIDEO_TYPES).map(([type, ext]) => [ext, type]));

function notFound() {
  return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" } });
}

/**
 * `GET /report-videos/:reportId`: the unboxing video of a problem report (issue 14 item 3;
 * docs/decisions/0660-problem-reports.md). Private: only the shopper who reported it and staff
 * get it; anyone else, an unknown report and a report without an uploaded video get the same
 * 404. Streamed from disk with the type its bytes were checked to be, `nosniff`, a CSP that lets
 * nothing run, and `private, no-store`.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { own, capabilities } = getBackend();
  if (!capabilities.problemReports || !own) return notFound();
  const token = await getSessionToken(request);
  if (!token) return notFound();
  let account;
  try {
    account = await own.accounts.requireAccount(token);
  } catch (error) {
    if (error instanceof BackendError) return notFound();
    throw error;
  }
  const report = /^rp_[0-9a-f]{24}$/.test(params.reportId ?? "") ? await own.reports.findReport(params.reportId ?? "") : null;
  if (!report || (report.userId !== account.id && !account.role) || !report.videoFile) return notFound();
  const match = STORED_NAME.exec(report.videoFile);
  if (!match) return notFound();
  const file = path.join(reportVideoDir(), report.videoFile);
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat) return notFound();
  return new Response(createReadableStreamFromReadable(fs.createReadStream(file)), {
    headers: {
      "content-type": TYPE_OF_EXTENSION[match[1]],
      "content-length": String(stat.size),
      "content-disposition": `inline; filename="report-${report.id}.${match[1]}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'",
    },
  });
}
