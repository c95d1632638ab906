import crypto from "node:crypto";
import type { Selectable } from "kysely";
import { sql } from "kysely";
import { getEnv, publicUrl, type Env } from "~/config/env.server";
import type { DB, Executor } from "~/db/db.server";
import type { GrievancesTable } from "~/db/schema";
import { BackendError } from "~/lib/errors";
import {
  byDeadline,
  formatTicket,
  grievanceDeadlines,
  istYear,
  renderGrievanceAck,
  renderGrievanceAnswer,
  renderGrievanceConfirm,
  type GrievanceDeadlineRow,
  type GrievanceView,
} from "~/lib/grievances";
import { GRIEVANCE_MESSAGES, TICKET_PATTERN, grievanceSubjectLabel } from "~/schemas/grievance-constants";
import { grievanceAnswerSchema, grievanceFormSchema } from "~/schemas/grievance";
import { recordAudit, type Actor } from "~/services/audit.server";
import { readStoreSettings } from "~/services/invoices.server";
import { nudgeOrderEmails } from "~/services/order-emails.server";

/*
 * Grievances (issue 25 item 3; DESIGN.md §23, Consumer Protection (E-Commerce) Rules 2020 rule
 * 4(5): acknowledge a complaint within 48 hours, resolve it within one month; docs/decisions/0750).
 * Filing writes the grievance, its gap-free ticket number and its email (the outbox) in one
 * transaction. A signed-in shopper's complaint is proven by the session: acknowledged the moment
 * it exists. A visitor's proves nothing (issue 43 item 1; docs/decisions/0920): it is filed not
 * verified, its email goes only to the address it names and carries the link that confirms it,
 * and its order number stays text; its month starts when that address confirms. Problem
 * reports (decision 0660) count as grievances: the back office's deadline view lists them beside
 * these rows, read from their own table (one source of truth each; they are answered where they
 * were before).
 */

/** The outbox kinds of the emails; the acknowledgement's and the confirmation's bodies (the follow link) are removed once sent. */
export const GRIEVANCE_ACK_KIND = "grievance_ack";
/** A visitor's complaint's email to the address it names: confirm it from the follow link (issue 43 item 1). */
export const GRIEVANCE_CONFIRM_KIND = "grievance_confirm";
export const GRIEVANCE_ANSWER_KIND = "grievance_answered";

/**
 * The filing's answer: the ticket and the follow link's token (only its hash is kept; a visitor's
 * browser is never given it — it goes to the named address), and whether it is verified (filed
 * signed in).
 */
export type FiledGrievance = { ticket: string; key: string; email: string; filedAt: number; resolveBy: number; verified: boolean };

type GrievanceRow = Selectable<GrievancesTable>;

function sha256(text: string): string {
  return crypto.createHash("sha256").update(text).digest("hex");
}

/** `${PUBLIC_URL}/grievance/{ticket}?key={token}`: the private follow link (under /hi for a complaint filed in Hindi, issue 27). */
export function grievanceFollowUrl(ticket: string, key: string, env: Env = getEnv(), language: "en" | "hi" = "en"): string {
  return `${publicUrl(env)}${language === "hi" ? "/hi" : ""}/grievance/${encodeURIComponent(ticket)}?key=${encodeURIComponent(key)}`;
}

function toView(row: GrievanceRow): GrievanceView {
  return {
    ticket: row.ticket,
    name: row.name,
    email: row.email,
    orderId: row.order_id,
    orderTyped: row.order_id === null ? row.order_typed : null,
    subject: row.subject,
    subjectLabel: grievanceSubjectLabel(row.subject),
    body: row.body,
    status: row.status === "resolved" ? "resolved" : "open",
    verified: row.verified_at !== null,
    verifiedAt: row.verified_at === null ? null : Number(row.verified_at),
    filedAt: Number(row.created_at),
    acknowledgedAt: row.acknowledged_at === null ? null : Number(row.acknowledged_at),
    acknowledgeBy: Number(row.acknowledge_by),
    resolveBy: Number(row.resolve_by),
    answer: row.answer,
    answeredAt: row.answered_at === null ? null : Number(row.answered_at),
  };
}

