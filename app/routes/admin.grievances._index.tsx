import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { adminStyles } from "~/components/admin/ui";
import { formatIstDateTime } from "~/lib/admin-format";
import { timeLeft } from "~/lib/grievances";
import { formatIstDate } from "~/lib/gst";
import { refuseAdminPost, requireStaff } from "~/utils/staff.server";

/**
 * /admin/grievances (issue 25 item 3; DESIGN.md §23; docs/decisions/0750): every open complaint
 * with its two deadlines — acknowledged within 48 hours (met by the emailed ticket; shown with
 * its time) and resolved within a month — overdue first, then by deadline. Problem reports count
 * as grievances and are listed here too; they are answered on their order's page. Each says
 * whether it is verified (filed signed in, or confirmed by its address; issue 43 item 1): one filed
 * signed out and not confirmed says so, links no order, has no month running and comes last.
 * Staff and owner.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { own } = await requireStaff(request);
  const now = Date.now();
  return json({ now, rows: await own.grievances.openGrievances(now) }, { headers: { "cache-control": "private, no-store" } });
}

/** Nothing to post here: 404 for anyone but staff. */
export const action = refuseAdminPost;

export default function AdminGrievances() {
  const { now, rows } = useLoaderData<typeof loader>();
  const overdue = rows.filter((row) => row.overdue).length;
  return (
    <div className={adminStyles.page}>
      <h1 className={adminStyles.h1}>Grievances</h1>
      <p className="mt-1 text-sm text-gray-700">
        Open complaints and problem reports: acknowledge within 48 hours, resolve within one month (Consumer Protection (E-Commerce) Rules 2020). Overdue first, then by
        deadline. Times in IST. {rows.length} open, {overdue} overdue.
      </p>
      {rows.length === 0 ? (
        <p className="mt-6 text-sm">No grievances are open.</p>
      ) : (
        <table className={`${adminStyles.table} mt-6`}>
          <caption className="sr-only">Open grievances by deadline</caption>
          <thead>
            <tr>
              <th scope="col" className={adminStyles.th}>Ticket</th>
              <th scope="col" className={adminStyles.th}>About</th>
              <th scope="col" className={adminStyles.th}>Filed</th>
              <th scope="col" className={adminStyles.th}>Acknowledged (48 h)</th>
              <th scope="col" className={adminStyles.th}>Resolve by</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {rows.map((row) => (
              <tr key={`${row.kind}-${row.ref}`} className={row.overdue ? "bg-red-50" : undefined}>
                <th scope="row" className={`${adminStyles.td} font-mono font-normal`}>
                  <Link to={row.href} className={adminStyles.link}>
                    {row.ref}
                  </Link>
                </th>
                <td className={adminStyles.td}>
                  {row.subject}
                  {row.orderId ? <span className="block text-xs text-gray-700">Order {row.orderId}</span> : null}
                  <span className="block text-xs text-gray-700">{row.from}</span>
                  <span data-testid="grievance-verified" className={`block text-xs ${row.verified ? "text-gray-700" : "font-semibold text-amber-800"}`}>
                    {row.verified ? "Verified" : "Not verified: filed signed out, the address has not confirmed it"}
                  </span>
                </td>
                <td className={adminStyles.td}>{formatIstDateTime(row.filedAt)}</td>
                <td className={adminStyles.td}>
                  {row.acknowledgedAt !== null ? `Met: ${formatIstDateTime(row.acknowledgedAt)} (${row.acknowledgedBy})` : "Not started: waiting for the address to confirm"}
                </td>
                <td className={adminStyles.td}>
                  {row.acknowledgedAt !== null ? (
                    <>
                      {formatIstDate(row.resolveBy)}
                      <span className={`block text-xs ${row.overdue ? "font-semibold text-red-800" : "text-gray-700"}`}>{timeLeft(row.resolveBy, now)}</span>
                    </>
                  ) : (
                    "30 days from confirmation"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Grievances — Back office" }, { name: "robots", content: "noindex, nofollow" }];
