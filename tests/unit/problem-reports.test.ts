import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { reportBodyBytes, REPORT_BODY_BYTES } from "~/constants/problem-reports";
import type { DB } from "~/db/db.server";
import { REPORT_MESSAGES, reportSectionView, reportWindow } from "~/lib/problem-reports";
import { ORDER_MESSAGES } from "~/schemas/orders";
import { answerReport, listReports, reportProblem, shopperReports } from "~/services/problem-reports.server";
import { createShopper } from "../fakes/shop";
import { testDatabases } from "../setup/databases";
import { type OrderLines, placeCod, placeDeliveredCod, shopPerCase, tempDirsPerCase } from "../setup/orders";
import { refusal } from "../setup/refusal";

/**
 * Problem reports (issue 14 item 3; DESIGN.md §20; SPEC.md §9; docs/decisions/0660) on SQLite and
 * PostgreSQL: the windows (damaged 24 h with a video, wrong 48 h) counted from the Delivered
 * status event, the ordinary 404 for another shopper's order, one open report per order, a video
 * checked by its bytes, and the answer written with its audit row and outbox email.
 */

/** The order of every test: 1 × w-plain (₹1,000). */
const ONE_WATCH: OrderLines = { cart: [["w-plain", "default", 1]], items: [{ _id: "w-plain", size: "default", quantity: 1 }], amount: 1000 };
/** Delivered at Tue 24 Nov 2026, 10:05 IST. */
const DELIVERED = Date.parse("2026-11-24T10:05:00+05:30");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A tiny file whose bytes say MP4 (an `ftyp` box of brand isom, then an empty `mdat`). */
function mp4Bytes(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.from([0, 0, 2, 0]), Buffer.from("isomiso2")]);
  return Buffer.concat([ftyp, Buffer.from([0, 0, 0, 0x10]), Buffer.from("mdat"), Buffer.alloc(8)]);
}

describe("report windows (pure)", () => {
  it("opens each kind until its window's end, and says why not after", () => {
    const open = reportWindow({ status: "Delivered", deliveredAt: DELIVERED, openReport: false }, DELIVERED + 24 * HOUR);
    expect([open.damaged.open, open.wrong.open]).toEqual([true, true]);
    const late = reportWindow({ status: "Delivered", deliveredAt: DELIVERED, openReport: false }, DELIVERED + 24 * HOUR + 1);
    expect(late.damaged).toMatchObject({ open: false, reason: "Damaged products can be reported within 24 hours of delivery. This order was delivered on 24 Nov 2026, 10:05." });
    expect(late.wrong.open).toBe(true);
    const shipped = reportWindow({ status: "Shipped", deliveredAt: null, openReport: false }, DELIVERED);
    expect(shipped.wrong).toMatchObject({ open: false, reason: REPORT_MESSAGES.notDelivered });
    const view = reportSectionView(late, []);
    expect(view.kinds.map((kind) => kind.kind)).toEqual(["wrong"]);
    expect(view.kinds[0].until).toBe("26 Nov 2026, 10:05");
    expect(view.reasons).toHaveLength(1);
  });

  it("allows 100 MB and its framing on the report path only", () => {
    expect(reportBodyBytes("/orders/CI1234/report")).toBe(REPORT_BODY_BYTES);
    expect(reportBodyBytes("/orders/CI1234")).toBeNull();
    expect(reportBodyBytes("/orders/CI1234/report/x")).toBeNull();
  });
});