/**
 * True when `orderId` is an order of the filer — the signed-in shopper's (`userId`), or for a
 * visitor an order of the account whose email is `email` — and is an order (cash on delivery or
 * paid), as the order page counts them. Another shopper's order and an unknown one answer alike.
 */
async function isFilersOrder(db: Executor, orderId: string, userId: number | null, email: string): Promise<boolean> {
  let query = db
    .selectFrom("orders")
    .innerJoin("users", "users.id", "orders.user_id")
    .select("orders.id")
    .where("orders.id", "=", orderId)
    .where((eb) => eb.or([eb("orders.payment_method", "=", "cod"), eb("orders.payment_status", "=", "PAID")]));
  query = userId !== null ? query.where("orders.user_id", "=", userId) : query.where("users.email", "=", email);
  return Boolean(await query.executeTakeFirst());
}

/** The next ticket sequence of `year`: the counter row bumped inside the filing's transaction (gap-free). */
async function nextSeq(trx: Executor, year: number): Promise<number> {
  const row = await trx
    .insertInto("grievance_counters")
    .values({ year, last_seq: 1 })
    .onConflict((oc) => oc.column("year").doUpdateSet({ last_seq: sql`grievance_counters.last_seq + 1` }))
    .returning("last_seq")
    .executeTakeFirstOrThrow();
  return Number(row.last_seq);
}

/**
 * Files a complaint (hostile input, parsed with `grievanceFormSchema`) at `now` (ms). In one
 * transaction: the ticket (`GR-{IST year}-{seq}`), the row (follow token kept as SHA-256) and its
 * email in the outbox. Two ways (issue 43 item 1; docs/decisions/0920):
 *
 * - **signed in** (`shopper`): under the account's own email whatever the form says; an order id
 *   must be one of the shopper's orders (else BackendError 400 GRIEVANCE_MESSAGES.orderNotYours,
 *   another shopper's and an unknown one alike); verified and acknowledged at `now` — the
 *   acknowledgement email (GRIEVANCE_ACK_KIND) says so;
 * - **a visitor** (`shopper` null): not verified, not acknowledged (its month starts when the
 *   named address confirms: `confirmGrievance`); the order number is kept as typed text and never
 *   looked up, so the answer is the same whoever owns it; the email (GRIEVANCE_CONFIRM_KIND) goes
 *   to the named address with the follow link that confirms it.
 *
 * Neither email holds anything the filer typed but the address it goes to. Answers the ticket and
 * the follow token. Throws BackendError 400 with the field's sentence for a form problem.
 */
