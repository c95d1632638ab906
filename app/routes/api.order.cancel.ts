import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { BackendError } from "~/lib/errors";
import { CANCEL_MESSAGES } from "~/lib/order-cancel";
import { cancelOrderBodySchema, cancelOrderToJson } from "~/schemas/order-cancel";
import { apiRateLimited, handleApi, postOnlyLoader, readJsonBody, requireApiToken } from "~/utils/api.server";
import { limitShopper } from "~/utils/rate-limit.server";

export const loader = postOnlyLoader;

/** Cancel calls a shopper may make in a minute (as the order page's form). */
const CANCELS_PER_MINUTE = 10;

/**
 * `POST /api/order/cancel` with the `token` header, body `{orderId}` → 200 `{success, order,
 * refund, alreadyCancelled}` (issue 45 items 1 and 6; schemas/order-cancel.ts; docs/decisions/0981):
 * the token's shopper cancels an order not yet Shipped — stock back, the whole payment refunded
 * through Cashfree (`refund.state` "started" while Cashfree pays it). A repeat answers the same,
 * `alreadyCancelled: true`, with one refund. 400 malformed body; 401 no or invalid token; 404
 * another shopper's, an unknown or unpaid order (the same answer, nothing written); 409 shipped
 * already (or moved by staff just now); 429 more than 10 a minute. A store without its own data
 * (BACKEND_URL): 404.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const token = requireApiToken(request);
    const { orderId } = await readJsonBody(request, cancelOrderBodySchema);
    const own = getBackend().own;
    if (!own) throw new BackendError(404, "Cancelling is not available on this store.");
    const { id: userId } = await own.accounts.requireAccount(token);
    const allowed = await limitShopper("cancel", userId, CANCELS_PER_MINUTE, 60);
    if (!allowed.ok) return apiRateLimited(allowed.retryAfterSeconds, CANCEL_MESSAGES.tooMany);
    const outcome = await own.cancels.cancelOrderByShopper({ userId, orderId });
    return json(cancelOrderToJson(outcome), { headers: { "cache-control": "no-store" } });
  });
}
