import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/ui/local-links";
import type { MessageKey } from "~/i18n/catalogues/en.server";
import { usePhrase } from "~/i18n/use-phrase";
import { useT } from "~/i18n/use-t";
import { MAX_REVIEW_TEXT, MAX_REVIEW_TITLE, REVIEW_GUIDELINES_PATH, REVIEW_RATING_MAX } from "~/lib/reviews";
import { loadReviewPage, reviewPageAction } from "~/utils/review-page.server";

/**
 * `/product/:productId/review` (issue 23 item 2; IS 19000:2022): the shopper's review of one watch.
 * A shopper with a delivered order of it writes one (stars required, a title and text optional);
 * anyone else is told why not; the author sees its status and may withdraw it; after a rejection
 * they see the reason and may write a new one (docs/decisions/0691). Logged out → /login and back.
 * A plain form: works without JavaScript, and in text browsers — the stars are a select whose
 * first choice is empty, because lynx shows a radio group with none chosen as if its first radio
 * were chosen, and would send 1 star for a shopper who chose none. Its 404s show the root's error
 * page: a boundary of its own would import ErrorPage here and split that shared chunk on the
 * product page, which is at its JavaScript budget (tests/e2e/bundle-budget.spec.ts). Under /hi
 * every word, form error and toast is Hindi (issue 27; docs/decisions/0910); the shopper's own
 * title and text stay as written.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return loadReviewPage(request, params.productId);
}

/** `intent` write | withdraw (utils/review-page.server.ts). */
export function action({ request, params }: ActionFunctionArgs) {
  return reviewPageAction(request, params.productId);
}

/** Each status's sentence in the catalogues' `review` namespace. */
const STATUS_WORDS: Record<string, MessageKey> = {
  pending: "review.statusPending",
  published: "review.statusPublished",
  rejected: "review.statusRejected",
  withdrawn: "review.statusWithdrawn",
};

/** The stars offered, best first. */
const RATINGS = Array.from({ length: REVIEW_RATING_MAX }, (_, index) => REVIEW_RATING_MAX - index);

const inputClass = "mt-1 block w-full rounded border border-gray-500 px-3 py-2 text-sm text-gray-900 focus:border-black focus:outline-none focus:ring-1 focus:ring-black";

