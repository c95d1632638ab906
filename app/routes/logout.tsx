import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { BackendError } from "~/backend/types";
import { requireSameOrigin } from "~/utils/origin.server";
import { commitLogout, getSessionToken } from "~/utils/session.server";
import { log } from "~/observability/log.server";

/** GET /logout changes nothing (no GET mutates): back to the home page. */
export async function loader() {
  return redirect("/", 303);
}

/**
 * Logout (SPEC.md §4): revokes the token on the server, forgets the session cookie (the cart
 * stays on the server for the next login) and goes to /login. A backend that cannot be reached
 * does not keep the shopper logged in on this browser.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const token = await getSessionToken(request);
  if (token) {
    await getBackend()
      .logout(token)
      .catch((error) => {
        if (!(error instanceof BackendError)) throw error;
        log.warn({ status: error.status, reason: error.message }, "Logout could not revoke the token");
      });
  }
  return redirect("/login", { status: 303, headers: { "Set-Cookie": await commitLogout(request) } });
}
