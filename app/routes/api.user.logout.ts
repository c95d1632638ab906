import type { ActionFunctionArgs } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { API_MESSAGES, emptyBodySchema } from "~/schemas/api";
import { apiSuccess, handleApi, postOnlyLoader, readJsonBody, requireApiToken } from "~/utils/api.server";

export const loader = postOnlyLoader;

/**
 * `POST /api/user/logout` with the `token` header → `{success, message}`: revokes that token on
 * the server. Not a SPEC.md §7 call; added for the http adapter (DESIGN.md §4 allows additions
 * named for what they do; docs/decisions/0204). 401 without a token; an unknown token is a no-op.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    await readJsonBody(request, emptyBodySchema);
    const token = requireApiToken(request);
    await getBackend().logout(token);
    return apiSuccess({ message: API_MESSAGES.loggedOut });
  });
}