describe.each(testDatabases())("problem reports on $name", ({ create }) => {
  const openCase = shopPerCase(create);
  const tempDir = tempDirsPerCase();
  let db: DB;
  let shopper: number;
  let videoDir: string;
  let keys = 0;

  async function setUp() {
    ({ db, shopper } = await openCase());
    videoDir = tempDir("report-videos-");
  }

  async function deliveredOrder(userId = shopper) {
    keys += 1;
    return placeDeliveredCod(db, userId, `report-key-${keys}`, { lines: ONE_WATCH, deliveredAt: DELIVERED });
  }

  function videoFile(bytes = mp4Bytes()) {
    const filepath = path.join(videoDir, `upload-${Math.random().toString(16).slice(2)}.upload`);
    fs.writeFileSync(filepath, bytes);
    return { filepath, size: bytes.byteLength };
  }

  const wrong = { kind: "wrong", description: "I ordered the gold one and got the steel one.", videoLink: "", video: null };

  it("takes a damaged report with an uploaded video at 23 h 59 min and refuses it at 24 h 01 min", async () => {
    await setUp();
    const order = await deliveredOrder();
    const late = await refusal(reportProblem(db, shopper, order.id, { kind: "damaged", description: "The glass is cracked.", videoLink: "", video: videoFile() }, DELIVERED + 24 * HOUR + MINUTE, videoDir));
    expect([late.status, late.message]).toEqual([422, "Damaged products can be reported within 24 hours of delivery. This order was delivered on 24 Nov 2026, 10:05."]);
    expect(await listReports(db, { orderId: order.id })).toEqual([]);

    const report = await reportProblem(db, shopper, order.id, { kind: "damaged", description: " The glass is cracked. ", videoLink: "", video: videoFile() }, DELIVERED + 24 * HOUR - MINUTE, videoDir);
    expect(report).toMatchObject({ orderId: order.id, kind: "damaged", description: "The glass is cracked.", status: "open", videoLink: null });
    expect(report.videoFile).toMatch(/^[0-9a-f]{32}\.mp4$/);
    expect(fs.readFileSync(path.join(videoDir, report.videoFile!))).toEqual(mp4Bytes());
  });

  it("needs a video (or an https link) for a damaged report, and checks the video by its bytes", async () => {
    await setUp();
    const order = await deliveredOrder();
    const at = DELIVERED + HOUR;
    const none = await refusal(reportProblem(db, shopper, order.id, { kind: "damaged", description: "Cracked.", videoLink: "", video: null }, at, videoDir));
    expect([none.status, none.message]).toEqual([400, REPORT_MESSAGES.videoNeeded]);
    const http = await refusal(reportProblem(db, shopper, order.id, { kind: "damaged", description: "Cracked.", videoLink: "http://videos.example/1", video: null }, at, videoDir));
    expect([http.status, http.message]).toEqual([400, REPORT_MESSAGES.videoLink]);
    const text = await refusal(reportProblem(db, shopper, order.id, { kind: "damaged", description: "Cracked.", videoLink: "", video: videoFile(Buffer.from("not a video, just words".repeat(10))) }, at, videoDir));
    expect([text.status, text.message]).toEqual([400, REPORT_MESSAGES.videoType]);
    expect(fs.readdirSync(videoDir).filter((name) => !name.endsWith(".upload"))).toEqual([]);
    const linked = await reportProblem(db, shopper, order.id, { kind: "damaged", description: "Cracked.", videoLink: "https://videos.example/unboxing", video: null }, at, videoDir);
    expect(linked).toMatchObject({ videoFile: null, videoLink: "https://videos.example/unboxing" });
  });

  it("refuses a description with a NUL or other control character, keeps line breaks and tabs (found by the fuzz, issue 21)", async () => {
    await setUp();
    const order = await deliveredOrder();
    const at = DELIVERED + HOUR;
    for (const description of ["\u0000", "Cracked\u0000 glass", "Cracked \u001b[31m glass", "Cracked\u0085glass"]) {
      const refused = await refusal(reportProblem(db, shopper, order.id, { kind: "wrong", description, videoLink: "", video: null }, at, videoDir));
      expect([refused.status, refused.message]).toEqual([400, "The description must not contain control characters."]);
    }
    expect(await db.selectFrom("problem_reports").select("id").execute()).toEqual([]);
    const report = await reportProblem(db, shopper, order.id, { kind: "wrong", description: "Box said Casio.\r\n\tInside: a Fossil.", videoLink: "", video: null }, at, videoDir);
    expect(report.description).toBe("Box said Casio.\r\n\tInside: a Fossil.");
  });

  it("takes a wrong-product report at 47 h and refuses it at 49 h; nothing before delivery", async () => {
    await setUp();
    const order = await deliveredOrder();
    const late = await refusal(reportProblem(db, shopper, order.id, wrong, DELIVERED + 49 * HOUR, videoDir));
    expect([late.status, late.message]).toEqual([422, "Wrong products can be reported within 48 hours of delivery. This order was delivered on 24 Nov 2026, 10:05."]);
    const report = await reportProblem(db, shopper, order.id, wrong, DELIVERED + 47 * HOUR, videoDir);
    expect(report).toMatchObject({ kind: "wrong", status: "open", videoFile: null });

    const placed = (await placeCod(db, shopper, "report-undelivered", { lines: ONE_WATCH, now: DELIVERED })).order;
    const early = await refusal(reportProblem(db, shopper, placed.id, wrong, DELIVERED + HOUR, videoDir));
    expect([early.status, early.message]).toEqual([422, REPORT_MESSAGES.notDelivered]);
  });

  it("answers another shopper's order, an unknown and a malformed id with the ordinary 404", async () => {
    await setUp();
    const order = await deliveredOrder();
    const other = await createShopper(db);
    for (const [userId, orderId] of [
      [other, order.id],
      [shopper, "CI000000000000"],
      [shopper, "../../etc/passwd"],
    ] as const) {
      const error = await refusal(reportProblem(db, userId, orderId, wrong, DELIVERED + HOUR, videoDir));
      expect([error.status, error.message]).toEqual([404, ORDER_MESSAGES.orderNotFound]);
    }
    const seen = await refusal(shopperReports(db, other, order.id, DELIVERED));
    expect(seen.status).toBe(404);
    expect(await listReports(db, { orderId: order.id })).toEqual([]);
  });

  it("keeps one open report per order; once answered, another may be sent within the window", async () => {
    await setUp();
    const order = await deliveredOrder();
    const first = await reportProblem(db, shopper, order.id, wrong, DELIVERED + HOUR, videoDir);
    const again = await refusal(reportProblem(db, shopper, order.id, wrong, DELIVERED + 2 * HOUR, videoDir));
    expect([again.status, again.message]).toEqual([409, REPORT_MESSAGES.alreadyOpen]);
    const { window } = await shopperReports(db, shopper, order.id, DELIVERED + 2 * HOUR);
    expect(window.wrong).toMatchObject({ open: false, reason: REPORT_MESSAGES.alreadyOpen });

    await answerReport(db, first.id, "Sorry! A replacement is on its way.", { id: null, email: "owner@example.in" }, DELIVERED + 3 * HOUR);
    const second = await reportProblem(db, shopper, order.id, { ...wrong, description: "And the strap is wrong too." }, DELIVERED + 4 * HOUR, videoDir);
    expect(second.status).toBe("open");
  });

  it("writes the answer, its audit row and the shopper's email in one go, and only once", async () => {
    await setUp();
    const order = await deliveredOrder();
    const report = await reportProblem(db, shopper, order.id, wrong, DELIVERED + HOUR, videoDir);
    const actor = { id: null, email: "owner@example.in" };
    const empty = await refusal(answerReport(db, report.id, "   ", actor, DELIVERED + 2 * HOUR));
    expect(empty.status).toBe(400);
    const answered = await answerReport(db, report.id, "We are sending the right watch today.", actor, DELIVERED + 2 * HOUR);
    expect(answered).toMatchObject({ status: "answered", answer: "We are sending the right watch today.", answeredBy: "owner@example.in", answeredAt: DELIVERED + 2 * HOUR });

    const audit = await db.selectFrom("audit_log").selectAll().where("entity_id", "=", order.id).where("action", "=", "report.answer").execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].after_json ?? "{}")).toMatchObject({ report: report.id, status: "answered" });
    const mail = await db.selectFrom("outbox").selectAll().where("order_id", "=", order.id).where("kind", "=", "report_answered").execute();
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain("We are sending the right watch today.");

    const twice = await refusal(answerReport(db, report.id, "Again.", actor, DELIVERED + 3 * HOUR));
    expect(twice.status).toBe(409);
    const unknown = await refusal(answerReport(db, "rp_000000000000000000000000", "Hello.", actor, DELIVERED + 3 * HOUR));
    expect(unknown.status).toBe(404);

    const { reports } = await shopperReports(db, shopper, order.id, DELIVERED + 3 * HOUR);
    expect(reports.map((r) => [r.status, r.answer])).toEqual([["answered", "We are sending the right watch today."]]);
    expect(await listReports(db, { status: "open" })).toEqual([]);
  });
});
