import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/config/env.server";
import type { DB } from "~/db/db.server";
import { byDeadline, formatTicket, grievanceDeadlines, timeLeft } from "~/lib/grievances";
import { formatIstDate } from "~/lib/gst";
import { GRIEVANCE_MESSAGES } from "~/schemas/grievance-constants";
import { listAudit } from "~/services/audit.server";
import {
  confirmGrievance,
  fileGrievance,
  findGrievance,
  followGrievance,
  grievanceCounts,
  openGrievances,
  resolveGrievance,
  shopperGrievance,
} from "~/services/grievances.server";
import { createMailTransport } from "~/services/mail.server";
import { deliverOutbox } from "~/services/order-emails.server";
import { placeCodOrder } from "~/services/orders.server";
import { createShopper, fillCart, orderBody, seedWatches } from "../fakes/shop";
import { startFakeSmtp } from "../fakes/smtp-server";
import { testDatabases, type TestDatabase } from "../setup/databases";
import { refusal } from "../setup/refusal";

/**
 * Grievances (issue 25 item 3; DESIGN.md §23; docs/decisions/0750) on SQLite and PostgreSQL:
 * filing writes the grievance and exactly one email to the given address — a visitor's asks to
 * confirm it, and only the confirmation starts its month and links its order (issue 43 item 1,
 * docs/decisions/0920); a signed-in shopper's is acknowledged at once, another shopper's order
 * refused like an unknown one; the deadlines from a fixed time; overdue first; resolving is
 * audited and emails once; the follow link's key works and a wrong one finds nothing.
 */

/** Thu 26 Nov 2026, 10:00 IST. */
const FILED = Date.parse("2026-11-26T10:00:00+05:30");
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const STAFF = { id: null, email: "staff@example.in" };
const env = parseEnv({ PUBLIC_URL: "https://chronoindia.example", PAYMENT_SIMULATOR: "true" });

const complaint = { name: "Asha Rao", email: "Asha.Rao@Example.in", subject: "delivery", text: "The courier marked it delivered but nothing came." };

describe("grievance deadlines (pure)", () => {
  it("filed 26 Nov 2026 10:00 IST: acknowledge by 28 Nov 10:00, resolve by 26 Dec 2026", () => {
    const { acknowledgeBy, resolveBy } = grievanceDeadlines(FILED);
    expect(acknowledgeBy).toBe(Date.parse("2026-11-28T10:00:00+05:30"));
    expect(formatIstDate(resolveBy)).toBe("26 Dec 2026");
    expect(timeLeft(resolveBy, FILED)).toBe("30 days left");
    expect(timeLeft(resolveBy, resolveBy + 3 * DAY + HOUR)).toBe("3 days overdue");
    expect(timeLeft(resolveBy, resolveBy - 5 * HOUR)).toBe("5 hours left");
    expect(formatTicket(2026, 123)).toBe("GR-2026-000123");
  });

  it("puts overdue first, then the soonest deadline", () => {
    const row = (ref: string, resolveBy: number, overdue: boolean) => ({ ref, resolveBy, overdue }) as Parameters<typeof byDeadline>[0];
    const sorted = [row("c", 30, false), row("a", 10, false), row("late", 50, true)].sort(byDeadline);
    expect(sorted.map((r) => r.ref)).toEqual(["late", "a", "c"]);
  });
});

