import crypto from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv } from "~/config/env.server";
import type { DB } from "~/db/db.server";
import { BackendError } from "~/lib/errors";
import { newsletterBodyHtml, newsletterHeaders, progressLine } from "~/lib/newsletter";
import { newsletterDraftSchema, newsletterSignUpSchema } from "~/schemas/newsletter";
import { NEWSLETTER_CONSENT_TEXTS, NEWSLETTER_CONSENT_VERSION, type NewsletterConsentVersion } from "~/schemas/newsletter-constants";
import type { Actor } from "~/services/audit.server";
import { createMailTransport, type MailTransport } from "~/services/mail.server";
import {
  CONFIRM_LINK_TTL_MS,
  confirmSubscription,
  countSubscribers,
  listCampaigns,
  listSubscribers,
  requestSubscription,
  sendNewsletter,
  subscribersCsv,
  unsubscribe,
  unsubscribeTokenIsKnown,
} from "~/services/newsletter.server";
import { deliverOutbox } from "~/services/order-emails.server";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp-server";
import { testDatabases, type TestDatabase } from "../setup/databases";

/**
 * The newsletter with real consent (issue 24 item 3; DESIGN.md §22; docs/decisions/0720) on
 * SQLite and PostgreSQL, mail received over real SMTP by an in-process `smtp-server`: nothing is
 * recorded until the emailed link is confirmed; the words and time are kept; the link is single
 * use and expires; unsubscribing needs only the subscriber's own token; every newsletter carries
 * List-Unsubscribe and List-Unsubscribe-Post; a send queues one message per confirmed subscriber
 * and the outbox keeps NEWSLETTER_PER_MINUTE.
 */

const NOW = Date.parse("2026-11-24T12:00:00+05:30");
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const OWNER: Actor = { id: null, email: "owner@example.in" };
const env = parseEnv({
  PUBLIC_URL: "https://chronoindia.example",
  PAYMENT_SIMULATOR: "true",
  NEWSLETTER_UNSUBSCRIBE_MAILTO: "unsubscribe@chronoindia.example",
  NEWSLETTER_PER_MINUTE: "60",
});
const WORDS = NEWSLETTER_CONSENT_TEXTS[NEWSLETTER_CONSENT_VERSION];

let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp.close();
});

