import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseAdminOrdersFilter } from "~/utils/admin-forms.server";
import { refuseAdminPost, requireStaff } from "~/utils/staff.server";

/**
 * /admin/orders/export.csv?from=YYYY-MM-DD&to=YYYY-MM-DD[&mode=test] (issue 12 item 1): the sales
 * lines of an IST date range as CSV, one row per item — order id, date, customer, state, item, HSN
 * 9102, quantity, amount in rupees. Which orders count is listSalesLines' rule
 * (docs/decisions/0600). Bad dates are ignored (an open end), like the list's filters.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { own } = await requireStaff(request);
  const { from, to, mode } = parseAdminOrdersFilter(new URL(request.url).searchParams);
  const csv = own.adminOrders.salesCsv(await own.adminOrders.listSalesLines({ from, to, mode }));
  const name = `chrono-india-sales${mode === "test" ? "-test" : ""}-${from ?? "start"}-to-${to ?? "today"}.csv`;
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "private, no-store",
    },
  });
}

/** Nothing to post here: 404 for anyone but staff. */
export const action = refuseAdminPost;