export async function fileGrievance(
  db: DB,
  input: unknown,
  shopper: { id: number; email: string } | null,
  options: { now?: number; env?: Env; language?: "en" | "hi" } = {},
): Promise<FiledGrievance> {
  const form = input && typeof input === "object" ? { ...(input as Record<string, unknown>) } : {};
  if (shopper) form.email = shopper.email;
  const parsed = grievanceFormSchema.safeParse(form);
  if (!parsed.success) throw new BackendError(400, parsed.error.issues[0]?.message ?? GRIEVANCE_MESSAGES.textRequired);
  const now = options.now ?? Date.now();
  const env = options.env ?? getEnv();
  const { name, email, orderId, subject, text } = parsed.data;
  const verified = shopper !== null;
  if (shopper && orderId && !(await isFilersOrder(db, orderId, shopper.id, email))) throw new BackendError(400, GRIEVANCE_MESSAGES.orderNotYours);

  const key = crypto.randomBytes(32).toString("base64url");
  const { acknowledgeBy, resolveBy } = grievanceDeadlines(now);
  const ticket = await db.transaction().execute(async (trx) => {
    const year = istYear(now);
    const ticket = formatTicket(year, await nextSeq(trx, year));
    await trx
      .insertInto("grievances")
      .values({
        ticket,
        user_id: shopper?.id ?? null,
        name,
        email,
        order_id: verified ? (orderId ?? null) : null,
        order_typed: verified ? null : (orderId ?? null),
        subject,
        body: text,
        key_hash: sha256(key),
        status: "open",
        created_at: now,
        verified_at: verified ? now : null,
        acknowledged_at: verified ? now : null,
        acknowledge_by: acknowledgeBy,
        resolve_by: resolveBy,
        answer: null,
        answered_by: null,
        answered_at: null,
        language: options.language ?? "en",
      })
      .execute();
    const followUrl = grievanceFollowUrl(ticket, key, env, options.language);
    const officer = await officerOf(trx);
    // The filing page's language (issue 27): a complaint filed in Hindi is written to in Hindi.
    const mail = verified
      ? renderGrievanceAck({ storeName: env.STORE_NAME, ticket, subject, orderId: orderId ?? null, filedAt: now, resolveBy, followUrl, officer, language: options.language })
      : renderGrievanceConfirm({ storeName: env.STORE_NAME, ticket, subject, filedAt: now, followUrl, officer, language: options.language });
    const kind = verified ? GRIEVANCE_ACK_KIND : GRIEVANCE_CONFIRM_KIND;
    await trx
      .insertInto("outbox")
      .values({
        kind,
        // The outbox is keyed by order; a grievance by its ticket (as a reset by its account, 0700).
        order_id: ticket,
        recipient: email,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        dedupe_key: `${kind}:${ticket}`,
        next_attempt_at: now,
        sent_at: null,
        failed_at: null,
        last_error: null,
        created_at: now,
      })
      .execute();
    return ticket;
  });
  nudgeOrderEmails();
  return { ticket, key, email, filedAt: now, resolveBy, verified };
}

/**
 * The named address confirms the complaint `ticket` whose follow token is `key` at `now` (ms)
 * (issue 43 item 1): once, in one transaction, it becomes verified and acknowledged at `now`, its
 * deadlines start then (48 hours, 30 days), and the order number typed at filing is linked only
 * when it is an order (cash on delivery or paid) of an account with that email — else it stays
 * text. A confirmed complaint is answered as it is (a second press changes nothing). Null for an
 * unknown ticket or a wrong key, alike.
 */
export async function confirmGrievance(db: DB, ticket: string, key: string, options: { now?: number } = {}): Promise<GrievanceView | null> {
  const found = await followGrievance(db, ticket, key);
  if (!found || found.verified) return found;
  const now = options.now ?? Date.now();
  const { acknowledgeBy, resolveBy } = grievanceDeadlines(now);
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("grievances").select(["email", "order_typed"]).where("ticket", "=", ticket).executeTakeFirstOrThrow();
    const owned = row.order_typed !== null && (await isFilersOrder(trx, row.order_typed, null, row.email));
    await trx
      .updateTable("grievances")
      .set({ verified_at: now, acknowledged_at: now, acknowledge_by: acknowledgeBy, resolve_by: resolveBy, ...(owned ? { order_id: row.order_typed } : {}) })
      .where("ticket", "=", ticket)
      .where("verified_at", "is", null)
      .execute();
  });
  return followGrievance(db, ticket, key);
}

/** The grievance `ticket` when `key` is its follow token, else null (an unknown ticket and a wrong key alike). */
export async function followGrievance(db: DB, ticket: string, key: string): Promise<GrievanceView | null> {
  if (!TICKET_PATTERN.test(ticket) || !/^[A-Za-z0-9_-]{43}$/.test(key)) return null;
  const row = await db.selectFrom("grievances").selectAll().where("ticket", "=", ticket).executeTakeFirst();
  if (!row) return null;
  const given = Buffer.from(sha256(key));
  const kept = Buffer.from(row.key_hash);
  return given.length === kept.length && crypto.timingSafeEqual(given, kept) ? toView(row) : null;
}

/** The grievance `ticket` when the shopper `userId` filed it signed in, else null. */
export async function shopperGrievance(db: DB, ticket: string, userId: number): Promise<GrievanceView | null> {
  if (!TICKET_PATTERN.test(ticket)) return null;
  const row = await db.selectFrom("grievances").selectAll().where("ticket", "=", ticket).where("user_id", "=", userId).executeTakeFirst();
  return row ? toView(row) : null;
}

