import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { BackendError } from "~/backend/types";
import { ORDER_MESSAGES } from "~/schemas/order-constants";
import { readFormData, throwBodyError } from "~/http/body.server";
import { parseOrderId } from "~/utils/forms.server";
import { requireSameOrigin } from "~/utils/origin.server";
import { expiredSessionRedirect, requireUserToken } from "~/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { log } from "~/observability/log.server";

/**
 * Where a payment comes back to (SPEC.md §2 /verify, §4; DESIGN.md §9). The server verifies;
 * nothing in the URL is trusted. Paid → /orders with 'Payment verified successfully!'; a failed
 * or abandoned payment → /cart with 'Payment failed. Please try again.'; anything else (still
 * pending, unknown order, gateway down) → /cart with 'Payment verification failed. Please contact
 * support.'. The cart is cleared only for a paid order, by the server.
 */
async function verifyAndRedirect(
  request: Request,
  token: string,
  input: { orderId: unknown; success: string | null },
): Promise<Response> {
  const orderId = parseOrderId(input.orderId);
  if (orderId === null) return redirectWithError("/cart", ORDER_MESSAGES.verificationFailed);
  try {
    // A `success` parameter is the Stripe return (SPEC.md §4): verifyStripe never trusts it.
    if (input.success !== null) await getBackend().verifyStripe(token, { success: input.success, orderId });
    else await getBackend().verifyCashfree(token, orderId);
    return redirectWithSuccess("/orders", ORDER_MESSAGES.verified);
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    if (error.status === 401) throw await expiredSessionRedirect(request);
    if (error.status >= 500) log.error({ orderId, status: error.status, reason: error.message }, `Payment verification for ${orderId} failed: ${error.message}`);
    const failedPayment = error.status === 402 && error.message === ORDER_MESSAGES.paymentFailed;
    return redirectWithError("/cart", failedPayment ? ORDER_MESSAGES.paymentFailed : ORDER_MESSAGES.verificationFailed);
  }
}

/**
 * GET /verify?orderId=…[&success=…]: the return URL of Cashfree's hosted page (and of Stripe).
 * Logged-out visitors log in first and come back. Verifying reads the provider's truth and is
 * idempotent, so doing it on this GET is safe (docs/decisions/0236).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = await requireUserToken(request);
  const url = new URL(request.url);
  return verifyAndRedirect(request, token, { orderId: url.searchParams.get("orderId"), success: url.searchParams.get("success") });
}

/** POST /verify `orderId` (and `success` for Stripe): the checkout page's verify after Cashfree's modal. */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const token = await requireUserToken(request);
  const formData = await readFormData(request).catch(throwBodyError);
  const success = formData.get("success");
  return verifyAndRedirect(request, token, { orderId: formData.get("orderId"), success: typeof success === "string" ? success : null });
}

/** Never shown in practice (loader and action always redirect); a plain holding text. */
export default function VerifyPage() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl text-gray-800">Verifying your payment…</h1>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Verifying payment — Chrono India" }, { name: "robots", content: "noindex" }];
