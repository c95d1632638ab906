import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { adminStyles } from "~/components/admin/ui";
import { formatIstDateTime } from "~/lib/admin-format";
import { timeLeft } from "~/lib/grievances";
import { refuseAdminPost, requireStaff } from "~/utils/staff.server";

/**
 * /admin/returns (issue 45 item 3; DESIGN.md §26; docs/decisions/0984): the open return and
 * exchange requests with their deadlines — acknowledge (approve or reject) within 48 hours,
 * resolve within a month (Consumer Protection (E-Commerce) Rules 2020, rule 4(5)) — overdue first,
 * then by the next deadline. Each links to its request's page, where staff take the steps. Staff
 * and owner; times in IST.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { own } = await requireStaff(request);
  const now = Date.now();
  return json({ now, rows: await own.returnsOffice.returnQueue(now) }, { headers: { "cache-control": "private, no-store" } });
}

/** Nothing to post here: 404 for anyone but staff. */
export const action = refuseAdminPost;

export default function AdminReturns() {
  const { now, rows } = useLoaderData<typeof loader>();
  const overdue = rows.filter((row) => row.overdue).length;
  return (
    <div className={adminStyles.page}>
      <h1 className={adminStyles.h1}>Returns</h1>
      <p className="mt-1 text-sm text-gray-700">
        Open return and exchange requests: acknowledge (approve or reject) within 48 hours, resolve within one month (Consumer Protection (E-Commerce) Rules 2020). Overdue
        first, then by deadline. Times in IST. {rows.length} open, {overdue} overdue.
      </p>
      {rows.length === 0 ? (
        <p className="mt-6 text-sm">No returns are open.</p>
      ) : (
        <table className={`${adminStyles.table} mt-6`}>
          <caption className="sr-only">Open returns by deadline</caption>
          <thead>
            <tr>
              <th scope="col" className={adminStyles.th}>Request</th>
              <th scope="col" className={adminStyles.th}>Order</th>
              <th scope="col" className={adminStyles.th}>Status</th>
              <th scope="col" className={adminStyles.th}>Asked</th>
              <th scope="col" className={adminStyles.th}>Next deadline</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {rows.map((row) => (
              <tr key={row.id} data-testid="return-row" className={row.overdue ? "bg-red-50" : undefined}>
                <th scope="row" className={`${adminStyles.td} font-mono font-normal`}>
                  <Link to={`/admin/returns/${row.id}`} className={adminStyles.link}>
                    {row.id}
                  </Link>
                </th>
                <td className={adminStyles.td}>
                  <Link to={`/admin/orders/${encodeURIComponent(row.orderId)}`} className={adminStyles.link}>
                    {row.orderId}
                  </Link>
                  {row.customerEmail ? <span className="block text-xs text-gray-700">{row.customerEmail}</span> : null}
                </td>
                <td className={adminStyles.td}>
                  {row.statusWords}
                  <span className="block text-xs text-gray-700">
                    {row.resolution === "exchange" ? "Exchange" : "Refund"}, {row.units} {row.units === 1 ? "unit" : "units"}, {row.reason.replace(/_/g, " ")}
                  </span>
                </td>
                <td className={adminStyles.td}>{formatIstDateTime(row.createdAt)}</td>
                <td className={adminStyles.td}>
                  {row.deadlineKind === "acknowledge" ? "Acknowledge by" : "Resolve by"} {formatIstDateTime(row.deadline)}
                  <span data-testid="return-deadline" className={`block text-xs ${row.overdue ? "font-semibold text-red-800" : "text-gray-700"}`}>
                    {row.overdue && row.deadline >= now ? `${timeLeft(row.resolveBy, now)} to resolve` : timeLeft(row.deadline, now)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Returns — Back office" }, { name: "robots", content: "noindex, nofollow" }];
