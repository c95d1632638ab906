import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getBackend } from "~/backend/index.server";
import { orderToJson } from "~/schemas/orders";
import { apiSuccess, handleApi, postOnlyLoader, readJsonBody, requireApiToken } from "~/utils/api.server";

export const loader = postOnlyLoader;

/**
 * `POST /api/order/userorders` `{}` with the `token` header → `{success, orders}` (SPEC.md §7,
 * DESIGN.md §4): the token's shopper's paid and cash-on-delivery orders, newest first, amounts in
 * rupees, `date` in ms since epoch. 401 missing/invalid token.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    await readJsonBody(request, z.object({}));
    const orders = await getBackend().userOrders(requireApiToken(request));
    return apiSuccess({ orders: orders.map(orderToJson) });
  });
}
