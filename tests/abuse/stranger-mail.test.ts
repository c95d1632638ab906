import crypto from "node:crypto";
import he from "he";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SIZE_KEY } from "~/constants/store";
import type { DB } from "~/db/db.server";
import { ADDRESS } from "../fixtures/address";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp-server";
import { buildProofApp, createProofDatabase, proofServer, type ProofDatabase, type ProofServer } from "../setup/proof-server";
import { logInCookie, registerShopper } from "../setup/shoppers";

/**
 * Issue 43 items 1 and 2, repeated against the production build (SQLite, and PostgreSQL with
 * TEST_DATABASE_URL), mail through a real SMTP server on loopback:
 * - item 1: signed out, a complaint in another shopper's name with her order number answered the
 *   filer's browser with the private follow link, showed staff "From Wendy … order CI…", and a
 *   mismatched email answered 400 (an oracle of who owns an order). Now the filer reads "check your
 *   email" whatever they typed, the link goes only to the address named, the order stays unlinked
 *   text until that address confirms and owns it, and staff see "Not verified".
 * - item 2: 60 signed-out complaints to target+1@… … target+60@… sent 60 acknowledgements, each
 *   beginning with the attacker's "name", and left 60 complaints with running deadlines; 10
 *   newsletter plus-addresses sent 10 confirmations. Now each mailbox gets its limit (plus-tags,
 *   Gmail's dots and googlemail folded), each client its own, the store a cap for all kinds
 *   together, and no mail begins with anything a stranger typed.
 */

const SUFFIX = "stranger-mail";

/** The limits as docs/decisions/0920 writes them (never read from the code under test). */
const LIMITS = { grievancePerMailboxPerDay: 5, newsletterPerMailboxPerDay: 3, resetsPerMailboxPerHour: 3, perClientPerHour: 10 } as const;
/** STRANGER_MAIL_PER_HOUR of the store-wide run: low, so a flood reaches it quickly. */
const STORE_CAP = 8;

const ATTACKER_NAME = "URGENT refund pending claim at https://evil.example/r";
const COMPLAINT = "Your refund is pending. Claim it now at https://evil.example/r before it expires.";

const kinds: ("sqlite" | "postgres")[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

type Store = { database: ProofDatabase; server: ProofServer; smtp: FakeSmtp; db: DB; base: string };

beforeAll(() => {
  buildProofApp(SUFFIX);
}, 300_000);

/** A production server on a fresh database of `kind`, its mail to a fake SMTP server, with `env` on top. */
async function startStore(kind: "sqlite" | "postgres", env: Record<string, string> = {}): Promise<Store> {
  const smtp = await startFakeSmtp();
  const database = await createProofDatabase(kind);
  const server = await proofServer({ suffix: SUFFIX, database, env: { ENABLE_COD: "true", SMTP_URL: smtp.url, ...env } });
  await server.start();
  return { database, server, smtp, db: database.open(), base: server.baseUrl };
}

async function stopStore(store: Store | undefined): Promise<void> {
  if (!store) return;
  if (process.env.ABUSE_DEBUG) console.log(store.server.output());
  await store.db.destroy();
  await store.server.stop();
  await store.smtp.close();
  await store.database.cleanup();
}

/** A form post as a browser sends it from the store's own origin (optionally from client `client`, the proxy's X-Forwarded-For hop), redirects not followed. */
function postForm(store: Store, pathname: string, form: Record<string, string>, options: { cookie?: string; client?: string } = {}): Promise<Response> {
  return fetch(store.base + pathname, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: store.base,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.client ? { "x-forwarded-for": options.client } : {}),
    },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
}

/** A documentation-range client address nobody else in the file uses. */
const randomClient = () => `198.18.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 254)}`;

/** A signed-out complaint as the reviewer posted it. */
function complaint(email: string, extra: Record<string, string> = {}): Record<string, string> {
  return { name: ATTACKER_NAME, email, subject: "payment_refund", text: COMPLAINT, ...extra };
}

/** The outbox kinds of the mail this file causes (order emails and review invites aside). */
const MAIL_KINDS = ["grievance_confirm", "grievance_ack", "grievance_answered", "newsletter_confirm", "password_reset"];

/**
 * Waits (up to 30 s) until the store has sent every email of MAIL_KINDS it wrote (none left unsent,
 * none given up), then answers the messages the SMTP server received for recipients matching `to`.
 */
