import type { ActionFunctionArgs } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { cartGetBodySchema } from "~/schemas/api";
import { apiSuccess, handleApi, postOnlyLoader, readJsonBody, requireApiToken } from "~/utils/api.server";

export const loader = postOnlyLoader;

/**
 * `POST /api/cart/get` `{}` with the `token` header → `{success, cartData}` (SPEC.md §7): the
 * token's shopper's cart, whatever else the body says. 401 missing/invalid token.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    await readJsonBody(request, cartGetBodySchema);
    const cartData = await getBackend().getCart(requireApiToken(request));
    return apiSuccess({ cartData });
  });
}
