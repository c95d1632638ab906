import type { ActionFunctionArgs } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { ORDER_BODY_MAX_BYTES, orderBodySchema } from "~/schemas/orders";
import { apiSuccess, handleApi, postOnlyLoader, readJsonBody, requireApiToken } from "~/utils/api.server";

export const loader = postOnlyLoader;

/**
 * `POST /api/order/place` `{address, items, amount}` with the `token` header → `{success, message,
 * orderId}` (SPEC.md §7, cash on delivery). The server prices the order from the cart; `amount`
 * and item prices are ignored. An `Idempotency-Key` header makes retries safe (without one, an
 * identical call within 10 minutes answers the same order). 400 bad address, empty cart, items
 * not in the cart, cash on delivery off, more than 3 of a watch or 6 watches (issue 43 item 3);
 * 401; 409 the cart changed.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const body = await readJsonBody(request, orderBodySchema, { maxBytes: ORDER_BODY_MAX_BYTES });
    const { orderId, message } = await getBackend().placeOrder(requireApiToken(request), body, {
      idempotencyKey: idempotencyKeyOf(request),
    });
    return apiSuccess({ message, orderId });
  });
}

function idempotencyKeyOf(request: Request): string | undefined {
  return request.headers.get("idempotency-key") ?? request.headers.get("x-idempotency-key") ?? undefined;
}