export default function ReviewPage() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const data = posted ?? loaded;
  const { product, own } = data;
  const errors = posted?.errors ?? null;
  const values = posted?.values ?? null;
  const formError = posted?.formError ?? null;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const productPath = `/product/${product.id}`;
  const { t } = useT();
  const phrase = usePhrase();
  const statusKey = own ? STATUS_WORDS[own.status] : undefined;

  return (
    <section className="mx-auto max-w-2xl px-4 pb-16 pt-8 sm:px-8">
      <p className="text-sm">
        <Link to={productPath} className="text-gray-700 underline underline-offset-2 hover:text-black">
          {t("review.backTo", { name: product.name })}
        </Link>
      </p>
      <h1 className="mt-3 font-serif text-2xl text-gray-900">{t("review.heading", { name: product.name })}</h1>

      {formError ? (
        <p role="alert" className="mt-4 rounded border border-red-300 bg-red-50 px-4 py-2 text-sm text-red-800" data-testid="review-error">
          {phrase(formError)}
        </p>
      ) : null}

      {own ? (
        <div className="mt-6 rounded border border-gray-300 p-4" data-testid="own-review">
          <h2 className="font-semibold text-gray-900">{t("review.yourReview")}</h2>
          <p className="mt-1 text-sm text-gray-700" data-testid="own-review-status">
            {statusKey ? t(statusKey) : own.status}
            {own.status === "published" && own.publishedOn ? t("review.publishedOn", { date: own.publishedOn }) : null}
            {own.status === "rejected" && own.rejectReason ? t("review.reason", { reason: phrase(own.rejectReason) }) : null}
            {own.status === "rejected" && data.canWrite ? t("review.writeNewBelow") : null}
          </p>
          <p className="mt-3 text-sm text-gray-900">
            {t("review.stars", { rating: own.rating })}
            {own.title ? <span className="font-semibold"> · {own.title}</span> : null}
          </p>
          {own.body ? <p className="mt-2 whitespace-pre-line text-sm text-gray-700">{own.body}</p> : null}
          {own.status === "pending" || own.status === "published" ? (
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="withdraw" />
              <p className="mb-2 text-sm text-gray-700">
                {t("review.withdrawNote")}
              </p>
              <button type="submit" disabled={busy} className="rounded border border-red-800 px-4 py-2 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-70">
                {t("review.withdraw")}
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}

      {data.canWrite ? (
        <Form method="post" className="mt-6 space-y-5">
          {own ? <h2 className="font-semibold text-gray-900">{t("review.writeNew")}</h2> : null}
          <input type="hidden" name="intent" value="write" />
          <div>
            <label htmlFor="review-rating" className="block text-sm font-medium text-gray-900">
              {t("review.ratingLabel")}
            </label>{" "}
            <select
              id="review-rating"
              name="rating"
              required
              defaultValue={values?.rating ?? ""}
              aria-invalid={errors?.rating ? true : undefined}
              aria-describedby={errors?.rating ? "rating-error" : undefined}
              className={`${inputClass} sm:w-64`}
            >
              <option value="">{t("review.ratingChoose")}</option>
              {RATINGS.map((stars) => (
                <option key={stars} value={stars}>
                  {t("review.starsOption", { count: stars })}
                </option>
              ))}
            </select>
            {errors?.rating ? (
              <p id="rating-error" className="mt-1 text-sm text-red-700">
                {phrase(errors.rating)}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="review-title" className="block text-sm font-medium text-gray-900">
              {t("review.titleLabel", { max: MAX_REVIEW_TITLE })}
            </label>
            <input
              id="review-title"
              name="title"
              type="text"
              maxLength={MAX_REVIEW_TITLE}
              defaultValue={values?.title ?? ""}
              aria-invalid={errors?.title ? true : undefined}
              aria-describedby={errors?.title ? "title-error" : undefined}
              className={inputClass}
            />
            {errors?.title ? (
              <p id="title-error" className="mt-1 text-sm text-red-700">
                {phrase(errors.title)}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="review-body" className="block text-sm font-medium text-gray-900">
              {t("review.bodyLabel", { max: MAX_REVIEW_TEXT })}
            </label>
            <textarea
              id="review-body"
              name="body"
              rows={6}
              maxLength={MAX_REVIEW_TEXT}
              defaultValue={values?.body ?? ""}
              aria-invalid={errors?.body ? true : undefined}
              aria-describedby={errors?.body ? "body-error" : undefined}
              className={inputClass}
            />
            {errors?.body ? (
              <p id="body-error" className="mt-1 text-sm text-red-700">
                {phrase(errors.body)}
              </p>
            ) : null}
          </div>
          <p id="review-rules" className="text-sm text-gray-700">
            {t("review.rulesBefore", { author: data.authorName })}
            <Link to={REVIEW_GUIDELINES_PATH} className="font-medium text-gray-900 underline underline-offset-2">
              {t("review.guidelines")}
            </Link>
            {t("review.rulesAfter")}
          </p>
          <button type="submit" disabled={busy} className="rounded bg-black px-6 py-3 text-sm font-medium text-white hover:bg-gray-800 disabled:opacity-70">
            {t("review.send")}
          </button>
        </Form>
      ) : own && own.status !== "rejected" ? null : (
        <div className="mt-6 rounded border border-gray-300 bg-gray-50 p-4 text-sm text-gray-800" data-testid="review-refused">
          <p>{phrase(data.reason ?? undefined)}</p>
          <p className="mt-2">
            <Link to={REVIEW_GUIDELINES_PATH} className="underline underline-offset-2">
              {t("review.howReviewsWork", { storeName: data.storeName })}
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "Review" },
  { name: "robots", content: "noindex, nofollow" },
];
