import crypto from "node:crypto";
import { isUniqueViolation, type DB, type Executor } from "~/db/db.server";
import { markCatalogueChanged } from "~/db/products.server";
import { BackendError } from "~/lib/errors";
import {
  REJECT_REASONS,
  REVIEW_MESSAGES,
  REVIEWS_PER_DAY,
  REVIEWS_PER_PAGE,
  authorDisplayName,
  type PublishedReview,
  type RejectReason,
  type ReviewStatus,
  type ReviewsPage,
} from "~/lib/reviews";
import { firstIssueMessage } from "~/schemas/api";
import { rejectReasonSchema, reviewIdSchema, reviewInputSchema } from "~/schemas/review";
import { recordAudit, type Actor } from "~/services/audit.server";
import { OUTBOX_LEASE_MS, enqueueOrderEmail, nudgeOrderEmails } from "~/services/order-emails.server";
import { rowToOrder } from "~/services/orders.server";
import { enqueueReviewInvite } from "~/services/review-invites.server";

/*
 * Verified reviews (issue 23 item 2; DESIGN.md §21; IS 19000:2022; docs/decisions/0691):
 * - only a shopper with a delivered order of the product writes one, once per product (the
 *   partial unique index `reviews_one_live` on (product_id, user_id), status not 'rejected',
 *   decides a race), at most REVIEWS_PER_DAY a day; a rejected review does not count: its author
 *   may write a new one (the rejected one stays in the table); a withdrawn one does count;
 * - every review waits as `pending` until staff publish it or reject it for a reason of a fixed
 *   list; the author hears either way through the outbox; no editing once written, but the author
 *   may withdraw it;
 * - the invitation to review (queued at delivery, sent 3 days later) names only the watches the
 *   shopper may still review: writing a review takes its watch off the shopper's invitations still
 *   waiting (one left with none is taken out of the outbox), a rejection puts it back;
 * - `products.review_count` and `products.rating_sum` are the published reviews' count and sum of
 *   stars, changed in the transaction that publishes or withdraws one, which also bumps the
 *   catalogue version (the page cache drops the product's pages).
 */

/** A review as its author and the back office see it. Times in ms since epoch. */
export type Review = {
  id: string;
  productId: string;
  orderId: string;
  authorName: string;
  rating: number;
  title: string | null;
  body: string | null;
  status: ReviewStatus;
  rejectReason: RejectReason | null;
  publishedAt: number | null;
  createdAt: number;
};

/** A review in the back office's queue: with the watch's name and who wrote it. */
export type QueuedReview = Review & { productName: string; userId: number };

/**
 * What the review page offers the shopper `userId` for a product: `own`, their pending, published
 * or withdrawn review, else their latest rejected one, else null; whether they may write one now
 * (`canWrite`: also after a rejection) and, when not, the sentence why (`reason`).
 */
export type ReviewStanding = { own: Review | null; canWrite: boolean; reason: string | null };

const REVIEW_COLUMNS = ["id", "product_id", "order_id", "author_name", "rating", "title", "body", "status", "reject_reason", "published_at", "created_at"] as const;

type ReviewRow = {
  id: string;
  product_id: string;
  order_id: string;
  author_name: string;
  rating: number;
  title: string | null;
  body: string | null;
  status: string;
  reject_reason: string | null;
  published_at: number | string | null;
  created_at: number | string;
};

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    productId: row.product_id,
    orderId: row.order_id,
    authorName: row.author_name,
    rating: Number(row.rating),
    title: row.title,
    body: row.body,
    status: row.status as ReviewStatus,
    rejectReason: row.reject_reason && Object.hasOwn(REJECT_REASONS, row.reject_reason) ? (row.reject_reason as RejectReason) : null,
    // PostgreSQL answers bigint columns as strings.
    publishedAt: row.published_at === null ? null : Number(row.published_at),
    createdAt: Number(row.created_at),
  };
}

/**
 * The shopper's review of a product, or null: their pending, published or withdrawn one (at most
 * one: `reviews_one_live`), else their latest rejected one (a rejected review may be written again).
 */
async function ownReview(db: Executor, userId: number, productId: string): Promise<Review | null> {
  const rows = await db
    .selectFrom("reviews")
    .select([...REVIEW_COLUMNS])
    .where("product_id", "=", productId)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const row = rows.find((candidate) => candidate.status !== "rejected") ?? rows[0];
  return row ? toReview(row) : null;
}

