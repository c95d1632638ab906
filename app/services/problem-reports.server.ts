import type { Selectable } from "kysely";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { fileTypeFromFile } from "file-type";
import { reportVideoDir } from "~/config/media.server";
import { sweepIncoming } from "~/http/upload.server";
import { MAX_REPORT_TEXT, MAX_REPORT_VIDEO_BYTES, MAX_SHOPPER_VIDEO_BYTES, REPORT_KINDS, VIDEO_TYPES, type ReportKind } from "~/constants/problem-reports";
import type { DB, Executor } from "~/db/db.server";
import type { ProblemReportsTable } from "~/db/schema";
import { BackendError } from "~/lib/errors";
import { REPORT_MESSAGES, reportWindow, type ProblemReport, type ReportWindow } from "~/lib/problem-reports";
import { ORDER_MESSAGES, orderIdSchema } from "~/schemas/orders";
import { controlCharactersMessage, hasControlCharacters } from "~/schemas/text";
import { recordAudit, type Actor } from "~/services/audit.server";
import { enqueueOrderEmail, nudgeOrderEmails } from "~/services/order-emails.server";
import { findUserOrderRow, rowToOrder } from "~/services/orders.server";

/*
 * Problem reports on a delivered order (issue 14 item 3; DESIGN.md §20; SPEC.md §9;
 * docs/decisions/0660-problem-reports.md): a damaged watch within 24 hours of delivery with an
 * unboxing video (an upload of at most 100 MB, or an https link), a wrong product within 48
 * hours; one open report per order; answered by staff in the back office, the answer emailed
 * through the outbox in the same transaction.
 */

/** The report form's fields, already read from the request. A video upload is a file on disk, checked here by its bytes. */
export type ReportInput = {
  kind: unknown;
  description: unknown;
  videoLink: unknown;
  /** The uploaded video as written to a temporary file by the form parser, or null. The caller deletes it afterwards. */
  video: { filepath: string; size: number } | null;
};

/** When the order was delivered (ms): its first `Delivered` status event, or null (also the return window's start, services/returns.server.ts). */
export async function deliveredAtOf(db: Executor, orderId: string): Promise<number | null> {
  const row = await db
    .selectFrom("order_events")
    .select("at")
    .where("order_id", "=", orderId)
    .where("kind", "=", "status")
    .where("status", "=", "Delivered")
    .orderBy("at")
    .orderBy("id")
    .executeTakeFirst();
  return row ? Number(row.at) : null;
}

async function hasOpenReport(db: Executor, orderId: string): Promise<boolean> {
  const row = await db.selectFrom("problem_reports").select("id").where("order_id", "=", orderId).where("status", "=", "open").executeTakeFirst();
  return Boolean(row);
}

/** The shopper's order (as the order page shows it: paid or COD), or BackendError 404 as for an unknown id. */
async function shopperOrderRow(db: DB, userId: number, orderId: unknown) {
  const id = orderIdSchema.safeParse(orderId);
  if (!id.success) throw new BackendError(404, ORDER_MESSAGES.orderNotFound);
  const row = await findUserOrderRow(db, userId, id.data);
  if (row.payment_method !== "cod" && row.payment_status !== "PAID") throw new BackendError(404, ORDER_MESSAGES.orderNotFound);
  return row;
}

/** A report as read (db/schema.ts; PostgreSQL may answer its bigint times as strings, hence Number() below). */
type ReportRow = Omit<Selectable<ProblemReportsTable>, "user_id">;

function toReport(row: ReportRow): ProblemReport {
  return {
    id: row.id,
    orderId: row.order_id,
    kind: row.kind === "damaged" ? "damaged" : "wrong",
    description: row.description,
    videoFile: row.video_file,
    videoLink: row.video_link,
    status: row.status === "answered" ? "answered" : "open",
    answer: row.answer,
    answeredBy: row.answered_by,
    answeredAt: row.answered_at === null ? null : Number(row.answered_at),
    createdAt: Number(row.created_at),
  };
}

