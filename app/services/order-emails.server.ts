import { sql, type Selectable } from "kysely";
import { getEnv, mailFrom, publicUrl, type Env } from "~/config/env.server";
import { outboxDir, outboxFileStem } from "~/config/outbox.server";
import { isSqlite, type DB, type Executor } from "~/db/db.server";
import { getDb } from "~/db/index.server";
import type { OutboxTable } from "~/db/schema";
import { orderEmailDedupeKey, renderOrderEmail, type OrderEmailFacts } from "~/lib/order-emails";
import { deliveredEmailReturnLine, returnPolicyOf } from "~/lib/after-sale-policy";
import { istDateIn } from "~/lib/ist-dates";
import { translate } from "~/i18n/messages.server";
import { createMailTransport, type MailAttachment, type MailTransport } from "~/services/mail.server";
import { renderInvoicePdf } from "~/services/invoice-pdf.server";
import { findInvoice, invoicePdfFilename, readStoreSettings } from "~/services/invoices.server";
import { log, withoutEmails } from "~/observability/log.server";

/**
 * Order emails through a retrying outbox (issue 14 item 4; DESIGN.md §20; docs/decisions/0640).
 *
 * - **Enqueue** (`enqueueOrderEmail`) renders the email and inserts an `outbox` row inside the
 *   transaction of the change it reports (order placed, paid, shipped, …), so the email exists
 *   exactly when the change does; its unique `dedupe_key` (insert … on conflict do nothing) makes a
 *   replayed webhook or a double submit enqueue once.
 * - **Deliver** (`deliverOutbox`) claims due rows one at a time (PostgreSQL: `for update skip
 *   locked` in a transaction held open for the send and committing `sent_at`, so two processes
 *   never take the same row and a killed one's row is free at once — docs/decisions/1020; SQLite:
 *   the claim moves `next_attempt_at` on by a lease), sends each and sets `sent_at` once. A failure counts the attempt, keeps the error and
 *   waits by `OUTBOX_BACKOFF_MS`; after `OUTBOX_MAX_ATTEMPTS` the row is given up with a log line
 *   starting "MAIL FAILED:".
 * - **The loop** (`startOrderEmails`) runs the sender in the server process every 5 s and right
 *   after a change enqueued an email (`nudgeOrderEmails`, called after the commit).
 */

export type OutboxRow = Selectable<OutboxTable>;

/** Waits after the 1st, 2nd, … failed attempt, ms: 1 min, 5 min, 30 min, 2 h, then 6 h each. */
export const OUTBOX_BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000, 6 * 60 * 60_000] as const;
/** Attempts before the sender gives up ("MAIL FAILED:"): about a day and a half of retries. */
export const OUTBOX_MAX_ATTEMPTS = 10;
/** SQLite: how long a claimed row is left alone while this process sends it, ms (PostgreSQL holds the row lock instead; docs/decisions/1020). */
export const OUTBOX_LEASE_MS = 10 * 60_000;
/** Most rows one `deliverOutbox` call sends (the loop calls again while there are more). */
export const OUTBOX_RUN_LIMIT = 50;
/** How often the loop looks for due rows when nothing nudged it, ms. */
export const OUTBOX_POLL_MS = 5_000;

/**
 * Kinds whose body carries a secret (a password reset link, docs/decisions/0700; a newsletter
 * confirmation link, 0720): once sent, the row keeps its subject and recipient but not the link.
 */
// A grievance's acknowledgement carries its private follow link (docs/decisions/0750), and so does a
// visitor's complaint's confirmation (issue 43 item 1; docs/decisions/0920).
const SENT_BODY_REMOVED_KINDS: ReadonlySet<string> = new Set(["password_reset", "newsletter_confirm", "grievance_ack", "grievance_confirm"]);
const BODY_REMOVED = "(sent; the body held a one-time link and was removed)";

