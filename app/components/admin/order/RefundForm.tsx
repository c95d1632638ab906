import { Form } from "@remix-run/react";
import { adminStyles } from "~/components/admin/ui";
import { formatPaise } from "~/lib/money";
import type { OrderDetail } from "./types";

/**
 * "Refund this order" (`intent=refund`): amount in rupees (at most `detail.refundablePaise`, filled
 * in), reference, note, and how the money goes back (through Cashfree when the order was paid
 * through it, or recorded as refunded elsewhere). `refundKey` is the form's one-time key: a double
 * submit is the same refund (services/refunds.server.ts). The loader makes a new key on every
 * load, so the form is keyed on the number of refunds, not on the key: a refund gives a fresh form,
 * but any other revalidation (a refused status move, say) keeps what staff typed. Keyed on the key,
 * a revalidation landing after the typing put the full refundable amount back, and that was sent.
 */
export function RefundForm({ detail, refundKey, busy }: { detail: OrderDetail; refundKey: string; busy: boolean }) {
  return (
    <Form method="post" key={detail.refunds.length} className="mt-4 space-y-3 border-t border-gray-200 pt-4">
      <h3 className="font-semibold">Refund this order</h3>
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="key" value={refundKey} />
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor="refund-amount" className={adminStyles.label}>
            Amount in ₹ (at most {formatPaise(detail.refundablePaise)})
          </label>
          <input id="refund-amount" name="amount" inputMode="decimal" required pattern="[0-9,]+(\.[0-9]{1,2})?" defaultValue={rupeesOf(detail.refundablePaise)} className={adminStyles.input} />
        </div>
        <div>
          <label htmlFor="refund-reference" className={adminStyles.label}>
            Reference (optional)
          </label>
          <input id="refund-reference" name="reference" maxLength={100} className={adminStyles.input} />
        </div>
        <div>
          <label htmlFor="refund-note" className={adminStyles.label}>
            Note (optional)
          </label>
          <input id="refund-note" name="note" maxLength={500} className={adminStyles.input} />
        </div>
      </div>
      <fieldset>
        <legend className={adminStyles.label}>How the money goes back</legend>
        <div className="mt-1 flex flex-wrap gap-6">
          {detail.cashfreeRefundable && (
            <label className="flex items-center gap-2">
              <input type="radio" name="via" value="cashfree" defaultChecked required /> Through Cashfree (to the shopper&apos;s card or UPI)
            </label>
          )}
          <label className="flex items-center gap-2">
            <input type="radio" name="via" value="manual" defaultChecked={!detail.cashfreeRefundable} required /> Already refunded elsewhere (bank, UPI, cash): record it
          </label>
        </div>
      </fieldset>
      <button type="submit" className={adminStyles.dangerButton} disabled={busy}>
        Refund
      </button>
    </Form>
  );
}

/** Paise as the amount field's rupees, "1234.50" (exact: no floating point). */
function rupeesOf(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;
}
