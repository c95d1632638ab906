import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportResponse, requirePersonalData } from "~/utils/personal-data.server";

/**
 * GET /profile/data.json (issue 25 item 4; DPDP Act 2023; docs/decisions/0770): everything the
 * store keeps about the signed-in shopper as a JSON download (`attachment`, never cached; no
 * password hash, session, token or link). Only ever the signed-in shopper's own data: logged out
 * (or an ended session) goes to /login and back; 404 on a store that keeps no personal data here.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { personalData, account } = await requirePersonalData(request, "/profile/data.json");
  return exportResponse(await personalData.exportPersonalData(account.id));
}
