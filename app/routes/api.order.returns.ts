import type { ActionFunctionArgs } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { BackendError } from "~/lib/errors";
import { orderReturnsBodySchema } from "~/lib/return-api";
import { apiSuccess, handleApi, postOnlyLoader, readJsonBody, requireApiToken } from "~/utils/api.server";

export const loader = postOnlyLoader;

/**
 * `POST /api/order/returns` `{orderId}` with the `token` header → `{success, returns, offer}`
 * (issue 45 item 6; lib/return-api.ts documents the shapes): the order's return requests, oldest
 * first, each with its status (lib/returns.ts RETURN_STATUSES), lines, pickup and exchange
 * shipment once set; and what the order offers now — `{open, late, lastDay, refusal, reasons:
 * [{reason, resolutions}]}`. 400 malformed body, 401, 404 another shopper's, an unknown or unpaid
 * order (the same answer). A store without its own data (BACKEND_URL): 404.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const { orderId } = await readJsonBody(request, orderReturnsBodySchema);
    const token = requireApiToken(request);
    const own = getBackend().own;
    if (!own) throw new BackendError(404, "Returns are not available on this store.");
    return apiSuccess(await own.returns.apiOrderReturns(token, orderId));
  });
}