/**
 * The shopper's latest delivered order holding `productId`, or null: the proof of purchase
 * (IS 19000:2022 "verified purchase"). An order counts once its status is `Delivered`.
 */
async function deliveredOrderOf(db: Executor, userId: number, productId: string): Promise<string | null> {
  const rows = await db
    .selectFrom("orders")
    .select(["id", "items"])
    .where("user_id", "=", userId)
    .where("status", "=", "Delivered")
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .execute();
  for (const row of rows) {
    const items = JSON.parse(row.items) as { productId?: unknown }[];
    if (items.some((item) => item.productId === productId)) return row.id;
  }
  return null;
}

async function productName(db: Executor, productId: string): Promise<string | null> {
  const row = await db.selectFrom("products").select("name").where("id", "=", productId).executeTakeFirst();
  return row ? row.name : null;
}

/**
 * Whether the shopper `userId` may review `productId`, and their review of it (`own`: the pending,
 * published or withdrawn one, else their latest rejected one, else null). They may write one
 * (`canWrite`) with a delivered order of the watch and no review of it but rejected ones; when not,
 * `reason` is REVIEW_MESSAGES.alreadyReviewed (a pending, published or withdrawn review) or
 * .notDelivered (no delivered order of it). Throws BackendError 404 REVIEW_MESSAGES.productNotFound
 * for an unknown product. Source: issue 23 item 2; IS 19000:2022; docs/decisions/0691.
 */
export async function reviewStanding(db: DB, userId: number, productId: string): Promise<ReviewStanding> {
  if ((await productName(db, productId)) === null) throw new BackendError(404, REVIEW_MESSAGES.productNotFound);
  const own = await ownReview(db, userId, productId);
  if (own && own.status !== "rejected") return { own, canWrite: false, reason: REVIEW_MESSAGES.alreadyReviewed };
  const orderId = await deliveredOrderOf(db, userId, productId);
  return orderId ? { own, canWrite: true, reason: null } : { own, canWrite: false, reason: REVIEW_MESSAGES.notDelivered };
}

/**
 * The shopper `userId` reviews `productId` at `now` (ms): `input` is the form's `rating` (1–5),
 * `title` (≤ 100 characters, optional) and `body` (≤ 2000, optional; app/schemas/review.ts). The
 * review is written `pending` under the account's display name ("Asha K."), proven by their latest
 * delivered order of the watch. Answers the review. Throws BackendError, having written nothing:
 * - 400 — the first problem of the input (a missing rating, too long, control characters);
 * - 404 REVIEW_MESSAGES.productNotFound;
 * - 403 REVIEW_MESSAGES.notDelivered — no delivered order of the watch;
 * - 409 REVIEW_MESSAGES.alreadyReviewed — one review per shopper and product: a pending, published
 *   or withdrawn one is there (a rejected one is not counted: its author may write again);
 * - 429 REVIEW_MESSAGES.tooMany — REVIEWS_PER_DAY reviews written in the 24 hours before `now`
 *   (rejected ones too).
 * In the same transaction the watch leaves the shopper's invitations to review that are still
 * waiting (reviseWaitingInvites). Source: issue 23 item 2; DESIGN.md §21; IS 19000:2022;
 * docs/decisions/0691.
 */
