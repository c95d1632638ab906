/**
 * Limits of the back office's product uploads (issue 12 item 2; docs/decisions/0610). Bytes.
 * Every other form keeps the 64 KB cap (DESIGN.md §16).
 */

/** Largest picture accepted, in bytes (5 MB). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Pictures one product form may upload at once. */
export const MAX_IMAGES_PER_FORM = 4;

/** Largest product form body (its pictures plus 1 MB of fields and multipart framing), in bytes. */
export const PRODUCT_FORM_BODY_BYTES = MAX_IMAGES_PER_FORM * MAX_IMAGE_BYTES + 1024 * 1024;

/** Largest catalogue file the import page reads (20 MB), and its body with multipart framing. */
export const MAX_IMPORT_FILE_BYTES = 20 * 1024 * 1024;
export const IMPORT_BODY_BYTES = MAX_IMPORT_FILE_BYTES + 64 * 1024;

/** The picture types accepted, by the type their bytes show (never by name or declared type). */
export const IMAGE_TYPES = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
} as const;

/** Where stored pictures are served: `/uploads/<sha-256 of the bytes>.<jpg|png|webp>`. */
export const UPLOADS_PATH = "/uploads/";

/**
 * The body cap of an admin product path, in bytes, or null for any other path (which keeps the
 * 64 KB form cap). Given to the HTTP guard by entry.server, and read again by the actions.
 */
export function adminProductBodyBytes(pathname: string): number | null {
  if (pathname === "/admin/products/import") return IMPORT_BODY_BYTES;
  if (/^\/admin\/products\/[^/]+$/.test(pathname) && pathname !== "/admin/products/export.json") return PRODUCT_FORM_BODY_BYTES;
  return null;
}
