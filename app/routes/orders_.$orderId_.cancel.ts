import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { readFormData, throwBodyError } from "~/http/body.server";
import { pathIn } from "~/i18n/language";
import { BackendError } from "~/lib/errors";
import { formatPaise } from "~/lib/money";
import { CANCEL_CONFIRM_FIELD, CANCEL_CONFIRM_VALUE, CANCEL_MESSAGES, cancelledRefundMessage } from "~/lib/order-cancel";
import { requireSameOrigin } from "~/utils/origin.server";
import { limitShopper } from "~/utils/rate-limit.server";
import { expiredSessionRedirect, requireUserToken } from "~/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";

/** Cancel posts a shopper may make in a minute (a flood is refused with a sentence, nothing done). */
const CANCELS_PER_MINUTE = 10;

/**
 * `/orders/:orderId/cancel` (issue 45 item 1; docs/decisions/0981): the "Cancel order" form of the
 * order page and of My Orders posts here, with or without JavaScript. Same origin only (403); the
 * order must be the shopper's (anyone else's, or an unknown id: the ordinary 404, nothing
 * written); the confirm box "Yes, cancel this order" must be ticked (the confirm step without
 * JavaScript); at most CANCELS_PER_MINUTE posts a minute. The cancel itself is
 * services/order-cancel.server.ts `cancelOrderByShopper` (Order Placed or Packing only; the whole
 * payment refunded through Cashfree). Every answer is a 303 back to where the form was — the order
 * page, or My Orders when the form says `from=orders` — in the page's language (`?lang=hi`), with
 * a toast. A GET goes to the order page.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/orders/${encodeURIComponent(params.orderId ?? "")}`);
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const token = await requireUserToken(request);
  const { own } = getBackend();
  if (!own) throw notFound();
  let userId: number;
  try {
    userId = (await own.accounts.requireAccount(token)).id;
  } catch (error) {
    if (error instanceof BackendError && error.status === 401) throw await expiredSessionRedirect(request);
    throw error;
  }
  const orderId = params.orderId ?? "";
  const formData = await readFormData(request).catch(throwBodyError);
  const language = new URL(request.url).searchParams.get("lang") === "hi" ? "hi" : "en";
  const back = pathIn(formData.get("from") === "orders" ? "/orders" : `/orders/${encodeURIComponent(orderId)}`, language);
  const allowed = await limitShopper("cancel", userId, CANCELS_PER_MINUTE, 60);
  if (!allowed.ok) return redirectWithError(back, CANCEL_MESSAGES.tooMany);
  if (formData.get(CANCEL_CONFIRM_FIELD) !== CANCEL_CONFIRM_VALUE) {
    // Not ticked: nothing done — but another shopper's order is still the ordinary 404.
    try {
      await getBackend().userOrder(token, orderId);
    } catch (error) {
      if (error instanceof BackendError && (error.status === 404 || error.status === 400)) throw notFound();
      throw error;
    }
    return redirectWithError(back, CANCEL_MESSAGES.confirm);
  }
  try {
    const outcome = await own.cancels.cancelOrderByShopper({ userId, orderId });
    if (outcome.replay) return redirectWithSuccess(back, CANCEL_MESSAGES.alreadyCancelled);
    return redirectWithSuccess(back, outcome.refund && outcome.refund.state !== "failed" ? cancelledRefundMessage(formatPaise(outcome.refund.amountPaise)) : CANCEL_MESSAGES.cancelled);
  } catch (error) {
    if (error instanceof BackendError && error.status === 404) throw notFound();
    if (error instanceof BackendError && error.status < 500) return redirectWithError(back, error.message);
    throw error;
  }
}

function notFound() {
  return new Response("Not Found", { status: 404, statusText: "Not Found", headers: { "cache-control": "private, no-store" } });
}