/** The signed-in shopper's grievances, newest first (at most 50). */
export async function shopperGrievances(db: DB, userId: number): Promise<GrievanceView[]> {
  const rows = await db.selectFrom("grievances").selectAll().where("user_id", "=", userId).orderBy("created_at", "desc").orderBy("id", "desc").limit(50).execute();
  return rows.map(toView);
}

/**
 * The back office's deadline view at `now` (ms): open grievances and open problem reports (which
 * count as grievances: filed on the order page, acknowledged there at once), overdue first, then
 * by the resolution deadline; complaints not confirmed by their address (no month running, never
 * overdue) last. At most `limit` of each (default 500).
 */
export async function openGrievances(db: DB, now: number, limit = 500): Promise<GrievanceDeadlineRow[]> {
  const [grievances, reports] = await Promise.all([
    db.selectFrom("grievances").selectAll().where("status", "=", "open").orderBy("resolve_by").orderBy("id").limit(limit).execute(),
    db
      .selectFrom("problem_reports")
      .select(["id", "order_id", "kind", "created_at"])
      .where("status", "=", "open")
      .orderBy("created_at")
      .orderBy("id")
      .limit(limit)
      .execute(),
  ]);
  const rows: GrievanceDeadlineRow[] = [
    ...grievances.map((row) => {
      const view = toView(row);
      return {
        kind: "grievance" as const,
        ref: view.ticket,
        href: `/admin/grievances/${view.ticket}`,
        subject: view.subjectLabel,
        from: `${view.name} <${view.email}>`,
        orderId: view.orderId,
        filedAt: view.filedAt,
        verified: view.verified,
        acknowledgedAt: view.acknowledgedAt,
        acknowledgedBy: "email" as const,
        acknowledgeBy: view.acknowledgeBy,
        resolveBy: view.resolveBy,
        // A complaint nobody has confirmed has no month running (issue 43 item 1).
        overdue: view.acknowledgedAt !== null && now > view.resolveBy,
      };
    }),
    ...reports.map((report) => {
      const filedAt = Number(report.created_at);
      const { acknowledgeBy, resolveBy } = grievanceDeadlines(filedAt);
      return {
        kind: "report" as const,
        ref: report.id,
        href: `/admin/orders/${encodeURIComponent(report.order_id)}#reports`,
        subject: report.kind === "damaged" ? "Problem report: damaged product" : "Problem report: wrong product",
        from: `The order's shopper`,
        orderId: report.order_id,
        filedAt,
        verified: true,
        acknowledgedAt: filedAt,
        acknowledgedBy: "order page" as const,
        acknowledgeBy,
        resolveBy,
        overdue: now > resolveBy,
      };
    }),
  ];
  return rows.sort(byDeadline);
}

/**
 * The dashboard's line: grievances and problem reports open at `now` (ms), and how many of them are
 * past their month. A complaint its address has not confirmed is not counted: its month has not
 * started (issue 43 item 1); /admin/grievances lists it, marked.
 */
