import { MAX_IMAGE_BYTES } from "~/constants/media";

/**
 * The shopper's return and exchange request (issue 45 item 2; DESIGN.md §26;
 * docs/decisions/0982-return-requests.md): the form's limits and addresses. Pure: pages, routes
 * and services share them.
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
