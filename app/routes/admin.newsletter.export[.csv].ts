import type { LoaderFunctionArgs } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { refuseAdminPost, requireStaff } from "~/utils/staff.server";

/**
 * /admin/newsletter/export.csv (issue 24 item 3): every confirmed subscriber — email, when
 * confirmed (UTC), the consent version and its words — as CSV (csv-stringify; cells a spreadsheet
 * would run as formulas are defused, as the sales export does). Owner only (personal data).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { own } = await requireStaff(request, { role: "owner", forWhat: "export the newsletter's subscribers" });
  if (!getBackend().capabilities.newsletter) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const csv = await own.newsletter.subscribersCsv();
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv"`,
      "cache-control": "private, no-store",
    },
  });
}

/** Nothing to post here: 404 for anyone but staff. */
export const action = refuseAdminPost;
