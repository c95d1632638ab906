import type { ActionFunctionArgs } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { BackendError } from "~/lib/errors";
import { CODES_UNAVAILABLE, removeCodeBodySchema } from "~/schemas/discount-api";
import { apiSuccess, handleApi, postOnlyLoader, readJsonBody, requireApiToken } from "~/utils/api.server";

export const loader = postOnlyLoader;

/**
 * `POST /api/cart/removeCode` with the `token` header, body `{}` → 200 `{success: true}` (issue 47
 * item 6; docs/decisions/1013): the code leaves the token's shopper's cart (none applied: the same
 * answer). 401 no or invalid token; 404 a store without its own data; 405 GET; 413; 415.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const token = requireApiToken(request);
    await readJsonBody(request, removeCodeBodySchema);
    const own = getBackend().own;
    if (!own) throw new BackendError(404, CODES_UNAVAILABLE);
    const { id: userId } = await own.accounts.requireAccount(token);
    await own.discounts.removeCartCode(userId);
    return apiSuccess({});
  });
}
