import type { ActionFunctionArgs } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { cartGetBodySchema } from "~/schemas/api";
import { cartDiscountToJson } from "~/schemas/discount-api";
import { apiSuccess, handleApi, postOnlyLoader, readJsonBody, requireApiToken } from "~/utils/api.server";

export const loader = postOnlyLoader;

/**
 * `POST /api/cart/get` `{}` with the `token` header → `{success, cartData, discount}` (SPEC.md §7;
 * `discount` beyond it, issue 47 item 6, docs/decisions/1013): the token's shopper's cart,
 * whatever else the body says, and the code applied to it with its effect now in rupees
 * (schemas/discount-api.ts), or null (none applied; a store without its own data). 401
 * missing/invalid token.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    await readJsonBody(request, cartGetBodySchema);
    const token = requireApiToken(request);
    const backend = getBackend();
    const cartData = await backend.getCart(token);
    let discount = null;
    if (backend.own) {
      const { id: userId } = await backend.own.accounts.requireAccount(token);
      const summary = await backend.own.discounts.cartCodeSummary(userId, Date.now());
      discount = summary ? cartDiscountToJson(summary) : null;
    }
    return apiSuccess({ cartData, discount });
  });
}
