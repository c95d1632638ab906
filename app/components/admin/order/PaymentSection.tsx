import { formatIstDateTime } from "~/lib/admin-format";
import { Section } from "./Section";
import type { OrderDetail } from "./types";

const METHOD_LABELS: Record<string, string> = { cod: "Cash on delivery", cashfree: "Cashfree", stripe: "Stripe" };

/**
 * "Payment": method, payment status, whether real money moved (cash, live, or a test payment —
 * decision 0310), the instrument (Cashfree ids), who paid, and the payment events received (IST).
 */
export function PaymentSection({ detail }: { detail: OrderDetail }) {
  const { order } = detail;
  return (
    <Section id="payment-heading" title="Payment">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="font-medium">Method</dt>
        <dd>{METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod}</dd>
        <dt className="font-medium">Status</dt>
        <dd>{order.paymentStatus}</dd>
        <dt className="font-medium">Money</dt>
        <dd>{order.paymentMethod === "cod" ? "Cash" : detail.testPayment ? `Test payment: no real money${detail.gatewayMode ? "" : " (mode not recorded)"}` : "Live"}</dd>
        <dt className="font-medium">Instrument</dt>
        <dd className="break-all font-mono text-xs">{detail.gatewayRef ?? "—"}</dd>
        <dt className="font-medium">Paid by</dt>
        <dd className="break-all font-mono text-xs">{detail.paidBy ?? "—"}</dd>
      </dl>
      <h3 className="mt-3 font-semibold">Payment events</h3>
      {detail.paymentEvents.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul className="mt-1 space-y-1 text-xs">
          {detail.paymentEvents.map((event) => (
            <li key={event.eventId} className="break-all">
              {formatIstDateTime(event.receivedAt)} · {event.kind} · <span className="font-mono">{event.eventId}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
