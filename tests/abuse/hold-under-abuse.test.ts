import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SIZE_KEY } from "~/constants/store";
import type { DB } from "~/db/db.server";
import { setOrderStatus } from "~/services/orders.server";
import { ADDRESS } from "../fixtures/address";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp-server";
import { buildProofApp, createProofDatabase, proofServer, type ProofDatabase, type ProofServer } from "../setup/proof-server";

/**
 * Issue 21's reproductions, repeated against the production build (items 1 and 2): the requests a
 * security review used to fill the disk through problem-report uploads and to send store-branded
 * mail to strangers. After each upload the report videos' folder is counted, files and bytes:
 * nothing may be left but the one video a valid report keeps. The mail goes through a real SMTP
 * server on loopback; only the account's own address may receive any.
 */

const SUFFIX = "abuse";
const MB = 1024 * 1024;

let database: ProofDatabase;
let server: ProofServer;
let db: DB;
let smtp: FakeSmtp;
let base: string;
let plainProduct: string;

beforeAll(async () => {
  buildProofApp(SUFFIX);
  smtp = await startFakeSmtp();
  database = await createProofDatabase("sqlite");
  server = await proofServer({ suffix: SUFFIX, database, env: { ENABLE_COD: "true", SMTP_URL: smtp.url } });
  // What a process killed mid-upload left an hour ago: the start-up sweep removes it.
  const stale = path.join(reportVideos(), "incoming", "0123456789abcdef");
  fs.mkdirSync(stale, { recursive: true });
  fs.writeFileSync(path.join(stale, "killed.upload"), Buffer.alloc(MB));
  const anHourAgo = new Date(Date.now() - 60 * 60_000);
  fs.utimesSync(path.join(stale, "killed.upload"), anHourAgo, anHourAgo);
  fs.utimesSync(stale, anHourAgo, anHourAgo);
  await server.start();
  base = server.baseUrl;
  db = database.open();
  const products = await db.selectFrom("products").select(["id", "colours", "price_paise"]).orderBy("id").execute();
  plainProduct = products.find((row) => (JSON.parse(row.colours) as string[]).length === 0 && Number(row.price_paise) <= 2_000_000)!.id;
}, 300_000);

afterAll(async () => {
  if (process.env.ABUSE_DEBUG) console.log(server?.output());
  await db?.destroy();
  await server?.stop();
  await smtp?.close();
  await database?.cleanup();
}, 60_000);

/** The SQLite store's private report videos: `report-videos/` beside `media/`, beside the database file. */
function reportVideos(): string {
  return path.join(path.dirname(database.url.slice("file:".length)), "report-videos");
}

/** Every file under the report videos' folder, with its size in bytes. */
function filesOnDisk(dir = reportVideos()): { file: string; bytes: number }[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesOnDisk(full) : [{ file: path.relative(reportVideos(), full), bytes: fs.statSync(full).size }];
  });
}

