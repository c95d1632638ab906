import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { BackendError } from "~/backend/types";
import { createDatabase, isUniqueViolation, type DB } from "~/db/db.server";
import { migrations } from "~/db/migrations/index";
import { catalogueVersion } from "~/db/products.server";
import { authorDisplayName, averageRating, collectionPeriodWords, reviewCountWords, reviewsPageHref, reviewsPageParam } from "~/lib/reviews";
import { reviewsJsonLd } from "~/utils/page-meta.server";
import { importCatalogue } from "~/services/catalogue.server";
import { placeCodOrder, setOrderStatus } from "~/services/orders.server";
import {
  listPendingReviews,
  publishReview,
  publishedReviews,
  rejectReview,
  reviewStanding,
  submitReview,
  withdrawReview,
} from "~/services/reviews.server";
import { createShopper, fillCart, orderBody } from "../fakes/shop";
import { testDatabases, type TestDatabase } from "../setup/databases";
import { refusal } from "../setup/refusal";

/**
 * Verified reviews (issue 23 item 2; DESIGN.md §21; IS 19000:2022; docs/decisions/0691) on SQLite
 * and PostgreSQL: only a shopper with a delivered order of the watch reviews it, once, at most 5 a
 * day; the text is checked like every field (nothing written when refused); staff publish or
 * reject with a reason from the fixed list, audited and emailed to the account; publishing and
 * withdrawing keep the product's count and stars and bump the catalogue version; the invitation
 * is scheduled once, 3 days after delivery. A rejected review may be written again (migration
 * 0013's partial unique index, the rejected one kept); a withdrawn one may not; the invitation
 * names only the watches left to review, and none is sent when none is left. Expected values are
 * written out, never computed.
 */

const STAFF = { id: null, email: "moderator@example.in" };
/** Delivered at Tue 24 Nov 2026, 10:05 IST. */
const DELIVERED = Date.parse("2026-11-24T10:05:00+05:30");
const HOUR = 60 * 60_000;
/** DELIVERED + 3 days, written out: 2026-11-27T10:05+05:30. */
const INVITE_DUE = Date.parse("2026-11-27T10:05:00+05:30");

/** Seven watches without colours, "r1" … "r7". */
const WATCHES = ["r1", "r2", "r3", "r4", "r5", "r6", "r7"];

describe("reviews in words (pure)", () => {
  it("shows the author as first name and initial", () => {
    const cases: [string, string][] = [
      ["Asha Kumar", "Asha K."],
      ["  Ravi  Shankar  Iyer ", "Ravi I."],
      ["asha kumar", "asha K."],
      ["Priya", "Priya"],
      ["", "A shopper"],
    ];
    for (const [name, shown] of cases) expect(authorDisplayName(name)).toBe(shown);
  });

  it("averages to one decimal and counts in words", () => {
    expect([averageRating(0, 0), averageRating(1, 5), averageRating(3, 13), averageRating(2, 9), averageRating(3, 10)]).toEqual([null, 5, 4.3, 4.5, 3.3]);
    expect([reviewCountWords(1), reviewCountWords(2), reviewCountWords(1234)]).toEqual(["1 review", "2 reviews", "1,234 reviews"]);
  });

  it("says the collection period in IST, one day as one date", () => {
    const cases: [string, string, string][] = [
      ["2026-11-02T12:00:00+05:30", "2026-11-26T09:00:00+05:30", "Reviews collected from 2 Nov 2026 to 26 Nov 2026, from shoppers whose order was delivered."],
      ["2026-11-26T00:10:00+05:30", "2026-11-26T23:50:00+05:30", "Reviews collected on 26 Nov 2026, from shoppers whose order was delivered."],
      // 23:30 IST on the 25th and 00:30 IST on the 26th are one hour apart but two days.
      ["2026-11-25T23:30:00+05:30", "2026-11-26T00:30:00+05:30", "Reviews collected from 25 Nov 2026 to 26 Nov 2026, from shoppers whose order was delivered."],
    ];
    for (const [from, to, words] of cases) expect(collectionPeriodWords(Date.parse(from), Date.parse(to))).toBe(words);
  });

  it("reads ?reviews= and keeps the other query parameters in its links", () => {
    expect([reviewsPageParam(null), reviewsPageParam("2"), reviewsPageParam(" 3 "), reviewsPageParam("0"), reviewsPageParam("1.5"), reviewsPageParam("x")]).toEqual([1, 2, 3, 1, 1, 1]);
    expect(reviewsPageHref("/product/r1", "?media=2&pin=560001", 2)).toBe("/product/r1?media=2&pin=560001&tab=reviews&reviews=2#reviews");
    expect(reviewsPageHref("/product/r1", "?tab=reviews&reviews=2", 1)).toBe("/product/r1?tab=reviews#reviews");
  });

  it("claims no rating in JSON-LD without published reviews, and the page's figures with them", () => {
    expect(reviewsJsonLd({ reviewCount: 0, ratingSum: 0 }, [])).toEqual({});
    expect(
      reviewsJsonLd({ reviewCount: 2, ratingSum: 9 }, [{ id: "rv_1", authorName: "Asha K.", rating: 5, title: "Lovely", body: null, publishedAt: Date.parse("2026-11-26T23:30:00+05:30") }]),
    ).toEqual({
      aggregateRating: { "@type": "AggregateRating", ratingValue: "4.5", reviewCount: 2, bestRating: 5, worstRating: 1 },
      review: [
        {
          "@type": "Review",
          author: { "@type": "Person", name: "Asha K." },
          datePublished: "2026-11-26",
          reviewRating: { "@type": "Rating", ratingValue: 5, bestRating: 5, worstRating: 1 },
          name: "Lovely",
        },
      ],
    });
  });
});

