import crypto from "node:crypto";
import { stringify } from "csv-stringify/sync";
import { sql } from "kysely";
import { getEnv, publicUrl, type Env } from "~/config/env.server";
import { isSqlite, type DB, type Executor } from "~/db/db.server";
import { BackendError } from "~/lib/errors";
import { newsletterHeaders, oneLine, progressLine, renderConfirmationEmail, renderNewsletterEmail, type NewsletterProgress } from "~/lib/newsletter";
import { NEWSLETTER_CONSENT_TEXTS, newsletterConsentLanguage, type NewsletterConsentVersion } from "~/schemas/newsletter-constants";
import { recordAudit, type Actor } from "~/services/audit.server";
import { NEWSLETTER_KIND, nudgeOrderEmails } from "~/services/order-emails.server";

/**
 * The newsletter with real consent (issue 24 item 3; DESIGN.md §22, DPDP Act 2023;
 * docs/decisions/0720).
 *
 * - **Sign-up** (`requestSubscription`) records nothing as a subscription: it keeps the address,
 *   the consent words shown and a pending link (SHA-256 of a random token, 7 days), and queues the
 *   confirmation email in the outbox. The caller answers the same sentence whatever happened
 *   (already subscribed, limited, queued).
 * - **Confirmation** (`confirmSubscription`, a POST from the link's page) uses the link once and
 *   sets `confirmed_at`; the words and their version are kept, and logged.
 * - **Withdrawal** (`unsubscribe`) by the subscriber's own random token, no login; logged, and
 *   their newsletters not sent yet are dropped.
 * - **Sending** (`sendNewsletter`) queues one outbox message per confirmed subscriber, each with
 *   its own unsubscribe link and the RFC 8058 headers, spread over time at NEWSLETTER_PER_MINUTE;
 *   the outbox's sender keeps that pace (`deliverOutbox`). Audited.
 */

/** How long a confirmation link works, ms: 7 days. */
export const CONFIRM_LINK_TTL_MS = 7 * 24 * 60 * 60_000;
/** Confirmation emails one address gets in a day at most (a flood of sign-ups for someone else's address). */
export const CONFIRMATIONS_PER_EMAIL_PER_DAY = 3;
/** Confirmation emails the whole store sends in an hour at most (a flood of made-up addresses). */
export const CONFIRMATIONS_PER_HOUR = 300;
/** Subscribers a back-office page lists. */
export const SUBSCRIBERS_PAGE_SIZE = 50;
/** The outbox kind of the confirmation email. */
export const NEWSLETTER_CONFIRM_KIND = "newsletter_confirm";
/** `outbox.last_error` of a newsletter dropped because its subscriber unsubscribed first. */
export const UNSUBSCRIBED_BEFORE_SENDING = "unsubscribed before sending";

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

function sha256(text: string): string {
  return crypto.createHash("sha256").update(text).digest("hex");
}

function newToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** The form of an address the store keeps: trimmed, lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** `${PUBLIC_URL}/newsletter/confirm?token=…` (`/hi/newsletter/confirm` for a sign-up from a Hindi page, issue 27). */
export function confirmUrl(token: string, env: Env = getEnv(), language: "en" | "hi" = "en"): string {
  return `${publicUrl(env)}${language === "hi" ? "/hi" : ""}/newsletter/confirm?token=${encodeURIComponent(token)}`;
}

/**
 * `${PUBLIC_URL}/newsletter/unsubscribe?token=…`: GET shows a one-button page, POST unsubscribes
 * (RFC 8058); under /hi for a subscriber who signed up with the Hindi words (issue 27).
 */
