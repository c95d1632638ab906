import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportResponse } from "~/utils/personal-data.server";
import { refuseAdminPost, requireStaff } from "~/utils/staff.server";

/**
 * GET /admin/personal-data/export.json?email=… (issue 25 item 4; docs/decisions/0770): a
 * shopper's data as the JSON they would download themself, for staff answering their request;
 * audited (`personal data downloaded`). Staff and owner; an unknown, deleted or staff account is a 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { own, actor } = await requireStaff(request);
  const shopper = await own.personalData.findShopperByEmail(new URL(request.url).searchParams.get("email") ?? "");
  if (!shopper || shopper.deletedAt !== null || shopper.role) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const data = await own.personalData.exportPersonalData(shopper.id);
  await own.personalData.auditPersonalDataAccess(shopper.id, "downloaded", actor);
  return exportResponse(data, `personal-data-${shopper.id}-${data.exportedAt.slice(0, 10)}.json`);
}

/** Nothing to post here: 404 for anyone but staff. */
export const action = refuseAdminPost;