describe.each(testDatabases())("the newsletter on $name", ({ create }) => {
  let current: TestDatabase | undefined;
  let db: DB;
  let transport: MailTransport;

  async function setUp() {
    current = await create();
    db = current.db;
    smtp.received.length = 0;
    smtp.failNext(0);
    transport = createMailTransport({ smtpUrl: smtp.url, outboxDir: "/nonexistent" });
  }
  afterEach(async () => {
    transport?.close();
    await current?.cleanup();
    current = undefined;
    vi.restoreAllMocks();
  });

  const outbox = () => db.selectFrom("outbox").selectAll().orderBy("id").execute();
  const signUp = (email: string, now = NOW, consentVersion: NewsletterConsentVersion = NEWSLETTER_CONSENT_VERSION) => requestSubscription(db, { email, consentVersion }, { now, env });
  /** The token of the latest confirmation email to `email`, read from the email as the shopper would. */
  async function confirmToken(email: string): Promise<string> {
    const rows = (await outbox()).filter((row) => row.kind === "newsletter_confirm" && row.recipient === email);
    const match = /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(rows[rows.length - 1]?.text ?? "");
    if (!match) throw new Error(`no confirmation email to ${email}`);
    return match[1];
  }
  async function subscribe(email: string, now = NOW, consentVersion?: NewsletterConsentVersion): Promise<void> {
    await signUp(email, now, consentVersion);
    expect(await confirmSubscription(db, await confirmToken(email), now + MINUTE)).toBe(true);
  }
  const subscriberRow = (email: string) => db.selectFrom("newsletter_subscribers").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
  /** Many confirmed subscribers at once (the rate test), as a confirmation would leave them. */
  async function confirmedSubscribers(count: number) {
    const rows = Array.from({ length: count }, (_, index) => ({
      email: `reader-${index}@example.in`,
      consent_version: NEWSLETTER_CONSENT_VERSION,
      consent_text: WORDS,
      requested_at: NOW,
      confirm_token_hash: null,
      confirm_expires_at: null,
      confirmed_at: NOW,
      unsubscribed_at: null,
      unsubscribe_token: crypto.randomBytes(32).toString("base64url"),
    }));
    await db.insertInto("newsletter_subscribers").values(rows).execute();
  }

  it("records nothing until the address confirms; then keeps the address, the time and the exact words", async () => {
    await setUp();
    expect(await signUp("  Asha@Example.IN ")).toEqual({ queued: true });
    expect(await countSubscribers(db)).toBe(0);
    expect((await listSubscribers(db, 1)).subscribers).toEqual([]);
    const [mail] = await outbox();
    expect([mail.kind, mail.recipient]).toEqual(["newsletter_confirm", "asha@example.in"]);
    expect(mail.text).toContain(WORDS);
    const token = await confirmToken("asha@example.in");

    // The token is kept only as its SHA-256.
    const pending = await subscriberRow("asha@example.in");
    expect(pending.confirm_token_hash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(pending)).not.toContain(token);
    expect(pending.confirmed_at).toBeNull();

    expect(await confirmSubscription(db, token, NOW + 5 * MINUTE)).toBe(true);
    const confirmed = await subscriberRow("asha@example.in");
    expect([Number(confirmed.confirmed_at), confirmed.consent_text, confirmed.consent_version, confirmed.confirm_token_hash]).toEqual([
      NOW + 5 * MINUTE,
      WORDS,
      NEWSLETTER_CONSENT_VERSION,
      null,
    ]);
    const log = await db.selectFrom("newsletter_consent_log").selectAll().execute();
    expect(log.map((entry) => [entry.event, Number(entry.at), entry.consent_text])).toEqual([["confirmed", NOW + 5 * MINUTE, WORDS]]);
    expect(await listSubscribers(db, 1)).toMatchObject({ total: 1, subscribers: [{ email: "asha@example.in", confirmedAt: NOW + 5 * MINUTE }] });
  });

  it("uses a confirmation link once, never after 7 days, and never a newer link's predecessor", async () => {
    await setUp();
    await signUp("ravi@example.in");
    const first = await confirmToken("ravi@example.in");
    await signUp("ravi@example.in", NOW + MINUTE);
    const second = await confirmToken("ravi@example.in");
    expect(second).not.toBe(first);
    expect(await confirmSubscription(db, first, NOW + 2 * MINUTE)).toBe(false);
    expect(await confirmSubscription(db, second, NOW + MINUTE + CONFIRM_LINK_TTL_MS)).toBe(false);
    expect(await confirmSubscription(db, "x".repeat(43), NOW + 2 * MINUTE)).toBe(false);
    expect(await confirmSubscription(db, second, NOW + 2 * MINUTE)).toBe(true);
    expect(await confirmSubscription(db, second, NOW + 3 * MINUTE)).toBe(false);
    expect(await countSubscribers(db)).toBe(1);
  });

  it("answers alike for a subscribed address and mails it nothing; limits confirmation emails to 3 a day per address", async () => {
    await setUp();
    await subscribe("meera@example.in");
    const before = (await outbox()).length;
    expect(await signUp("meera@example.in", NOW + 2 * MINUTE)).toEqual({ queued: false, reason: "subscribed" });
    expect((await outbox()).length).toBe(before);

    for (let i = 0; i < 3; i++) expect((await signUp("victim@example.in", NOW + i)).queued).toBe(true);
    expect(await signUp("victim@example.in", NOW + 10)).toEqual({ queued: false, reason: "limited" });
    expect((await outbox()).filter((row) => row.recipient === "victim@example.in")).toHaveLength(3);
    expect((await signUp("victim@example.in", NOW + DAY + 1)).queued).toBe(true);
  });

  it("counts parallel sign-ups for one address in turn: 3 emails, one row, no error", async () => {
    await setUp();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => signUp("flood@example.in", NOW + i)));
    expect(results.filter((result) => result.queued)).toHaveLength(3);
    expect((await outbox()).filter((row) => row.recipient === "flood@example.in")).toHaveLength(3);
    expect(await db.selectFrom("newsletter_subscribers").select("id").where("email", "=", "flood@example.in").execute()).toHaveLength(1);
  });

  it("unsubscribes by the subscriber's own token with no login, records the time, and touches nobody else", async () => {
    await setUp();
    await subscribe("asha@example.in");
    await subscribe("ravi@example.in");
    const asha = await subscriberRow("asha@example.in");
    const ravi = await subscriberRow("ravi@example.in");
    expect(asha.unsubscribe_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(asha.unsubscribe_token).not.toBe(ravi.unsubscribe_token);
    expect(await unsubscribeTokenIsKnown(db, "guess".repeat(9))).toBe(false);
    expect(await unsubscribe(db, asha.unsubscribe_token.slice(0, -1) + (asha.unsubscribe_token.endsWith("A") ? "B" : "A"), NOW + DAY)).toBe(false);

    expect(await unsubscribe(db, asha.unsubscribe_token, NOW + DAY)).toBe(true);
    expect(await unsubscribe(db, asha.unsubscribe_token, NOW + DAY + 1)).toBe(true);
    expect(Number((await subscriberRow("asha@example.in")).unsubscribed_at)).toBe(NOW + DAY);
    expect((await subscriberRow("ravi@example.in")).unsubscribed_at).toBeNull();
    expect((await listSubscribers(db, 1)).subscribers.map((s) => s.email)).toEqual(["ravi@example.in"]);
    const log = await db.selectFrom("newsletter_consent_log").select(["event", "at"]).where("event", "=", "unsubscribed").execute();
    expect(log.map((entry) => Number(entry.at))).toEqual([NOW + DAY]);

    // Signing up again takes a new confirmation; until then the address stays unsubscribed.
    expect((await signUp("asha@example.in", NOW + 2 * DAY)).queued).toBe(true);
    expect(await countSubscribers(db)).toBe(1);
  });

  it("queues one newsletter per confirmed subscriber only; each arrives with List-Unsubscribe, One-Click and a visible link", async () => {
    await setUp();
    await subscribe("asha@example.in");
    // Ravi signed up with the Hindi words: his unsubscribe page is the Hindi one (issue 27).
    await subscribe("ravi@example.in", NOW, "2026-11-v1-hi");
    await subscribe("gone@example.in");
    await signUp("pending@example.in");
    await unsubscribe(db, (await subscriberRow("gone@example.in")).unsubscribe_token, NOW + 2 * MINUTE);
    await deliverOutbox(db, transport, NOW + 3 * MINUTE, { env, limit: 100 }); // the confirmation emails
    smtp.received.length = 0;

    const sent = await sendNewsletter(db, { subject: "New Seikos are in", body: "Hello **friends**. <script>alert(1)</script> [shop](https://chronoindia.example/collection) [x](javascript:alert(1))" }, OWNER, { now: NOW + 4 * MINUTE, env });
    expect(sent.queued).toBe(2);
    const rows = (await outbox()).filter((row) => row.kind === "newsletter");
    expect(rows.map((row) => row.recipient).sort()).toEqual(["asha@example.in", "ravi@example.in"]);
    expect(rows[0].html).toContain("<strong>friends</strong>");
    expect(rows[0].html).not.toContain("<script>");
    expect(rows[0].html).not.toContain("javascript:");
    const audit = await db.selectFrom("audit_log").selectAll().where("entity", "=", "newsletter").execute();
    expect(audit.map((row) => [row.action, row.actor_email, JSON.parse(row.after_json ?? "null")])).toEqual([
      ["newsletter_sent", OWNER.email, { subject: "New Seikos are in", recipients: 2 }],
    ]);

    await deliverOutbox(db, transport, NOW + 10 * MINUTE, { env, limit: 100 });
    expect(smtp.received).toHaveLength(2);
    for (const mail of smtp.received) {
      const to = (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text ?? "";
      const token = (await subscriberRow(to)).unsubscribe_token;
      const url = `https://chronoindia.example${to === "ravi@example.in" ? "/hi" : ""}/newsletter/unsubscribe?token=${token}`;
      // Unfolded (RFC 5322 2.2.3): a long header is folded at its spaces on the way.
      const header = (name: string) => mail.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n/g, "");
      expect(header("list-unsubscribe")).toBe(`List-Unsubscribe: <${url}>, <mailto:unsubscribe@chronoindia.example?subject=unsubscribe>`);
      expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      expect(mail.subject).toBe("New Seikos are in");
      expect(mail.text).toContain(url);
      expect(mail.html || "").toContain(`href="${url.replace(/&/g, "&amp;")}"`);
    }
    const [campaign] = await listCampaigns(db);
    expect(campaign.progress).toEqual({ queued: 2, sent: 2, failed: 0, cancelled: 0, unsubscribedSince: 0 });
  });

  it("refuses a subject with CR or LF (no header injection) and a send with nobody to send to", async () => {
    await setUp();
    await expect(sendNewsletter(db, { subject: "Hi", body: "x" }, OWNER, { now: NOW, env })).rejects.toThrow("There are no subscribers to send to.");
    await subscribe("asha@example.in");
    const injected = "Offers\r\nBcc: everyone@example.com";
    await expect(sendNewsletter(db, { subject: injected, body: "x" }, OWNER, { now: NOW, env })).rejects.toBeInstanceOf(BackendError);
    const parsed = newsletterDraftSchema.safeParse({ intent: "send", subject: injected, body: "x" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe("The subject must be one line, without control characters.");
    expect((await outbox()).filter((row) => row.kind === "newsletter")).toEqual([]);
  });

  it("drops a queued newsletter whose subscriber unsubscribed before their turn, and counts it", async () => {
    await setUp();
    await subscribe("asha@example.in");
    await subscribe("ravi@example.in");
    await deliverOutbox(db, transport, NOW + 2 * MINUTE, { env, limit: 100 });
    await sendNewsletter(db, { subject: "Diwali offers", body: "Up to 20% off." }, OWNER, { now: NOW + 3 * MINUTE, env });
    await unsubscribe(db, (await subscriberRow("ravi@example.in")).unsubscribe_token, NOW + 3 * MINUTE + 1);
    smtp.received.length = 0;
    await deliverOutbox(db, transport, NOW + 10 * MINUTE, { env, limit: 100 });
    expect(smtp.received.map((mail) => mail.subject)).toEqual(["Diwali offers"]);
    const [campaign] = await listCampaigns(db);
    expect(campaign.progress).toEqual({ queued: 2, sent: 1, failed: 0, cancelled: 1, unsubscribedSince: 1 });
    expect(progressLine(campaign.progress)).toBe("2 queued · 1 sent · 0 failed · 1 unsubscribed since · 1 not sent (unsubscribed first)");
  });

  it("sends newsletters at NEWSLETTER_PER_MINUTE at most, spread over time, while order mail never waits", async () => {
    await setUp();
    await confirmedSubscribers(150);
    await sendNewsletter(db, { subject: "Big list", body: "Hello" }, OWNER, { now: NOW, env });
    const due = (await outbox()).map((row) => Number(row.next_attempt_at));
    expect(due[0]).toBe(NOW);
    expect(due[149]).toBe(NOW + 149 * 1000); // one a second at 60 a minute

    // As if the sender had been down for an hour: everything is due at once, yet 60 go in a minute.
    await db.updateTable("outbox").set({ next_attempt_at: NOW }).execute();
    await db
      .insertInto("outbox")
      .values({ kind: "password_reset", order_id: "account-1", recipient: "someone@example.in", subject: "Reset", html: "<p>r</p>", text: "r", dedupe_key: "reset-1", next_attempt_at: NOW, sent_at: null, failed_at: null, last_error: null, created_at: NOW })
      .execute();
    const quick = createMailTransport({ smtpUrl: null, outboxDir: "/nonexistent" });
    const sentTo: string[] = [];
    quick.send = async (mail) => {
      sentTo.push(mail.to);
    };
    const first = await deliverOutbox(db, quick, NOW + 60 * MINUTE, { env, limit: 1000 });
    expect(first.sent).toBe(61);
    expect(sentTo).toContain("someone@example.in");
    expect((await deliverOutbox(db, quick, NOW + 60 * MINUTE + 30_000, { env, limit: 1000 })).sent).toBe(0);
    expect((await deliverOutbox(db, quick, NOW + 61 * MINUTE + 1, { env, limit: 1000 })).sent).toBe(60);
    expect((await deliverOutbox(db, quick, NOW + 62 * MINUTE + 2, { env, limit: 1000 })).sent).toBe(30);
    const [campaign] = await listCampaigns(db);
    expect(campaign.progress.sent).toBe(150);
  });

  it("exports the subscribers as CSV with the words they agreed to, formulas defused", async () => {
    await setUp();
    await subscribe("=cmd@example.in");
    const csv = await subscribersCsv(db);
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("Email,Confirmed (UTC),Consent version,Consent text");
    expect(lines[1]).toContain("'=cmd@example.in");
    expect(lines[1]).toContain(NEWSLETTER_CONSENT_VERSION);
    expect(csv).toContain("about twice a month");
  });
});

describe("the newsletter's schemas and words", () => {
  it("takes a known consent version only, and a real email", () => {
    expect(newsletterSignUpSchema.safeParse({ email: "asha@example.in", consentVersion: NEWSLETTER_CONSENT_VERSION }).success).toBe(true);
    expect(newsletterSignUpSchema.safeParse({ email: "asha@example.in", consentVersion: "made-up" }).success).toBe(false);
    expect(newsletterSignUpSchema.safeParse({ email: "nope", consentVersion: NEWSLETTER_CONSENT_VERSION }).success).toBe(false);
  });

  it("puts the mailto in List-Unsubscribe only when configured", () => {
    expect(newsletterHeaders("https://s.example/newsletter/unsubscribe?token=t")).toEqual({
      "List-Unsubscribe": "<https://s.example/newsletter/unsubscribe?token=t>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("renders Markdown without raw HTML, images or script links", () => {
    const html = newsletterBodyHtml('# Hi\n\n<img src=x onerror=alert(1)>\n\n![pic](https://x.example/a.png) and <b>bold</b>\n\n[ok](https://x.example) [bad](javascript:alert(1))');
    expect(html).toContain("<h1>Hi</h1>");
    expect(html).not.toMatch(/<img|onerror=alert\(1\)>|href="javascript/);
    expect(html).toContain('<a href="https://x.example/">ok</a>');
    expect(html).toContain("&lt;b&gt;bold&lt;/b&gt;");
    expect(html).toContain("pic and");
    expect(html).toContain(" bad</p>");
  });
});
