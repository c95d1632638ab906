import { afterEach, describe, expect, it } from "vitest";
import { BackendError } from "~/backend/types";
import type { DB } from "~/db/db.server";
import { catalogueVersion } from "~/db/products.server";
import { authorDisplayName, averageRating, reviewCountWords, reviewsPageHref, reviewsPageParam } from "~/lib/reviews";
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

/**
 * Verified reviews (issue 23 item 2; DESIGN.md §21; IS 19000:2022; docs/decisions/0691) on SQLite
 * and PostgreSQL: only a shopper with a delivered order of the watch reviews it, once, at most 5 a
 * day; the text is checked like every field (nothing written when refused); staff publish or
 * reject with a reason from the fixed list, audited and emailed to the account; publishing and
 * withdrawing keep the product's count and stars and bump the catalogue version; the invitation
 * is scheduled once, 3 days after delivery. Expected values are written out, never computed.
 */

const STAFF = { id: null, email: "moderator@example.in" };
/** Delivered at Tue 24 Nov 2026, 10:05 IST. */
const DELIVERED = Date.parse("2026-11-24T10:05:00+05:30");
const HOUR = 60 * 60_000;
/** DELIVERED + 3 days, written out: 2026-11-27T10:05+05:30. */
const INVITE_DUE = Date.parse("2026-11-27T10:05:00+05:30");

/** Seven watches without colours, "r1" … "r7". */
const WATCHES = ["r1", "r2", "r3", "r4", "r5", "r6", "r7"];

async function refusal(promise: Promise<unknown>): Promise<BackendError> {
  const error = await promise.then(
    () => new Error("expected a refusal"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackendError);
  return error as BackendError;
}

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
    await order(buyer, WATCHES);
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
    // The author may not write another, nor withdraw a rejected one.
    expect((await refusal(submitReview(db, buyer, "r2", { rating: "3", title: "", body: "" }, DELIVERED + 3 * HOUR))).status).toBe(409);
    expect((await refusal(withdrawReview(db, buyer, "r2", DELIVERED + 3 * HOUR))).status).toBe(409);
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
});
