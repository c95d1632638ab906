import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { BackendError } from "~/lib/errors";
import { returnRequestBodySchema } from "~/lib/return-api";
import { handleApi, postOnlyLoader, readJsonBody, requireApiToken } from "~/utils/api.server";

export const loader = postOnlyLoader;

/**
 * `POST /api/order/return` with the `token` header, body `{orderId, reason, resolution,
 * description, lines: [{lineIndex, quantity, exchangeColour?}]}` → 201 `{success, returnRequest}`
 * (issue 45 items 2 and 6; lib/return-api.ts documents the shapes; docs/decisions/0982): the
 * token's shopper asks to return lines of a delivered order, for a refund or an exchange for
 * another colour. Strict: any other key (a refund amount) is 400 with nothing written. 401 no or
 * invalid token; 404 another shopper's, an unknown or unpaid order (the same answer); 409 a line
 * already asked for, or the exchange colour just sold out; 422 not delivered, outside the window
 * (the sentence names it), a reason or resolution the store's policy does not offer. No photos
 * here (the order page's form takes them). A store without its own data (BACKEND_URL): 404.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const body = await readJsonBody(request, returnRequestBodySchema);
    const token = requireApiToken(request);
    const own = getBackend().own;
    if (!own) throw new BackendError(404, "Returns are not available on this store.");
    const returnRequest = await own.returns.apiRequestReturn(token, body);
    return json({ success: true as const, returnRequest }, { status: 201, headers: { "cache-control": "no-store" } });
  });
}
