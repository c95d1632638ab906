import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";

/**
 * The payment simulator's hosted page (DESIGN.md §9, test mode only): /payments/simulator/link/{id}
 * and /payments/simulator/session/{id}, with "Pay" and "Fail" buttons, and at /payments/simulator/
 * the owner's test controls (what the next refund does, how terminates answer, a surcharge;
 * docs/decisions/0962). 404 whenever the store has
 * no simulator (Cashfree credentials set) or takes its payments on another server (BACKEND_URL). Pay/Fail posts from any other origin, or without an
 * Origin header, are refused with 403; no answer carries a CORS header (issue 8 item 1).
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return simulator(request, params["*"]);
}

export function action({ request, params }: ActionFunctionArgs) {
  return simulator(request, params["*"]);
}

async function simulator(request: Request, rest: string | undefined): Promise<Response> {
  const { own, capabilities } = getBackend();
  if (!capabilities.payments || !own) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return own.payments.handleSimulatorRequest(request, `/${rest ?? ""}`);
}
