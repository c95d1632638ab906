import { Form } from "@remix-run/react";
import { adminStyles } from "~/components/admin/ui";
import { formatPaise } from "~/lib/money";
import { Section } from "./Section";
import type { OrderDetail } from "./types";

/**
 * "Move the order" (issue 12 item 1): a button per legal next status (`intent=status`; Shipped
 * needs courier and AWB), or why the order does not move; then, for unpaid cash on delivery that is
 * not cancelled, "Mark cash on delivery paid" (`intent=cod-paid`). The services decide what is legal.
 */
export function MoveOrderSection({ detail, busy }: { detail: OrderDetail; busy: boolean }) {
  const { order } = detail;
  return (
    <Section id="actions-heading" title="Move the order">
      {detail.nextStatuses.length === 0 ? (
        <p>
          {order.paymentMethod !== "cod" && order.paymentStatus !== "PAID"
            ? "This online order is not paid: it does not move."
            : `"${order.status}" is final: the order does not move any more.`}
        </p>
      ) : (
        <StatusForm nextStatuses={detail.nextStatuses} busy={busy} />
      )}
      {order.paymentMethod === "cod" && order.paymentStatus !== "PAID" && order.status !== "Cancelled" && (
        <Form method="post" className="mt-4 border-t border-gray-200 pt-4">
          <input type="hidden" name="intent" value="cod-paid" />
          <button type="submit" className={adminStyles.secondaryButton} disabled={busy}>
            Mark cash on delivery paid ({formatPaise(order.amountPaise)})
          </button>
        </Form>
      )}
    </Section>
  );
}

/** The status form: the shipment fields when Shipped is next, and one submit button per next status ("Cancel order" for Cancelled). */
function StatusForm({ nextStatuses, busy }: { nextStatuses: OrderDetail["nextStatuses"]; busy: boolean }) {
  const shipNext = nextStatuses.includes("Shipped");
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="status" />
      {shipNext && (
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-1 text-sm text-gray-700">Shipment (needed to mark it Shipped)</legend>
          <div>
            <label htmlFor="courier" className={adminStyles.label}>
              Courier
            </label>
            <input id="courier" name="courier" maxLength={60} className={adminStyles.input} autoComplete="off" />
          </div>
          <div>
            <label htmlFor="awbNumber" className={adminStyles.label}>
              AWB number
            </label>
            <input id="awbNumber" name="awbNumber" maxLength={40} pattern="[A-Za-z0-9\-]{3,40}" className={adminStyles.input} autoComplete="off" />
          </div>
          <div>
            <label htmlFor="trackingUrl" className={adminStyles.label}>
              Tracking link (optional)
            </label>
            <input id="trackingUrl" name="trackingUrl" type="url" maxLength={500} className={adminStyles.input} autoComplete="off" />
          </div>
        </fieldset>
      )}
      <div className="flex flex-wrap gap-2">
        {nextStatuses.map((status) => (
          <button
            key={status}
            type="submit"
            name="status"
            value={status}
            disabled={busy}
            className={status === "Cancelled" ? adminStyles.dangerButton : adminStyles.button}
          >
            {status === "Cancelled" ? "Cancel order" : `Move to ${status}`}
          </button>
        ))}
      </div>
    </Form>
  );
}
