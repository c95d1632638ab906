import he from "he";
import { IST_OFFSET_MS, formatIstDateTime } from "~/lib/admin-format";
import { formatIstDate } from "~/lib/gst";
import { istDateIn, istDateTimeIn } from "~/lib/ist-dates";
import { ACKNOWLEDGE_HOURS, RESOLVE_DAYS, grievanceSubjectLabel } from "~/schemas/grievance-constants";

/**
 * Grievances' pure rules and words (issue 25 item 3; DESIGN.md §23; docs/decisions/0750): the
 * deadlines, the ticket number, the time-left line of the back office and the two emails
 * (acknowledgement and answer). Isomorphic; every value in the emails' HTML is escaped with `he`.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The deadlines of a complaint filed at `filedAt` (ms): acknowledge within 48 hours, resolve within 30 days. */
export function grievanceDeadlines(filedAt: number): { acknowledgeBy: number; resolveBy: number } {
  return { acknowledgeBy: filedAt + ACKNOWLEDGE_HOURS * HOUR_MS, resolveBy: filedAt + RESOLVE_DAYS * DAY_MS };
}

/** The IST calendar year of an instant (ms): the ticket numbers' year. */
export function istYear(ms: number): number {
  return new Date(ms + IST_OFFSET_MS).getUTCFullYear();
}

/** `GR-2026-000123`: the year and a six-digit sequence (more digits past 999,999). */
export function formatTicket(year: number, seq: number): string {
  return `GR-${year}-${String(seq).padStart(6, "0")}`;
}

/** "12 days left", "5 hours left", "3 days overdue", "2 hours overdue" from `now` to `deadline` (ms). */
export function timeLeft(deadline: number, now: number): string {
  const left = deadline - now;
  const span = Math.abs(left);
  const days = Math.floor(span / DAY_MS);
  const hours = Math.max(1, Math.ceil(span / HOUR_MS));
  const amount = days >= 1 ? `${days} ${days === 1 ? "day" : "days"}` : `${hours} ${hours === 1 ? "hour" : "hours"}`;
  return left >= 0 ? `${amount} left` : `${amount} overdue`;
}

/** A row of the back office's deadline view: a grievance or a problem report (which counts as one). */
export type GrievanceDeadlineRow = {
  kind: "grievance" | "report";
  /** The ticket (`GR-…`) or the report's id (`rp_…`). */
  ref: string;
  /** Where staff answer it. */
  href: string;
  subject: string;
  from: string;
  orderId: string | null;
  filedAt: number;
  /** When it was acknowledged, and how ("email" for a grievance, "order page" for a report). */
  acknowledgedAt: number | null;
  acknowledgedBy: "email" | "order page";
  acknowledgeBy: number;
  resolveBy: number;
  overdue: boolean;
};

/** Overdue first, then by the resolution deadline (soonest first), then by ref. */
export function byDeadline(a: GrievanceDeadlineRow, b: GrievanceDeadlineRow): number {
  if (a.overdue !== b.overdue) return a.overdue ? -1 : 1;
  return a.resolveBy - b.resolveBy || a.ref.localeCompare(b.ref);
}

/** What a shopper's follow page and the back office show of one grievance. */
export type GrievanceView = {
  ticket: string;
  name: string;
  email: string;
  orderId: string | null;
  subject: string;
  subjectLabel: string;
  body: string;
  status: "open" | "resolved";
  filedAt: number;
  acknowledgedAt: number | null;
  acknowledgeBy: number;
  resolveBy: number;
  answer: string | null;
  answeredAt: number | null;
};

type Rendered = { subject: string; html: string; text: string };

function page(title: string, paragraphs: { text: string; link?: string }[], lang = "en-IN"): string {
  const e = (value: string) => he.escape(value);
  return [
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">`,
    `<title>${e(title)}</title></head><body>`,
    `<h1>${e(title)}</h1>`,
    ...paragraphs.map((p) => (p.link ? `<p><a href="${e(p.link)}">${e(p.text)}</a></p>` : `<p>${e(p.text).replace(/\r?\n/g, "<br>")}</p>`)),
    "</body></html>",
  ].join("\n");
}

/**
 * The acknowledgement sent at once on filing: the ticket, the deadlines (acknowledged now; resolved
 * by filed + 30 days, IST date) and the private follow link. In Hindi for a complaint filed on a
 * Hindi page (`language: "hi"`; issue 27, docs/decisions/0910).
 */