/** The wait after `attempts` failed attempts (1-based), ms: OUTBOX_BACKOFF_MS, capped at its last step. */
export function outboxBackoffMs(attempts: number): number {
  return OUTBOX_BACKOFF_MS[Math.min(Math.max(attempts, 1), OUTBOX_BACKOFF_MS.length) - 1];
}

/**
 * The order page an email links to: `${publicUrl()}/orders/{id}` (DESIGN.md §20), or
 * `${publicUrl()}/hi/orders/{id}` for an order placed in Hindi (issue 27; docs/decisions/0900).
 */
export function orderPageUrl(orderId: string, env: Env = getEnv(), language: "en" | "hi" = "en"): string {
  return `${publicUrl(env)}${language === "hi" ? "/hi" : ""}/orders/${encodeURIComponent(orderId)}`;
}

/**
 * Renders one order email and puts it in the outbox, on `trx` — the transaction that writes the
 * change the email reports. The recipient is the email of the account that placed the order,
 * greeted by the account's name — never the delivery address's email, which nobody confirms
 * (issue 21 item 2). Returns true when a row was added, false when the email was enqueued before
 * (same `orderEmailDedupeKey`: nothing written) or the order has no account. `now` (ms) is when it
 * is written and becomes due, unless `dueAt` (ms) says later (the review invitation, issue 23).
 * Problem reports call it with `report_answered`, reviews with the `review_*` kinds.
 * Call `nudgeOrderEmails()` after the transaction commits. Throws what the database throws.
 * Source: issue 14 item 4; DESIGN.md §20.
 */
