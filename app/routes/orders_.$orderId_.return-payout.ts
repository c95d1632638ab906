import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { readFormData, throwBodyError } from "~/http/body.server";
import { pathIn } from "~/i18n/language";
import { BackendError } from "~/lib/errors";
import { API_MESSAGES } from "~/schemas/api-constants";
import { requireSameOrigin } from "~/utils/origin.server";
import { limitShopper } from "~/utils/rate-limit.server";
import { expiredSessionRedirect, requireUserToken } from "~/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";

/**
 * `/orders/:orderId/return-payout` (issue 45 item 4; docs/decisions/0985): the order page's refund
 * details form of a cash-on-delivery return posts here (a plain form, with or without
 * JavaScript): `returnId`, `kind` (upi | bank), `upiId` or `accountName`, `accountNumber`, `ifsc`.
 * Only the order's own shopper: anyone else, an unknown request or an online order is the
 * ordinary 404 with nothing written (services/returns-admin.server.ts `savePayoutDetails`). Bad
 * details and a closed request answer a 303 back to the order page with the sentence as a toast
 * (the phrasebook's `returnPayout` group words it in Hindi); success the same with a success toast.
 * At most PAYOUT_POSTS_PER_MINUTE posts a minute per shopper (a flood: the toast "Too many
 * attempts…", nothing written). A GET goes to the order page.
 */
/** Payout posts a shopper may make in a minute. */
const PAYOUT_POSTS_PER_MINUTE = 10;

export async function loader({ params }: LoaderFunctionArgs) {
  return redirect(orderPage(params.orderId ?? ""));
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const token = await requireUserToken(request);
  const { own } = getBackend();
  if (!own) throw notFound();
  const orderId = params.orderId ?? "";
  const form = await readFormData(request).catch(throwBodyError);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const kind = text("kind");
  const payout = kind === "bank" ? { kind, accountName: text("accountName"), accountNumber: text("accountNumber"), ifsc: text("ifsc") } : { kind, upiId: text("upiId") };
  const here = pathIn(`${orderPage(orderId)}#return-payout`, new URL(request.url).searchParams.get("lang") === "hi" ? "hi" : "en");
  try {
    const account = await own.accounts.requireAccount(token);
    if (!(await limitShopper("return-payout", account.id, PAYOUT_POSTS_PER_MINUTE, 60)).ok) return redirectWithError(here, API_MESSAGES.rateLimited);
    await own.returnsOffice.saveShopperPayout(token, { orderId, returnId: text("returnId") ?? "", payout });
    return redirectWithSuccess(here, own.returnsOffice.PAYOUT_SAVED);
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    if (error.status === 401) throw await expiredSessionRedirect(request);
    if (error.status === 404) throw notFound();
    return redirectWithError(here, error.message);
  }
}

function notFound() {
  return new Response("Not Found", { status: 404, statusText: "Not Found", headers: { "cache-control": "private, no-store" } });
}

function orderPage(orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}`;
}
