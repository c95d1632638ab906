/**
 * Problem reports on a delivered order (issue 14 item 3; DESIGN.md §20; SPEC.md §9 "Damage claims
 * within 24 h with an unboxing video", "Wrong product to be reported within 48 h").
 */

/** What a shopper can report. */
export const REPORT_KINDS = ["damaged", "wrong"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** How long after delivery each kind can be reported, in ms (SPEC.md §9). */
export const REPORT_WINDOW_MS: Record<ReportKind, number> = { damaged: 24 * 60 * 60 * 1000, wrong: 48 * 60 * 60 * 1000 };

/** Largest unboxing video accepted, in bytes (100 MB). */
export const MAX_REPORT_VIDEO_BYTES = 100 * 1024 * 1024;

/** The report form's body cap: the video plus 64 KB of fields and multipart framing, in bytes. */
export const REPORT_BODY_BYTES = MAX_REPORT_VIDEO_BYTES + 64 * 1024;

/** Report posts a shopper may make in an hour, whatever their outcome (issue 21 item 1). */
export const REPORT_POSTS_PER_HOUR = 5;

/** Most video a shopper's reports may keep stored, in bytes (300 MB: three videos at the largest; issue 21 item 1). */
export const MAX_SHOPPER_VIDEO_BYTES = 3 * MAX_REPORT_VIDEO_BYTES;

/** Longest description and answer, in characters. */
export const MAX_REPORT_TEXT = 2000;

/** The video types accepted, by the type their bytes show, and the extension they are stored with. */
export const VIDEO_TYPES = {
  "video/mp4": "mp4",
  "video/webm": "webm",
  "video/quicktime": "mov",
} as const;

/** The report form's path (`/orders/:orderId/report`). */
export function reportPath(orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}/report`;
}

/** The body cap of the report path, in bytes, or null for any other path (which keeps the 64 KB cap). */
export function reportBodyBytes(pathname: string): number | null {
  return /^\/orders\/[^/]+\/report$/.test(pathname) ? REPORT_BODY_BYTES : null;
}