export async function submitReview(db: DB, userId: number, productId: string, input: { rating: unknown; title: unknown; body: unknown }, now: number): Promise<Review> {
  const parsed = reviewInputSchema.safeParse(input);
  if (!parsed.success) throw new BackendError(400, firstIssueMessage(parsed.error));
  if ((await productName(db, productId)) === null) throw new BackendError(404, REVIEW_MESSAGES.productNotFound);
  const earlier = await ownReview(db, userId, productId);
  if (earlier && earlier.status !== "rejected") throw new BackendError(409, REVIEW_MESSAGES.alreadyReviewed);
  const orderId = await deliveredOrderOf(db, userId, productId);
  if (!orderId) throw new BackendError(403, REVIEW_MESSAGES.notDelivered);
  const recent = await db
    .selectFrom("reviews")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("user_id", "=", userId)
    .where("created_at", ">", now - 24 * 60 * 60 * 1000)
    .executeTakeFirstOrThrow();
  if (Number(recent.count) >= REVIEWS_PER_DAY) throw new BackendError(429, REVIEW_MESSAGES.tooMany);
  const user = await db.selectFrom("users").select("name").where("id", "=", userId).executeTakeFirstOrThrow();
  const review: Review = {
    id: `rv_${crypto.randomBytes(12).toString("hex")}`,
    productId,
    orderId,
    authorName: authorDisplayName(user.name),
    rating: parsed.data.rating,
    title: parsed.data.title,
    body: parsed.data.body,
    status: "pending",
    rejectReason: null,
    publishedAt: null,
    createdAt: now,
  };
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("reviews")
        .values({
          id: review.id,
          product_id: productId,
          user_id: userId,
          order_id: orderId,
          author_name: review.authorName,
          rating: review.rating,
          title: review.title,
          body: review.body,
          status: "pending",
          reject_reason: null,
          moderated_by: null,
          moderated_at: null,
          published_at: null,
          created_at: now,
        })
        .execute();
      await reviseWaitingInvites(trx, userId, productId, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new BackendError(409, REVIEW_MESSAGES.alreadyReviewed);
    throw error;
  }
  return review;
}

/**
 * Shopper `userId`'s invitations to review that are still waiting, for orders holding `productId`,
 * queued anew at `now` (ms) — after a review of that watch was written (it leaves the list) or
 * rejected (it is back) — naming only the watches left to review (enqueueReviewInvite), with the
 * same written and due times; an invitation with none left is taken out of the outbox (delivered
 * orders are final, so its dedupe key is never wanted again). Only those due more than
 * OUTBOX_LEASE_MS after `now`: one the sender has claimed is due at most a lease away, and an
 * email being sent is left alone (at worst it names a watch reviewed a moment ago). On `trx`.
 */
async function reviseWaitingInvites(trx: Executor, userId: number, productId: string, now: number): Promise<void> {
  const waiting = await trx
    .selectFrom("outbox")
    .innerJoin("orders", "orders.id", "outbox.order_id")
    .selectAll("orders")
    .select(["outbox.id as outbox_id", "outbox.created_at as queued_at", "outbox.next_attempt_at as due_at"])
    .where("outbox.kind", "=", "review_invite")
    .where("outbox.sent_at", "is", null)
    .where("outbox.failed_at", "is", null)
    .where("outbox.next_attempt_at", ">", now + OUTBOX_LEASE_MS)
    .where("orders.user_id", "=", userId)
    .execute();
  for (const row of waiting) {
    const order = rowToOrder(row);
    if (!order.items.some((item) => item.productId === productId)) continue;
    const dueAt = Number(row.due_at);
    const taken = await trx
      .deleteFrom("outbox")
      .where("id", "=", row.outbox_id)
      .where("sent_at", "is", null)
      .where("next_attempt_at", ">", now + OUTBOX_LEASE_MS)
      .executeTakeFirst();
    if (Number(taken.numDeletedRows) !== 1) continue;
    await enqueueReviewInvite(trx, order, userId, { now: Number(row.queued_at), dueAt });
  }
}

/** Adds (`sign` 1) or takes away (-1) one published review's stars from its product's figures. */
async function countPublished(trx: Executor, review: Review, sign: 1 | -1): Promise<void> {
  await trx
    .updateTable("products")
    .set((eb) => ({ review_count: eb("review_count", "+", sign), rating_sum: eb("rating_sum", "+", sign * review.rating) }))
    .where("id", "=", review.productId)
    .execute();
  await markCatalogueChanged(trx);
}

/**
 * The shopper `userId` withdraws their review of `productId` at `now` (ms) — pending or published
 * (IS 19000:2022: the author may withdraw; no editing). A published one leaves its product's count
 * and stars, in the same transaction, with an audit row (entity `review`). A withdrawn review is
 * still the shopper's one review of the watch: they cannot write another (else withdrawing and
 * writing again would edit a published review; docs/decisions/0691). Answers the review as
 * withdrawn. Throws BackendError 404 REVIEW_MESSAGES.reviewNotFound (no review of it), 409
 * REVIEW_MESSAGES.notWithdrawable (only rejected ones, or already withdrawn).
 */
