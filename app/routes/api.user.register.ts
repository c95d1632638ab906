import type { ActionFunctionArgs } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { registerBodySchema } from "~/schemas/api";
import { apiRateLimited, apiSuccess, handleApi, postOnlyLoader, readJsonBody } from "~/utils/api.server";
import { guardSignUp, rateLimitMessage } from "~/utils/rate-limit.server";

export const loader = postOnlyLoader;

/**
 * `POST /api/user/register` `{name, email, password}` → `{success, token}` (SPEC.md §7).
 * 400 bad field (a password of 12..128 characters, not a common one), 409 email taken, 429 with
 * Retry-After when, behind a trusted proxy, this client address has made too many sign-ups and
 * failed logins this minute (issue 8 item 12; docs/decisions/0320).
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const body = await readJsonBody(request, registerBodySchema);
    const limit = await guardSignUp(request);
    if (!limit.ok) return apiRateLimited(limit.retryAfterSeconds, rateLimitMessage(limit.retryAfterSeconds));
    const { token } = await getBackend().register(body);
    return apiSuccess({ token });
  });
}