export async function enqueueOrderEmail(trx: Executor, facts: OrderEmailFacts, options: { now: number; dueAt?: number; env?: Env }): Promise<boolean> {
  const env = options.env ?? getEnv();
  const account = await trx
    .selectFrom("orders")
    .innerJoin("users", "users.id", "orders.user_id")
    .select(["users.email", "users.name"])
    .where("orders.id", "=", facts.order.id)
    .executeTakeFirst();
  // No account behind the order: nobody has shown they read any address, so no email.
  if (!account) return false;
  // The owner's customer-care contacts (issue 25 item 1).
  const settings = await readStoreSettings(trx);
  // Issue 45 (docs/decisions/0980): the delivered email says the return window the settings say, to its last IST day.
  if (facts.kind === "delivered" && facts.returnLine === undefined) facts = { ...facts, returnLine: deliveredReturnLine(settings, facts.order.language ?? "en", options.now) };
  const email = renderOrderEmail(facts, {
    storeName: env.STORE_NAME,
    orderUrl: orderPageUrl(facts.order.id, env, facts.order.language),
    supportEmail: settings.careEmail,
    supportPhone: settings.carePhone,
    recipientName: account.name,
    storeUrl: publicUrl(env),
  });
  const result = await trx
    .insertInto("outbox")
    .values({
      kind: facts.kind,
      order_id: facts.order.id,
      recipient: account.email,
      subject: email.subject,
      html: email.html,
      text: email.text,
      dedupe_key: orderEmailDedupeKey(facts),
      next_attempt_at: options.dueAt ?? options.now,
      sent_at: null,
      failed_at: null,
      last_error: null,
      created_at: options.now,
    })
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The delivered email's return line for an order delivered at `deliveredAt` (ms), in `language`: until the window's last IST day (lib/after-sale-policy.ts). */
function deliveredReturnLine(settings: Parameters<typeof returnPolicyOf>[0], language: "en" | "hi", deliveredAt: number): string {
  const policy = returnPolicyOf(settings);
  const day = 24 * 60 * 60_000;
  const sentence = deliveredEmailReturnLine(policy, istDateIn(deliveredAt + policy.windowDays * day, language), istDateIn(deliveredAt + policy.legalWindowDays * day, language));
  return translate(language, sentence.key, sentence.values);
}

/**
 * The files an outbox email carries, read when it is sent (DESIGN.md §20): a `shipped` email
 * attaches the order's GST tax invoice PDF when one was issued (issue 14 item 2: paid online
 * orders have one by then; a cash-on-delivery order gets its invoice on delivery). Every other
 * email goes without attachments.
 */
export type OrderEmailAttachments = (db: DB, email: OutboxRow) => Promise<MailAttachment[]>;
export const orderEmailAttachments: OrderEmailAttachments = async (db, email) => {
  if (email.kind !== "shipped") return [];
  const invoice = await findInvoice(db, email.order_id);
  if (!invoice) return [];
  return [{ filename: invoicePdfFilename(invoice.number), content: await renderInvoicePdf(invoice), contentType: "application/pdf" }];
};

/** What one `deliverOutbox` call did: emails sent, failed and to be retried, given up. */
export type OutboxRun = { sent: number; retried: number; failed: number };

/** The outbox kind of a newsletter message, which the sender paces (issue 24 item 3). */
export const NEWSLETTER_KIND = "newsletter";

/** Newsletter messages sent in the minute up to `now` (ms), by every sender. */
async function newslettersSentLastMinute(db: Executor, now: number): Promise<number> {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("kind", "=", NEWSLETTER_KIND)
    .where("sent_at", ">", now - 60_000)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The next due row on `db` (sent_at and failed_at null, due by `now`), oldest first; `kinds` picks newsletters only, or everything else. */
function dueRows(db: Executor, now: number, kinds: "all" | "newsletters" | "not-newsletters") {
  return db
    .selectFrom("outbox")
    .selectAll()
    .where("sent_at", "is", null)
    .where("failed_at", "is", null)
    .where("next_attempt_at", "<=", now)
    .$if(kinds === "newsletters", (q) => q.where("kind", "=", NEWSLETTER_KIND))
    .$if(kinds === "not-newsletters", (q) => q.where("kind", "<>", NEWSLETTER_KIND))
    .orderBy("next_attempt_at")
    .orderBy("id")
    .limit(1);
}

/**
 * SQLite (one process per file): takes the next due row in a short transaction that moves its due
 * time on by OUTBOX_LEASE_MS and marks it `claimed_at` (its due time before the claim), or undefined;
 * newsletter rows only while `newsletters` is true.
 */
async function claimNextSqlite(db: DB, now: number, newsletters: boolean): Promise<OutboxRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await dueRows(trx, now, newsletters ? "all" : "not-newsletters").executeTakeFirst();
    if (row) await trx.updateTable("outbox").set({ next_attempt_at: now + OUTBOX_LEASE_MS, claimed_at: Number(row.next_attempt_at) }).where("id", "=", row.id).execute();
    return row;
  });
}

/**
 * SQLite only, at the process's start (docs/decisions/1020): rows a sender claimed and never
 * finished — it was this process's predecessor on the file, killed mid-send — are due again at
 * their due time before the claim, instead of a lease (10 min) later. Answers how many. Throws
 * what the database throws. Source: issue 49 item 1.
 */
