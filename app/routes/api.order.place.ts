import type { ActionFunctionArgs } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import type { Backend } from "~/backend/types";
import { log } from "~/observability/log.server";
import { ORDER_BODY_MAX_BYTES, orderBodySchema } from "~/schemas/orders";
import { apiSuccess, handleApi, postOnlyLoader, readJsonBody, requireApiToken } from "~/utils/api.server";

export const loader = postOnlyLoader;

/**
 * `POST /api/order/place` `{address, items, amount}` with the `token` header → `{success, message,
 * orderId, amount, discountCode, discount}` (SPEC.md §7, cash on delivery; the last three beyond
 * it, issue 47 item 6: the rupees charged after the cart's discount code, the code or null, the
 * rupees it took off; docs/decisions/1013). The server prices the order from the cart; `amount`
 * and item prices are ignored. An `Idempotency-Key` header makes retries safe (without one, an
 * identical call within 10 minutes answers the same order). 400 bad address, empty cart, items
 * not in the cart, cash on delivery off, more than 3 of a watch or 6 watches (issue 43 item 3);
 * 401; 409 the cart changed, or the cart's code no longer applies (used up, ended, paused, used by
 * this delivery email or mobile), with the reason.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const body = await readJsonBody(request, orderBodySchema, { maxBytes: ORDER_BODY_MAX_BYTES });
    const token = requireApiToken(request);
    const backend = getBackend();
    const { orderId, message } = await backend.placeOrder(token, body, { idempotencyKey: idempotencyKeyOf(request) });
    return apiSuccess({ message, orderId, ...(await chargedOf(backend, token, orderId)) });
  });
}

/**
 * What the placed order charges (issue 47 item 6): `amount` in rupees after its discount code,
 * `discountCode` (or null) and `discount` in rupees, read back as /api/order/userorders states
 * them. The order exists already: when reading it back fails, the answer goes without them.
 */
async function chargedOf(backend: Backend, token: string, orderId: string) {
  try {
    const { order } = await backend.userOrder(token, orderId);
    return { amount: order.amountPaise / 100, discountCode: order.discountCode ?? null, discount: (order.discountPaise ?? 0) / 100 };
  } catch (error) {
    log.warn({ err: error, orderId }, "The placed order could not be read back for its answer");
    return {};
  }
}

function idempotencyKeyOf(request: Request): string | undefined {
  return request.headers.get("idempotency-key") ?? request.headers.get("x-idempotency-key") ?? undefined;
}
