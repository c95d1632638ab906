import type { ActionFunctionArgs } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { API_MESSAGES, cartUpdateBodySchema } from "~/schemas/api";
import { apiSuccess, handleApi, postOnlyLoader, readJsonBody, requireApiToken } from "~/utils/api.server";

export const loader = postOnlyLoader;

/**
 * `POST /api/cart/update` `{itemId, size, quantity}` with the `token` header →
 * `{success, message}` (SPEC.md §7): sets the line, 0 removes it. 400 quantity not a whole
 * number 0..99 or bad key, 401 token, 404 unknown product.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const body = await readJsonBody(request, cartUpdateBodySchema);
    await getBackend().updateCart(requireApiToken(request), body.itemId, body.size, body.quantity);
    return apiSuccess({ message: API_MESSAGES.updated });
  });
}