async function settledMail(store: Store, to: (address: string) => boolean): Promise<ParsedMail[]> {
  for (let waited = 0; waited < 30_000; waited += 250) {
    const waiting = await store.db.selectFrom("outbox").select("id").where("kind", "in", MAIL_KINDS).where("sent_at", "is", null).execute();
    if (waiting.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return store.smtp.received.filter((mail) => recipientOf(mail) !== null && to(recipientOf(mail)!));
}

function recipientOf(mail: ParsedMail): string | null {
  return mail.to && !Array.isArray(mail.to) ? (mail.to.value[0]?.address ?? null) : null;
}

/** The grievance rows whose email matches the SQL LIKE `pattern`. */
function grievancesLike(store: Store, pattern: string) {
  return store.db.selectFrom("grievances").selectAll().where("email", "like", pattern).orderBy("id").execute();
}

describe.each(kinds)("stranger mail on %s", (kind) => {
  let store: Store;

  beforeAll(async () => {
    store = await startStore(kind);
  }, 300_000);

  afterAll(() => stopStore(store), 60_000);

  it("item 1: a signed-out complaint in Wendy's name gets the filer no link, links no order, tells nothing about who owns it, and staff see it unverified", async () => {
    // Wendy, a real shopper with a cash-on-delivery order.
    const wendy = await registerShopper(store.base, "wendy");
    const post = (pathname: string, body: unknown) =>
      fetch(store.base + pathname, { method: "POST", headers: { "content-type": "application/json", token: wendy.token }, body: JSON.stringify(body) });
    const product = await store.db.selectFrom("products").select("id").where("colours", "=", "[]").where("price_paise", "<=", 1_000_000).orderBy("id").executeTakeFirstOrThrow();
    expect((await post("/api/cart/add", { itemId: product.id, size: DEFAULT_SIZE_KEY })).status).toBe(200);
    const placed = await post("/api/order/place", { address: { ...ADDRESS, email: wendy.email }, items: [{ _id: product.id, size: DEFAULT_SIZE_KEY, quantity: 1 }], amount: 1 });
    expect(placed.status).toBe(200);
    const { orderId } = (await placed.json()) as { orderId: string };

    // The attacker, signed out: Wendy's email and order; their own email with her order; an unknown order.
    const attacker = `mallory-${crypto.randomBytes(4).toString("hex")}@example.org`;
    const answers = [
      await postForm(store, "/grievance", { name: "Wendy Rao", email: wendy.email, orderId, subject: "delivery", text: "My parcel never came. Please tell me where it is." }),
      await postForm(store, "/grievance", { name: "Wendy Rao", email: attacker, orderId, subject: "delivery", text: "My parcel never came. Please tell me where it is." }),
      await postForm(store, "/grievance", { name: "Wendy Rao", email: attacker, orderId: "CI261124-NOSUCH01", subject: "delivery", text: "My parcel never came. Please tell me where it is." }),
    ];
    // One answer for all three: no follow link, no 400 for "that email doesn't own this order".
    expect(answers.map((answer) => [answer.status, answer.headers.get("location")])).toEqual([
      [303, "/grievance?sent=1"],
      [303, "/grievance?sent=1"],
      [303, "/grievance?sent=1"],
    ]);
    const page = await (await fetch(`${store.base}/grievance?sent=1`)).text();
    expect(page).toContain("Check your email to confirm your complaint.");
    expect(page).not.toMatch(/GR-\d{4}-\d{6}|key=/);

    const [wendys] = await store.db.selectFrom("grievances").selectAll().where("email", "=", wendy.email).execute();
    expect(wendys).toMatchObject({ user_id: null, order_id: null, order_typed: orderId, verified_at: null, acknowledged_at: null });
    const mallorys = await store.db.selectFrom("grievances").selectAll().where("email", "=", attacker).orderBy("id").execute();
    expect(mallorys.map((row) => [row.order_id, row.order_typed])).toEqual([
      [null, orderId],
      [null, "CI261124-NOSUCH01"],
    ]);

    // Staff: "Not verified", no link to Wendy's order, no month running.
    const staff = await registerShopper(store.base, "staff");
    await store.db.updateTable("users").set({ role: "staff" }).where("email", "=", staff.email).execute();
    const staffCookie = await logInCookie(store.base, staff);
    const list = await (await fetch(`${store.base}/admin/grievances`, { headers: { cookie: staffCookie } })).text();
    const row = [...list.matchAll(/<tr\b[\s\S]*?<\/tr>/g)].map((match) => match[0]).find((tr) => tr.includes(wendys.ticket))!;
    expect(he.decode(row)).toContain("Not verified: filed signed out, the address has not confirmed it");
    expect(row).toContain("Not started: waiting for the address to confirm");
    expect(row).not.toContain(`Order ${orderId}`);
    const detail = await (await fetch(`${store.base}/admin/grievances/${wendys.ticket}`, { headers: { cookie: staffCookie } })).text();
    expect(he.decode(detail)).toContain("Not verified: filed signed out");
    expect(detail).not.toContain(`/admin/orders/${orderId}`);
    expect(he.decode(detail)).toContain(`order number typed: ${orderId} (not linked: not confirmed)`);

    // Staff answer with the delivery address and phone: it goes to Wendy's own address, nowhere else.
    const answer = `We will deliver to ${ADDRESS.street}, phone ${ADDRESS.phone}.`;
    const resolved = await postForm(store, `/admin/grievances/${wendys.ticket}`, { answer }, { cookie: staffCookie });
    expect(resolved.status).toBe(303);
    const mail = await settledMail(store, (to) => to === wendy.email || to === attacker);
    expect(mail.map((message) => [recipientOf(message), message.subject?.replace(/GR-\d{4}-\d{6}/, "GR")])).toEqual(
      expect.arrayContaining([
        [wendy.email, "Please confirm your complaint GR — Chrono India"],
        [wendy.email, "Your complaint GR is resolved — Chrono India"],
      ]),
    );
    expect(mail.filter((message) => recipientOf(message) === attacker && String(message.text).includes(answer))).toEqual([]);
    // The attacker's guesses at the follow page without the emailed key: the ordinary 404.
    expect((await fetch(`${store.base}/grievance/${wendys.ticket}`)).status).toBe(404);

    // The address confirms from its own link: only then is an order linked, and only its own.
    const confirmLink = (message: ParsedMail) => /https?:\/\/\S+\/grievance\/GR-\d{4}-\d{6}\?key=[A-Za-z0-9_-]{43}/.exec(String(message.text))![0];
    const toMallory = mail.filter((message) => recipientOf(message) === attacker);
    expect(toMallory).toHaveLength(2);
    const ticket = mallorys[0].ticket;
    const followUrl = confirmLink(toMallory.find((message) => String(message.text).includes(ticket))!);
    const before = await (await fetch(followUrl)).text();
    expect(before).toContain("Please confirm this complaint");
    // The button's form posts back to the link itself (key and all), so it works without JavaScript.
    expect(he.decode(before)).toMatch(new RegExp(`<form[^>]* action="/grievance/${ticket}\\?key=[A-Za-z0-9_-]{43}"`));
    const confirmed = await fetch(followUrl, {
      method: "POST",
      headers: { origin: store.base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(),
      redirect: "manual",
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toMatch(new RegExp(`^/grievance/${ticket}\\?key=[A-Za-z0-9_-]{43}&confirmed=1$`));
    const after = await store.db.selectFrom("grievances").selectAll().where("ticket", "=", ticket).executeTakeFirstOrThrow();
    // Mallory's address owns no order: Wendy's number stays text.
    expect(after).toMatchObject({ order_id: null, order_typed: orderId });
    expect(after.verified_at).not.toBeNull();
    expect(Number(after.resolve_by) - Number(after.verified_at)).toBe(30 * 24 * 60 * 60_000);
  }, 120_000);

  it("item 2: 60 plus-addressed complaints (and Gmail's dots, googlemail) reach the mailbox 5 times, never beginning with the typed name", async () => {
    const tag = crypto.randomBytes(3).toString("hex");
    const addresses = [
      ...Array.from({ length: 60 }, (_, i) => `target${tag}+${i + 1}@gmail.com`),
      `t.a.r.g.e.t${tag}@googlemail.com`,
      `TARGET${tag}@Gmail.com`,
      `target${tag}+x@googlemail.com`,
    ];
    const answers = [];
    for (const email of addresses) answers.push(await postForm(store, "/grievance", complaint(email)));
    expect(new Set(answers.map((answer) => `${answer.status} ${answer.headers.get("location")}`))).toEqual(new Set(["303 /grievance?sent=1"]));

    const rows = await grievancesLike(store, `%${tag}%`);
    expect(rows).toHaveLength(LIMITS.grievancePerMailboxPerDay);
    // None has a legal clock running: nobody has confirmed them.
    expect(rows.every((row) => row.verified_at === null && row.acknowledged_at === null)).toBe(true);

    const mail = await settledMail(store, (to) => to.includes(tag));
    expect(mail).toHaveLength(LIMITS.grievancePerMailboxPerDay);
    for (const message of mail) {
      expect(String(message.text).startsWith("Hello,\n\nSomeone — we hope you — made a complaint to Chrono India giving this email address:")).toBe(true);
      expect(`${message.text}${message.html}${message.subject}`).not.toMatch(/URGENT|evil\.example|refund is pending/);
    }
  }, 120_000);

  it("item 2: one client's complaints to many mailboxes stop at its hourly limit", async () => {
    const tag = crypto.randomBytes(3).toString("hex");
    const client = randomClient();
    const answers = [];
    for (let i = 0; i < 14; i++) answers.push(await postForm(store, "/grievance", complaint(`client${i}-${tag}@example.net`), { client }));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([303]));
    expect(await grievancesLike(store, `%${tag}%`)).toHaveLength(LIMITS.perClientPerHour);
    expect(await settledMail(store, (to) => to.includes(tag))).toHaveLength(LIMITS.perClientPerHour);
  }, 60_000);

  it("item 2: 10 plus-addressed newsletter sign-ups send the mailbox 3 confirmations, all answered alike", async () => {
    const tag = crypto.randomBytes(3).toString("hex");
    const answers = [];
    for (let i = 0; i < 10; i++) {
      answers.push(await postForm(store, "/newsletter", { email: `news${tag}+${i}@outlook.com`, consentVersion: "2026-11-v1", redirectTo: "/" }, { client: randomClient() }));
    }
    expect(new Set(answers.map((answer) => `${answer.status} ${answer.headers.get("location")}`))).toEqual(new Set(["303 /"]));
    expect(await settledMail(store, (to) => to.includes(tag))).toHaveLength(LIMITS.newsletterPerMailboxPerDay);
  }, 60_000);

  it("item 2: reset links to plus-addressed accounts of one mailbox stop at 3 an hour and greet no typed name", async () => {
    const tag = crypto.randomBytes(3).toString("hex");
    const emails = Array.from({ length: 5 }, (_, i) => `reset${tag}+${i}@gmail.com`);
    for (const email of emails) {
      const registered = await fetch(`${store.base}/api/user/register`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": randomClient() },
        body: JSON.stringify({ name: ATTACKER_NAME.replace(/[:/]/g, " "), email, password: "correct horse 42" }),
      });
      expect(registered.status).toBe(200);
    }
    const answers = [];
    for (const email of emails) answers.push(await postForm(store, "/forgot-password", { email }, { client: randomClient() }));
    expect(new Set(answers.map((answer) => `${answer.status} ${answer.headers.get("location")}`))).toEqual(new Set(["303 /forgot-password?sent=1"]));
    // The links are queued after the answer; give them a moment before counting.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const mail = await settledMail(store, (to) => to.includes(tag));
    expect(mail).toHaveLength(LIMITS.resetsPerMailboxPerHour);
    expect(mail.every((message) => String(message.text).startsWith("Hello,\n\nSomeone — we hope you — asked to choose a new password"))).toBe(true);
  }, 60_000);
});

describe.each(kinds)("the store-wide cap on %s", (kind) => {
  let store: Store;

  beforeAll(async () => {
    store = await startStore(kind, { STRANGER_MAIL_PER_HOUR: String(STORE_CAP) });
  }, 300_000);

  afterAll(() => stopStore(store), 60_000);

  it(`sends ${STORE_CAP} stranger mails an hour in all, complaints and newsletter confirmations together, from any number of clients`, async () => {
    const tag = crypto.randomBytes(3).toString("hex");
    const answers = [];
    for (let i = 0; i < STORE_CAP + 4; i++) answers.push(await postForm(store, "/grievance", complaint(`many${i}-${tag}@example.net`), { client: randomClient() }));
    answers.push(await postForm(store, "/newsletter", { email: `late-${tag}@example.net`, consentVersion: "2026-11-v1", redirectTo: "/" }, { client: randomClient() }));
    expect(answers.slice(0, -1).every((answer) => answer.status === 303 && answer.headers.get("location") === "/grievance?sent=1")).toBe(true);
    expect([answers.at(-1)!.status, answers.at(-1)!.headers.get("location")]).toEqual([303, "/"]);
    expect(await grievancesLike(store, `%${tag}%`)).toHaveLength(STORE_CAP);
    const mail = await settledMail(store, (to) => to.includes(tag));
    expect(mail).toHaveLength(STORE_CAP);
    expect(mail.filter((message) => recipientOf(message) === `late-${tag}@example.net`)).toEqual([]);
    expect(store.server.output()).toContain("Stranger mail: the per-store limit of grievance mail was reached");
  }, 60_000);
});
