import type { ActionFunctionArgs } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { ORDER_BODY_MAX_BYTES, orderBodySchema, paymentReturnSchema } from "~/schemas/orders";
import { apiSuccess, handleApi, postOnlyLoader, readJsonBody, requireApiToken } from "~/utils/api.server";
import { publicUrl } from "~/config/env.server";

export const loader = postOnlyLoader;

const bodySchema = orderBodySchema.extend(paymentReturnSchema.shape);

/**
 * `POST /api/order/cashfreeLink` `{address, items, amount, returnUrl?}` with the `token` header →
 * `{success, link: {link_url, order_id}}`: our order (PENDING) and a Cashfree payment link, the
 * hosted page where a shopper without JavaScript pays (DESIGN.md §4, §9; not a SPEC.md §7 call).
 * The link returns the shopper to `returnUrl` (default /verify?orderId=…; on PUBLIC_URL's origin,
 * else 400). A Cashfree order opened earlier for the same order is terminated first (issue 8
 * item 2). Failures as /api/order/cashfree.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const { returnUrl, ...body } = await readJsonBody(request, bodySchema, { maxBytes: ORDER_BODY_MAX_BYTES });
    const { orderId, linkUrl } = await getBackend().createCashfreePaymentLink(requireApiToken(request), body, {
      storeUrl: publicUrl(),
      returnUrl,
      idempotencyKey: request.headers.get("idempotency-key") ?? request.headers.get("x-idempotency-key") ?? undefined,
    });
    return apiSuccess({ link: { link_url: linkUrl, order_id: orderId } });
  });
}
