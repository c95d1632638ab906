import type { ActionFunctionArgs } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { registerBodySchema } from "~/schemas/api";
import { apiRateLimited, apiSuccess, handleApi, postOnlyLoader, readJsonBody } from "~/utils/api.server";
import { consumeAuthAttempt } from "~/utils/rate-limit.server";

export const loader = postOnlyLoader;

/**
 * `POST /api/user/register` `{name, email, password}` → `{success, token}` (SPEC.md §7).
 * 400 bad field, 409 email taken, 429 too many attempts from this address or for this email.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const body = await readJsonBody(request, registerBodySchema);
    const limit = await consumeAuthAttempt(request, body.email);
    if (!limit.ok) return apiRateLimited(limit.retryAfterSeconds);
    const { token } = await getBackend().register(body);
    return apiSuccess({ token });
  });
}
