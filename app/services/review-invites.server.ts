import type { Executor } from "~/db/db.server";
import { REVIEW_INVITE_DELAY_MS } from "~/lib/reviews";
import type { Order } from "~/schemas/orders";
import { enqueueOrderEmail } from "~/services/order-emails.server";

/*
 * The invitation to review (issue 23 item 2; DESIGN.md §21; docs/decisions/0691): queued when an
 * order is delivered, sent REVIEW_INVITE_DELAY_MS (3 days) later through the outbox, naming only
 * the order's watches its shopper may still review. Below both the orders and the reviews service:
 * setOrderStatus queues it, and the reviews service queues it anew when a review changes what is
 * left to review (services/reviews.server.ts `reviseWaitingInvites`).
 */

/**
 * The watches among `productIds` that shopper `userId` may still review: still in the catalogue,
 * with no pending, published or withdrawn review of theirs (a rejected review may be written
 * again, so it does not count). De-duplicated, in the order given. Source: issue 23 item 2;
 * docs/decisions/0691.
 */
export async function watchesToReview(db: Executor, userId: number, productIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(productIds)];
  if (unique.length === 0) return [];
  const known = await db.selectFrom("products").select("id").where("id", "in", unique).execute();
  const reviewed = await db
    .selectFrom("reviews")
    .select("product_id")
    .where("user_id", "=", userId)
    .where("product_id", "in", unique)
    .where("status", "<>", "rejected")
    .execute();
  const inCatalogue = new Set(known.map((row) => row.id));
  const done = new Set(reviewed.map((row) => row.product_id));
  return unique.filter((id) => inCatalogue.has(id) && !done.has(id));
}

/**
 * Queues the invitation to review `order`, placed by the account `userId` (null: no account,
 * nothing queued), on `trx` — the transaction that writes the delivery, or the review that changed
 * what is left. Written at `now` (ms), due at `dueAt` (ms; default now + REVIEW_INVITE_DELAY_MS).
 * The email lists only the watches of the order the shopper may still review (watchesToReview);
 * with none left, nothing is queued. Once per order: enqueueOrderEmail's dedupe key
 * "{order}:review_invite". Answers whether a row was added. Throws what the database throws.
 * Source: issue 23 item 2; docs/decisions/0691.
 */
export async function enqueueReviewInvite(trx: Executor, order: Order, userId: number | null, options: { now: number; dueAt?: number }): Promise<boolean> {
  if (userId === null) return false;
  const left = new Set(await watchesToReview(trx, userId, order.items.map((item) => item.productId)));
  if (left.size === 0) return false;
  const items = order.items.filter((item) => left.has(item.productId));
  return enqueueOrderEmail(trx, { kind: "review_invite", order: { ...order, items } }, { now: options.now, dueAt: options.dueAt ?? options.now + REVIEW_INVITE_DELAY_MS });
}
