import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { getDb } from "~/db/index.server";
import { getPaymentGateway } from "~/payments/gateway.server";
import { processCashfreeWebhook, WEBHOOK_MAX_BYTES } from "~/services/orders.server";
import { getEnv } from "~/utils/env.server";

/** Webhooks are POSTs; anything else is 405. */
export function loader() {
  return json({ success: false, message: "Please use POST for this call." }, { status: 405, headers: { allow: "POST" } });
}

/**
 * Cashfree's webhook receiver (DESIGN.md §4, §9; not a SPEC.md §7 call). Reads the raw body (never
 * re-serialised JSON), checks `x-webhook-signature` = base64(HMAC-SHA256(x-webhook-timestamp +
 * body, secret)) in constant time and a 5-minute window, then settles the order: a paid order is
 * PAID once, even if the shopper closed the tab. 200 for authentic events (replays too), 401
 * forged or stale, 400 unreadable, 413 too large, 404 on a storefront whose orders live elsewhere.
 */
export async function action({ request }: ActionFunctionArgs) {
  const headers = { "cache-control": "no-store" };
  if (request.method !== "POST") return loader();
  if (getEnv().BACKEND_URL) {
    return json({ success: false, message: "This store's orders live on its backend; send webhooks there." }, { status: 404, headers });
  }
  if (Number(request.headers.get("content-length") ?? "0") > WEBHOOK_MAX_BYTES) {
    return json({ success: false, message: "The webhook body is too large." }, { status: 413, headers });
  }
  const rawBody = await request.text();
  const result = await processCashfreeWebhook(await getDb(), {
    rawBody,
    signature: request.headers.get("x-webhook-signature"),
    timestamp: request.headers.get("x-webhook-timestamp"),
    secret: getPaymentGateway().webhookSecret,
  });
  if (result.status !== 200) console.warn(`Cashfree webhook refused (${result.status}): ${result.body.message}`);
  return json(result.body, { status: result.status, headers });
}
