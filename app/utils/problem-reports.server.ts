import { getStoreDb } from "~/backend/index.server";
import { getEnv } from "~/config/env.server";
import { reportSectionView, type ReportSectionView } from "~/lib/problem-reports";
import { requireAccount } from "~/services/accounts.server";
import { shopperReports } from "~/services/problem-reports.server";

/**
 * The order page's "Report a problem" section for the shopper of `token` and their order
 * `orderId` at `now` (ms), in words (issue 14 item 3; DESIGN.md §20). Null on a store whose data
 * lives elsewhere (BACKEND_URL: reports, like the back office, run on the store's own database;
 * docs/decisions/0660-problem-reports.md). Throws BackendError 401 (session gone) or 404 (not the
 * shopper's order), as the order page's loader does for the order itself.
 */
export async function orderReportSection(token: string, orderId: string, now = Date.now()): Promise<ReportSectionView | null> {
  if (getEnv().BACKEND_URL) return null;
  const db = await getStoreDb();
  const account = await requireAccount(db, token, now);
  const { window, reports } = await shopperReports(db, account.id, orderId, now);
  return reportSectionView(window, reports);
}
