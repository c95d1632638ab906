import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { getBackend } from "~/backend/index.server";
import { adminStyles } from "~/components/admin/ui";
import { readFormData, throwBodyError } from "~/http/body.server";
import { formatIstDateTime } from "~/lib/admin-format";
import { BackendError } from "~/lib/errors";
import { REJECT_REASONS, REJECT_REASON_KEYS, REVIEW_GUIDELINES_PATH, REVIEW_MESSAGES } from "~/lib/reviews";
import { requireStaff } from "~/utils/staff.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";

/**
 * /admin/reviews (issue 23 item 2; DESIGN.md §18, §21; IS 19000:2022): the reviews waiting for
 * moderation, oldest first. Staff publish one, or reject it with a reason from the fixed list
 * (abusive, personal data, not about the product, spam); the service writes the change, its audit
 * row, the product's figures and the author's email in one transaction. Staff and owner; 404 for
 * anyone else and on a store without reviews.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { own } = await reviewsStaff(request);
  const reviews = await own.reviews.listPendingReviews();
  return json({ reviews }, { headers: { "cache-control": "private, no-store" } });
}

/** `intent` publish | reject (with `reason`), on `reviewId`; 303 back here with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  const { own, actor } = await reviewsStaff(request);
  const formData = await readFormData(request).catch(throwBodyError);
  const reviewId = formData.get("reviewId");
  const intent = formData.get("intent");
  try {
    if (intent === "publish") {
      await own.reviews.publishReview(reviewId, actor, Date.now());
      return redirectWithSuccess("/admin/reviews", REVIEW_MESSAGES.published);
    }
    if (intent === "reject") {
      await own.reviews.rejectReview(reviewId, formData.get("reason"), actor, Date.now());
      return redirectWithSuccess("/admin/reviews", REVIEW_MESSAGES.rejected);
    }
  } catch (error) {
    if (error instanceof BackendError && error.status < 500) return redirectWithError("/admin/reviews", error.message);
    throw error;
  }
  throw new Response("Unknown action.", { status: 400, statusText: "Bad Request" });
}

async function reviewsStaff(request: Request) {
  const context = await requireStaff(request);
  if (!getBackend().capabilities.reviews) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return context;
}

export default function AdminReviews() {
  const { reviews } = useLoaderData<typeof loader>();
  return (
    <div className={adminStyles.page}>
      <h1 className={adminStyles.h1}>Reviews</h1>
      <p className="mt-1 text-sm text-gray-700">
        Reviews waiting for moderation, oldest first. Publish a review that follows the{" "}
        <Link to={REVIEW_GUIDELINES_PATH} className={adminStyles.link}>
          review guidelines
        </Link>
        ; reject one that does not, with the reason. The shopper is emailed either way. A review is never edited.
      </p>
      {reviews.length === 0 ? (
        <p className="mt-6 text-sm">No reviews are waiting.</p>
      ) : (
        <ol className="mt-6 space-y-4" aria-label="Reviews waiting for moderation">
          {reviews.map((review) => (
            <li key={review.id} className={adminStyles.card} data-testid="pending-review">
              <article aria-labelledby={`review-${review.id}`}>
                <h2 id={`review-${review.id}`} className={adminStyles.h2}>
                  {review.productName}
                </h2>
                <p className="mt-1 text-sm text-gray-700">
                  By {review.authorName} · written {formatIstDateTime(review.createdAt)} (IST) · order{" "}
                  <Link to={`/admin/orders/${encodeURIComponent(review.orderId)}`} className={`${adminStyles.link} font-mono`}>
                    {review.orderId}
                  </Link>
                </p>
                <p className="mt-2 text-sm font-medium text-gray-900">
                  {review.rating} of 5 stars
                </p>
                {review.title ? <p className="mt-2 font-semibold text-gray-900">{review.title}</p> : null}
                {review.body ? <p className="mt-1 whitespace-pre-line text-sm text-gray-800">{review.body}</p> : <p className="mt-1 text-sm italic text-gray-700">No text.</p>}
                <div className="mt-4 flex flex-wrap items-end gap-4">
                  <Form method="post">
                    <input type="hidden" name="reviewId" value={review.id} />
                    <input type="hidden" name="intent" value="publish" />
                    <button type="submit" className={adminStyles.button}>
                      Publish
                    </button>
                  </Form>
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="reviewId" value={review.id} />
                    <input type="hidden" name="intent" value="reject" />
                    <div>
                      <label htmlFor={`reason-${review.id}`} className={adminStyles.label}>
                        Reason to reject
                      </label>
                      <select id={`reason-${review.id}`} name="reason" required defaultValue="" className={adminStyles.input}>
                        <option value="" disabled>
                          Choose a reason
                        </option>
                        {REJECT_REASON_KEYS.map((key) => (
                          <option key={key} value={key}>
                            {REJECT_REASONS[key]}
                          </option>
                        ))}
                      </select>
                    </div>
                    <button type="submit" className={adminStyles.dangerButton}>
                      Reject
                    </button>
                  </Form>
                </div>
              </article>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Reviews — Back office" }, { name: "robots", content: "noindex, nofollow" }];
