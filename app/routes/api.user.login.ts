import type { ActionFunctionArgs } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { loginBodySchema } from "~/schemas/api";
import { apiRateLimited, apiSuccess, handleApi, postOnlyLoader, readJsonBody } from "~/utils/api.server";
import { guardLogin, rateLimitMessage } from "~/utils/rate-limit.server";

export const loader = postOnlyLoader;

/**
 * `POST /api/user/login` `{email, password}` → `{success, token}`, a fresh token each time
 * (SPEC.md §7). 400 bad field, 401 'Invalid email or password.' for an unknown email and a wrong
 * password alike, 429 with Retry-After (seconds) while the account is locked after repeated
 * failures or, behind a trusted proxy, the client address is (issue 8 item 12).
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const body = await readJsonBody(request, loginBodySchema);
    const outcome = await guardLogin(request, body.email, () => getBackend().login(body));
    if (!outcome.ok) return apiRateLimited(outcome.retryAfterSeconds, rateLimitMessage(outcome.retryAfterSeconds));
    return apiSuccess({ token: outcome.value.token });
  });
}
