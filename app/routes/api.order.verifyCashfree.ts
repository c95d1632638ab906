import type { ActionFunctionArgs } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { verifyCashfreeBodySchema } from "~/schemas/orders";
import { apiSuccess, handleApi, postOnlyLoader, readJsonBody, requireApiToken } from "~/utils/api.server";

export const loader = postOnlyLoader;

/**
 * `POST /api/order/verifyCashfree` `{orderId}` with the `token` header → `{success,
 * paymentStatus: "PAID"}` (SPEC.md §7): the server asks Cashfree; a paid order is marked PAID and
 * its cart lines cleared. 402 'Payment failed. Please try again.', 409 not settled yet, 404
 * unknown or another shopper's order, 400, 401, 502/504 Cashfree unreachable.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const { orderId } = await readJsonBody(request, verifyCashfreeBodySchema);
    await getBackend().verifyCashfree(requireApiToken(request), orderId);
    return apiSuccess({ paymentStatus: "PAID" as const });
  });
}