describe.each(testDatabases())("verified reviews on $name", ({ create }) => {
  let current: TestDatabase | undefined;
  let db: DB;
  let keys = 0;

  async function setUp() {
    current = await create();
    db = current.db;
    const result = await importCatalogue(
      db,
      WATCHES.map((id, index) => ({ _id: id, name: `Review Watch ${index + 1}`, image: ["/plain.svg"], price: 1000 + index, category: "Men", subCategory: "Casio", createdAt: "2025-01-01" })),
    );
    if (!result.ok) throw new Error("test catalogue is invalid");
  }
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });

  async function shopper(name = "Asha Kumar"): Promise<number> {
    const id = await createShopper(db);
    await db.updateTable("users").set({ name }).where("id", "=", id).execute();
    return id;
  }

  async function order(userId: number, productIds: string[], status: "Delivered" | "Shipped" = "Delivered") {
    await fillCart(db, userId, productIds.map((id) => [id, "default", 1]));
    keys += 1;
    const placed = (
      await placeCodOrder(db, userId, orderBody(productIds.map((id) => ({ _id: id, size: "default", quantity: 1 })), 1000), {
        codEnabled: true,
        idempotencyKey: `review-key-${keys}`,
        now: DELIVERED - 3 * 24 * HOUR,
      })
    ).order;
    await setOrderStatus(db, placed.id, "Shipped", { liveCredentials: false, now: DELIVERED - 24 * HOUR, actor: STAFF, shipment: { courier: "Blue Dart", awbNumber: "BD1234567" } });
    if (status === "Delivered") await setOrderStatus(db, placed.id, "Delivered", { liveCredentials: false, now: DELIVERED, actor: STAFF });
    return placed;
  }

  const figures = async (productId: string) => {
    const row = await db.selectFrom("products").select(["review_count", "rating_sum"]).where("id", "=", productId).executeTakeFirstOrThrow();
    return [Number(row.review_count), Number(row.rating_sum)];
  };
  const reviewRows = () => db.selectFrom("reviews").selectAll().execute();
  const email = async (userId: number) => (await db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow()).email;

  it("lets only a shopper with a delivered order of the watch review it, once", async () => {
    await setUp();
    const buyer = await shopper();
    const stranger = await shopper("Ravi Shankar");
    const waiting = await shopper("Meera Nair");
    const placed = await order(buyer, ["r1", "r2"]);
    await order(waiting, ["r1"], "Shipped");
    const at = DELIVERED + HOUR;

    expect(await reviewStanding(db, stranger, "r1")).toEqual({ own: null, canWrite: false, reason: "You can review a watch once it has been delivered to you. This account has no delivered order of this watch." });
    const never = await refusal(submitReview(db, stranger, "r1", { rating: "5", title: "", body: "" }, at));
    expect([never.status, never.message]).toEqual([403, "You can review a watch once it has been delivered to you. This account has no delivered order of this watch."]);
    const shipped = await refusal(submitReview(db, waiting, "r1", { rating: "5", title: "", body: "" }, at));
    expect(shipped.status).toBe(403);
    const otherWatch = await refusal(submitReview(db, buyer, "r3", { rating: "5", title: "", body: "" }, at));
    expect(otherWatch.status).toBe(403);
    const unknown = await refusal(submitReview(db, buyer, "nope", { rating: "5", title: "", body: "" }, at));
    expect([unknown.status, unknown.message]).toEqual([404, "No such watch."]);
    expect(await reviewRows()).toEqual([]);

    expect(await reviewStanding(db, buyer, "r1")).toEqual({ own: null, canWrite: true, reason: null });
    const review = await submitReview(db, buyer, "r1", { rating: "4", title: "  Keeps time  ", body: "Good strap.\r\nSmall dial." }, at);
    expect(review).toMatchObject({ productId: "r1", orderId: placed.id, authorName: "Asha K.", rating: 4, title: "Keeps time", body: "Good strap.\nSmall dial.", status: "pending", publishedAt: null, createdAt: at });
    expect(review.id).toMatch(/^rv_[0-9a-f]{24}$/);

    const twice = await refusal(submitReview(db, buyer, "r1", { rating: "1", title: "", body: "" }, at + 1));
    expect([twice.status, twice.message]).toEqual([409, "You have already reviewed this watch. Each shopper reviews a watch once."]);
    expect((await reviewStanding(db, buyer, "r1")).own?.status).toBe("pending");
    expect(await reviewRows()).toHaveLength(1);
    // Nothing counts until staff publish it.
    expect(await figures("r1")).toEqual([0, 0]);
  });

  it("refuses a bad rating, an over-long or control-character text, writing nothing", async () => {
    await setUp();
    const buyer = await shopper();
    await order(buyer, ["r1"]);
    const at = DELIVERED + HOUR;
    const cases: [Record<string, unknown>, string][] = [
      [{ rating: null, title: "", body: "" }, "Choose a rating from 1 to 5 stars."],
      [{ rating: "0", title: "", body: "" }, "Choose a rating from 1 to 5 stars."],
      [{ rating: "6", title: "", body: "" }, "Choose a rating from 1 to 5 stars."],
      [{ rating: "4.5", title: "", body: "" }, "Choose a rating from 1 to 5 stars."],
      [{ rating: "five", title: "", body: "" }, "Choose a rating from 1 to 5 stars."],
      [{ rating: "5", title: "x".repeat(101), body: "" }, "Keep the title under 100 characters."],
      [{ rating: "5", title: "", body: "x".repeat(2001) }, "Keep the review under 2,000 characters."],
      [{ rating: "5", title: "Two\nlines", body: "" }, "The title must not contain control characters."],
      [{ rating: "5", title: "", body: "Nul \u0000 here" }, "The review must not contain control characters."],
      [{ rating: "5", title: "", body: "Escape \u001b[31m red" }, "The review must not contain control characters."],
      [{ rating: "5", title: "", body: "C1 \u0085 control" }, "The review must not contain control characters."],
    ];
    for (const [input, message] of cases) {
      const error = await refusal(submitReview(db, buyer, "r1", input as { rating: unknown; title: unknown; body: unknown }, at));
      expect([error.status, error.message]).toEqual([400, message]);
    }
    expect(await reviewRows()).toEqual([]);
    // At the limits: 100 and 2,000 characters (an emoji is one), tabs and line breaks in the text.
    const review = await submitReview(db, buyer, "r1", { rating: "1", title: "😀".repeat(100), body: `${"y".repeat(1991)}\tand\nmore` }, at);
    expect([review.title?.length, review.body?.length]).toEqual([200, 2000]);
  });

  it("takes at most 5 reviews from a shopper in 24 hours", async () => {
    await setUp();
    const buyer = await shopper();
    // Two orders: one holds at most 6 watches (issue 43 item 3; docs/decisions/0930).
    await order(buyer, WATCHES.slice(0, 4));
    await order(buyer, WATCHES.slice(4));
    const start = DELIVERED + HOUR;
    for (const [index, id] of ["r1", "r2", "r3", "r4", "r5"].entries()) await submitReview(db, buyer, id, { rating: "5", title: "", body: "" }, start + index * 60_000);
    const sixth = await refusal(submitReview(db, buyer, "r6", { rating: "5", title: "", body: "" }, start + 24 * HOUR - 1));
    expect([sixth.status, sixth.message]).toEqual([429, "You have written 5 reviews in the last 24 hours, the most we take in a day. Please write this one tomorrow."]);
    expect(await reviewRows()).toHaveLength(5);
    // A day after the first, one more is taken.
    await submitReview(db, buyer, "r6", { rating: "5", title: "", body: "" }, start + 24 * HOUR + 1);
    expect(await reviewRows()).toHaveLength(6);
  });

  it("publishes: counts the stars, bumps the catalogue version, audits and emails the account", async () => {
    await setUp();
    const [asha, ravi, meera] = [await shopper("Asha Kumar"), await shopper("Ravi Shankar"), await shopper("Meera Nair")];
    const orders = [await order(asha, ["r1"]), await order(ravi, ["r1"]), await order(meera, ["r1"])];
    const written = [
      await submitReview(db, asha, "r1", { rating: "5", title: "Lovely", body: "" }, DELIVERED + 1 * HOUR),
      await submitReview(db, ravi, "r1", { rating: "4", title: "", body: "Fine." }, DELIVERED + 2 * HOUR),
      await submitReview(db, meera, "r1", { rating: "4", title: "", body: "" }, DELIVERED + 3 * HOUR),
    ];
    expect((await listPendingReviews(db)).map((review) => [review.id, review.productName, review.authorName])).toEqual([
      [written[0].id, "Review Watch 1", "Asha K."],
      [written[1].id, "Review Watch 1", "Ravi S."],
      [written[2].id, "Review Watch 1", "Meera N."],
    ]);

    const version = await catalogueVersion(db);
    const published = await publishReview(db, written[0].id, STAFF, DELIVERED + 5 * HOUR);
    expect(published).toMatchObject({ status: "published", publishedAt: DELIVERED + 5 * HOUR });
    expect(await figures("r1")).toEqual([1, 5]);
    expect(await catalogueVersion(db)).toBe(version + 1);
    await publishReview(db, written[1].id, STAFF, DELIVERED + 6 * HOUR);
    await publishReview(db, written[2].id, STAFF, DELIVERED + 7 * HOUR);
    expect(await figures("r1")).toEqual([3, 13]);
    expect(await catalogueVersion(db)).toBe(version + 3);

    const again = await refusal(publishReview(db, written[0].id, STAFF, DELIVERED + 8 * HOUR));
    expect([again.status, again.message]).toEqual([409, "This review has already been moderated."]);
    expect(await figures("r1")).toEqual([3, 13]);
    expect((await refusal(publishReview(db, "rv_000000000000000000000000", STAFF, DELIVERED))).status).toBe(404);
    expect((await refusal(publishReview(db, "../etc", STAFF, DELIVERED))).status).toBe(404);

    const audit = await db.selectFrom("audit_log").select(["actor_email", "entity", "entity_id", "action"]).where("entity", "=", "review").orderBy("id").execute();
    expect(audit).toEqual(written.map((review) => ({ actor_email: "moderator@example.in", entity: "review", entity_id: review.id, action: "review.publish" })));

    const mail = await db.selectFrom("outbox").select(["order_id", "recipient", "subject", "text", "dedupe_key"]).where("kind", "=", "review_published").orderBy("id").execute();
    expect(mail.map((row) => [row.order_id, row.recipient, row.subject, row.dedupe_key])).toEqual([
      [orders[0].id, await email(asha), "Your review of Review Watch 1 is published", `${orders[0].id}:review_published:${written[0].id}`],
      [orders[1].id, await email(ravi), "Your review of Review Watch 1 is published", `${orders[1].id}:review_published:${written[1].id}`],
      [orders[2].id, await email(meera), "Your review of Review Watch 1 is published", `${orders[2].id}:review_published:${written[2].id}`],
    ]);
    expect(mail[0].text).toContain("Hello Asha Kumar,");
    expect(mail[0].text).toContain("/product/r1/review");
    // No delivery address or items in a review email.
    expect(mail[0].text).not.toContain("Delivery address");
  });

  it("rejects with a reason from the fixed list only, audited and emailed", async () => {
    await setUp();
    const buyer = await shopper();
    const placed = await order(buyer, ["r2"]);
    const review = await submitReview(db, buyer, "r2", { rating: "1", title: "", body: "Call me on 98xxxxxx" }, DELIVERED + HOUR);
    for (const reason of ["rude", "", null, "__proto__", "toString"]) {
      const error = await refusal(rejectReview(db, review.id, reason, STAFF, DELIVERED + 2 * HOUR));
      expect([error.status, error.message]).toEqual([400, "Choose the reason from the list."]);
    }
    expect((await reviewStanding(db, buyer, "r2")).own?.status).toBe("pending");
    const rejected = await rejectReview(db, review.id, "personal_data", STAFF, DELIVERED + 2 * HOUR);
    expect(rejected).toMatchObject({ status: "rejected", rejectReason: "personal_data", publishedAt: null });
    expect(await figures("r2")).toEqual([0, 0]);
    expect(await listPendingReviews(db)).toEqual([]);
    const row = await db.selectFrom("reviews").select(["status", "reject_reason", "moderated_by"]).where("id", "=", review.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "rejected", reject_reason: "personal_data", moderated_by: "moderator@example.in" });
    const audit = await db.selectFrom("audit_log").select(["action", "after_json"]).where("entity_id", "=", review.id).execute();
    expect(audit.map((entry) => [entry.action, JSON.parse(entry.after_json ?? "null")])).toEqual([["review.reject", { status: "rejected", reason: "personal_data" }]]);
    const mail = await db.selectFrom("outbox").selectAll().where("kind", "=", "review_rejected").execute();
    expect(mail.map((entry) => [entry.order_id, entry.recipient, entry.subject])).toEqual([[placed.id, await email(buyer), "Your review of Review Watch 2 was not published"]]);
    expect(mail[0].text).toContain("Personal data (a phone number, an address, an email or someone's full name)");
    expect(mail[0].text).toContain("You can write a new review of Review Watch 2 that keeps to the guidelines: ");
    expect(mail[0].html).toMatch(/<a href="[^"]+\/product\/r2\/review">/);
    // A rejected review cannot be withdrawn…
    expect((await refusal(withdrawReview(db, buyer, "r2", DELIVERED + 3 * HOUR))).status).toBe(409);
    // …but its author may write a new one: the page offers the form under the rejected review.
    expect(await reviewStanding(db, buyer, "r2")).toMatchObject({ own: { id: review.id, status: "rejected", rejectReason: "personal_data" }, canWrite: true, reason: null });
    const again = await submitReview(db, buyer, "r2", { rating: "2", title: "", body: "Strap broke in a week." }, DELIVERED + 3 * HOUR);
    expect(again).toMatchObject({ productId: "r2", orderId: placed.id, status: "pending", rating: 2 });
    expect(await reviewStanding(db, buyer, "r2")).toMatchObject({ own: { id: again.id, status: "pending" }, canWrite: false, reason: "You have already reviewed this watch. Each shopper reviews a watch once." });
    const third = await refusal(submitReview(db, buyer, "r2", { rating: "5", title: "", body: "" }, DELIVERED + 4 * HOUR));
    expect([third.status, third.message]).toEqual([409, "You have already reviewed this watch. Each shopper reviews a watch once."]);
    // The rejected one stays in the table, as written, for the audit.
    const rows = await db.selectFrom("reviews").select(["id", "status", "body"]).orderBy("created_at").execute();
    expect(rows).toEqual([
      { id: review.id, status: "rejected", body: "Call me on 98xxxxxx" },
      { id: again.id, status: "pending", body: "Strap broke in a week." },
    ]);
    expect((await listPendingReviews(db)).map((queued) => queued.id)).toEqual([again.id]);
    // Rejected again, and written a third time: each rejection frees the watch once more.
    await rejectReview(db, again.id, "off_topic", STAFF, DELIVERED + 5 * HOUR);
    const last = await submitReview(db, buyer, "r2", { rating: "3", title: "", body: "" }, DELIVERED + 6 * HOUR);
    await publishReview(db, last.id, STAFF, DELIVERED + 7 * HOUR);
    expect(await figures("r2")).toEqual([1, 3]);
    expect((await refusal(submitReview(db, buyer, "r2", { rating: "1", title: "", body: "" }, DELIVERED + 8 * HOUR))).status).toBe(409);
  });

  it("counts a withdrawn review as the shopper's one review of the watch", async () => {
    await setUp();
    const buyer = await shopper();
    await order(buyer, ["r3"]);
    const review = await submitReview(db, buyer, "r3", { rating: "5", title: "", body: "" }, DELIVERED + HOUR);
    await publishReview(db, review.id, STAFF, DELIVERED + 2 * HOUR);
    await withdrawReview(db, buyer, "r3", DELIVERED + 3 * HOUR);
    expect(await reviewStanding(db, buyer, "r3")).toMatchObject({ own: { id: review.id, status: "withdrawn" }, canWrite: false, reason: "You have already reviewed this watch. Each shopper reviews a watch once." });
    const again = await refusal(submitReview(db, buyer, "r3", { rating: "1", title: "", body: "" }, DELIVERED + 4 * HOUR));
    expect([again.status, again.message]).toEqual([409, "You have already reviewed this watch. Each shopper reviews a watch once."]);
    expect(await reviewRows()).toHaveLength(1);
  });

  it("counts rejected reviews in the 5 a day, and decides a race for a rewrite by the database", async () => {
    await setUp();
    const buyer = await shopper();
    // Two orders: one holds at most 6 watches (issue 43 item 3; docs/decisions/0930).
    await order(buyer, WATCHES.slice(0, 4));
    await order(buyer, WATCHES.slice(4));
    const start = DELIVERED + HOUR;
    const first = await submitReview(db, buyer, "r1", { rating: "5", title: "", body: "" }, start);
    await rejectReview(db, first.id, "spam", STAFF, start + 60_000);
    // Two tabs send the new review of r1 at once: one is written, the other refused with 409.
    const both = await Promise.allSettled([
      submitReview(db, buyer, "r1", { rating: "4", title: "", body: "" }, start + 2 * 60_000),
      submitReview(db, buyer, "r1", { rating: "3", title: "", body: "" }, start + 2 * 60_000),
    ]);
    expect(both.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    const lost = both.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect([(lost.reason as BackendError).status, (lost.reason as BackendError).message]).toEqual([409, "You have already reviewed this watch. Each shopper reviews a watch once."]);
    // Written so far: r1 (rejected), r1 again. Three more make five in 24 hours.
    for (const [index, id] of ["r2", "r3", "r4"].entries()) await submitReview(db, buyer, id, { rating: "5", title: "", body: "" }, start + (3 + index) * 60_000);
    const sixth = await refusal(submitReview(db, buyer, "r5", { rating: "5", title: "", body: "" }, start + 23 * HOUR));
    expect([sixth.status, sixth.message]).toEqual([429, "You have written 5 reviews in the last 24 hours, the most we take in a day. Please write this one tomorrow."]);
    expect(await reviewRows()).toHaveLength(5);
  });

  it("withdraws: a published review leaves the count and stars; a pending one just goes", async () => {
    await setUp();
    const [asha, ravi] = [await shopper("Asha Kumar"), await shopper("Ravi Shankar")];
    await order(asha, ["r3"]);
    await order(ravi, ["r3"]);
    const five = await submitReview(db, asha, "r3", { rating: "5", title: "", body: "" }, DELIVERED + HOUR);
    const four = await submitReview(db, ravi, "r3", { rating: "4", title: "", body: "" }, DELIVERED + HOUR);
    await publishReview(db, five.id, STAFF, DELIVERED + 2 * HOUR);
    await publishReview(db, four.id, STAFF, DELIVERED + 2 * HOUR);
    expect(await figures("r3")).toEqual([2, 9]);

    const version = await catalogueVersion(db);
    const withdrawn = await withdrawReview(db, asha, "r3", DELIVERED + 3 * HOUR);
    expect(withdrawn.status).toBe("withdrawn");
    expect(await figures("r3")).toEqual([1, 4]);
    expect(await catalogueVersion(db)).toBe(version + 1);
    expect((await refusal(withdrawReview(db, asha, "r3", DELIVERED + 4 * HOUR))).status).toBe(409);
    expect(await figures("r3")).toEqual([1, 4]);
    expect((await refusal(withdrawReview(db, asha, "r4", DELIVERED + 4 * HOUR))).status).toBe(404);
    const page = await publishedReviews(db, "r3", 1);
    expect(page.reviews.map((review) => [review.authorName, review.rating])).toEqual([["Ravi S.", 4]]);

    // A pending review withdrawn: nothing to subtract, and no longer in the queue.
    const buyer = await shopper("Meera Nair");
    await order(buyer, ["r4"]);
    await submitReview(db, buyer, "r4", { rating: "2", title: "", body: "" }, DELIVERED + HOUR);
    await withdrawReview(db, buyer, "r4", DELIVERED + 2 * HOUR);
    expect(await figures("r4")).toEqual([0, 0]);
    expect(await listPendingReviews(db)).toEqual([]);
    const audit = await db.selectFrom("audit_log").select(["actor_email", "action"]).where("action", "=", "review.withdraw").orderBy("id").execute();
    expect(audit).toEqual([
      { actor_email: await email(asha), action: "review.withdraw" },
      { actor_email: await email(buyer), action: "review.withdraw" },
    ]);
  });

  it("lists published reviews newest first, 10 a page, with the period they were collected in", async () => {
    await setUp();
    const userId = await shopper();
    // Twelve published reviews written a day apart from 1 Nov 2026 (IST noon) and published an hour later, plus a pending and a rejected one.
    const day = 24 * HOUR;
    const first = Date.parse("2026-11-01T12:00:00+05:30");
    const rows = Array.from({ length: 14 }, (_, index) => ({
      id: `rv_${String(index + 1).padStart(24, "0")}`,
      product_id: "r5",
      user_id: userId + index * 1000,
      order_id: "CI000000-TEST",
      author_name: `Shopper ${index + 1}`,
      rating: (index % 5) + 1,
      title: null,
      body: null,
      status: index < 12 ? "published" : index === 12 ? "pending" : "rejected",
      reject_reason: index === 13 ? "spam" : null,
      moderated_by: null,
      moderated_at: null,
      published_at: index < 12 ? first + index * day + HOUR : null,
      created_at: first + index * day,
    }));
    await db.insertInto("reviews").values(rows).execute();
    const one = await publishedReviews(db, "r5", 1);
    expect(one.reviews.map((review) => review.authorName)).toEqual(["Shopper 12", "Shopper 11", "Shopper 10", "Shopper 9", "Shopper 8", "Shopper 7", "Shopper 6", "Shopper 5", "Shopper 4", "Shopper 3"]);
    expect([one.page, one.pageCount, one.total]).toEqual([1, 2, 12]);
    expect([one.collectedFrom, one.collectedTo]).toEqual([Date.parse("2026-11-01T12:00:00+05:30"), Date.parse("2026-11-12T12:00:00+05:30")]);
    const two = await publishedReviews(db, "r5", 2);
    expect(two.reviews.map((review) => [review.authorName, review.rating, review.publishedAt])).toEqual([
      ["Shopper 2", 2, Date.parse("2026-11-02T13:00:00+05:30")],
      ["Shopper 1", 1, Date.parse("2026-11-01T13:00:00+05:30")],
    ]);
    expect((await publishedReviews(db, "r5", 9)).page).toBe(2);
    expect(await publishedReviews(db, "r6", 1)).toEqual({ reviews: [], page: 1, pageCount: 1, total: 0, collectedFrom: null, collectedTo: null });
  });

  it("schedules one invitation to review, 3 days after delivery, to the account", async () => {
    await setUp();
    const buyer = await shopper();
    const placed = await order(buyer, ["r1", "r2"]);
    await setOrderStatus(db, placed.id, "Delivered", { liveCredentials: false, now: DELIVERED + HOUR, actor: STAFF });
    const invites = await db.selectFrom("outbox").selectAll().where("kind", "=", "review_invite").execute();
    expect(invites.map((row) => [row.order_id, row.recipient, Number(row.created_at), Number(row.next_attempt_at), row.dedupe_key])).toEqual([
      [placed.id, await email(buyer), DELIVERED, INVITE_DUE, `${placed.id}:review_invite`],
    ]);
    expect(invites[0].subject).toBe(`How is your watch? Review your Chrono India order ${placed.id}`);
    expect(invites[0].text).toContain("Review Watch 1: ");
    expect(invites[0].text).toContain("/product/r1/review");
    expect(invites[0].text).toContain("/product/r2/review");
    expect(invites[0].html).toMatch(/<a href="[^"]+\/product\/r2\/review">/);
    // An order never delivered gets none.
    const other = await order(buyer, ["r3"], "Shipped");
    expect(await db.selectFrom("outbox").select("id").where("kind", "=", "review_invite").where("order_id", "=", other.id).execute()).toEqual([]);
  });

  /** The review invitation of `orderId` still in the outbox: the review pages it links, when written and due; null when there is none. */
  async function invite(orderId: string) {
    const row = await db.selectFrom("outbox").selectAll().where("kind", "=", "review_invite").where("order_id", "=", orderId).executeTakeFirst();
    if (!row) return null;
    const links = [...row.text.matchAll(/\/product\/(r\d)\/review/g)].map((match) => match[1]);
    return { links, createdAt: Number(row.created_at), dueAt: Number(row.next_attempt_at), sentAt: row.sent_at, key: row.dedupe_key };
  }

  it("invites a shopper to review only the watches not reviewed yet, and not at all when none is left", async () => {
    await setUp();
    const buyer = await shopper();
    const first = await order(buyer, ["r4"]);
    await submitReview(db, buyer, "r4", { rating: "5", title: "", body: "" }, DELIVERED + HOUR);
    expect(await invite(first.id)).toBeNull();

    // Delivered after r4 was reviewed: an order of r4 alone gets no invitation; with r5, r5 only.
    const again = await order(buyer, ["r4"]);
    expect(await invite(again.id)).toBeNull();
    const mixed = await order(buyer, ["r4", "r5"]);
    expect(await invite(mixed.id)).toEqual({ links: ["r5"], createdAt: DELIVERED, dueAt: INVITE_DUE, sentAt: null, key: `${mixed.id}:review_invite` });
    expect((await db.selectFrom("outbox").select("text").where("kind", "=", "review_invite").where("order_id", "=", mixed.id).executeTakeFirstOrThrow()).text).toContain("Review your watch\n");

    // Three watches; one reviewed before the invitation is due: it leaves, same written and due times.
    const three = await order(buyer, ["r1", "r2", "r3"]);
    expect((await invite(three.id))?.links).toEqual(["r1", "r2", "r3"]);
    const r1 = await submitReview(db, buyer, "r1", { rating: "4", title: "", body: "" }, DELIVERED + 2 * HOUR);
    expect(await invite(three.id)).toEqual({ links: ["r2", "r3"], createdAt: DELIVERED, dueAt: INVITE_DUE, sentAt: null, key: `${three.id}:review_invite` });
    // Rejected: r1 may be reviewed again, so it is back.
    await rejectReview(db, r1.id, "abusive", STAFF, DELIVERED + 3 * HOUR);
    expect((await invite(three.id))?.links).toEqual(["r1", "r2", "r3"]);
    // A withdrawn review counts: its watch stays off.
    await submitReview(db, buyer, "r2", { rating: "3", title: "", body: "" }, DELIVERED + 4 * HOUR);
    await withdrawReview(db, buyer, "r2", DELIVERED + 5 * HOUR);
    expect((await invite(three.id))?.links).toEqual(["r1", "r3"]);

    // All reviewed before it is due (the next day: 5 reviews a day): the invitation leaves the
    // outbox; so does the mixed order's.
    await submitReview(db, buyer, "r1", { rating: "4", title: "", body: "" }, DELIVERED + 26 * HOUR);
    await submitReview(db, buyer, "r3", { rating: "4", title: "", body: "" }, DELIVERED + 27 * HOUR);
    expect(await invite(three.id)).toBeNull();
    await submitReview(db, buyer, "r5", { rating: "4", title: "", body: "" }, DELIVERED + 28 * HOUR);
    expect(await invite(mixed.id)).toBeNull();
    // The other emails of the order are untouched (r1's rejection was emailed, proven by this order).
    expect((await db.selectFrom("outbox").select("kind").where("order_id", "=", three.id).orderBy("id").execute()).map((row) => row.kind)).toEqual([
      "order_placed",
      "shipped",
      "delivered",
      "review_rejected",
    ]);
  });

  it("leaves an invitation alone once it is due within the sender's lease (it may be being sent)", async () => {
    await setUp();
    const buyer = await shopper();
    const placed = await order(buyer, ["r6", "r7"]);
    // Five minutes before it is due (the lease is ten): a review now does not touch it.
    await submitReview(db, buyer, "r6", { rating: "5", title: "", body: "" }, INVITE_DUE - 5 * 60_000);
    expect(await invite(placed.id)).toEqual({ links: ["r6", "r7"], createdAt: DELIVERED, dueAt: INVITE_DUE, sentAt: null, key: `${placed.id}:review_invite` });
  });
});

