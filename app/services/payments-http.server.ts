import type { DB } from "~/db/db.server";
import { getDb } from "~/db/index.server";
import { MAX_WEBHOOK_BODY_BYTES } from "~/http/body.server";
import { getPaymentGateway, type PaymentGateway } from "~/payments/gateway.server";
import { parseWebhookEvent, verifyWebhookSignature } from "~/payments/webhook.server";
import { handleCashfreeWebhook } from "~/services/payments.server";

/**
 * The payments' HTTP side (DESIGN.md §9; issue 8 items 1, 4): a Cashfree webhook as it came over
 * the wire, and the payment simulator's hosted page. The routes reach these through
 * `getBackend().own.payments`; the rules they end in are services/payments.server.ts. It sits
 * among the services, not in payments/ or http/, because the webhook ends in
 * handleCashfreeWebhook and those layers lie below the services (docs/decisions/0510).
 */

/**
 * Receives a Cashfree webhook as it came over the wire (DESIGN.md §9): checks the signature on the
 * raw body and the timestamp window (at most 24 h old, 5 min ahead: Cashfree's retries; issue 44)
 * before believing a byte, then acts on the event.
 * Answers the status and JSON body for the webhook route: 200 for every authentic event (also
 * replays and events we ignore, so Cashfree stops retrying), 401 for a missing, forged or stale
 * signature, 400 for an authentic body we cannot read, 413 above MAX_WEBHOOK_BODY_BYTES (256 KB).
 */
export async function processCashfreeWebhook(
  db: DB,
  input: { rawBody: string; signature: string | null; timestamp: string | null; secret: string; now?: number },
): Promise<{ status: number; body: { success: boolean; message?: string; outcome?: string } }> {
  if (Buffer.byteLength(input.rawBody) > MAX_WEBHOOK_BODY_BYTES) {
    return { status: 413, body: { success: false, message: "The webhook body is too large." } };
  }
  const check = verifyWebhookSignature({ ...input });
  if (!check.ok) return { status: 401, body: { success: false, message: check.message } };
  const event = parseWebhookEvent(input.rawBody);
  if (!event) return { status: 400, body: { success: false, message: "The webhook body is not an event we can read." } };
  const outcome = await handleCashfreeWebhook(db, event, input.now);
  return { status: 200, body: { success: true, outcome } };
}

/**
 * The webhook route's entry (issue 8 item 4: routes never touch `db/` or `payments/`):
 * processCashfreeWebhook on this process's database with this process's webhook key.
 */
export async function receiveCashfreeWebhook(input: {
  rawBody: string;
  signature: string | null;
  timestamp: string | null;
}): Promise<{ status: number; body: { success: boolean; message?: string; outcome?: string } }> {
  return processCashfreeWebhook(await getDb(), { ...input, secret: getPaymentGateway().webhookSecret });
}

/**
 * The simulator's hosted page for the route /payments/simulator/* (`path` is what follows it,
 * e.g. "/link/{slug}"): 404 whenever this process has no simulator (Cashfree credentials are set,
 * or no gateway at all). Origin checks and answers are the simulator's (issue 8 item 1).
 */
export async function handleSimulatorRequest(request: Request, path: string): Promise<Response> {
  let simulator: PaymentGateway["simulator"] = null;
  try {
    simulator = getPaymentGateway().simulator;
  } catch {
    simulator = null;
  }
  if (!simulator) return new Response("Not found", { status: 404, headers: { "cache-control": "no-store" } });
  return simulator.handleHosted(request, path);
}
