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

export const RETURN_STATUSES = ["requested", "approved", "rejected", "pickup_scheduled", "received", "refunded", "exchanged"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const FINAL_RETURN_STATUSES: readonly ReturnStatus[] = ["rejected", "refunded", "exchanged"];

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

export const RETURN_RESOLUTIONS = ["refund", "exchange"] as const;
export type ReturnResolution = (typeof RETURN_RESOLUTIONS)[number];

/**
 * Why a shopper returns (issue 45 item 2). The store's settings say which allow a refund and which
 * only an exchange; `late` is offered only when the order was delivered after its promised window,
 * and then always allows a refund (Consumer Protection (E-Commerce) Rules 2020, rule 7(2)(b)).
 */
export const RETURN_REASONS = ["defective", "not_as_described", "wrong_item", "damaged_in_transit", "late", "changed_mind"] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** The reasons the law makes a seller take back and refund whatever its policy (rule 7(2)(b), rule 6(6)): never switchable off. */
export const LEGAL_REFUND_REASONS: readonly ReturnReason[] = ["defective", "not_as_described", "wrong_item", "damaged_in_transit", "late"];

/** Why staff reject a request: a fixed list (issue 45 item 3). */
export const RETURN_REJECT_REASONS = ["outside_window", "not_original_condition", "missing_parts", "used_or_worn", "photos_do_not_show_problem", "not_our_product"] as const;
export type ReturnRejectReason = (typeof RETURN_REJECT_REASONS)[number];

/** Staff deadlines of a request (the grievance rules: acknowledge within 48 hours, resolve within a month). */
export const RETURN_ACKNOWLEDGE_MS = 48 * 60 * 60_000;
export const RETURN_RESOLVE_MS = 30 * 24 * 60 * 60_000;
