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
  /**
   * False for a complaint filed signed out whose named address has not confirmed it (issue 43
   * item 1); problem reports are filed signed in, so always true.
   */
  verified: boolean;
  /** When it was acknowledged, and how ("email" for a grievance, "order page" for a report); null: its month has not started (not confirmed yet). */
  acknowledgedAt: number | null;
  acknowledgedBy: "email" | "order page";
  acknowledgeBy: number;
  resolveBy: number;
  overdue: boolean;
};

/**
 * Overdue first, then by the resolution deadline (soonest first), then by ref; complaints whose
 * month has not started (not confirmed: `acknowledgedAt` null) last, oldest first.
 */
export function byDeadline(a: GrievanceDeadlineRow, b: GrievanceDeadlineRow): number {
  if (a.overdue !== b.overdue) return a.overdue ? -1 : 1;
  const waiting = (row: GrievanceDeadlineRow) => row.acknowledgedAt === null;
  if (waiting(a) !== waiting(b)) return waiting(a) ? 1 : -1;
  if (waiting(a)) return a.filedAt - b.filedAt || a.ref.localeCompare(b.ref);
  return a.resolveBy - b.resolveBy || a.ref.localeCompare(b.ref);
}

/** What a shopper's follow page and the back office show of one grievance. */
export type GrievanceView = {
  ticket: string;
  name: string;
  email: string;
  /** The order it is about: the signed-in shopper's own, or a visitor's once confirmed by an address that owns it. */
  orderId: string | null;
  /** An order number a visitor typed that is not linked (not confirmed yet, or not an order of that address): text only. */
  orderTyped: string | null;
  subject: string;
  subjectLabel: string;
  body: string;
  status: "open" | "resolved";
  /** Filed signed in, or confirmed from the emailed link (issue 43 item 1). */
  verified: boolean;
  verifiedAt: number | null;
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
 * The acknowledgement sent at once on a signed-in shopper's filing: the ticket, the deadlines
 * (acknowledged now; resolved by filed + 30 days, IST date) and the private follow link. Greeted
 * "Hello," — never with the typed name (issue 43 item 2). In Hindi for a complaint filed on a
 * Hindi page (`language: "hi"`; issue 27, docs/decisions/0910).
 */
export function renderGrievanceAck(input: {
  storeName: string;
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
    { text: "Hello," },
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
    { text: "नमस्ते," },
    { text: `हमें लिखने के लिए धन्यवाद। आपकी शिकायत ${istDateTimeIn(input.filedAt, "hi")} IST को ${input.ticket} (${about}) के रूप में दर्ज हो गई है। यह ईमेल उसकी पावती है।` },
    { text: `हमारे शिकायत अधिकारी${input.officer.name ? `, ${input.officer.name},` : ""} ज़्यादा से ज़्यादा ${istDateIn(input.resolveBy, "hi")} तक इसका समाधान करेंगे, और हम आपको जवाब ईमेल करेंगे।` },
    { text: "अपनी शिकायत यहाँ देखें (यह लिंक किसी और को न दें):" },
    { text: input.followUrl, link: input.followUrl },
    { text: `कुछ और बताने के लिए इस ईमेल का जवाब दें${input.officer.email ? ` या ${input.officer.email} पर लिखें` : ""}, और टिकट नंबर ${input.ticket} बताएँ।` },
  ];
  return { subject, html: page(subject, lines, "hi"), text: `${lines.map((line) => line.text).join("\n\n")}\n` };
}

/**
 * The answer that resolves a grievance, emailed when staff close it, greeted "Hello," (the typed
 * name never opens it, issue 43 item 2); in Hindi for a complaint filed on a Hindi page (the
 * staff's answer itself as they wrote it; issue 27).
 */
export function renderGrievanceAnswer(input: {
  storeName: string;
  ticket: string;
  answer: string;
  answeredAt: number;
  officer: { email: string };
  language?: "en" | "hi";
}): Rendered {
  if (input.language === "hi") {
    const subject = `आपकी शिकायत ${input.ticket} का समाधान हो गया है — ${input.storeName}`;
    const lines = [
      { text: "नमस्ते," },
      { text: `आपकी शिकायत ${input.ticket} पर हमारा जवाब (${istDateTimeIn(input.answeredAt, "hi")} IST):` },
      { text: input.answer },
      { text: `हमारे पहले ईमेल का लिंक भी इसे दिखाता है। अगर इससे बात नहीं सुलझती, तो ${input.officer.email ? `${input.officer.email} पर लिखें` : "इस ईमेल का जवाब दें"}, और टिकट नंबर ${input.ticket} बताएँ।` },
    ];
    return { subject, html: page(subject, lines, "hi"), text: `${lines.map((line) => line.text).join("\n\n")}\n` };
  }
  const subject = `Your complaint ${input.ticket} is resolved — ${input.storeName}`;
  const lines = [
    { text: "Hello," },
    { text: `Our answer to your complaint ${input.ticket} (${formatIstDateTime(input.answeredAt)} IST):` },
    { text: input.answer },
    { text: `The link in our first email shows it too. If this does not settle it, ${input.officer.email ? `write to ${input.officer.email}` : "reply to this email"}, quoting ${input.ticket}.` },
  ];
  return { subject, html: page(subject, lines), text: `${lines.map((line) => line.text).join("\n\n")}\n` };
}

/**
 * The email a complaint filed signed out sends to the address it names (issue 43 item 1;
 * docs/decisions/0920): the ticket, the subject's fixed label, when it was made, and the private
 * link that confirms it — the follow link, whose page asks for one press (a GET never changes
 * anything, so a mail scanner opening it confirms nothing). Nothing the filer typed is in it: no
 * name, no order number, no text. In Hindi for a complaint filed on a Hindi page.
 */
export function renderGrievanceConfirm(input: {
  storeName: string;
  ticket: string;
  subject: string;
  filedAt: number;
  followUrl: string;
  officer: { email: string };
  language?: "en" | "hi";
}): Rendered {
  if (input.language === "hi") {
    const subject = `कृपया अपनी शिकायत ${input.ticket} की पुष्टि करें — ${input.storeName}`;
    const about = HINDI_SUBJECT_LABELS[input.subject] ?? HINDI_SUBJECT_LABELS.other;
    const lines: { text: string; link?: string }[] = [
      { text: "नमस्ते," },
      { text: `किसी ने — हमें उम्मीद है कि आपने ही — यह ईमेल पता देकर ${input.storeName} से शिकायत की है: ${input.ticket} (${about}), ${istDateTimeIn(input.filedAt, "hi")} IST को।` },
      { text: `यह शिकायत आपकी है, इसकी पुष्टि के लिए यह लिंक खोलें और वहाँ बटन दबाएँ। तब यह दर्ज हो जाएगी और हमारे शिकायत अधिकारी ${RESOLVE_DAYS} दिनों के अंदर इसका समाधान करेंगे; यही लिंक शिकायत और हमारा जवाब दिखाता है (यह लिंक किसी और को न दें):` },
      { text: input.followUrl, link: input.followUrl },
      { text: "अगर आपने यह शिकायत नहीं की, तो इस ईमेल को अनदेखा कर दें: शिकायत बिना पुष्टि के रहेगी, और आपका कोई ऑर्डर इससे नहीं जुड़ेगा।" },
      ...(input.officer.email ? [{ text: `कोई सवाल हो तो ${input.officer.email} पर लिखें।` }] : []),
    ];
    return { subject, html: page(subject, lines, "hi"), text: `${lines.map((line) => line.text).join("\n\n")}\n` };
  }
  const subject = `Please confirm your complaint ${input.ticket} — ${input.storeName}`;
  const lines: { text: string; link?: string }[] = [
    { text: "Hello," },
    { text: `Someone — we hope you — made a complaint to ${input.storeName} giving this email address: ${input.ticket} (${grievanceSubjectLabel(input.subject)}), on ${formatIstDateTime(input.filedAt)} IST.` },
    { text: `To confirm that it is yours, open this link and press the button there. It is then registered, and our grievance officer resolves it within ${RESOLVE_DAYS} days; the same link shows the complaint and our answer (keep it to yourself):` },
    { text: input.followUrl, link: input.followUrl },
    { text: "If you didn't make this complaint, ignore this email: it stays unconfirmed, and no order of yours is linked to it." },
    ...(input.officer.email ? [{ text: `Questions? Write to ${input.officer.email}.` }] : []),
  ];
  return { subject, html: page(subject, lines), text: `${lines.map((line) => line.text).join("\n\n")}\n` };
}
