import type { Language } from "~/i18n/language";
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