const REPORT_COLUMNS = ["id", "order_id", "kind", "description", "video_file", "video_link", "status", "answer", "answered_by", "answered_at", "created_at"] as const;

/**
 * The shopper's order `orderId`: its report window at `now` (ms) and its reports, oldest first.
 * Throws BackendError 404 (ORDER_MESSAGES.orderNotFound) for another shopper's, an unknown or a
 * malformed id, and an unpaid online attempt — like the order page.
 * Source: issue 14 item 3; DESIGN.md §20; SPEC.md §9.
 */
export async function shopperReports(db: DB, userId: number, orderId: unknown, now: number): Promise<{ window: ReportWindow; reports: ProblemReport[] }> {
  const row = await shopperOrderRow(db, userId, orderId);
  const [deliveredAt, reports] = await Promise.all([deliveredAtOf(db, row.id), listReports(db, { orderId: row.id })]);
  return { window: reportWindow({ status: row.status, deliveredAt, openReport: reports.some((report) => report.status === "open") }, now), reports };
}

/**
 * A text area's value, trimmed ("" when not a string). Line breaks and tabs are kept; any other
 * control character (a NUL, which PostgreSQL refuses, escape, C1 controls) is BackendError 400
 * "`label` must not contain control characters." (docs/decisions/0340; found by the fuzz, issue 21).
 */
function multilineText(value: unknown, label: string): string {
  const text = typeof value === "string" ? value.trim() : "";
  if (hasControlCharacters(text.replace(/[\r\n\t]/g, " "))) throw new BackendError(400, controlCharactersMessage(label));
  return text;
}

