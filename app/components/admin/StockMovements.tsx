import { Link } from "@remix-run/react";
import { adminStyles } from "~/components/admin/ui";
import { formatIstDateTime } from "~/lib/admin-format";

/** Why stock moved, in the owner's words (stock_movements.reason; docs/decisions/0690). */
const REASONS: Record<string, string> = {
  sale: "Sale",
  cancel: "Order cancelled",
  failed: "Payment failed",
  expiry: "Unpaid past the hold time",
  edit: "Edited",
  import: "Catalogue import",
  // Issue 45 item 2 (docs/decisions/0982): a colour reserved for a shopper's exchange, and given back when staff reject it.
  exchange: "Reserved for an exchange",
  exchange_release: "Exchange rejected: back on sale",
};

type Movement = {
  colour: string | null;
  delta: number;
  stockAfter: number | null;
  reason: string;
  orderId: string | null;
  actor: string;
  at: number;
};

/**
 * The last changes of a product's stock (issue 23: every change audited with its reason), newest
 * first: when (IST), why, the colour (colours kept apart), the change, the stock after, the order
 * and who. Nothing when the stock never moved.
 */
export function StockMovements({ movements }: { movements: Movement[] }) {
  return (
    <section aria-labelledby="stock-movements-heading" className="mt-10">
      <h2 id="stock-movements-heading" className="text-lg font-semibold text-gray-900">
        Stock movements
      </h2>
      {movements.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700">The stock has not moved yet.</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="min-w-full text-left text-sm" data-testid="stock-movements">
            <caption className="sr-only">The last {movements.length} changes of this product's stock, newest first</caption>
            <thead>
              <tr className="border-b border-gray-300">
                <th scope="col" className={adminStyles.th}>When</th>
                <th scope="col" className={adminStyles.th}>Why</th>
                <th scope="col" className={adminStyles.th}>Colour</th>
                <th scope="col" className={adminStyles.th}>Change</th>
                <th scope="col" className={adminStyles.th}>Stock after</th>
                <th scope="col" className={adminStyles.th}>Order</th>
                <th scope="col" className={adminStyles.th}>By</th>
              </tr>
            </thead>
            <tbody>
              {movements.map((movement, index) => (
                <tr key={`${movement.at}-${index}`} className="border-b border-gray-100">
                  <td className={adminStyles.td}>
                    <time dateTime={new Date(movement.at).toISOString()}>{formatIstDateTime(movement.at)}</time>
                  </td>
                  <td className={adminStyles.td}>{REASONS[movement.reason] ?? movement.reason}</td>
                  <td className={adminStyles.td}>{movement.colour ?? "—"}</td>
                  <td className={adminStyles.td}>{movement.delta > 0 ? `+${movement.delta}` : movement.delta}</td>
                  <td className={adminStyles.td}>{movement.stockAfter ?? "not tracked"}</td>
                  <td className={adminStyles.td}>
                    {movement.orderId ? (
                      <Link to={`/admin/orders/${encodeURIComponent(movement.orderId)}`} className={adminStyles.link}>
                        {movement.orderId}
                      </Link>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className={adminStyles.td}>{movement.actor}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