export async function grievanceCounts(db: Executor, now: number): Promise<{ open: number; overdue: number }> {
  const reportCutoff = now - grievanceDeadlines(0).resolveBy;
  const [grievances, reports] = await Promise.all([
    db
      .selectFrom("grievances")
      .select((eb) => [eb.fn.countAll<number>().as("open"), eb.fn.sum<number>(eb.case().when("resolve_by", "<", now).then(1).else(0).end()).as("overdue")])
      .where("status", "=", "open")
      .where("acknowledged_at", "is not", null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("problem_reports")
      .select((eb) => [eb.fn.countAll<number>().as("open"), eb.fn.sum<number>(eb.case().when("created_at", "<", reportCutoff).then(1).else(0).end()).as("overdue")])
      .where("status", "=", "open")
      .executeTakeFirstOrThrow(),
  ]);
  return { open: Number(grievances.open) + Number(reports.open), overdue: Number(grievances.overdue ?? 0) + Number(reports.overdue ?? 0) };
}

/** A grievance for the back office, with when its email (the acknowledgement, or a visitor's confirmation link) was sent (null while queued), or null. */
export async function findGrievance(db: DB, ticket: string): Promise<(GrievanceView & { answeredBy: string | null; ackSentAt: number | null }) | null> {
  if (!TICKET_PATTERN.test(ticket)) return null;
  const row = await db.selectFrom("grievances").selectAll().where("ticket", "=", ticket).executeTakeFirst();
  if (!row) return null;
  const ack = await db
    .selectFrom("outbox")
    .select("sent_at")
    .where("dedupe_key", "in", [`${GRIEVANCE_ACK_KIND}:${ticket}`, `${GRIEVANCE_CONFIRM_KIND}:${ticket}`])
    .executeTakeFirst();
  return { ...toView(row), answeredBy: row.answered_by, ackSentAt: ack?.sent_at == null ? null : Number(ack.sent_at) };
}

/**
 * Staff `actor` answers and closes the open grievance `ticket` at `now` (ms) with `answer`
 * (hostile input: 1–4,000 characters, no control characters but line breaks and tabs). One
 * transaction: the row becomes `resolved` (only from `open`, so a second press changes nothing),
 * an audit row (entity `grievance`, action `grievance.resolve`) and the answer email to the
 * filer's address in the outbox. Throws BackendError 400 (the answer's sentence), 404 (no such
 * grievance), 409 (already resolved).
 */
/**
 * The grievance officer the emails name, from the owner's settings (issue 25 item 1): their name
 * ("" when left empty) and email (customer care's when theirs is empty).
 */
async function officerOf(db: Executor): Promise<{ name: string; email: string }> {
  const settings = await readStoreSettings(db);
  return { name: settings.grievanceOfficerName, email: settings.grievanceOfficerEmail || settings.careEmail };
}

export async function resolveGrievance(db: DB, ticket: string, answer: unknown, actor: Actor, options: { now?: number; env?: Env } = {}): Promise<GrievanceView> {
  const parsed = grievanceAnswerSchema.safeParse({ answer });
  if (!parsed.success) throw new BackendError(400, parsed.error.issues[0]?.message ?? GRIEVANCE_MESSAGES.answerRequired);
  const text = parsed.data.answer;
  const now = options.now ?? Date.now();
  const env = options.env ?? getEnv();
  if (!TICKET_PATTERN.test(ticket)) throw new BackendError(404, GRIEVANCE_MESSAGES.notFound);
  const resolved = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("grievances").selectAll().where("ticket", "=", ticket).executeTakeFirst();
    if (!row) throw new BackendError(404, GRIEVANCE_MESSAGES.notFound);
    const updated = await trx
      .updateTable("grievances")
      .set({ status: "resolved", answer: text, answered_by: actor.email, answered_at: now })
      .where("ticket", "=", ticket)
      .where("status", "=", "open")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new BackendError(409, GRIEVANCE_MESSAGES.alreadyResolved);
    await recordAudit(trx, {
      actor,
      entity: "grievance",
      entityId: ticket,
      action: "grievance.resolve",
      before: { status: row.status },
      after: { status: "resolved", answer: text },
      at: now,
    });
    const mail = renderGrievanceAnswer({
      storeName: env.STORE_NAME,
      ticket,
      answer: text,
      answeredAt: now,
      officer: await officerOf(trx),
      // The language it was filed in (issue 27): a complaint made in Hindi is answered in Hindi.
      language: row.language === "hi" ? "hi" : "en",
    });
    await trx
      .insertInto("outbox")
      .values({
        kind: GRIEVANCE_ANSWER_KIND,
        order_id: ticket,
        recipient: row.email,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        dedupe_key: `${GRIEVANCE_ANSWER_KIND}:${ticket}`,
        next_attempt_at: now,
        sent_at: null,
        failed_at: null,
        last_error: null,
        created_at: now,
      })
      .onConflict((oc) => oc.column("dedupe_key").doNothing())
      .execute();
    return toView({ ...row, status: "resolved", answer: text, answered_by: actor.email, answered_at: now });
  });
  nudgeOrderEmails();
  return resolved;
}
