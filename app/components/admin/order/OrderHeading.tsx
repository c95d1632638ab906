import { adminStyles } from "~/components/admin/ui";
import { formatIstDateTime } from "~/lib/admin-format";
import { formatPaise } from "~/lib/money";
import type { OrderDetail } from "./types";

/** The order page's heading: the order id, its status, "Test payment" and "Refund due" badges, and who placed it when for how much (IST, rupees). */
export function OrderHeading({ detail }: { detail: OrderDetail }) {
  const { order } = detail;
  return (
    <>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className={`${adminStyles.h1} font-mono`}>{order.id}</h1>
        <span className="rounded bg-gray-900 px-2 py-0.5 text-sm font-semibold text-white">{order.status}</span>
        {detail.testPayment && <span className="rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">Test payment</span>}
        {detail.refundDue && <span className="rounded bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-900">Refund due</span>}
      </div>
      <p className="mt-1 text-sm text-gray-700">
        Placed {formatIstDateTime(order.createdAt)} IST by {detail.customer ? `${detail.customer.name} (${detail.customer.email})` : "a removed account"} · {formatPaise(order.amountPaise)}
      </p>
    </>
  );
}