export async function withdrawReview(db: DB, userId: number, productId: string, now: number): Promise<Review> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await db.transaction().execute(async (trx) => {
      const before = await ownReview(trx, userId, productId);
      if (!before) throw new BackendError(404, REVIEW_MESSAGES.reviewNotFound);
      if (before.status !== "pending" && before.status !== "published") throw new BackendError(409, REVIEW_MESSAGES.notWithdrawable);
      const updated = await trx.updateTable("reviews").set({ status: "withdrawn" }).where("id", "=", before.id).where("status", "=", before.status).executeTakeFirst();
      // Moderated in between: read it again.
      if (Number(updated.numUpdatedRows) !== 1) return null;
      if (before.status === "published") await countPublished(trx, before, -1);
      const account = await trx.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
      await recordAudit(trx, {
        actor: { id: userId, email: account.email },
        entity: "review",
        entityId: before.id,
        action: "review.withdraw",
        before: { status: before.status },
        after: { status: "withdrawn" },
        at: now,
      });
      return { ...before, status: "withdrawn" as const };
    });
    if (result) return result;
  }
  throw new BackendError(409, REVIEW_MESSAGES.notWithdrawable);
}

/** The review `reviewId` in the queue, with its product's name and author, or null (a malformed id too). */
export async function findReview(db: Executor, reviewId: unknown): Promise<QueuedReview | null> {
  const id = reviewIdSchema.safeParse(reviewId);
  if (!id.success) return null;
  const row = await db
    .selectFrom("reviews")
    .innerJoin("products", "products.id", "reviews.product_id")
    .select([...REVIEW_COLUMNS.map((column) => `reviews.${column}` as const), "reviews.user_id", "products.name as product_name"])
    .where("reviews.id", "=", id.data)
    .executeTakeFirst();
  return row ? { ...toReview(row), productName: row.product_name, userId: Number(row.user_id) } : null;
}

