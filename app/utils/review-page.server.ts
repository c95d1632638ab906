import { json } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import type { OwnStore, Review } from "~/backend/own/types";
import { getEnv } from "~/config/env.server";
import { readFormData, throwBodyError } from "~/http/body.server";
import { BackendError } from "~/lib/errors";
import { REJECT_REASONS, REVIEW_MESSAGES, authorDisplayName, formatReviewDate, reviewPath } from "~/lib/reviews";
import { reviewInputSchema } from "~/schemas/review";
import { parseProductId } from "~/utils/forms.server";
import { requireSameOrigin } from "~/utils/origin.server";
import { productIn } from "~/utils/product-texts.server";
import { languageOfPath, type Language } from "~/i18n/language";
import { messagesFor, phrasesFor, translate } from "~/i18n/messages.server";
import { istDateIn } from "~/lib/ist-dates";
import { expiredSessionRedirect, requireUserToken } from "~/utils/session.server";
import { redirectWithSuccess } from "~/utils/toast.server";

/*
 * The review page's loader and action (app/routes/product.$productId_.review.tsx; issue 23 item 2;
 * IS 19000:2022; docs/decisions/0691). Server-only, so zod stays out of the page's JavaScript
 * (docs/decisions/0530).
 */

const PRIVATE = { "cache-control": "private, no-store" };

function notFound(): Response {
  return new Response("Not Found", { status: 404, statusText: "Not Found", headers: PRIVATE });
}

/** The store's own reviews, the product of the URL and the signed-in shopper; 404 / login as it must. */
async function context(request: Request, productIdParam: string | undefined) {
  const { own, capabilities } = getBackend();
  // A store whose reviews live on another server (BACKEND_URL) takes none here.
  if (!capabilities.reviews || !own) throw notFound();
  const productId = parseProductId(productIdParam);
  const product = productId ? await getBackend().getProduct(productId) : null;
  if (!product) throw notFound();
  const token = await requireUserToken(request);
  try {
    const account = await own.accounts.requireAccount(token);
    const language = languageOfPath(new URL(request.url).pathname);
    // Its name as the page shows it: the owner's Hindi one on /hi (docs/decisions/0880).
    return { own, product: productIn(product, language), account, language };
  } catch (error) {
    if (error instanceof BackendError && error.status === 401) throw await expiredSessionRedirect(request);
    throw error;
  }
}

/** The shopper's own review as the page shows it; its date in the page's language (English: lib/reviews `formatReviewDate`). */
function ownView(review: Review, language: Language) {
  return {
    rating: review.rating,
    title: review.title,
    body: review.body,
    status: review.status,
    rejectReason: review.rejectReason ? REJECT_REASONS[review.rejectReason] : null,
    publishedAt: review.publishedAt,
    publishedOn: review.publishedAt === null ? null : language === "en" ? formatReviewDate(review.publishedAt) : istDateIn(review.publishedAt, language),
    createdAt: review.createdAt,
  };
}

/**
 * What the page shows, in `language` (issue 27; docs/decisions/0910): its words (`review`), the
 * phrasebook for its rules' English sentences (form errors, why one may not review, the reject
 * reason; the control-character pattern is sign-up's `account`) and its title.
 */
async function pageData(own: OwnStore, product: { id: string; name: string; images: string[] }, account: { id: number; name: string }, language: Language) {
  const standing = await own.reviews.reviewStanding(account.id, product.id);
  const storeName = getEnv().STORE_NAME;
  return {
    product: { id: product.id, name: product.name, image: product.images[0] ?? "" },
    authorName: authorDisplayName(account.name),
    own: standing.own ? ownView(standing.own, language) : null,
    canWrite: standing.canWrite,
    reason: standing.reason,
    storeName,
    messages: messagesFor(language, ["review"]),
    phrases: phrasesFor(language, ["account", "review"]),
    title: translate(language, "review.pageTitle", { name: product.name, storeName }),
  };
}

/**
 * GET /product/:productId/review: the shopper's review of the watch (its status, a withdraw
 * button), the form when they may write one, or the sentence why not. Logged out → /login and
 * back; unknown product or a store without reviews → 404.
 */
export async function loadReviewPage(request: Request, productIdParam: string | undefined) {
  const { own, product, account, language } = await context(request, productIdParam);
  return json({ ...(await pageData(own, product, account, language)), errors: null, values: null, formError: null }, { headers: PRIVATE });
}

type FieldErrors = Partial<Record<"rating" | "title" | "body", string>>;

/**
 * POST /product/:productId/review, switched on `intent` (STYLE.md habit 4):
 * - `write`: the form parsed with app/schemas/review.ts; a bad field re-renders with its message
 *   (400); a shopper who may not review (403 not delivered, 409 already reviewed, 429 too many today)
 *   re-renders with the sentence at that status; else 303 here with a toast;
 * - `withdraw`: the shopper's pending or published review is withdrawn; 303 here with a toast.
 * Foreign origin → 403; unknown intent or unreadable body → 400.
 */
export async function reviewPageAction(request: Request, productIdParam: string | undefined) {
  requireSameOrigin(request);
  const { own, product, account, language } = await context(request, productIdParam);
  const formData = await readFormData(request).catch(throwBodyError);
  const here = reviewPath(product.id);
  const intent = formData.get("intent");
  if (intent === "withdraw") {
    try {
      await own.reviews.withdrawReview(account.id, product.id, Date.now());
    } catch (error) {
      if (!(error instanceof BackendError) || error.status >= 500) throw error;
      return json({ ...(await pageData(own, product, account, language)), errors: null, values: null, formError: error.message }, { status: error.status, headers: PRIVATE });
    }
    return redirectWithSuccess(here, REVIEW_MESSAGES.withdrawn);
  }
  if (intent !== "write") throw new Response("Unknown action.", { status: 400, statusText: "Bad Request" });

  const raw = { rating: formData.get("rating"), title: formData.get("title"), body: formData.get("body") };
  const values = { rating: typeof raw.rating === "string" ? raw.rating : "", title: typeof raw.title === "string" ? raw.title : "", body: typeof raw.body === "string" ? raw.body : "" };
  const parsed = reviewInputSchema.safeParse(raw);
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === "rating" || field === "title" || field === "body") && !errors[field]) errors[field] = issue.message;
    }
    return json({ ...(await pageData(own, product, account, language)), errors, values, formError: null }, { status: 400, headers: PRIVATE });
  }
  try {
    await own.reviews.submitReview(account.id, product.id, raw, Date.now());
  } catch (error) {
    if (!(error instanceof BackendError) || error.status >= 500) throw error;
    return json({ ...(await pageData(own, product, account, language)), errors: null, values, formError: error.message }, { status: error.status, headers: PRIVATE });
  }
  return redirectWithSuccess(here, REVIEW_MESSAGES.submitted);
}
