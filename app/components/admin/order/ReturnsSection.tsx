import { Link } from "@remix-run/react";
import { adminStyles } from "~/components/admin/ui";
import { formatIstDateTime } from "~/lib/admin-format";
import { Section } from "./Section";

/** One return request of the order as the staff order page lists it (services/returns-admin.server.ts `returnsOfOrder`). */
export type OrderReturnRow = { id: string; status: string; statusWords: string; resolution: string; createdAt: number; units: number };

/** "Returns": the order's return and exchange requests, oldest first, each linking to its page of steps (issue 45 item 3). */
export function ReturnsSection({ returns }: { returns: OrderReturnRow[] }) {
  return (
    <Section id="returns-heading" title="Returns">
      <ul className="space-y-1">
        {returns.map((row) => (
          <li key={row.id} data-testid="order-return">
            <Link to={`/admin/returns/${row.id}`} className={`${adminStyles.link} font-mono`}>
              {row.id}
            </Link>{" "}
            — {row.resolution === "exchange" ? "exchange" : "refund"}, {row.units} {row.units === 1 ? "unit" : "units"}, asked {formatIstDateTime(row.createdAt)}:{" "}
            <strong>{row.statusWords}</strong>
          </li>
        ))}
      </ul>
    </Section>
  );
}
