import type { ActionFunctionArgs } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { verifyStripeBodySchema } from "~/schemas/orders";
import { apiSuccess, handleApi, postOnlyLoader, readJsonBody, requireApiToken } from "~/utils/api.server";

export const loader = postOnlyLoader;

/**
 * `POST /api/order/verifyStripe` `{success, orderId}` with the `token` header → `{success}`
 * (SPEC.md §7). `success` is never trusted: only this shopper's order that is already paid
 * answers success. 402 'Payment verification failed. Please contact support.', 404, 400, 401.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const body = await readJsonBody(request, verifyStripeBodySchema);
    await getBackend().verifyStripe(requireApiToken(request), body);
    return apiSuccess({ paymentStatus: "PAID" as const });
  });
}