async function api(pathname: string, body: unknown, token?: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(base + pathname, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `192.0.2.${crypto.randomInt(1, 250)}`, ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** A new shopper: their Store API token, their browser session cookie and their account email. */
async function newShopper(name: string): Promise<{ token: string; cookie: string; email: string }> {
  const email = `${name}-${crypto.randomBytes(4).toString("hex")}@example.in`;
  const password = `Abuse-test-${crypto.randomBytes(6).toString("hex")}`;
  const registered = await api("/api/user/register", { name: "Asha Rao", email, password });
  expect(registered.status).toBe(200);
  const login = await fetch(`${base}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  const cookie = (login.headers.getSetCookie().find((c) => c.startsWith("__session=")) ?? "").split(";")[0];
  expect(cookie).not.toBe("");
  return { token: registered.json.token as string, cookie, email };
}

/** Places a cash-on-delivery order through the Store API (the cart filled first); answers the call's status and JSON. */
async function codOrder(token: string, address: Record<string, string> = ADDRESS) {
  expect((await api("/api/cart/add", { itemId: plainProduct, size: DEFAULT_SIZE_KEY }, token)).status).toBe(200);
  return api("/api/order/place", { address, items: [{ _id: plainProduct, size: DEFAULT_SIZE_KEY, quantity: 1 }], amount: 1 }, token);
}

/** A cash-on-delivery order of a new shopper, delivered a minute ago: open to damaged and wrong-product reports. */
async function deliveredOrder(name: string): Promise<{ orderId: string; cookie: string }> {
  const shopper = await newShopper(name);
  expect((await codOrder(shopper.token)).status).toBe(200);
  const row = await db.selectFrom("orders").innerJoin("users", "users.id", "orders.user_id").select("orders.id").where("users.email", "=", shopper.email).executeTakeFirstOrThrow();
  const now = Date.now() - 60_000;
  await setOrderStatus(db, row.id, "Shipped", { liveCredentials: false, now: now - 1000, shipment: { courier: "Blue Dart", awbNumber: "BD20261125AB" } });
  await setOrderStatus(db, row.id, "Delivered", { liveCredentials: false, now });
  return { orderId: row.id, cookie: shopper.cookie };
}

/** A tiny file whose bytes say MP4 (an `ftyp` box of brand isom, then an `mdat` box of `padding` bytes). */
function mp4(padding = 8): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.from([0, 0, 2, 0]), Buffer.from("isomiso2")]);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + padding);
  return Buffer.concat([ftyp, size, Buffer.from("mdat"), Buffer.alloc(padding)]);
}

type Part = { name: string; value: string | Buffer; filename?: string };

/** A multipart/form-data body of `parts` in order (repeated names allowed) and its content type. */
function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----abuse${crypto.randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ""}`;
    const type = part.filename !== undefined ? "Content-Type: video/mp4\r\n" : "";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(part.value), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Posts the report form of `orderId` as the shopper of `cookie`; answers the status and where it redirects. */
async function postReport(orderId: string, cookie: string, parts: Part[]): Promise<{ status: number; location: string | null; toastCookie: string }> {
  const { body, contentType } = multipart(parts);
  const response = await fetch(`${base}/orders/${orderId}/report`, {
    method: "POST",
    headers: { "content-type": contentType, cookie, origin: base },
    body: new Uint8Array(body),
    redirect: "manual",
  });
  await response.arrayBuffer().catch(() => undefined);
  const toastCookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return { status: response.status, location: response.headers.get("location"), toastCookie };
}

/** The order page after a report post, as the shopper reads it (the toast is in the HTML). */
async function pageAfter(orderId: string, cookie: string, toastCookie: string): Promise<string> {
  const response = await fetch(`${base}/orders/${orderId}`, { headers: { cookie: [cookie, toastCookie].filter(Boolean).join("; ") } });
  return response.text();
}

/** Waits until the report videos' folder holds no file (an aborted body is noticed by the server a moment later). */
async function settledFiles(): Promise<{ file: string; bytes: number }[]> {
  const deadline = Date.now() + 10_000;
  let files = filesOnDisk();
  while (files.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    files = filesOnDisk();
  }
  return files;
}

const describeText = { name: "description", value: "The glass is cracked." };

describe("problem-report uploads leave nothing on disk (issue 21 item 1)", () => {
  it("sweeps at start-up what a process killed mid-upload left in incoming/", async () => {
    expect(await settledFiles()).toEqual([]);
  });

  it("refuses a second video part (small then 20 MB, or small then 99 MB) and keeps no file of either", async () => {
    const { orderId, cookie } = await deliveredOrder("two-parts");
    for (const second of [20 * MB, 99 * MB]) {
      const answer = await postReport(orderId, cookie, [
        { name: "kind", value: "damaged" },
        describeText,
        { name: "video", filename: "a.mp4", value: mp4() },
        { name: "video", filename: "b.mp4", value: mp4(second) },
      ]);
      expect(await settledFiles()).toEqual([]);
      expect([answer.status, answer.location]).toEqual([303, `/orders/${orderId}#report`]);
      expect(await pageAfter(orderId, cookie, answer.toastCookie)).toContain("Attach one video only.");
    }
    expect(await db.selectFrom("problem_reports").select("id").where("order_id", "=", orderId).execute()).toEqual([]);
  }, 120_000);

  it("keeps no 5 MB video when a description over 16 KB follows it", async () => {
    const { orderId, cookie } = await deliveredOrder("long-text");
    const answer = await postReport(orderId, cookie, [
      { name: "kind", value: "damaged" },
      { name: "video", filename: "a.mp4", value: mp4(5 * MB) },
      { name: "description", value: "x".repeat(17 * 1024) },
    ]);
    expect(await settledFiles()).toEqual([]);
    expect([answer.status, answer.location]).toEqual([303, `/orders/${orderId}#report`]);
    expect(await pageAfter(orderId, cookie, answer.toastCookie)).toContain("Keep the description under 2,000 characters.");
  }, 60_000);

  it("keeps no partial file when the client stops after 8 MB of a declared 50 MB body", async () => {
    const { orderId, cookie } = await deliveredOrder("dropped");
    const boundary = "----abusedropped";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\ndamaged\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const { port, hostname } = new URL(base);
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(
          `POST /orders/${orderId}/report HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${base}\r\nCookie: ${cookie}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${50 * MB}\r\n\r\n`,
        );
        socket.write(Buffer.concat([head, mp4(8 * MB - head.length - 40)]), () => {
          // Let the server write what it has, then hang up mid-body.
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 500);
        });
      });
      socket.on("error", reject);
    });
    expect(await settledFiles()).toEqual([]);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  }, 60_000);

  it("refuses a file under another field's name, and keeps exactly the one video of a valid report", async () => {
    const { orderId, cookie } = await deliveredOrder("valid");
    const stray = await postReport(orderId, cookie, [{ name: "kind", value: "damaged" }, describeText, { name: "videoLink", filename: "x.mp4", value: mp4(MB) }]);
    expect(await pageAfter(orderId, cookie, stray.toastCookie)).toContain("Attach one video only.");
    expect(await settledFiles()).toEqual([]);

    const video = mp4(2 * MB);
    const valid = await postReport(orderId, cookie, [{ name: "kind", value: "damaged" }, describeText, { name: "video", filename: "unboxing.mp4", value: video }]);
    expect([valid.status, valid.location]).toEqual([303, `/orders/${orderId}#report`]);
    expect(await pageAfter(orderId, cookie, valid.toastCookie)).toContain("Thank you. We have your report and will answer it on this page.");
    const report = await db.selectFrom("problem_reports").select("video_file").where("order_id", "=", orderId).executeTakeFirstOrThrow();
    expect(filesOnDisk()).toEqual([{ file: report.video_file, bytes: video.length }]);
    fs.rmSync(path.join(reportVideos(), String(report.video_file)));
  }, 60_000);

  it("takes 5 report posts an hour from one shopper; the 6th is refused before its body is read", async () => {
    const { orderId, cookie } = await deliveredOrder("flood");
    for (let i = 0; i < 5; i++) {
      const answer = await postReport(orderId, cookie, [{ name: "kind", value: "damaged" }, describeText, { name: "video", filename: "a.txt", value: "not a video" }]);
      expect(await pageAfter(orderId, cookie, answer.toastCookie)).toContain("The video must be an MP4, WebM or MOV file.");
    }
    const sixth = await postReport(orderId, cookie, [{ name: "kind", value: "damaged" }, describeText, { name: "video", filename: "a.mp4", value: mp4(MB) }]);
    expect([sixth.status, sixth.location]).toEqual([303, `/orders/${orderId}#report`]);
    expect(await pageAfter(orderId, cookie, sixth.toastCookie)).toMatch(/You have sent several reports in the last hour\. Please try again in \d+ minutes?\./);
    expect(await settledFiles()).toEqual([]);
  }, 60_000);
});

