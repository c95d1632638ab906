import { json } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { apiSuccess, handleApi } from "~/utils/api.server";

/**
 * `GET /api/order/checkoutMode` → `{success, checkoutMode: {gateway: "cashfree", environment:
 * "test"|"live", checkout: "modal"|"hosted", simulator, sdkMode: "sandbox"|"production"}}`
 * (issue 8 item 4; not a SPEC.md §7 call): how this server takes money, so that a storefront in
 * front of it (BACKEND_URL) says "Test mode" and opens Cashfree's modal or the hosted page
 * exactly as the server that makes the payment will. Public, no token; 503 without a gateway.
 */
export async function loader() {
  return handleApi(async () => apiSuccess({ checkoutMode: await getBackend().checkoutMode() }));
}

/** Only GET: anything else is 405. */
export function action() {
  return json({ success: false, message: "Please use GET for this call." }, { status: 405, headers: { allow: "GET", "cache-control": "no-store" } });
}