/** The reviews waiting for moderation, oldest first (the queue's order), at most `limit` (default 200). */
export async function listPendingReviews(db: Executor, limit = 200): Promise<QueuedReview[]> {
  const rows = await db
    .selectFrom("reviews")
    .innerJoin("products", "products.id", "reviews.product_id")
    .select([...REVIEW_COLUMNS.map((column) => `reviews.${column}` as const), "reviews.user_id", "products.name as product_name"])
    .where("reviews.status", "=", "pending")
    .orderBy("reviews.created_at")
    .orderBy("reviews.id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...toReview(row), productName: row.product_name, userId: Number(row.user_id) }));
}

/**
 * Staff `actor` publishes the pending review `reviewId` at `now` (ms): in one transaction the
 * review becomes `published` (dated `now`), its product's count and stars take it in, the
 * catalogue version goes up (the page cache drops the product's pages), an audit row (entity
 * `review`, action `review.publish`) and the `review_published` email to the author's account are
 * written. Answers the review. Throws BackendError 404 REVIEW_MESSAGES.reviewNotFound, 409
 * REVIEW_MESSAGES.notPending (already moderated or withdrawn). Source: issue 23 item 2; DESIGN.md §18, §21.
 */
export async function publishReview(db: DB, reviewId: unknown, actor: Actor, now: number): Promise<Review> {
  const published = await db.transaction().execute(async (trx) => {
    const before = await moderate(trx, reviewId, { status: "published", published_at: now }, actor, now);
    const after: Review = { ...before, status: "published", publishedAt: now };
    await countPublished(trx, after, 1);
    await recordAudit(trx, { actor, entity: "review", entityId: before.id, action: "review.publish", before: { status: "pending" }, after: { status: "published", rating: before.rating }, at: now });
    await emailAuthor(trx, before, "review_published", null, now);
    return after;
  });
  nudgeOrderEmails();
  return published;
}

/**
 * Staff `actor` rejects the pending review `reviewId` at `now` (ms) for `reason`, a key of the
 * fixed list REJECT_REASONS (abusive, personal_data, off_topic, spam): in one transaction the
 * review becomes `rejected` with its reason, an audit row (action `review.reject`) and the
 * `review_rejected` email naming the reason (and saying a new review is welcome) are written, and
 * the watch is back on the author's invitations to review still waiting. The rejected review stays
 * in the table; its author may write a new one. Answers the review. Throws BackendError 400
 * REVIEW_MESSAGES.reason (a reason not on the list), 404, 409 as publishReview.
 * Source: issue 23 item 2; docs/decisions/0691.
 */
export async function rejectReview(db: DB, reviewId: unknown, reason: unknown, actor: Actor, now: number): Promise<Review> {
  const parsed = rejectReasonSchema.safeParse(reason);
  if (!parsed.success) throw new BackendError(400, REVIEW_MESSAGES.reason);
  const rejected = await db.transaction().execute(async (trx) => {
    const before = await moderate(trx, reviewId, { status: "rejected", reject_reason: parsed.data }, actor, now);
    await recordAudit(trx, { actor, entity: "review", entityId: before.id, action: "review.reject", before: { status: "pending" }, after: { status: "rejected", reason: parsed.data }, at: now });
    await emailAuthor(trx, before, "review_rejected", REJECT_REASONS[parsed.data], now);
    await reviseWaitingInvites(trx, before.userId, before.productId, now);
    return { ...before, status: "rejected" as const, rejectReason: parsed.data };
  });
  nudgeOrderEmails();
  return rejected;
}

/** Moves a pending review on (`change`), stamped with the moderator; answers it as it was. 404/409 as above. */
async function moderate(
  trx: Executor,
  reviewId: unknown,
  change: { status: "published"; published_at: number } | { status: "rejected"; reject_reason: RejectReason },
  actor: Actor,
  now: number,
): Promise<QueuedReview> {
  const before = await findReview(trx, reviewId);
  if (!before) throw new BackendError(404, REVIEW_MESSAGES.reviewNotFound);
  const updated = await trx
    .updateTable("reviews")
    .set({ ...change, moderated_by: actor.email, moderated_at: now })
    .where("id", "=", before.id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new BackendError(409, REVIEW_MESSAGES.notPending);
  return before;
}

/** Puts the author's email in the outbox: to the account behind the review's order (enqueueOrderEmail). */
async function emailAuthor(trx: Executor, review: QueuedReview, kind: "review_published" | "review_rejected", reason: string | null, now: number): Promise<void> {
  const order = await trx.selectFrom("orders").selectAll().where("id", "=", review.orderId).executeTakeFirstOrThrow();
  await enqueueOrderEmail(
    trx,
    { kind, order: rowToOrder(order), review: { id: review.id, productId: review.productId, productName: review.productName, ...(reason ? { reason } : {}) } },
    { now },
  );
}

/**
 * Page `page` (1-based; past the end: the last page) of `productId`'s published reviews, newest
 * published first, REVIEWS_PER_PAGE to a page, with their total and the period they were
 * collected in (the first and last day one of them was written). Source: IS 19000:2022 (author's
 * display name, date, rating, collection period); issue 23 item 2.
 */
export async function publishedReviews(db: Executor, productId: string, page: number): Promise<ReviewsPage> {
  const summary = await db
    .selectFrom("reviews")
    .select((eb) => [eb.fn.countAll<number | string>().as("total"), eb.fn.min("created_at").as("first"), eb.fn.max("created_at").as("last")])
    .where("product_id", "=", productId)
    .where("status", "=", "published")
    .executeTakeFirstOrThrow();
  const total = Number(summary.total);
  const pageCount = Math.max(1, Math.ceil(total / REVIEWS_PER_PAGE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows =
    total === 0
      ? []
      : await db
          .selectFrom("reviews")
          .select(["id", "author_name", "rating", "title", "body", "published_at"])
          .where("product_id", "=", productId)
          .where("status", "=", "published")
          .orderBy("published_at", "desc")
          .orderBy("id", "desc")
          .limit(REVIEWS_PER_PAGE)
          .offset((current - 1) * REVIEWS_PER_PAGE)
          .execute();
  const reviews: PublishedReview[] = rows.map((row) => ({
    id: row.id,
    authorName: row.author_name,
    rating: Number(row.rating),
    title: row.title,
    body: row.body,
    publishedAt: Number(row.published_at),
  }));
  return {
    reviews,
    page: current,
    pageCount,
    total,
    collectedFrom: total === 0 || summary.first === null ? null : Number(summary.first),
    collectedTo: total === 0 || summary.last === null ? null : Number(summary.last),
  };
}
