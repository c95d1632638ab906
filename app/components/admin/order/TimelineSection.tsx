import { formatIstDateTime } from "~/lib/admin-format";
import { formatPaise } from "~/lib/money";
import { describeReturnEvent } from "~/lib/returns-office";
import { Section } from "./Section";
import type { OrderDetail } from "./types";

type TimelineEntry = OrderDetail["timeline"][number];

/** "Timeline": the order's creation and every order event, oldest first, with its time (IST) and who did it. */
export function TimelineSection({ timeline }: { timeline: TimelineEntry[] }) {
  return (
    <Section id="timeline-heading" title="Timeline">
      <ol className="space-y-2">
        {timeline.map((entry, index) => (
          <li key={index} className="flex gap-3">
            <time dateTime={new Date(entry.at).toISOString()} className="w-40 shrink-0 text-gray-700">
              {formatIstDateTime(entry.at)}
            </time>{" "}
            <span>
              {describeEvent(entry)} <span className="text-gray-700">· {entry.actor}</span>
            </span>
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** One timeline entry in words: a status (with courier and AWB), cash paid, a return's step (lib/returns-office), a refund (rupees, how), a settled double payment, or a Cashfree surcharge (the amounts in `details` are paise). */
export function describeEvent(entry: { kind: string; status: string | null; details: Record<string, unknown> | null }): string {
  const d = entry.details ?? {};
  if (entry.kind === "status") {
    const shipment = d.shipment as { courier?: string; awbNumber?: string } | null | undefined;
    // Issue 45 item 1: the shopper's own cancel before it shipped (details.by "shopper"; the actor is their email).
    if (entry.details?.by === "shopper") return `${entry.status} by the shopper before it shipped`;
    return `${entry.status}${shipment?.courier ? ` — ${shipment.courier}, AWB ${shipment.awbNumber}` : ""}`;
  }
  if (entry.kind === "cod_paid") return "Cash on delivery paid";
  if (entry.kind === "return") return describeReturnEvent(d);
  if (entry.kind === "refund") return `Refund ${typeof d.amountPaise === "number" ? formatPaise(d.amountPaise) : ""} (${d.via === "cashfree" ? "through Cashfree" : "made elsewhere"})`;
  if (entry.kind === "refund_due_resolved") return `Double payment ${String(d.paymentId ?? "")} ${d.how === "cashfree" ? "refunded through Cashfree" : "marked refunded elsewhere"}`;
  if (entry.kind === "payment_surcharge" && typeof d.surchargePaise === "number" && typeof d.paymentPaise === "number") {
    return `Paid ${formatPaise(d.paymentPaise)} through Cashfree: the order's total and a ${formatPaise(d.surchargePaise)} surcharge Cashfree collected from the shopper`;
  }
  return entry.kind;
}