/** An https link of at most 500 characters, or null. */
function httpsLink(value: string): string | null {
  if (value.length > 500) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Checks an uploaded video by its bytes (`file-type`: MP4, WebM or QuickTime MOV; never by its
 * name or declared type) and its size (≤ 100 MB), and moves it into the private reports folder
 * under a random name. Answers the stored name. Throws BackendError 400 with the sentence.
 */
async function storeVideo(video: { filepath: string; size: number }, dir: string): Promise<string> {
  const stat = await fs.stat(video.filepath).catch(() => null);
  if (!stat || stat.size === 0) throw new BackendError(400, REPORT_MESSAGES.videoType);
  if (stat.size > MAX_REPORT_VIDEO_BYTES) throw new BackendError(400, REPORT_MESSAGES.videoTooLarge);
  const detected = await fileTypeFromFile(video.filepath).catch(() => undefined);
  if (!detected || !Object.hasOwn(VIDEO_TYPES, detected.mime)) throw new BackendError(400, REPORT_MESSAGES.videoType);
  const name = `${crypto.randomBytes(16).toString("hex")}.${VIDEO_TYPES[detected.mime as keyof typeof VIDEO_TYPES]}`;
  await fs.mkdir(dir, { recursive: true });
  const target = path.join(dir, name);
  try {
    await fs.rename(video.filepath, target);
  } catch {
    // Another file system (the upload's temporary folder): copy, then the caller removes the
    // temporary file. Neither works when the upload was swept away mid-request (a stalled client).
    await fs.copyFile(video.filepath, target).catch(() => {
      throw new BackendError(400, REPORT_MESSAGES.videoLost);
    });
  }
  return name;
}

/** The bytes of the videos the shopper's reports keep in `videoDir` (a missing file counts 0). */
async function storedVideoBytes(db: DB, userId: number, videoDir: string): Promise<number> {
  const rows = await db.selectFrom("problem_reports").select("video_file").where("user_id", "=", userId).where("video_file", "is not", null).execute();
  const sizes = await Promise.all(rows.map((row) => fs.stat(path.join(videoDir, String(row.video_file))).then((stat) => stat.size, () => 0)));
  return sizes.reduce((sum, size) => sum + size, 0);
}

function isUniqueViolation(error: unknown): boolean {
  const text = error instanceof Error ? `${(error as { code?: string }).code ?? ""} ${error.message}` : "";
  return /23505|UNIQUE constraint|SQLITE_CONSTRAINT/i.test(text);
}

/**
 * The shopper `userId` reports a problem with their order `orderId` at `now` (ms). `input.kind`
 * `damaged` (within 24 h of delivery, with a video: `input.video` uploaded or an https
 * `input.videoLink`) or `wrong` (within 48 h; a video optional); a description of 1–2000
 * characters. Answers the new report (status `open`). Throws BackendError:
 * - 404 ORDER_MESSAGES.orderNotFound — another shopper's, an unknown or unpaid online order;
 * - 400 — a field's sentence (REPORT_MESSAGES), a video that is not MP4/WebM/MOV or over 100 MB,
 *   or one that would take the shopper's stored videos past MAX_SHOPPER_VIDEO_BYTES (issue 21);
 * - 422 — not delivered, or outside the kind's window ("Damaged products can be reported within
 *   24 hours of delivery. This order was delivered on 24 Nov 2026, 10:05.");
 * - 409 REPORT_MESSAGES.alreadyOpen — the order has an open report.
 * The video is stored in `videoDir` (default: reportVideoDir()) only once every check passed.
 * Source: issue 14 item 3; DESIGN.md §20; SPEC.md §9.
 */
export async function reportProblem(db: DB, userId: number, orderId: unknown, input: ReportInput, now: number, videoDir = reportVideoDir()): Promise<ProblemReport> {
  const row = await shopperOrderRow(db, userId, orderId);
  if (typeof input.kind !== "string" || !(REPORT_KINDS as readonly string[]).includes(input.kind)) throw new BackendError(400, REPORT_MESSAGES.kind);
  const kind = input.kind as ReportKind;
  const description = multilineText(input.description, "The description");
  if (!description) throw new BackendError(400, REPORT_MESSAGES.description);
  if (description.length > MAX_REPORT_TEXT) throw new BackendError(400, REPORT_MESSAGES.descriptionTooLong);
  const linkText = typeof input.videoLink === "string" ? input.videoLink.trim() : "";
  const videoLink = linkText ? httpsLink(linkText) : null;
  if (linkText && !videoLink) throw new BackendError(400, REPORT_MESSAGES.videoLink);
  const video = input.video && input.video.size > 0 ? input.video : null;
  if (video && video.size > MAX_REPORT_VIDEO_BYTES) throw new BackendError(400, REPORT_MESSAGES.videoTooLarge);
  if (kind === "damaged" && !video && !videoLink) throw new BackendError(400, REPORT_MESSAGES.videoNeeded);

  const window = reportWindow({ status: row.status, deliveredAt: await deliveredAtOf(db, row.id), openReport: await hasOpenReport(db, row.id) }, now);
  const kindWindow = window[kind];
  if (!kindWindow.open) throw new BackendError(kindWindow.reason === REPORT_MESSAGES.alreadyOpen ? 409 : 422, kindWindow.reason ?? REPORT_MESSAGES.notDelivered);

  if (video && (await storedVideoBytes(db, userId, videoDir)) + video.size > MAX_SHOPPER_VIDEO_BYTES) throw new BackendError(400, REPORT_MESSAGES.videoSpaceFull);
  const videoFile = video ? await storeVideo(video, videoDir) : null;
  const report: ProblemReport = {
    id: `rp_${crypto.randomBytes(12).toString("hex")}`,
    orderId: row.id,
    kind,
    description,
    videoFile,
    videoLink,
    status: "open",
    answer: null,
    answeredBy: null,
    answeredAt: null,
    createdAt: now,
  };
  try {
    await db
      .insertInto("problem_reports")
      .values({
        id: report.id,
        order_id: row.id,
        user_id: userId,
        kind,
        description,
        video_file: videoFile,
        video_link: videoLink,
        status: "open",
        answer: null,
        answered_by: null,
        answered_at: null,
        created_at: now,
      })
      .execute();
  } catch (error) {
    if (videoFile) await fs.rm(path.join(videoDir, videoFile), { force: true });
    if (isUniqueViolation(error)) throw new BackendError(409, REPORT_MESSAGES.alreadyOpen);
    throw error;
  }
  return report;
}

/**
 * Reports for the back office, newest first: of one order (`orderId`), or all `open` ones
 * (`status`), at most `limit` (default 200). Times in ms.
 */
export async function listReports(db: Executor, filter: { orderId?: string; status?: "open" | "answered"; limit?: number }): Promise<ProblemReport[]> {
  let query = db.selectFrom("problem_reports").select([...REPORT_COLUMNS]);
  if (filter.orderId !== undefined) query = query.where("order_id", "=", filter.orderId);
  if (filter.status !== undefined) query = query.where("status", "=", filter.status);
  const rows = await query
    .orderBy("created_at", filter.orderId !== undefined ? "asc" : "desc")
    .orderBy("id")
    .limit(filter.limit ?? 200)
    .execute();
  return rows.map(toReport);
}

/** One report by id, or null. */
export async function findReport(db: Executor, reportId: string): Promise<(ProblemReport & { userId: number }) | null> {
  const row = await db
    .selectFrom("problem_reports")
    .select([...REPORT_COLUMNS, "user_id"])
    .where("id", "=", reportId)
    .executeTakeFirst();
  return row ? { ...toReport(row), userId: Number(row.user_id) } : null;
}

/**
 * Staff `actor` answers the open report `reportId` at `now` (ms) with `answer` (1–2000
 * characters): in one transaction the report becomes `answered`, an audit row (entity `order`,
 * action `report.answer`) and the `report_answered` email to the account that placed the order are
 * written. Answers the report. Throws BackendError 400 (empty or too long answer), 404 (no such
 * report), 409 (already answered). Source: issue 14 item 3; DESIGN.md §18, §20.
 */
export async function answerReport(db: DB, reportId: string, answer: unknown, actor: Actor, now: number): Promise<ProblemReport> {
  const text = multilineText(answer, "The answer");
  if (!text) throw new BackendError(400, REPORT_MESSAGES.answer);
  if (text.length > MAX_REPORT_TEXT) throw new BackendError(400, REPORT_MESSAGES.answerTooLong);
  const answered = await db.transaction().execute(async (trx) => {
    const before = await findReport(trx, reportId);
    if (!before) throw new BackendError(404, REPORT_MESSAGES.reportNotFound);
    const updated = await trx
      .updateTable("problem_reports")
      .set({ status: "answered", answer: text, answered_by: actor.email, answered_at: now })
      .where("id", "=", reportId)
      .where("status", "=", "open")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new BackendError(409, REPORT_MESSAGES.alreadyAnswered);
    const after: ProblemReport = { ...before, status: "answered", answer: text, answeredBy: actor.email, answeredAt: now };
    await recordAudit(trx, {
      actor,
      entity: "order",
      entityId: before.orderId,
      action: "report.answer",
      before: { report: before.id, kind: before.kind, status: before.status },
      after: { report: before.id, kind: before.kind, status: "answered", answer: text },
      at: now,
    });
    const order = await trx.selectFrom("orders").selectAll().where("id", "=", before.orderId).executeTakeFirstOrThrow();
    await enqueueOrderEmail(trx, { kind: "report_answered", order: rowToOrder(order), report: { id: before.id, answer: text } }, { now });
    return after;
  });
  nudgeOrderEmails();
  return answered;
}

/** Where report uploads are streamed before they are checked (one folder per request). */
export function reportUploadsDir(): string {
  return path.join(reportVideoDir(), "incoming");
}

declare global {
  var __reportUploadSweep: NodeJS.Timeout | undefined;
}

/**
 * Sweeps the report uploads' `incoming/` folder (issue 21 item 1): at start-up everything not
 * written to in the last minute (what a killed process left; an upload of another process still
 * in flight is being written), then every 5 minutes anything idle for 10 minutes. One timer per
 * process (unref'd: it never keeps the process alive).
 */
export function startUploadSweep(dir = reportUploadsDir()): void {
  if (globalThis.__reportUploadSweep) return;
  void sweepIncoming(dir, 60_000);
  globalThis.__reportUploadSweep = setInterval(() => void sweepIncoming(dir), 5 * 60_000).unref();
}
