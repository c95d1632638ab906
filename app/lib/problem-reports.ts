import { MAX_REPORT_TEXT, MAX_SHOPPER_VIDEO_BYTES, REPORT_WINDOW_MS, type ReportKind } from "~/constants/problem-reports";
import { formatIstDateTime } from "~/lib/admin-format";

/**
 * Problem reports in words (issue 14 item 3; DESIGN.md §20; SPEC.md §9): the report windows and
 * the sentences shoppers read, shared by the service and the order page's view. Pure, isomorphic.
 */

/** A report as the shopper's order page and the back office show it. Times in ms since epoch. */
export type ProblemReport = {
  id: string;
  orderId: string;
  kind: ReportKind;
  description: string;
  /** The stored video's file name (served by /report-videos/:reportId), or null. */
  videoFile: string | null;
  videoLink: string | null;
  status: "open" | "answered";
  answer: string | null;
  answeredBy: string | null;
  answeredAt: number | null;
  createdAt: number;
};

/** Whether one kind can still be reported, and when not, the sentence why. `until` (ms) is the window's end once delivered. */
export type KindWindow = { open: boolean; reason: string | null; until: number | null };

/** What the order page needs to offer the report form: each kind's window and whether a report is already open. */
export type ReportWindow = { deliveredAt: number | null; damaged: KindWindow; wrong: KindWindow; openReport: boolean };

/** The sentences shoppers read. */
export const REPORT_MESSAGES = {
  kind: "Choose what went wrong: the watch arrived damaged, or it is not what you ordered.",
  description: "Tell us what happened in a few words.",
  descriptionTooLong: `Keep the description under ${MAX_REPORT_TEXT.toLocaleString("en-IN")} characters.`,
  videoNeeded: "A damaged watch needs an unboxing video: upload it (up to 100 MB) or paste a link to it.",
  videoLink: "The video link must be a full https:// address.",
  videoTooLarge: "The video must be 100 MB or smaller.",
  videoType: "The video must be an MP4, WebM or MOV file.",
  oneVideo: "Attach one video only.",
  videoLost: "The video did not arrive whole. Please send it again.",
  videoSpaceFull: `Your reports already hold ${MAX_SHOPPER_VIDEO_BYTES / (1024 * 1024)} MB of video, the most we keep for one account. Please paste a link to this video instead.`,
  notDelivered: "A problem can be reported once the order has been delivered.",
  alreadyOpen: "You have already reported a problem with this order. We will answer it here soon.",
  reportSent: "Thank you. We have your report and will answer it on this page.",
  answer: "Write an answer.",
  answerTooLong: `Keep the answer under ${MAX_REPORT_TEXT.toLocaleString("en-IN")} characters.`,
  reportNotFound: "No such report.",
  alreadyAnswered: "This report has already been answered.",
} as const;

/**
 * The sentence for a shopper who has sent REPORT_POSTS_PER_HOUR reports within the hour, with the
 * wait in whole minutes (`retryAfterSeconds`, from the limiter). Source: issue 21 item 1.
 */
export function reportRateLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `You have sent several reports in the last hour. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** "24 Nov 2026, 10:05" in IST (lib/admin-format.ts `formatIstDateTime`: the same on the server and in the browser). */
export function formatReportTime(ms: number): string {
  return formatIstDateTime(ms);
}

export const KIND_WORDS: Record<ReportKind, { what: string; hours: number }> = {
  damaged: { what: "Damaged products", hours: 24 },
  wrong: { what: "Wrong products", hours: 48 },
};

/**
 * Whether each kind can still be reported at `now` (ms) for an order at `status`, delivered at
 * `deliveredAt` (ms; the first `Delivered` status event, null when never delivered), with or
 * without an open report. A window is open while `now - deliveredAt <= window` (24 h damaged,
 * 48 h wrong; SPEC.md §9). Pure; the reasons are whole sentences for the page.
 */
export function reportWindow(order: { status: string; deliveredAt: number | null; openReport: boolean }, now: number): ReportWindow {
  const kindWindow = (kind: ReportKind): KindWindow => {
    if (order.status !== "Delivered" || order.deliveredAt === null) return { open: false, reason: REPORT_MESSAGES.notDelivered, until: null };
    const until = order.deliveredAt + REPORT_WINDOW_MS[kind];
    if (now > until) {
      const { what, hours } = KIND_WORDS[kind];
      return { open: false, reason: `${what} can be reported within ${hours} hours of delivery. This order was delivered on ${formatReportTime(order.deliveredAt)}.`, until };
    }
    if (order.openReport) return { open: false, reason: REPORT_MESSAGES.alreadyOpen, until };
    return { open: true, reason: null, until };
  };
  return { deliveredAt: order.status === "Delivered" ? order.deliveredAt : null, damaged: kindWindow("damaged"), wrong: kindWindow("wrong"), openReport: order.openReport };
}

/** The "Report a problem" section of the order page, in words. Dates in IST. */
export type ReportSectionView = {
  /** The kinds the form offers now (empty: no form). */
  kinds: { kind: ReportKind; label: string; until: string }[];
  /** Why the form, or a kind of it, is not offered. */
  reasons: string[];
  reports: {
    id: string;
    kind: string;
    description: string;
    sentOn: string;
    status: string;
    answer: string | null;
    answeredOn: string | null;
    videoUrl: string | null;
    videoLink: string | null;
  }[];
};

/** The report form's kinds, the reports' kinds and states as shoppers read them (in English; Hindi: the phrasebook's `report` group). */
export const KIND_LABELS: Record<ReportKind, string> = { damaged: "The watch arrived damaged", wrong: "I received the wrong product" };
export const KIND_NAMES: Record<ReportKind, string> = { damaged: "Damaged product", wrong: "Wrong product" };

/** A report's state as the shopper reads it. */
export const REPORT_STATUS_WORDS = { answered: "Answered", open: "Waiting for our answer" } as const;

/** The order page's report section from the window and the reports (oldest first). */
export function reportSectionView(window: ReportWindow, reports: ProblemReport[]): ReportSectionView {
  const kinds = (["damaged", "wrong"] as const).flatMap((kind) =>
    window[kind].open ? [{ kind, label: KIND_LABELS[kind], until: formatReportTime(window[kind].until ?? 0) }] : [],
  );
  const reasons = [...new Set((["damaged", "wrong"] as const).flatMap((kind) => (window[kind].reason ? [window[kind].reason as string] : [])))];
  return {
    kinds,
    reasons,
    reports: reports.map((report) => ({
      id: report.id,
      kind: KIND_NAMES[report.kind],
      description: report.description,
      sentOn: formatReportTime(report.createdAt),
      status: report.status === "answered" ? REPORT_STATUS_WORDS.answered : REPORT_STATUS_WORDS.open,
      answer: report.answer,
      answeredOn: report.answeredAt === null ? null : formatReportTime(report.answeredAt),
      videoUrl: report.videoFile ? `/report-videos/${report.id}` : null,
      videoLink: report.videoLink,
    })),
  };
}
