import type { LoaderFunctionArgs } from "@remix-run/node";
import { refuseAdminPost, requireStaff } from "~/utils/staff.server";

/**
 * /admin/discounts/export.csv (issue 47 item 1): every discount code as CSV, one row per code with
 * the list's figures — uses taken and given back, revenue and discount given in rupees with two
 * decimals (services/discounts-admin listCodes' rule), dates in IST; cells safe from spreadsheet
 * formulas. Staff and owners.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { own } = await requireStaff(request);
  const now = Date.now();
  const csv = own.discountsAdmin.codesCsv(await own.discountsAdmin.listCodes(now));
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="chrono-india-discount-codes.csv"`,
      "cache-control": "private, no-store",
    },
  });
}

/** Nothing to post here: 404 for anyone but staff. */
export const action = refuseAdminPost;
