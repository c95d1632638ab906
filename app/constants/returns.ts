import { MAX_IMAGE_BYTES } from "~/constants/media";

/**
 * The shopper's return and exchange request (issue 45 item 2; DESIGN.md §26;
 * docs/decisions/0982-return-requests.md): the form's limits and addresses, and the fixed lists
 * of returns — statuses, resolutions, reasons, staff reject reasons, deadlines — that the schemas
 * parsing a form (app/schemas/returns-office.ts) and lib/returns.ts's status machine read. Pure:
 * pages, routes and services share them.
 */

/** Most photos one request may carry. */
export const MAX_RETURN_PHOTOS = 3;

/** Largest photo accepted, bytes: the store's existing image limit (5 MB, constants/media.ts). */
export const MAX_RETURN_PHOTO_BYTES = MAX_IMAGE_BYTES;

/** The return form's body cap, bytes: the photos plus 64 KB of fields and multipart framing. */
export const RETURN_BODY_BYTES = MAX_RETURN_PHOTOS * MAX_RETURN_PHOTO_BYTES + 64 * 1024;

/** Longest description, characters. */
export const MAX_RETURN_TEXT = 2000;

/** Return requests a shopper may post in an hour, whatever their outcome (as problem reports, issue 21). */
export const RETURN_POSTS_PER_HOUR = 10;

/** The photo types accepted, by the type their bytes show (file-type), and the extension they are stored with. */
export const PHOTO_TYPES = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
} as const;

/** The return form's page (`/orders/:orderId/return`; a Hindi twin under /hi). */
export function returnPath(orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}/return`;
}

/** A stored return photo's address (private: the order's shopper and staff only). */
export function returnPhotoPath(returnId: string, file: string): string {
  return `/return-photos/${encodeURIComponent(returnId)}/${encodeURIComponent(file)}`;
}

/** The body cap of the return form's path (English or Hindi), bytes, or null for any other path (which keeps the 64 KB cap). */
export function returnBodyBytes(pathname: string): number | null {
  return /^(\/hi)?\/orders\/[^/]+\/return$/.test(pathname) ? RETURN_BODY_BYTES : null;
}

export const RETURN_STATUSES = ["requested", "approved", "rejected", "pickup_scheduled", "received", "refunded", "exchanged"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const FINAL_RETURN_STATUSES: readonly ReturnStatus[] = ["rejected", "refunded", "exchanged"];

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
