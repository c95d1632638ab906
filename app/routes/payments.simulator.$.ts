import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getPaymentGateway } from "~/payments/gateway.server";

/**
 * The payment simulator's hosted page (DESIGN.md §9, test mode only): /payments/simulator/link/{id}
 * and /payments/simulator/session/{id}, with "Pay" and "Fail" buttons. 404 whenever Cashfree
 * credentials are set: the simulator is never active then.
 */
function hosted(request: Request, splat: string | undefined): Promise<Response> | Response {
  const simulator = getPaymentGateway().simulator;
  if (!simulator) return new Response("Not found", { status: 404 });
  return simulator.handleHosted(request, `/${splat ?? ""}`);
}

export function loader({ request, params }: LoaderFunctionArgs) {
  return hosted(request, params["*"]);
}

export function action({ request, params }: ActionFunctionArgs) {
  return hosted(request, params["*"]);
}
