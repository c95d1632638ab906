import type { ActionFunctionArgs } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { ORDER_BODY_MAX_BYTES, orderBodySchema, paymentReturnSchema } from "~/schemas/orders";
import { apiSuccess, handleApi, postOnlyLoader, readJsonBody, requireApiToken } from "~/utils/api.server";
import { publicUrl } from "~/config/env.server";

export const loader = postOnlyLoader;

const bodySchema = orderBodySchema.extend(paymentReturnSchema.shape);

/**
 * `POST /api/order/cashfree` `{address, items, amount, returnUrl?}` with the `token` header →
 * `{success, order: {payment_session_id, order_id}}` (SPEC.md §3, §7): our order (PENDING) and a
 * Cashfree order for the modal, priced by the server. `Idempotency-Key` as for /api/order/place.
 * `returnUrl` must be on PUBLIC_URL's origin (issue 8 item 3). One open payment instrument per
 * order: a link opened earlier for the same order is cancelled first (issue 8 item 2).
 * 400 (bad body, foreign returnUrl; more than 3 of a watch or 6 watches), 401, 409 (cart changed;
 * already paid), 429 (10 unpaid online orders this hour, or the account's unpaid orders of the hour
 * would pass 6 of a watch or 12 watches: issue 43 item 3), 502 (Cashfree refused or down), 504
 * (timed out).
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const { returnUrl, ...body } = await readJsonBody(request, bodySchema, { maxBytes: ORDER_BODY_MAX_BYTES });
    const { orderId, paymentSessionId } = await getBackend().createCashfreeOrder(requireApiToken(request), body, {
      storeUrl: publicUrl(),
      returnUrl,
      idempotencyKey: request.headers.get("idempotency-key") ?? request.headers.get("x-idempotency-key") ?? undefined,
    });
    return apiSuccess({ order: { payment_session_id: paymentSessionId, order_id: orderId } });
  });
}
