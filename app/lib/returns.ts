/**
 * Returns and exchanges after delivery (issue 45; docs/decisions/0980): the words and the status
 * machine every part shares — the shopper's request (services/returns.server.ts), the back office's
 * steps (services/returns-admin.server.ts), the order page and the emails. Pure: no database.
 *
 *   requested → approved → pickup_scheduled → received → refunded | exchanged   (staff, in order)
 *   requested → rejected                                                           (staff, with a reason)
 *   rejected, refunded, exchanged                                                  final
 *
 * `received` records what came back (good and damaged units); a refund then pays back what was
 * paid for the lines (to the paisa) and issues a GST credit note; an exchange ships the colour
 * reserved at request time.
 */

import type { ReturnStatus } from "~/constants/returns";

export {
  FINAL_RETURN_STATUSES,
  LEGAL_REFUND_REASONS,
  RETURN_ACKNOWLEDGE_MS,
  RETURN_REASONS,
  RETURN_REJECT_REASONS,
  RETURN_RESOLUTIONS,
  RETURN_RESOLVE_MS,
  RETURN_STATUSES,
} from "~/constants/returns";
export type { ReturnReason, ReturnRejectReason, ReturnResolution, ReturnStatus } from "~/constants/returns";

/** The next statuses a request at `current` may move to (staff). */
export function legalNextReturnStatuses(current: string, resolution: string): ReturnStatus[] {
  switch (current) {
    case "requested":
      return ["approved", "rejected"];
    case "approved":
      return ["pickup_scheduled"];
    case "pickup_scheduled":
      return ["received"];
    case "received":
      return [resolution === "exchange" ? "exchanged" : "refunded"];
    default:
      return [];
  }
}

