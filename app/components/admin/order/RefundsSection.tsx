import { Form } from "@remix-run/react";
import { adminStyles } from "~/components/admin/ui";
import { formatIstDateTime } from "~/lib/admin-format";
import { formatPaise } from "~/lib/money";
import { RefundForm } from "./RefundForm";
import { Section } from "./Section";
import type { OrderDetail } from "./types";

/**
 * "Refunds" (issue 12 item 1; docs/decisions/0600): every refund of the order with its date (IST),
 * amount, how, status (a Cashfree refund not yet final has "Check status", `intent=refresh-refund`)
 * and reference; then the refund form while anything is left to refund.
 */
export function RefundsSection({ detail, refundKey, busy }: { detail: OrderDetail; refundKey: string; busy: boolean }) {
  return (
    <Section id="refunds-heading" title="Refunds">
      {detail.refunds.length === 0 ? (
        <p>No refunds.</p>
      ) : (
        <table className={adminStyles.table}>
          <caption className="sr-only">Refunds of this order</caption>
          <thead>
            <tr>
              <th scope="col" className={adminStyles.th}>Date (IST)</th>
              <th scope="col" className={`${adminStyles.th} text-right`}>Amount</th>
              <th scope="col" className={adminStyles.th}>How</th>
              <th scope="col" className={adminStyles.th}>Status</th>
              <th scope="col" className={adminStyles.th}>Reference</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {detail.refunds.map((refund) => (
              <tr key={refund.id}>
                <td className={adminStyles.td}>{formatIstDateTime(refund.createdAt)}</td>
                <td className={`${adminStyles.td} text-right tabular-nums`}>{formatPaise(refund.amountPaise)}</td>
                <td className={adminStyles.td}>
                  {refund.via === "cashfree" ? "Cashfree" : "Elsewhere"}
                  {refund.extraPaymentId && <div className="text-xs text-gray-700">double payment</div>}
                </td>
                <td className={adminStyles.td}>
                  {refund.status}
                  {refund.via === "cashfree" && !["SUCCESS", "FAILED", "CANCELLED"].includes(refund.status) && (
                    <Form method="post" className="mt-1">
                      <input type="hidden" name="intent" value="refresh-refund" />
                      <input type="hidden" name="refundId" value={refund.id} />
                      <button type="submit" className="text-xs underline" disabled={busy}>
                        Check status<span className="sr-only"> of refund {refund.id}</span>
                      </button>
                    </Form>
                  )}
                </td>
                <td className={`${adminStyles.td} break-all`}>
                  {[refund.reference, refund.gatewayRefundId && `Cashfree ${refund.gatewayRefundId}`, refund.note].filter(Boolean).join(" · ") || "—"}
                  <div className="text-xs text-gray-700">{refund.actorEmail ?? ""}</div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {detail.refundablePaise > 0 && <RefundForm detail={detail} refundKey={refundKey} busy={busy} />}
    </Section>
  );
}
