import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { adminStyles } from "~/components/admin/ui";
import { formatIstDateTime } from "~/lib/admin-format";
import { refuseAdminPost, requireStaff } from "~/utils/staff.server";

/**
 * /admin/reports (issue 14 item 3): the problem reports waiting for an answer, newest first, each
 * linking to its order, where it is answered. Staff and owner.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { own } = await requireStaff(request);
  const reports = await own.reports.listReports({ status: "open" });
  return json({ reports }, { headers: { "cache-control": "private, no-store" } });
}

/** Nothing to post here: 404 for anyone but staff. */
export const action = refuseAdminPost;

export default function AdminReports() {
  const { reports } = useLoaderData<typeof loader>();
  return (
    <div className={adminStyles.page}>
      <h1 className={adminStyles.h1}>Problem reports</h1>
      <p className="mt-1 text-sm text-gray-700">Reports waiting for an answer. Open the order to watch the video and answer.</p>
      {reports.length === 0 ? (
        <p className="mt-6 text-sm">No reports are waiting.</p>
      ) : (
        <table className={`${adminStyles.table} mt-6`}>
          <caption className="sr-only">Open problem reports</caption>
          <thead>
            <tr>
              <th scope="col" className={adminStyles.th}>Sent (IST)</th>
              <th scope="col" className={adminStyles.th}>Order</th>
              <th scope="col" className={adminStyles.th}>Problem</th>
              <th scope="col" className={adminStyles.th}>Description</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {reports.map((report) => (
              <tr key={report.id}>
                <td className={adminStyles.td}>{formatIstDateTime(report.createdAt)}</td>
                <td className={`${adminStyles.td} font-mono`}>
                  <Link to={`/admin/orders/${encodeURIComponent(report.orderId)}#reports`} className={adminStyles.link}>
                    {report.orderId}
                  </Link>
                </td>
                <td className={adminStyles.td}>{report.kind === "damaged" ? "Damaged" : "Wrong product"}</td>
                <td className={`${adminStyles.td} max-w-md truncate`}>{report.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Problem reports — Back office" }, { name: "robots", content: "noindex, nofollow" }];
