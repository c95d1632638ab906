import { Form } from "~/components/ui/local-links";
import { useT } from "~/i18n/use-t";
import { CANCEL_CONFIRM_FIELD, CANCEL_CONFIRM_VALUE } from "~/lib/order-cancel";

/** The address the cancel form posts to (routes/orders_.$orderId_.cancel.ts); a Hindi page says `?lang=hi` to be sent back to itself. */
function cancelAction(orderId: string, language: string): string {
  return `/orders/${encodeURIComponent(orderId)}/cancel${language === "hi" ? "?lang=hi" : ""}`;
}

/**
 * The "Cancel order" form (issue 45 item 1; docs/decisions/0981): a plain POST with a confirm box
 * "Yes, cancel this order" that must be ticked — the confirm step, with or without JavaScript (the
 * browser asks for the box; the server refuses a post without it). `from="orders"` sends the
 * shopper back to My Orders. Words from the `afterSale` catalogue namespace.
 */
export function CancelOrderForm({ orderId, from = "order" }: { orderId: string; from?: "order" | "orders" }) {
  const { t, language } = useT();
  const id = `cancel-confirm-${from}-${orderId}`;
  return (
    <Form method="post" action={cancelAction(orderId, language)} className="flex flex-wrap items-center gap-3 text-sm" data-testid="cancel-order-form" aria-label={t("afterSale.cancelOrder", { id: orderId })}>
      {from === "orders" ? <input type="hidden" name="from" value="orders" /> : null}
      <label htmlFor={id} className="inline-flex items-center gap-2">
        <input id={id} type="checkbox" name={CANCEL_CONFIRM_FIELD} value={CANCEL_CONFIRM_VALUE} required className="h-4 w-4" />
        {t("afterSale.cancelConfirm")}
      </label>
      <button type="submit" className="rounded border border-gray-800 px-4 py-2 font-medium text-gray-900 hover:bg-gray-100">
        {t("afterSale.cancelButton")}
      </button>
    </Form>
  );
}

/**
 * The order page's after-sale block (issue 45; docs/decisions/0980, 0981): the one-line policy fact
 * the owner's settings say ("Returns and exchanges within 7 days of delivery" / "… until DATE"),
 * and, while the order may still be cancelled, the "Cancel this order" section with its form.
 */
export function OrderAfterSale({ orderId, view }: { orderId: string; view: { policyLine: string | null; cancellable: boolean } }) {
  const { t } = useT();
  if (!view.policyLine && !view.cancellable) return null;
  return (
    <div className="mx-auto max-w-screen-xl space-y-6 px-4 pb-10 text-gray-700 sm:px-[5vw] lg:px-[7vw]">
      {view.policyLine ? (
        <p className="text-sm" data-testid="order-return-policy">
          {view.policyLine}
        </p>
      ) : null}
      {view.cancellable ? (
        <section id="cancel" aria-labelledby="cancel-heading" data-testid="cancel-order">
          <h2 id="cancel-heading" className="mb-2 text-lg font-medium text-gray-900">
            {t("afterSale.cancelHeading")}
          </h2>
          <p className="mb-3 text-sm">{t("afterSale.cancelLead")}</p>
          <CancelOrderForm orderId={orderId} />
        </section>
      ) : null}
    </div>
  );
}