describe.each(testDatabases())("grievances on $name", ({ create }) => {
  let current: TestDatabase | undefined;
  let db: DB;
  let keys = 0;

  async function setUp() {
    current = await create();
    db = current.db;
    await seedWatches(db);
  }
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });

  async function orderOf(userId: number) {
    await fillCart(db, userId, [["w-plain", "default", 1]]);
    keys += 1;
    return (await placeCodOrder(db, userId, orderBody([{ _id: "w-plain", size: "default", quantity: 1 }], 1000), { codEnabled: true, idempotencyKey: `grievance-key-${keys}`, now: FILED - DAY })).order;
  }

  async function outbox(kind: string) {
    return db.selectFrom("outbox").selectAll().where("kind", "=", kind).orderBy("id").execute();
  }

  it("files a visitor's complaint unverified with a gap-free ticket and exactly one confirmation email to the given address", async () => {
    await setUp();
    const filed = await fileGrievance(db, complaint, null, { now: FILED, env });
    expect(filed).toMatchObject({ ticket: "GR-2026-000001", email: "asha.rao@example.in", verified: false });
    const second = await fileGrievance(db, { ...complaint, subject: "website" }, null, { now: FILED + HOUR, env });
    expect(second.ticket).toBe("GR-2026-000002");

    expect(await outbox("grievance_ack")).toHaveLength(0);
    const asks = await outbox("grievance_confirm");
    expect(asks).toHaveLength(2);
    expect(asks[0]).toMatchObject({ recipient: "asha.rao@example.in", order_id: "GR-2026-000001", subject: "Please confirm your complaint GR-2026-000001 — Chrono India" });
    expect(asks[0].text).toBe(
      "Hello,\n\n" +
        "Someone — we hope you — made a complaint to Chrono India giving this email address: GR-2026-000001 (Delivery), on 26 Nov 2026, 10:00 IST.\n\n" +
        "To confirm that it is yours, open this link and press the button there. It is then registered, and our grievance officer resolves it within 30 days; the same link shows the complaint and our answer (keep it to yourself):\n\n" +
        `https://chronoindia.example/grievance/GR-2026-000001?key=${filed.key}\n\n` +
        "If you didn't make this complaint, ignore this email: it stays unconfirmed, and no order of yours is linked to it.\n\n" +
        "Questions? Write to grievance@chronoindia.in.\n",
    );
    // Nothing the visitor typed: not the name, not the text.
    expect(`${asks[0].html}${asks[0].text}`).not.toMatch(/Asha|courier/);

    const row = await db.selectFrom("grievances").selectAll().where("ticket", "=", filed.ticket).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "open", user_id: null, subject: "delivery", order_id: null, verified_at: null, acknowledged_at: null });
    expect(row.key_hash).not.toContain(filed.key);

    // The named address confirms two days later: its month starts then.
    expect(await confirmGrievance(db, filed.ticket, second.key, { now: FILED + 2 * DAY })).toBeNull();
    const confirmed = await confirmGrievance(db, filed.ticket, filed.key, { now: FILED + 2 * DAY });
    expect(confirmed).toMatchObject({ verified: true, verifiedAt: FILED + 2 * DAY, acknowledgedAt: FILED + 2 * DAY });
    expect(formatIstDate(confirmed!.resolveBy)).toBe("28 Dec 2026");
    // A second press changes nothing.
    expect(await confirmGrievance(db, filed.ticket, filed.key, { now: FILED + 3 * DAY })).toMatchObject({ verifiedAt: FILED + 2 * DAY });
  });

  it("sends the acknowledgement over SMTP with the ticket and the link, then keeps no copy of the link in the outbox", async () => {
    await setUp();
    const smtp = await startFakeSmtp();
    const transport = createMailTransport({ smtpUrl: smtp.url, outboxDir: "/nonexistent" });
    try {
      const filed = await fileGrievance(db, complaint, null, { now: FILED, env });
      expect(await deliverOutbox(db, transport, FILED + 1000, { env })).toMatchObject({ sent: 1 });
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail.to).toMatchObject({ text: complaint.email.toLowerCase() });
      expect(mail.subject).toContain(filed.ticket);
      expect(mail.text).toContain(filed.key);
      const [row] = await outbox("grievance_confirm");
      expect(Number(row.sent_at)).toBe(FILED + 1000);
      expect(`${row.html}${row.text}`).not.toContain(filed.key);
      expect(await findGrievance(db, filed.ticket)).toMatchObject({ ackSentAt: FILED + 1000 });
    } finally {
      transport.close();
      await smtp.close();
    }
  });

  it("refuses bad fields with their sentences and control characters, and writes nothing", async () => {
    await setUp();
    const subject = await refusal(fileGrievance(db, { ...complaint, subject: "prices" }, null, { now: FILED, env }));
    expect([subject.status, subject.message]).toEqual([400, GRIEVANCE_MESSAGES.subject]);
    const nul = await refusal(fileGrievance(db, { ...complaint, text: "Broken strap\u0000 again and again" }, null, { now: FILED, env }));
    expect([nul.status, nul.message]).toEqual([400, "Your complaint must not contain control characters."]);
    const long = await refusal(fileGrievance(db, { ...complaint, text: "x".repeat(4001) }, null, { now: FILED, env }));
    expect(long.message).toBe(GRIEVANCE_MESSAGES.textTooLong);
    const kept = await fileGrievance(db, { ...complaint, text: "Line one of it\n\tline two" }, null, { now: FILED, env });
    expect(kept.ticket).toBe("GR-2026-000001");
    expect(await db.selectFrom("grievances").select("id").execute()).toHaveLength(1);
  });

  it("takes the shopper's own order under their account's email, refuses another shopper's like an unknown one", async () => {
    await setUp();
    const asha = await createShopper(db);
    const ravi = await createShopper(db);
    const ashaEmail = (await db.selectFrom("users").select("email").where("id", "=", asha).executeTakeFirstOrThrow()).email;
    const ravisOrder = await orderOf(ravi);
    const ashasOrder = await orderOf(asha);

    const others = await refusal(fileGrievance(db, { ...complaint, orderId: ravisOrder.id }, { id: asha, email: ashaEmail }, { now: FILED, env }));
    const unknown = await refusal(fileGrievance(db, { ...complaint, orderId: "CI-NO-SUCH-ORDER" }, { id: asha, email: ashaEmail }, { now: FILED, env }));
    expect([others.status, others.message]).toEqual([400, GRIEVANCE_MESSAGES.orderNotYours]);
    expect(unknown.message).toBe(others.message);
    expect(await outbox("grievance_ack")).toHaveLength(0);

    const filed = await fileGrievance(db, { ...complaint, email: "someone@else.example", orderId: ashasOrder.id }, { id: asha, email: ashaEmail }, { now: FILED, env });
    expect(filed).toMatchObject({ email: ashaEmail, verified: true });
    const [ack] = await outbox("grievance_ack");
    expect(ack.recipient).toBe(ashaEmail);
    expect(ack.text.startsWith("Hello,\n\nThank you for writing to us. Your complaint is registered as")).toBe(true);
    expect(ack.text).toContain("resolve it by 26 Dec 2026");
    expect(await db.selectFrom("grievances").select(["verified_at", "acknowledged_at"]).where("ticket", "=", filed.ticket).executeTakeFirstOrThrow()).toEqual({ verified_at: FILED, acknowledged_at: FILED });
    expect(await shopperGrievance(db, filed.ticket, asha)).toMatchObject({ orderId: ashasOrder.id, status: "open" });
    expect(await shopperGrievance(db, filed.ticket, ravi)).toBeNull();
  });

  it("takes a visitor's order number as text: accepted whoever owns it, linked only once an address that owns it confirms (issue 43 item 1)", async () => {
    await setUp();
    const ravi = await createShopper(db);
    const raviEmail = (await db.selectFrom("users").select("email").where("id", "=", ravi).executeTakeFirstOrThrow()).email;
    const ravisOrder = await orderOf(ravi);
    // Ravi's order under another address, under Ravi's, and an unknown number: all filed alike, none linked.
    const stranger = await fileGrievance(db, { ...complaint, orderId: ravisOrder.id }, null, { now: FILED, env });
    const own = await fileGrievance(db, { ...complaint, email: raviEmail, orderId: ravisOrder.id }, null, { now: FILED, env });
    const unknown = await fileGrievance(db, { ...complaint, orderId: "CI-NO-SUCH-ORDER" }, null, { now: FILED, env });
    for (const filed of [stranger, own, unknown]) expect(await followGrievance(db, filed.ticket, filed.key)).toMatchObject({ orderId: null, verified: false });
    expect(await followGrievance(db, own.ticket, own.key)).toMatchObject({ orderTyped: ravisOrder.id });

    expect(await confirmGrievance(db, stranger.ticket, stranger.key, { now: FILED + HOUR })).toMatchObject({ orderId: null, orderTyped: ravisOrder.id, verified: true });
    expect(await confirmGrievance(db, own.ticket, own.key, { now: FILED + HOUR })).toMatchObject({ orderId: ravisOrder.id, orderTyped: null, verified: true });
    expect(await confirmGrievance(db, unknown.ticket, unknown.key, { now: FILED + HOUR })).toMatchObject({ orderId: null, orderTyped: "CI-NO-SUCH-ORDER" });
  });

  it("follows by the emailed key; a wrong key, a guessed one or another ticket finds nothing", async () => {
    await setUp();
    const filed = await fileGrievance(db, complaint, null, { now: FILED, env });
    const other = await fileGrievance(db, complaint, null, { now: FILED, env });
    expect(await followGrievance(db, filed.ticket, filed.key)).toMatchObject({ ticket: filed.ticket, status: "open", answer: null });
    expect(await followGrievance(db, filed.ticket, other.key)).toBeNull();
    expect(await followGrievance(db, filed.ticket, "A".repeat(43))).toBeNull();
    expect(await followGrievance(db, "GR-2026-000099", filed.key)).toBeNull();
    expect(await followGrievance(db, "../etc", filed.key)).toBeNull();
  });

  it("lists overdue first, then by deadline, with open problem reports; the dashboard counts them", async () => {
    await setUp();
    // Each confirmed by its address at once; one never confirmed: listed last, no month, not counted.
    const confirmedAt = async (at: number) => {
      const filed = await fileGrievance(db, complaint, null, { now: at, env });
      await confirmGrievance(db, filed.ticket, filed.key, { now: at });
      return filed;
    };
    const old = await confirmedAt(FILED - 40 * DAY);
    const recent = await confirmedAt(FILED - DAY);
    const older = await confirmedAt(FILED - 10 * DAY);
    const unconfirmed = await fileGrievance(db, complaint, null, { now: FILED - 50 * DAY, env });
    const shopper = await createShopper(db);
    const order = await orderOf(shopper);
    await db
      .insertInto("problem_reports")
      .values({ id: `rp_${"a".repeat(24)}`, order_id: order.id, user_id: shopper, kind: "wrong", description: "Wrong colour.", video_file: null, video_link: null, status: "open", answer: null, answered_by: null, answered_at: null, created_at: FILED - 35 * DAY })
      .execute();

    const rows = await openGrievances(db, FILED);
    // The 40-day-old grievance's month ended before the 35-day-old report's.
    expect(rows.map((row) => [row.ref, row.overdue])).toEqual([
      [old.ticket, true],
      [`rp_${"a".repeat(24)}`, true],
      [older.ticket, false],
      [recent.ticket, false],
      [unconfirmed.ticket, false],
    ]);
    expect(rows[4]).toMatchObject({ verified: false, acknowledgedAt: null });
    expect(rows[1]).toMatchObject({ kind: "report", acknowledgedBy: "order page", href: `/admin/orders/${order.id}#reports` });
    expect(await grievanceCounts(db, FILED)).toEqual({ open: 4, overdue: 2 });
  });

  it("resolves once: audited, the answer emailed once to the filer, shown by the follow link", async () => {
    await setUp();
    const filed = await fileGrievance(db, complaint, null, { now: FILED, env });
    const empty = await refusal(resolveGrievance(db, filed.ticket, "   ", STAFF, { now: FILED + DAY, env }));
    expect([empty.status, empty.message]).toEqual([400, GRIEVANCE_MESSAGES.answerRequired]);

    const answer = "We found the parcel at the courier's hub; it reaches you tomorrow.";
    await resolveGrievance(db, filed.ticket, answer, STAFF, { now: FILED + DAY, env });
    const again = await refusal(resolveGrievance(db, filed.ticket, "Another answer.", STAFF, { now: FILED + 2 * DAY, env }));
    expect([again.status, again.message]).toEqual([409, GRIEVANCE_MESSAGES.alreadyResolved]);
    const missing = await refusal(resolveGrievance(db, "GR-2026-000404", answer, STAFF, { now: FILED + DAY, env }));
    expect(missing.status).toBe(404);

    const answers = await outbox("grievance_answered");
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ recipient: "asha.rao@example.in", subject: `Your complaint ${filed.ticket} is resolved — Chrono India` });
    expect(answers[0].text).toContain(answer);

    const audit = await listAudit(db, "grievance", filed.ticket);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "grievance.resolve", actorEmail: STAFF.email });

    expect(await followGrievance(db, filed.ticket, filed.key)).toMatchObject({ status: "resolved", answer, answeredAt: FILED + DAY });
    expect(await findGrievance(db, filed.ticket)).toMatchObject({ status: "resolved", answeredBy: STAFF.email, ackSentAt: null });
    expect(await openGrievances(db, FILED + DAY)).toEqual([]);
    expect(await grievanceCounts(db, FILED + DAY)).toEqual({ open: 0, overdue: 0 });
  });

  it("answers a complaint filed on a Hindi page in Hindi (issue 27), the staff's answer as written", async () => {
    await setUp();
    const filed = await fileGrievance(db, complaint, null, { now: FILED, env, language: "hi" });
    const answer = "We found the parcel at the courier's hub; it reaches you tomorrow.";
    await resolveGrievance(db, filed.ticket, answer, STAFF, { now: FILED + DAY, env });
    const [mail] = await outbox("grievance_answered");
    expect(mail.subject).toBe(`आपकी शिकायत ${filed.ticket} का समाधान हो गया है — Chrono India`);
    expect(mail.html).toContain('<html lang="hi">');
    expect(mail.text.startsWith("नमस्ते,\n\n")).toBe(true);
    expect(mail.text).toContain(answer);
  });
});
