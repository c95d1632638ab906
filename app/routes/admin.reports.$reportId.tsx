import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { readFormData, throwBodyError } from "~/http/body.server";
import { BackendError } from "~/lib/errors";
import { requireStaff, type StaffContext } from "~/utils/staff.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";

/**
 * `/admin/reports/:reportId` (issue 14 item 3; DESIGN.md §18, §20): the answer form of a problem
 * report posts here from the admin order page (staff and owner); the service writes the answer,
 * its audit row and the shopper's email in one transaction. 303 back to the order with a toast.
 * A GET goes to the report's order; an unknown report is a 404, as is everything under /admin
 * for anyone but staff.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { own } = await requireStaff(request);
  const report = await reportOf(own, params.reportId);
  return redirect(`/admin/orders/${encodeURIComponent(report.orderId)}#reports`);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { own, actor } = await requireStaff(request);
  const report = await reportOf(own, params.reportId);
  const here = `/admin/orders/${encodeURIComponent(report.orderId)}#reports`;
  const formData = await readFormData(request).catch(throwBodyError);
  try {
    await own.reports.answerReport(report.id, formData.get("answer"), actor, Date.now());
    return redirectWithSuccess(here, "Answer sent to the shopper.");
  } catch (error) {
    if (error instanceof BackendError && error.status !== 404) return redirectWithError(here, error.message);
    throw error;
  }
}

async function reportOf(own: StaffContext["own"], reportId: string | undefined) {
  const report = /^rp_[0-9a-f]{24}$/.test(reportId ?? "") ? await own.reports.findReport(reportId ?? "") : null;
  if (!report) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return report;
}