describe("order emails reach only the account's own address (issue 21 item 2)", () => {
  it("sends 12 attempted cash-on-delivery orders' mail to no stranger, and refuses the 11th with a clear message", async () => {
    const attacker = await newShopper("mailer");
    const answers = [];
    for (let i = 0; i < 12; i++) {
      const address = { ...ADDRESS, email: `victim${i}@example.org`, firstName: "Your refund is ready", street: "Claim at https://evil-refunds.example/claim now" };
      answers.push(await codOrder(attacker.token, address));
    }
    expect(answers.map((answer) => answer.status)).toEqual([...Array(10).fill(200), 429, 429]);
    expect(answers[10].json).toEqual({ success: false, message: "You can place up to 10 cash-on-delivery orders an hour. Please try again later, or pay online." });

    const recipients = () => smtp.received.flatMap((mail) => (mail.to && !Array.isArray(mail.to) ? mail.to.value.map((to) => to.address) : []));
    const deadline = Date.now() + 30_000;
    while (recipients().filter((to) => to === attacker.email).length < 10 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    const attackers = smtp.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value[0]?.address === attacker.email);
    expect(attackers).toHaveLength(10);
    expect(attackers.every((mail) => String(mail.text).startsWith("Thank you for your order\n\nHello Asha Rao,"))).toBe(true);
    // Every mail this store sent in this file went to an account's own address (the shoppers' accounts are @example.in).
    expect(recipients().filter((to) => !to?.endsWith("@example.in"))).toEqual([]);
    const outbox = await db.selectFrom("outbox").select("recipient").where("recipient", "like", "%example.org").execute();
    expect(outbox).toEqual([]);
  }, 90_000);
});

describe("the request log keeps no link's secret (issue 46 item 2: the logger's own redaction)", () => {
  it("logs each request once as a JSON line whose query has the token's or key's value redacted and the rest as sent", async () => {
    const secrets = { token: "rEsEtToKeNvAlUe0123456789abcdefghijklmnopq", key: "gRiEvAnCeKeY0123456789" };
    const paths = [
      `/reset-password?token=${secrets.token}`,
      `/newsletter/unsubscribe?token=${secrets.token}`,
      `/grievance/GR-2026-000001?key=${secrets.key}&x=1`,
    ];
    for (const requestPath of paths) await (await fetch(`${base}${requestPath}`)).arrayBuffer();
    type Line = { msg?: string; method?: string; path?: string; query?: Record<string, string>; status?: number; durationMs?: number };
    const logged = () =>
      server
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Line)
        .filter((line) => line.msg === "request" && /^\/(reset-password|newsletter\/unsubscribe|grievance\/GR-2026-000001)$/.test(line.path ?? "") && line.query);
    await expect.poll(() => logged().length, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    expect(server.output()).not.toContain(secrets.token);
    expect(server.output()).not.toContain(secrets.key);
    const byPath = new Map(logged().map((line) => [line.path, line]));
    expect(byPath.get("/reset-password")).toMatchObject({ method: "GET", query: { token: "[redacted]" }, status: expect.any(Number), durationMs: expect.any(Number) });
    expect(byPath.get("/newsletter/unsubscribe")).toMatchObject({ method: "GET", query: { token: "[redacted]" } });
    expect(byPath.get("/grievance/GR-2026-000001")).toMatchObject({ method: "GET", query: { key: "[redacted]", x: "1" } });
  });
});
