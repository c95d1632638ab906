import type { ActionFunctionArgs } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { API_MESSAGES, cartAddBodySchema } from "~/schemas/api";
import { apiSuccess, handleApi, postOnlyLoader, readJsonBody, requireApiToken } from "~/utils/api.server";

export const loader = postOnlyLoader;

/**
 * `POST /api/cart/add` `{itemId, size}` with the `token` header → `{success, message}`: one more
 * of that line (SPEC.md §4, §7). 400 'Please select a size' / 'Please select a colour.',
 * 401 token, 404 unknown product, 409 line at 99.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const body = await readJsonBody(request, cartAddBodySchema);
    await getBackend().addToCart(requireApiToken(request), body.itemId, body.size);
    return apiSuccess({ message: API_MESSAGES.added });
  });
}
