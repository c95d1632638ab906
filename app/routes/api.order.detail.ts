import type { ActionFunctionArgs } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { orderDetailBodySchema, orderDetailToJson } from "~/schemas/order-detail";
import { apiSuccess, handleApi, postOnlyLoader, readJsonBody, requireApiToken } from "~/utils/api.server";

export const loader = postOnlyLoader;

/**
 * `POST /api/order/detail` `{orderId}` with the `token` header → `{success, order}` (issue 14
 * item 1; DESIGN.md §4, §20; not a SPEC.md §7 call): one of the token's shopper's orders for its
 * page — the order JSON of /api/order/userorders (amounts in rupees, `date` in ms) plus `timeline`
 * `[{status, at|null, reached}]`, `refunds` `[{amount, state, date}]` and `shipment`
 * `{courier, awbNumber, trackingUrl}` or null. 400 malformed id, 401 missing/invalid token, 404 an
 * unknown id or another shopper's order (the same answer), or an unpaid online attempt.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const { orderId } = await readJsonBody(request, orderDetailBodySchema);
    const detail = await getBackend().userOrder(requireApiToken(request), orderId);
    return apiSuccess({ order: orderDetailToJson(detail) });
  });
}