export function unsubscribeUrl(token: string, env: Env = getEnv(), language: "en" | "hi" = "en"): string {
  return `${publicUrl(env)}${language === "hi" ? "/hi" : ""}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

async function count(query: { executeTakeFirst: () => Promise<{ count: number | string | bigint } | undefined> }): Promise<number> {
  return Number((await query.executeTakeFirst())?.count ?? 0);
}

/** What became of a sign-up; the shopper is never told (the answer is the same either way). */
export type SubscriptionRequest = { queued: boolean; reason?: "subscribed" | "limited" };

/**
 * A sign-up from the newsletter box: `email` (checked by the caller's schema) agreeing to the
 * words of `consentVersion`. Unless the address is subscribed already or over its limits
 * (CONFIRMATIONS_PER_EMAIL_PER_DAY, CONFIRMATIONS_PER_HOUR for the store), stores a new pending
 * link — ending any earlier one — and queues the confirmation email, in one transaction. Pending
 * sign-ups whose link expired are deleted on the way (never confirmed: nothing to keep).
 * `now` in ms. Throws only what the database throws.
 */
export async function requestSubscription(
  db: DB,
  input: { email: string; consentVersion: NewsletterConsentVersion },
  options: { now: number; env?: Env },
): Promise<SubscriptionRequest> {
  const env = options.env ?? getEnv();
  const { now } = options;
  const email = normaliseEmail(input.email);
  const consentText = NEWSLETTER_CONSENT_TEXTS[input.consentVersion];
  const token = newToken();
  const tokenHash = sha256(token);
  const result = await db.transaction().execute(async (trx): Promise<SubscriptionRequest> => {
    // One sign-up per address at a time (PostgreSQL; SQLite writes one transaction at a time), so
    // parallel posts count against the address's limit in turn and never race to insert it twice.
    if (!isSqlite(db)) await sql`select pg_advisory_xact_lock(hashtext(${`newsletter:${email}`}))`.execute(trx);
    await trx
      .deleteFrom("newsletter_subscribers")
      .where("confirmed_at", "is", null)
      .where("unsubscribed_at", "is", null)
      .where("confirm_expires_at", "<", now)
      .execute();
    const existing = await trx.selectFrom("newsletter_subscribers").selectAll().where("email", "=", email).executeTakeFirst();
    if (existing && existing.confirmed_at !== null && existing.unsubscribed_at === null) return { queued: false, reason: "subscribed" };
    const sentToAddress = await count(
      trx
        .selectFrom("outbox")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("kind", "=", NEWSLETTER_CONFIRM_KIND)
        .where("recipient", "=", email)
        .where("created_at", ">", now - DAY_MS),
    );
    if (sentToAddress >= CONFIRMATIONS_PER_EMAIL_PER_DAY) return { queued: false, reason: "limited" };
    const sentThisHour = await count(
      trx
        .selectFrom("outbox")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("kind", "=", NEWSLETTER_CONFIRM_KIND)
        .where("created_at", ">", now - HOUR_MS),
    );
    if (sentThisHour >= CONFIRMATIONS_PER_HOUR) return { queued: false, reason: "limited" };

    let subscriberId: number;
    const pending = { consent_version: input.consentVersion, consent_text: consentText, requested_at: now, confirm_token_hash: tokenHash, confirm_expires_at: now + CONFIRM_LINK_TTL_MS };
    if (existing) {
      // Not subscribed (never confirmed, or withdrew): the new words and link replace the pending ones.
      await trx.updateTable("newsletter_subscribers").set(pending).where("id", "=", existing.id).execute();
      subscriberId = Number(existing.id);
    } else {
      const row = await trx
        .insertInto("newsletter_subscribers")
        .values({ email, ...pending, confirmed_at: null, unsubscribed_at: null, unsubscribe_token: newToken() })
        .returning("id")
        .executeTakeFirstOrThrow();
      subscriberId = Number(row.id);
    }
    // In the words' language: a sign-up from a Hindi page agreed to the Hindi version (docs/decisions/0910).
    const language = newsletterConsentLanguage(input.consentVersion);
    const mail = renderConfirmationEmail({ storeName: env.STORE_NAME, confirmUrl: confirmUrl(token, env, language), consentText, validDays: CONFIRM_LINK_TTL_MS / DAY_MS, language });
    await trx
      .insertInto("outbox")
      .values({
        kind: NEWSLETTER_CONFIRM_KIND,
        order_id: `newsletter-${subscriberId}`,
        recipient: email,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        dedupe_key: `${NEWSLETTER_CONFIRM_KIND}:${tokenHash}`,
        next_attempt_at: now,
        sent_at: null,
        failed_at: null,
        last_error: null,
        created_at: now,
      })
      .execute();
    return { queued: true };
  });
  if (result.queued) nudgeOrderEmails();
  return result;
}

async function subscriberByConfirmToken(db: Executor, token: unknown, now: number) {
  if (typeof token !== "string" || token.length < 20 || token.length > 100) return undefined;
  return db
    .selectFrom("newsletter_subscribers")
    .selectAll()
    .where("confirm_token_hash", "=", sha256(token))
    .where("confirm_expires_at", ">", now)
    .executeTakeFirst();
}

/** True when `token` is a live confirmation link (for its page; changes nothing). */
export async function confirmationIsLive(db: DB, token: unknown, now: number): Promise<boolean> {
  return Boolean(await subscriberByConfirmToken(db, token, now));
}

/**
 * Confirms the subscription of a live link's address (double opt-in): `confirmed_at = now`, the
 * withdrawal cleared, the link used up (single use), a `confirmed` entry with the words in the
 * consent log. Answers false for an unknown, used or expired link (nothing changes).
 */
export async function confirmSubscription(db: DB, token: unknown, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const subscriber = await subscriberByConfirmToken(trx, token, now);
    if (!subscriber) return false;
    const used = await trx
      .updateTable("newsletter_subscribers")
      .set({ confirmed_at: now, unsubscribed_at: null, confirm_token_hash: null, confirm_expires_at: null })
      .where("id", "=", subscriber.id)
      .where("confirm_token_hash", "=", subscriber.confirm_token_hash)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto("newsletter_consent_log")
      .values({ subscriber_id: Number(subscriber.id), event: "confirmed", at: now, consent_version: subscriber.consent_version, consent_text: subscriber.consent_text })
      .execute();
    return true;
  });
}

async function subscriberByUnsubscribeToken(db: Executor, token: unknown) {
  if (typeof token !== "string" || token.length < 20 || token.length > 100) return undefined;
  return db.selectFrom("newsletter_subscribers").selectAll().where("unsubscribe_token", "=", token).executeTakeFirst();
}

/** True when `token` is some subscriber's unsubscribe token (for its page; changes nothing). */
export async function unsubscribeTokenIsKnown(db: DB, token: unknown): Promise<boolean> {
  return Boolean(await subscriberByUnsubscribeToken(db, token));
}

/**
 * Withdraws the consent of the subscriber whose unsubscribe token this is (RFC 8058 one-click: no
 * login): `unsubscribed_at = now`, an `unsubscribed` entry in the consent log, and their
 * newsletters not sent yet dropped. A second call changes nothing and still answers true. False
 * for an unknown token.
 */
export async function unsubscribe(db: DB, token: unknown, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const subscriber = await subscriberByUnsubscribeToken(trx, token);
    if (!subscriber) return false;
    if (subscriber.unsubscribed_at !== null || subscriber.confirmed_at === null) return true;
    const withdrawn = await trx.updateTable("newsletter_subscribers").set({ unsubscribed_at: now }).where("id", "=", subscriber.id).where("unsubscribed_at", "is", null).executeTakeFirst();
    if (Number(withdrawn.numUpdatedRows) !== 1) return true; // a parallel click got there first
    await trx.insertInto("newsletter_consent_log").values({ subscriber_id: Number(subscriber.id), event: "unsubscribed", at: now, consent_version: null, consent_text: null }).execute();
    await trx
      .updateTable("outbox")
      .set({ failed_at: now, last_error: UNSUBSCRIBED_BEFORE_SENDING })
      .where("kind", "=", NEWSLETTER_KIND)
      .where("recipient", "=", subscriber.email)
      .where("sent_at", "is", null)
      .where("failed_at", "is", null)
      .execute();
    return true;
  });
}

/** A confirmed subscriber as the back office lists them. Times in ms. */
export type Subscriber = { email: string; confirmedAt: number; consentVersion: string };

function confirmedSubscribers(db: DB) {
  return db.selectFrom("newsletter_subscribers").where("confirmed_at", "is not", null).where("unsubscribed_at", "is", null);
}

/** How many addresses are subscribed now (confirmed, not withdrawn). */
export async function countSubscribers(db: DB): Promise<number> {
  return count(confirmedSubscribers(db).select((eb) => eb.fn.countAll<number>().as("count")));
}

/** One page (1-based, SUBSCRIBERS_PAGE_SIZE) of the subscribers, newest confirmation first, with the total and page count. */
export async function listSubscribers(db: DB, requestedPage: number): Promise<{ subscribers: Subscriber[]; total: number; page: number; pageCount: number }> {
  const total = await countSubscribers(db);
  const pageCount = Math.max(1, Math.ceil(total / SUBSCRIBERS_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(requestedPage) || 1), pageCount);
  const rows = await confirmedSubscribers(db)
    .select(["email", "confirmed_at", "consent_version"])
    .orderBy("confirmed_at", "desc")
    .orderBy("id", "desc")
    .limit(SUBSCRIBERS_PAGE_SIZE)
    .offset((page - 1) * SUBSCRIBERS_PAGE_SIZE)
    .execute();
  return { subscribers: rows.map((row) => ({ email: row.email, confirmedAt: Number(row.confirmed_at), consentVersion: row.consent_version })), total, page, pageCount };
}

/** A text cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a leading ' (OWASP CSV injection), as the sales export does. */
function safeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export const SUBSCRIBERS_CSV_COLUMNS = ["Email", "Confirmed (UTC)", "Consent version", "Consent text"] as const;

/** Every subscriber as CSV (csv-stringify, header row, CRLF): the address, when confirmed, the words agreed to. */
export async function subscribersCsv(db: DB): Promise<string> {
  const rows = await confirmedSubscribers(db).select(["email", "confirmed_at", "consent_version", "consent_text"]).orderBy("confirmed_at").orderBy("id").execute();
  return stringify(
    rows.map((row) => [safeCell(row.email), new Date(Number(row.confirmed_at)).toISOString(), safeCell(row.consent_version), safeCell(row.consent_text)]),
    { header: true, columns: [...SUBSCRIBERS_CSV_COLUMNS], record_delimiter: "windows" },
  );
}

/** A newsletter as the owner writes it: subject (one line, 1–150) and Markdown text (1–20,000). */
export type NewsletterDraft = { subject: string; body: string };

/**
 * Sends a newsletter: one outbox message per subscriber confirmed and not withdrawn at `now`
 * (ms), each with its own unsubscribe link in the text and in `List-Unsubscribe` (RFC 8058), due
 * one after another at NEWSLETTER_PER_MINUTE after any newsletter still queued; writes the send
 * and its audit row in the same transaction. Refuses (BackendError 400) a subject with line breaks
 * and a send with no subscribers. Answers the send's id and how many were queued.
 */
export async function sendNewsletter(db: DB, draft: NewsletterDraft, actor: Actor, options: { now: number; env?: Env }): Promise<{ campaignId: number; queued: number }> {
  const env = options.env ?? getEnv();
  const { now } = options;
  if (/[\r\n]/.test(draft.subject)) throw new BackendError(400, "The subject must be one line.");
  const subject = oneLine(draft.subject);
  if (!subject) throw new BackendError(400, "Please write a subject.");
  const result = await db.transaction().execute(async (trx) => {
    const subscribers = await trx
      .selectFrom("newsletter_subscribers")
      .select(["id", "email", "unsubscribe_token", "consent_version"])
      .where("confirmed_at", "is not", null)
      .where("unsubscribed_at", "is", null)
      .orderBy("id")
      .execute();
    if (subscribers.length === 0) throw new BackendError(400, "There are no subscribers to send to.");
    const campaign = await trx
      .insertInto("newsletter_campaigns")
      .values({ subject, body: draft.body, created_at: now, created_by: actor.email, recipients: subscribers.length })
      .returning("id")
      .executeTakeFirstOrThrow();
    const campaignId = Number(campaign.id);
    const spacing = Math.ceil(60_000 / env.NEWSLETTER_PER_MINUTE);
    const last = await trx
      .selectFrom("outbox")
      .select((eb) => eb.fn.max("next_attempt_at").as("last"))
      .where("kind", "=", NEWSLETTER_KIND)
      .where("sent_at", "is", null)
      .where("failed_at", "is", null)
      .executeTakeFirst();
    const start = Math.max(now, last?.last == null ? 0 : Number(last.last) + spacing);
    const rows = subscribers.map((subscriber, index) => {
      // The page in the language whose words the subscriber agreed to.
      const language = newsletterConsentLanguage(subscriber.consent_version);
      const link = unsubscribeUrl(subscriber.unsubscribe_token, env, language);
      const mail = renderNewsletterEmail({ storeName: env.STORE_NAME, subject, bodyMarkdown: draft.body, unsubscribeUrl: link });
      return {
        kind: NEWSLETTER_KIND,
        order_id: `newsletter-${subscriber.id}`,
        recipient: subscriber.email,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: JSON.stringify(newsletterHeaders(link, env.NEWSLETTER_UNSUBSCRIBE_MAILTO)),
        campaign_id: campaignId,
        dedupe_key: `${NEWSLETTER_KIND}:${campaignId}:${subscriber.id}`,
        next_attempt_at: start + index * spacing,
        sent_at: null,
        failed_at: null,
        last_error: null,
        created_at: now,
      };
    });
    for (let i = 0; i < rows.length; i += 500) await trx.insertInto("outbox").values(rows.slice(i, i + 500)).execute();
    await recordAudit(trx, { actor, entity: "newsletter", entityId: String(campaignId), action: "newsletter_sent", after: { subject, recipients: subscribers.length }, at: now });
    return { campaignId, queued: subscribers.length };
  });
  nudgeOrderEmails();
  return result;
}

/** A send as the back office lists it, with its progress. */
export type NewsletterCampaign = { id: number; subject: string; createdAt: number; createdBy: string; progress: NewsletterProgress; progressLine: string };

/** The latest `limit` sends, newest first, each with its progress read from the outbox now. */
export async function listCampaigns(db: DB, limit = 10): Promise<NewsletterCampaign[]> {
  const campaigns = await db.selectFrom("newsletter_campaigns").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
  return Promise.all(
    campaigns.map(async (campaign) => {
      const id = Number(campaign.id);
      const figures = await db
        .selectFrom("outbox")
        .select((eb) => [
          eb.fn.countAll<number>().as("queued"),
          eb.fn.count<number>("sent_at").as("sent"),
          sql<number>`sum(case when failed_at is not null and last_error = ${UNSUBSCRIBED_BEFORE_SENDING} then 1 else 0 end)`.as("cancelled"),
          eb.fn.count<number>("failed_at").as("ended"),
        ])
        .where("campaign_id", "=", id)
        .executeTakeFirst();
      const unsubscribedSince = await count(
        db
          .selectFrom("newsletter_subscribers")
          .innerJoin("outbox", "outbox.recipient", "newsletter_subscribers.email")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .where("outbox.campaign_id", "=", id)
          .where("newsletter_subscribers.unsubscribed_at", ">=", Number(campaign.created_at)),
      );
      const progress: NewsletterProgress = {
        queued: Number(figures?.queued ?? 0),
        sent: Number(figures?.sent ?? 0),
        failed: Number(figures?.ended ?? 0) - Number(figures?.cancelled ?? 0),
        cancelled: Number(figures?.cancelled ?? 0),
        unsubscribedSince,
      };
      return { id, subject: campaign.subject, createdAt: Number(campaign.created_at), createdBy: campaign.created_by, progress, progressLine: progressLine(progress) };
    }),
  );
}

/** What the back office's newsletter page shows, in one trip: subscribers (a page), their count, the latest sends. */
export async function newsletterOffice(db: DB, page: number) {
  const [list, campaigns] = await Promise.all([listSubscribers(db, page), listCampaigns(db)]);
  return { ...list, campaigns };
}