export async function releaseInterruptedClaims(db: DB): Promise<number> {
  const result = await db
    .updateTable("outbox")
    .set((eb) => ({ next_attempt_at: eb.ref("claimed_at").$castTo<number>(), claimed_at: null }))
    .where("claimed_at", "is not", null)
    .where("sent_at", "is", null)
    .where("failed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * How long PostgreSQL keeps a sender's transaction idle (the SMTP conversation) before it ends the
 * session, ms: longer than a send can take (SMTP_TIMEOUTS_MS: 15 s to connect, 15 s greeting, 60 s
 * idle socket), so it only fires for a sender whose machine vanished without closing its socket —
 * then the row lock goes within this time rather than at TCP keep-alive's 2 h.
 */
export const OUTBOX_SEND_TRANSACTION_IDLE_MS = 120_000;

/** Names the newsletter pace's transaction-level advisory lock: one per schema (a store), as two stores may share a database. */
const NEWSLETTER_LOCK = sql`hashtext(current_schema() || ':outbox:newsletter')`;

/** What sending one row came to. */
type SendOutcome = "sent" | "retried" | "failed";

/** Everything a run needs to send one row. */
type SendContext = { from: string; env: Env; attachments: OrderEmailAttachments; careEmail: () => Promise<string>; transport: MailTransport; now: number };

/** Sends `row` and writes what happened on `writer` (the claim's transaction on PostgreSQL, the database on SQLite): sent_at, or the attempt and its back-off, or given up. */
async function sendAndRecord(db: DB, writer: Executor, row: OutboxRow, context: SendContext): Promise<SendOutcome> {
  const { now, env } = context;
  const attempts = Number(row.attempts) + 1;
  try {
    await context.transport.send({
      from: context.from,
      to: row.recipient,
      replyTo: (await context.careEmail()) || undefined,
      subject: row.subject,
      html: row.html,
      text: row.text,
      messageId: `<outbox-${row.id}.${row.order_id}@${messageIdDomain(env)}>`,
      headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : undefined,
      attachments: await context.attachments(db, row),
      fileStem: outboxFileStem(row, now),
    });
  } catch (error) {
    const message = errorText(error);
    if (attempts >= OUTBOX_MAX_ATTEMPTS) {
      await writer.updateTable("outbox").set({ attempts, last_error: message, failed_at: now, claimed_at: null }).where("id", "=", row.id).execute();
      log.error(
        { alert: "mail_failed", outboxId: row.id, orderId: row.order_id, kind: row.kind, attempt: attempts, lastError: withoutEmails(message) },
        `MAIL FAILED: the ${row.kind} email of order ${row.order_id} (outbox ${row.id}) was not sent after ${attempts} attempts; last error: ${withoutEmails(message)}`,
      );
      return "failed";
    }
    const wait = outboxBackoffMs(attempts);
    await writer.updateTable("outbox").set({ attempts, last_error: message, next_attempt_at: now + wait, claimed_at: null }).where("id", "=", row.id).execute();
    log.warn(
      { outboxId: row.id, orderId: row.order_id, kind: row.kind, attempt: attempts, maxAttempts: OUTBOX_MAX_ATTEMPTS, lastError: withoutEmails(message), retryInMs: wait },
      `Mail: the ${row.kind} email of order ${row.order_id} was not sent (attempt ${attempts} of ${OUTBOX_MAX_ATTEMPTS}): ${withoutEmails(message)}; next try in ${waitWords(wait)}.`,
    );
    return "retried";
  }
  await writer
    .updateTable("outbox")
    .set({ attempts, last_error: null, sent_at: now, claimed_at: null, ...(SENT_BODY_REMOVED_KINDS.has(row.kind) ? { html: BODY_REMOVED, text: BODY_REMOVED } : {}) })
    .where("id", "=", row.id)
    .where("sent_at", "is", null)
    .execute();
  return "sent";
}

/**
 * PostgreSQL: claims, sends and records ONE due row in one transaction (docs/decisions/1020). The
 * claim is the row lock (`for update skip locked`), held while the email is sent and released by
 * the COMMIT that writes sent_at (or the failure's attempt and back-off): a process killed at any
 * moment before the commit loses its session, PostgreSQL rolls back and drops the lock, and the
 * next sender's poll takes the row — no lease to wait out, no lock left behind. Other mail goes
 * first; a newsletter row is taken only under the store's newsletter lock
 * (`pg_try_advisory_xact_lock`, held to the commit), after counting the newsletters sent in the
 * last minute (all committed: every newsletter send holds that lock), so NEWSLETTER_PER_MINUTE
 * holds for the whole store however many processes send. Answers what happened, or "none" when
 * nothing was due (or only newsletters, and the budget is spent or another process is sending one).
 */
async function deliverNextPostgres(db: DB, context: SendContext, perMinute: number): Promise<SendOutcome | "none"> {
  return db.transaction().execute(async (trx) => {
    await sql`set local idle_in_transaction_session_timeout = ${sql.lit(OUTBOX_SEND_TRANSACTION_IDLE_MS)}`.execute(trx);
    let row = await dueRows(trx, context.now, "not-newsletters").forUpdate().skipLocked().executeTakeFirst();
    if (!row && perMinute > 0) {
      const locked = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${NEWSLETTER_LOCK}) as locked`.execute(trx);
      if (locked.rows[0]?.locked && (await newslettersSentLastMinute(trx, context.now)) < perMinute) {
        row = await dueRows(trx, context.now, "newsletters").forUpdate().skipLocked().executeTakeFirst();
      }
    }
    if (!row) return "none";
    return sendAndRecord(db, trx, row, context);
  });
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").trim().slice(0, 500) || "unknown error";
}

function waitWords(ms: number): string {
  return ms >= 60 * 60_000 ? `${ms / (60 * 60_000)} h` : `${ms / 60_000} min`;
}

/** The domain of Message-IDs: the store's public host. */
function messageIdDomain(env: Env): string {
  return new URL(publicUrl(env)).hostname || "localhost";
}

/**
 * Sends the due outbox emails (`sent_at` and `failed_at` null, `next_attempt_at` ≤ `now`, ms),
 * oldest first, at most `limit` (OUTBOX_RUN_LIMIT), through `transport`; stops early when
 * `signal` aborts (shutdown). Each sent row gets `sent_at = now` once. A failed send counts the
 * attempt, stores the error and is due again after `outboxBackoffMs(attempts)` with a warning;
 * at OUTBOX_MAX_ATTEMPTS it is given up (`failed_at`) with an error line "MAIL FAILED: …".
 * `from` defaults to `mailFrom()`, attachments to `orderEmailAttachments`; newsletters go at most
 * `newslettersPerMinute` (NEWSLETTER_PER_MINUTE) a minute for the whole store.
 * PostgreSQL: any number of processes may run it at once; each row is claimed, sent and recorded
 * in one transaction holding its row lock (deliverNextPostgres), other mail before newsletters, so
 * a sender killed mid-send leaves the row to the next poll of any sender (issue 49 item 1).
 * SQLite: one process per file; a short claim moves the row's due time on by OUTBOX_LEASE_MS and
 * marks it claimed (`releaseInterruptedClaims` puts it back at the next start), in due order.
 * Rejects only when the database does. Source: issue 14 item 4; issue 49 item 1; DESIGN.md §20.
 */
export async function deliverOutbox(
  db: DB,
  transport: MailTransport,
  now: number,
  options: { limit?: number; from?: string; attachments?: OrderEmailAttachments; signal?: AbortSignal; env?: Env; newslettersPerMinute?: number } = {},
): Promise<OutboxRun> {
  const env = options.env ?? getEnv();
  // Replies go to the owner's customer-care email (issue 25 item 1), read once a run that sends any.
  let careEmail: Promise<string> | null = null;
  const context: SendContext = {
    from: options.from ?? mailFrom(env),
    env,
    attachments: options.attachments ?? orderEmailAttachments,
    careEmail: () => (careEmail ??= readStoreSettings(db).then((settings) => settings.careEmail)),
    transport,
    now,
  };
  const run: OutboxRun = { sent: 0, retried: 0, failed: 0 };
  // Newsletters go at most NEWSLETTER_PER_MINUTE a minute (issue 24 item 3); other mail never waits for them.
  const perMinute = options.newslettersPerMinute ?? env.NEWSLETTER_PER_MINUTE;
  const sqlite = isSqlite(db);
  let newsletterBudget = sqlite ? perMinute - (await newslettersSentLastMinute(db, now)) : 0;
  for (let count = 0; count < (options.limit ?? OUTBOX_RUN_LIMIT) && !options.signal?.aborted; count++) {
    let outcome: SendOutcome | "none";
    if (sqlite) {
      const row = await claimNextSqlite(db, now, newsletterBudget > 0);
      if (!row) break;
      if (row.kind === NEWSLETTER_KIND) newsletterBudget -= 1;
      outcome = await sendAndRecord(db, db, row, context);
    } else {
      outcome = await deliverNextPostgres(db, context, perMinute);
    }
    if (outcome === "none") break;
    run[outcome] += 1;
  }
  return run;
}

/** The process's sender: `nudge` runs it now (or again after the current run); `close` stops it. */
export type OrderEmailSender = { transport: MailTransport; nudge: () => void; close: () => Promise<void> };

declare global {
  // One sender per server process; a dev rebuild replaces it.
  var __orderEmails: OrderEmailSender | undefined;
}

/**
 * Starts the server process's order-email sender (issue 14 item 4): SMTP with SMTP_URL, else
 * `.eml` files in `outboxDir()` (logged once: "Mail: no SMTP_URL; writing emails to <dir>"); on
 * SQLite first puts the rows its predecessor claimed and never finished due again
 * (`releaseInterruptedClaims`); runs `deliverOutbox` now, every OUTBOX_POLL_MS on an unref'd timer, and when nudged — one run at a
 * time. Replaces a sender started before (dev rebuilds). Never throws on a send: failures are
 * the outbox's retries; a database error is logged and tried again at the next tick.
 */
export function startOrderEmails(env: Env = getEnv(), database: () => Promise<DB> = getDb): OrderEmailSender {
  void globalThis.__orderEmails?.close();
  const transport = createMailTransport({ smtpUrl: env.SMTP_URL, outboxDir: outboxDir(env) });
  if (transport.kind === "files") log.info({ transport: transport.kind, where: transport.where }, `Mail: no SMTP_URL; writing emails to ${transport.where}`);
  else log.info({ transport: transport.kind, where: transport.where }, `Mail: sending order emails through ${transport.where}`);
  const stop = new AbortController();
  let running: Promise<void> | null = null;
  let again = false;

  // SQLite: the rows this file's previous process claimed and never finished are due again (issue 49 item 1).
  let released = false;
  const runOnce = async () => {
    do {
      again = false;
      try {
        const db = await database();
        if (!released && isSqlite(db)) {
          const count = await releaseInterruptedClaims(db);
          if (count > 0) log.info({ outboxRows: count }, `Mail: ${count} email(s) claimed by the previous process and not sent are due again`);
        }
        released = true;
        const run = await deliverOutbox(db, transport, Date.now(), { signal: stop.signal, env });
        if (run.sent + run.retried + run.failed >= OUTBOX_RUN_LIMIT) again = true;
      } catch (error) {
        log.error({ err: error }, "Mail: the outbox could not be read");
      }
    } while (again && !stop.signal.aborted);
  };
  const nudge = () => {
    if (stop.signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    running = runOnce().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(nudge, OUTBOX_POLL_MS);
  timer.unref();
  setImmediate(nudge);

  const sender: OrderEmailSender = {
    transport,
    nudge,
    close: async () => {
      stop.abort();
      clearInterval(timer);
      await running;
      transport.close();
      if (globalThis.__orderEmails === sender) globalThis.__orderEmails = undefined;
    },
  };
  globalThis.__orderEmails = sender;
  return sender;
}

/** Asks the process's sender (if one runs: the server, not tests or commands) to look at the outbox now. Call after a commit that enqueued. */
export function nudgeOrderEmails(): void {
  globalThis.__orderEmails?.nudge();
}

/** Stops the process's sender, waiting for the email in flight (graceful shutdown). Never throws. */
export async function stopOrderEmails(): Promise<void> {
  await globalThis.__orderEmails?.close().catch(() => undefined);
}