export function renderGrievanceAck(input: {
  storeName: string;
  name: string;
  ticket: string;
  subject: string;
  orderId: string | null;
  filedAt: number;
  resolveBy: number;
  followUrl: string;
  officer: { name: string; email: string };
  language?: "en" | "hi";
}): Rendered {
  if (input.language === "hi") return renderHindiGrievanceAck(input);
  const subject = `We have your complaint ${input.ticket} — ${input.storeName}`;
  const lines: { text: string; link?: string }[] = [
    { text: `Hello ${input.name},` },
    { text: `Thank you for writing to us. Your complaint is registered as ${input.ticket} (${grievanceSubjectLabel(input.subject)}${input.orderId ? `, order ${input.orderId}` : ""}) on ${formatIstDateTime(input.filedAt)} IST. This email is our acknowledgement.` },
    { text: `Our grievance officer${input.officer.name ? `, ${input.officer.name},` : ""} will resolve it by ${formatIstDate(input.resolveBy)} at the latest, and we will email you the answer.` },
    { text: "Follow your complaint here (keep this link to yourself):" },
    { text: input.followUrl, link: input.followUrl },
    { text: `To add anything, reply to this email${input.officer.email ? ` or write to ${input.officer.email}` : ""}, quoting ${input.ticket}.` },
  ];
  return { subject, html: page(subject, lines), text: `${lines.map((line) => line.text).join("\n\n")}\n` };
}

/** The subjects' Hindi labels (the `grievance` catalogue's words; lib may not import i18n). */
const HINDI_SUBJECT_LABELS: Record<string, string> = {
  delivery: "डिलीवरी",
  product: "प्रोडक्ट",
  payment_refund: "भुगतान या रिफ़ंड",
  return_warranty: "रिटर्न या वारंटी",
  website: "वेबसाइट",
  other: "अन्य",
};
/** The acknowledgement in Hindi (renderGrievanceAck's words, sentence for sentence). */
function renderHindiGrievanceAck(input: Parameters<typeof renderGrievanceAck>[0]): Rendered {
  const subject = `आपकी शिकायत ${input.ticket} हमें मिल गई है — ${input.storeName}`;
  const about = `${HINDI_SUBJECT_LABELS[input.subject] ?? HINDI_SUBJECT_LABELS.other}${input.orderId ? `, ऑर्डर ${input.orderId}` : ""}`;
  const lines: { text: string; link?: string }[] = [
    { text: `नमस्ते ${input.name},` },
    { text: `हमें लिखने के लिए धन्यवाद। आपकी शिकायत ${istDateTimeIn(input.filedAt, "hi")} IST को ${input.ticket} (${about}) के रूप में दर्ज हो गई है। यह ईमेल उसकी पावती है।` },
    { text: `हमारे शिकायत अधिकारी${input.officer.name ? `, ${input.officer.name},` : ""} ज़्यादा से ज़्यादा ${istDateIn(input.resolveBy, "hi")} तक इसका समाधान करेंगे, और हम आपको जवाब ईमेल करेंगे।` },
    { text: "अपनी शिकायत यहाँ देखें (यह लिंक किसी और को न दें):" },
    { text: input.followUrl, link: input.followUrl },
    { text: `कुछ और बताने के लिए इस ईमेल का जवाब दें${input.officer.email ? ` या ${input.officer.email} पर लिखें` : ""}, और टिकट नंबर ${input.ticket} बताएँ।` },
  ];
  return { subject, html: page(subject, lines, "hi"), text: `${lines.map((line) => line.text).join("\n\n")}\n` };
}

/**
 * The answer that resolves a grievance, emailed when staff close it; in Hindi for a complaint filed
 * on a Hindi page (the staff's answer itself as they wrote it; issue 27).
 */
export function renderGrievanceAnswer(input: {
  storeName: string;
  name: string;
  ticket: string;
  answer: string;
  answeredAt: number;
  officer: { email: string };
  language?: "en" | "hi";
}): Rendered {
  if (input.language === "hi") {
    const subject = `आपकी शिकायत ${input.ticket} का समाधान हो गया है — ${input.storeName}`;
    const lines = [
      { text: `नमस्ते ${input.name},` },
      { text: `आपकी शिकायत ${input.ticket} पर हमारा जवाब (${istDateTimeIn(input.answeredAt, "hi")} IST):` },
      { text: input.answer },
      { text: `हमारे पहले ईमेल का लिंक भी इसे दिखाता है। अगर इससे बात नहीं सुलझती, तो ${input.officer.email ? `${input.officer.email} पर लिखें` : "इस ईमेल का जवाब दें"}, और टिकट नंबर ${input.ticket} बताएँ।` },
    ];
    return { subject, html: page(subject, lines, "hi"), text: `${lines.map((line) => line.text).join("\n\n")}\n` };
  }
  const subject = `Your complaint ${input.ticket} is resolved — ${input.storeName}`;
  const lines = [
    { text: `Hello ${input.name},` },
    { text: `Our answer to your complaint ${input.ticket} (${formatIstDateTime(input.answeredAt)} IST):` },
    { text: input.answer },
    { text: `The link in our first email shows it too. If this does not settle it, ${input.officer.email ? `write to ${input.officer.email}` : "reply to this email"}, quoting ${input.ticket}.` },
  ];
  return { subject, html: page(subject, lines), text: `${lines.map((line) => line.text).join("\n\n")}\n` };
}
