import he from "he";
import type { Language } from "~/i18n/language";
import { translate } from "~/i18n/messages.server";
import { CANCEL_CONFIRM_FIELD, CANCEL_CONFIRM_VALUE } from "~/lib/order-cancel";
import { IST_OFFSET_MS } from "~/lib/admin-format";
import { orderReturnLine } from "~/lib/after-sale-policy";
import { istDateIn } from "~/lib/ist-dates";
import { CANCELLED } from "~/lib/order-status";
import { shopperMayCancel } from "~/lib/order-cancel";
import type { OrderDetail } from "~/schemas/order-detail";
import { getBackend } from "~/backend/index.server";
import { policySentenceIn, storeReturnPolicy } from "~/utils/after-sale-policy.server";

const DAY_MS = 24 * 60 * 60_000;

/** What the order page and My Orders show of the after-sale policy for one order: its policy line and whether the shopper may cancel it. */
export type OrderAfterSaleView = {
  /** The one-line policy fact in the page's language (lib/after-sale-policy.ts `orderReturnLine`); null for a cancelled order. */
  policyLine: string | null;
  /** Whether the "Cancel order" form is offered (Order Placed or Packing, lib/order-cancel.ts; a store with its own data). */
  cancellable: boolean;
};

/**
 * The order page's after-sale block as HTML made and escaped here (every value through `he.escape`):
 * the policy line (`data-testid="order-return-policy"`) and, while it may be cancelled, the "Cancel
 * this order" section — a plain POST form to /orders/:id/cancel (`?lang=hi` on a Hindi page) with
 * the required confirm box "Yes, cancel this order", which works with and without JavaScript.
 * HTML rather than JSX so the order page's browser code stays within its budget (DESIGN.md §17).
 * "" when there is nothing to show.
 */
export function orderAfterSaleHtml(orderId: string, view: OrderAfterSaleView, language: Language): string {
  const e = (text: string) => he.escape(text);
  const parts: string[] = [];
  if (view.policyLine) parts.push(`<p class="text-sm" data-testid="order-return-policy">${e(view.policyLine)}</p>`);
  if (view.cancellable) {
    const action = `/orders/${encodeURIComponent(orderId)}/cancel${language === "hi" ? "?lang=hi" : ""}`;
    const id = `cancel-confirm-order-${orderId}`;
    parts.push(
      `<section id="cancel" aria-labelledby="cancel-heading" data-testid="cancel-order">` +
        `<h2 id="cancel-heading" class="mb-2 text-lg font-medium text-gray-900">${e(translate(language, "afterSale.cancelHeading"))}</h2>` +
        `<p class="mb-3 text-sm">${e(translate(language, "afterSale.cancelLead"))}</p>` +
        `<form method="post" action="${e(action)}" class="flex flex-wrap items-center gap-3 text-sm" data-testid="cancel-order-form" aria-label="${e(translate(language, "afterSale.cancelOrder", { id: orderId }))}">` +
        `<label for="${e(id)}" class="inline-flex items-center gap-2"><input id="${e(id)}" type="checkbox" name="${CANCEL_CONFIRM_FIELD}" value="${CANCEL_CONFIRM_VALUE}" required class="h-4 w-4"> ${e(translate(language, "afterSale.cancelConfirm"))}</label>` +
        `<button type="submit" class="rounded border border-gray-800 px-4 py-2 font-medium text-gray-900 hover:bg-gray-100">${e(translate(language, "afterSale.cancelButton"))}</button>` +
        `</form></section>`,
    );
  }
  return parts.length === 0 ? "" : `<div class="mx-auto max-w-screen-xl space-y-6 px-4 pb-10 text-gray-700 sm:px-[5vw] lg:px-[7vw]">${parts.join("")}</div>`;
}

/** The IST calendar days from `from` to `to` (ms): 0 on the same IST day. */
export function istDaysBetween(from: number, to: number): number {
  return Math.floor((to + IST_OFFSET_MS) / DAY_MS) - Math.floor((from + IST_OFFSET_MS) / DAY_MS);
}

/**
 * The after-sale view of `detail` in `language` at `now` (ms; issue 45, docs/decisions/0980, 0981):
 * before delivery "Returns and exchanges within N days of delivery"; once delivered (the timeline's
 * Delivered date) "… until DATE", the window's last IST day, then the legal reasons' line; the
 * owner's settings say N (storeReturnPolicy). Never throws.
 */
export async function orderAfterSaleView(detail: Pick<OrderDetail, "order" | "timeline">, language: Language, now = Date.now()): Promise<OrderAfterSaleView> {
  const { status } = detail.order;
  if (status === CANCELLED) return { policyLine: null, cancellable: false };
  const policy = await storeReturnPolicy();
  const deliveredAt = status === "Delivered" ? (detail.timeline.find((step) => step.status === "Delivered")?.at ?? null) : null;
  const delivered =
    status === "Delivered"
      ? {
          // A delivery without its date (a skipped event) counts from today: the window is not cut short.
          daysSinceDelivery: deliveredAt === null ? 0 : istDaysBetween(deliveredAt, now),
          untilText: istDateIn((deliveredAt ?? now) + policy.windowDays * DAY_MS, language),
          legalUntilText: istDateIn((deliveredAt ?? now) + policy.legalWindowDays * DAY_MS, language),
        }
      : null;
  // The cancel is the store's own (services/order-cancel.server.ts): a storefront whose data lives elsewhere offers none.
  return { policyLine: policySentenceIn(language, orderReturnLine(policy, delivered)), cancellable: shopperMayCancel(status) && getBackend().own !== null };
}
