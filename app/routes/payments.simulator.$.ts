import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleSimulatorRequest } from "~/services/payments.server";

/**
 * The payment simulator's hosted page (DESIGN.md §9, test mode only): /payments/simulator/link/{id}
 * and /payments/simulator/session/{id}, with "Pay" and "Fail" buttons. 404 whenever the store has
 * no simulator (Cashfree credentials set). Pay/Fail posts from any other origin, or without an
 * Origin header, are refused with 403; no answer carries a CORS header (issue 8 item 1).
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleSimulatorRequest(request, `/${params["*"] ?? ""}`);
}

export function action({ request, params }: ActionFunctionArgs) {
  return handleSimulatorRequest(request, `/${params["*"] ?? ""}`);
}
