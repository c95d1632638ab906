import type { ActionFunctionArgs } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { BackendError } from "~/lib/errors";
import { CODE_TRIES_PER_MINUTE, DISCOUNT_MESSAGES } from "~/lib/discounts";
import { CODES_UNAVAILABLE, applyCodeBodySchema, cartDiscountToJson } from "~/schemas/discount-api";
import { apiRateLimited, apiSuccess, handleApi, postOnlyLoader, readJsonBody, requireApiToken } from "~/utils/api.server";
import { limitShopper } from "~/utils/rate-limit.server";

export const loader = postOnlyLoader;

/**
 * `POST /api/cart/applyCode` with the `token` header, body `{code}` → 200 `{success, discount}`
 * (issue 47 items 2 and 6; schemas/discount-api.ts; docs/decisions/1013): the code (any case,
 * spaces ignored) applied to the token's shopper's cart, replacing one applied before, with its
 * terms and its effect in rupees. 400 the reason, nothing stored (empty, too long, unknown,
 * paused, not started, ended, below the minimum by ₹N, used up, used by you, nothing in the cart it
 * applies to); 401 no or invalid token; 404 a store without its own data; 405 GET; 413; 415; 429
 * after CODE_TRIES_PER_MINUTE tries a minute (rate limit `discountCode`, shared with the cart and
 * checkout pages).
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const token = requireApiToken(request);
    const { code } = await readJsonBody(request, applyCodeBodySchema);
    const own = getBackend().own;
    if (!own) throw new BackendError(404, CODES_UNAVAILABLE);
    const { id: userId } = await own.accounts.requireAccount(token);
    const allowed = await limitShopper("discountCode", userId, CODE_TRIES_PER_MINUTE, 60);
    if (!allowed.ok) return apiRateLimited(allowed.retryAfterSeconds, DISCOUNT_MESSAGES.tooManyTries);
    const summary = await own.discounts.applyCartCodeSummary(userId, code, Date.now());
    return apiSuccess({ discount: cartDiscountToJson(summary) });
  });
}
