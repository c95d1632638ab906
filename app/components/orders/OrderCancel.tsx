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
