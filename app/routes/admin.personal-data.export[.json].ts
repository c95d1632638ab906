import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportResponse, shopperIdOf } from "~/utils/personal-data.server";
import { refuseAdminPost, requireStaff } from "~/utils/staff.server";

/**
 * GET /admin/personal-data/export.json?shopper=<account id> (issue 25 item 4; docs/decisions/0770;
 * by id, so no email address reaches the request log: issue 43 item 6): a
 * shopper's data as the JSON they would download themself, for staff answering their request;
 * audited (`personal data downloaded`). Staff and owner; an unknown, deleted or staff account is a 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { own, actor } = await requireStaff(request);
  const shopperId = shopperIdOf(new URL(request.url));
  const shopper = shopperId === null ? null : await own.personalData.findShopperById(shopperId);
  if (!shopper || shopper.deletedAt !== null || shopper.role) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const data = await own.personalData.exportPersonalData(shopper.id);
  await own.personalData.auditPersonalDataAccess(shopper.id, "downloaded", actor);
  return exportResponse(data, `personal-data-${shopper.id}-${data.exportedAt.slice(0, 10)}.json`);
}

/** Nothing to post here: 404 for anyone but staff. */
export const action = refuseAdminPost;
