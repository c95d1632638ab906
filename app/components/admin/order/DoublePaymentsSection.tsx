import { Form } from "@remix-run/react";
import { adminStyles } from "~/components/admin/ui";
import { formatIstDateTime } from "~/lib/admin-format";
import { formatPaise } from "~/lib/money";
import { Section } from "./Section";
import type { OrderDetail } from "./types";

/**
 * "Double payments" (docs/decisions/0310): payments that arrived after the order was paid, each
 * with its amount (rupees), instrument and time (IST), and what became of it — or a "Refund …
 * through Cashfree" button (`intent=refund-extra`, when amount and instrument are known) and a
 * "Mark as refunded elsewhere" form (`intent=extra-elsewhere`). The page shows it only when there are any.
 */
export function DoublePaymentsSection({ extraPayments, busy }: { extraPayments: OrderDetail["extraPayments"]; busy: boolean }) {
  const openExtras = extraPayments.filter((payment) => !payment.resolution);
  return (
    <Section id="extra-heading" title="Double payments">
      <p className="mb-2">
        {openExtras.length > 0
          ? "These payments arrived after the order was already paid. Refund each one, or record that it was refunded elsewhere."
          : "Every payment that arrived after the order was paid has been dealt with."}
      </p>
      <ul className="divide-y divide-gray-200">
        {extraPayments.map((payment) => (
          <li key={payment.paymentId} className="py-2">
            <p>
              <span className="font-mono">{payment.paymentId}</span> · {payment.amountPaise === null ? "amount unknown" : formatPaise(payment.amountPaise)} · {payment.instrument ?? payment.source} ·{" "}
              {formatIstDateTime(payment.at)}
            </p>
            {payment.resolution ? (
              <p className="text-gray-700">
                {payment.resolution === "refunded" ? "Refunded through Cashfree" : "Refunded elsewhere"}
                {payment.reference ? ` (${payment.reference})` : ""} by {payment.resolvedBy}
              </p>
            ) : (
              <div className="mt-1 flex flex-wrap items-end gap-3">
                {payment.amountPaise !== null && payment.instrument && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="refund-extra" />
                    <input type="hidden" name="paymentId" value={payment.paymentId} />
                    <button type="submit" className={adminStyles.dangerButton} disabled={busy}>
                      Refund {formatPaise(payment.amountPaise)} through Cashfree<span className="sr-only"> (payment {payment.paymentId})</span>
                    </button>
                  </Form>
                )}
                <Form method="post" className="flex items-end gap-2">
                  <input type="hidden" name="intent" value="extra-elsewhere" />
                  <input type="hidden" name="paymentId" value={payment.paymentId} />
                  <div>
                    <label htmlFor={`extra-ref-${payment.paymentId}`} className={adminStyles.label}>
                      Reference (optional)
                    </label>
                    <input id={`extra-ref-${payment.paymentId}`} name="reference" maxLength={100} className={adminStyles.input} />
                  </div>
                  <button type="submit" className={adminStyles.secondaryButton} disabled={busy}>
                    Mark as refunded elsewhere<span className="sr-only"> (payment {payment.paymentId})</span>
                  </button>
                </Form>
              </div>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
