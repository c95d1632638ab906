import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { BodyError, MAX_WEBHOOK_BODY_BYTES, readBodyText } from "~/http/body.server";
import { log } from "~/observability/log.server";

/** Webhooks are POSTs; anything else is 405. */
export function loader() {
  return json({ success: false, message: "Please use POST for this call." }, { status: 405, headers: { allow: "POST" } });
}

/**
 * Cashfree's webhook receiver (DESIGN.md §4, §9; not a SPEC.md §7 call). Reads the raw body through
 * the capped reader (256 KB, 413 as soon as it is crossed; issue 8 item 11), never re-serialised
 * JSON; the payments service checks `x-webhook-signature` = base64(HMAC-SHA256(x-webhook-timestamp
 * + body, secret)) in constant time and a 5-minute window, then settles the order: a paid order is
 * PAID once, even if the shopper closed the tab. 200 for authentic events (replays too), 401
 * forged or stale, 400 unreadable, 413 too large, 404 on a storefront whose orders live elsewhere.
 */
export async function action({ request }: ActionFunctionArgs) {
  const headers = { "cache-control": "no-store" };
  if (request.method !== "POST") return loader();
  const { own, capabilities } = getBackend();
  if (!capabilities.payments || !own) {
    return json({ success: false, message: "This store's orders live on its backend; send webhooks there." }, { status: 404, headers });
  }
  let rawBody: string;
  try {
    rawBody = await readBodyText(request, MAX_WEBHOOK_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyError) return json({ success: false, message: error.message }, { status: error.status, headers });
    throw error;
  }
  const result = await own.payments.receiveCashfreeWebhook({
    rawBody,
    signature: request.headers.get("x-webhook-signature"),
    timestamp: request.headers.get("x-webhook-timestamp"),
  });
  if (result.status !== 200) log.warn({ status: result.status, reason: result.body.message }, `Cashfree webhook refused (${result.status}): ${result.body.message}`);
  return json(result.body, { status: result.status, headers });
}
