import type { ActionFunctionArgs } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { loginBodySchema } from "~/schemas/api";
import { apiRateLimited, apiSuccess, handleApi, postOnlyLoader, readJsonBody } from "~/utils/api.server";
import { consumeAuthAttempt } from "~/utils/rate-limit.server";

export const loader = postOnlyLoader;

/**
 * `POST /api/user/login` `{email, password}` → `{success, token}`, a fresh token each time
 * (SPEC.md §7). 400 bad field, 401 'Invalid email or password.' for an unknown email and a wrong
 * password alike, 429 too many attempts.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const body = await readJsonBody(request, loginBodySchema);
    const limit = await consumeAuthAttempt(request, body.email);
    if (!limit.ok) return apiRateLimited(limit.retryAfterSeconds);
    const { token } = await getBackend().login(body);
    return apiSuccess({ token });
  });
}
