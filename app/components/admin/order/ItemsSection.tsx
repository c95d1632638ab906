import { formatPaise } from "~/lib/money";
import { Section } from "./Section";
import type { OrderDetail } from "./types";

/**
 * "Items": each line with its picture, size, quantity × unit price and line total (and its part of
 * the discount code's amount, issue 47), then the code's line ("Discount (DIWALI10) −₹1,000") and
 * the order's total paid (rupees). Read-only.
 */
export function ItemsSection({ order }: { order: OrderDetail["order"] }) {
  return (
    <Section id="items-heading" title="Items">
      <ul className="divide-y divide-gray-200">
        {order.items.map((item) => (
          <li key={`${item.productId}-${item.size}`} className="flex items-center gap-3 py-2">
            {item.image ? <img src={item.image} alt="" width={48} height={48} className="h-12 w-12 rounded border border-gray-200 object-cover" /> : <span className="h-12 w-12 rounded bg-gray-100" />}
            <div className="flex-1">
              <p>
                <span className="font-medium">{item.name}</span>
                {item.size !== "default" && <span className="text-gray-700"> · {item.size}</span>}
              </p>
              <p className="text-xs text-gray-700">
                {item.quantity} × {formatPaise(item.pricePaise)} · {item.productId}
                {(item.discountPaise ?? 0) > 0 ? <span data-testid="admin-item-discount"> · discount −{formatPaise(item.discountPaise ?? 0)}</span> : null}
              </p>
            </div>{" "}
            <p className="tabular-nums">{formatPaise(item.pricePaise * item.quantity)}</p>
          </li>
        ))}
      </ul>
      {(order.discountPaise ?? 0) > 0 ? (
        <p className="mt-2 text-right" data-testid="admin-order-discount">
          Discount{order.discountCode ? ` (${order.discountCode})` : ""} −{formatPaise(order.discountPaise ?? 0)}
        </p>
      ) : null}
      <p className="mt-2 text-right font-semibold">
        {(order.discountPaise ?? 0) > 0 ? "Total paid" : "Total"} {formatPaise(order.amountPaise)}
      </p>
    </Section>
  );
}