/**
 * Migration 0013 on a database that has reviews (both databases): the rows are kept as they were;
 * afterwards a rejected review's author may write again, while a second live review is refused by
 * the database; `down` restores one review per shopper and watch once no shopper has two. Only
 * 0013 runs up and down here (from 0012_colour_stock), not the migrations after it.
 */
describe.each(testDatabases().map((kind) => kind.name))("migration 0013_review_after_rejection on %s", (name) => {
  const REVIEWS = [
    { id: "rv_000000000000000000000001", product_id: "p1", user_id: 1, status: "pending" },
    { id: "rv_000000000000000000000002", product_id: "p1", user_id: 2, status: "rejected" },
    { id: "rv_000000000000000000000003", product_id: "p2", user_id: 1, status: "published" },
    { id: "rv_000000000000000000000004", product_id: "p2", user_id: 2, status: "withdrawn" },
  ];
  const row = (review: { id: string; product_id: string; user_id: number; status: string }) => ({
    ...review,
    order_id: "CI000000-TEST",
    author_name: "Asha K.",
    rating: 4,
    title: null,
    body: "Kept through the migration.",
    reject_reason: review.status === "rejected" ? "spam" : null,
    moderated_by: null,
    moderated_at: null,
    published_at: review.status === "published" ? 1_700_000_000_000 : null,
    created_at: 1_700_000_000_000,
  });

  it("keeps every review and lets only a rejected one be written again", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "reviews-0013-"));
    const schema = `t_${crypto.randomBytes(6).toString("hex")}`;
    const db = name === "sqlite" ? createDatabase(`file:${path.join(dir, "store.db")}`) : createDatabase(process.env.TEST_DATABASE_URL!, { pgSchema: schema });
    try {
      if (name === "postgres") await sql`create schema ${sql.id(schema)}`.execute(db);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(name === "postgres" ? { migrationTableSchema: schema } : {}) });
      const to = async (target: string) => {
        const { error } = await migrator.migrateTo(target);
        if (error) throw error;
      };
      await to("0012_colour_stock");
      await db.insertInto("reviews").values(REVIEWS.map(row)).execute();
      await to("0013_review_after_rejection");
      // PostgreSQL answers bigint columns as strings.
      const kept = (await db.selectFrom("reviews").selectAll().orderBy("id").execute()).map((review) => ({
        ...review,
        created_at: Number(review.created_at),
        published_at: review.published_at === null ? null : Number(review.published_at),
      }));
      expect(kept).toEqual(REVIEWS.map(row));
      const insert = (id: string, product: string, user: number, status = "pending") => db.insertInto("reviews").values(row({ id, product_id: product, user_id: user, status })).execute();
      const refused = async (write: Promise<unknown>) => {
        const error = await write.then(() => null, (e: unknown) => e);
        expect(isUniqueViolation(error), String(error)).toBe(true);
      };
      // Shopper 2's rejected review of p1 leaves room for a new one; shopper 1's pending one does not.
      await insert("rv_000000000000000000000005", "p1", 2);
      await refused(insert("rv_000000000000000000000006", "p1", 1));
      await refused(insert("rv_000000000000000000000007", "p1", 2));
      // A withdrawn review still holds its place; any number of rejected ones do not.
      await refused(insert("rv_000000000000000000000008", "p2", 2));
      await insert("rv_000000000000000000000009", "p2", 1, "rejected");
      await insert("rv_000000000000000000000010", "p2", 1, "rejected");

      // Down again once every shopper has one review per watch: the table constraint is back.
      await db.deleteFrom("reviews").where("id", "in", ["rv_000000000000000000000002", "rv_000000000000000000000009", "rv_000000000000000000000010"]).execute();
      await to("0012_colour_stock");
      await refused(insert("rv_000000000000000000000011", "p1", 2, "rejected"));
      expect(await db.selectFrom("reviews").select("id").orderBy("id").execute()).toEqual(
        ["rv_000000000000000000000001", "rv_000000000000000000000003", "rv_000000000000000000000004", "rv_000000000000000000000005"].map((id) => ({ id })),
      );
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
