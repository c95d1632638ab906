import crypto from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import { IMAGE_TYPES, MAX_IMAGE_BYTES, UPLOADS_PATH } from "~/constants/media";

/*
 * A product picture checked by its bytes (issue 12 item 2; DESIGN.md §18; docs/decisions/0610),
 * before services/media.server.ts stores it: pure, so the back office's form parser checks
 * pictures without reaching the services (docs/decisions/0680).
 */

/** A picture that passed the checks, not yet written: its bytes, type and the address it will have. */
export type CheckedImage = { bytes: Uint8Array; type: keyof typeof IMAGE_TYPES; file: string; url: string };

/** Sentences of refused pictures (shown next to the upload field). */
export const IMAGE_MESSAGES = {
  tooLarge: `must be ${MAX_IMAGE_BYTES / 1024 / 1024} MB or smaller`,
  empty: "is empty",
  svg: "is an SVG drawing: SVG files are not accepted (they can carry script); upload a JPEG, PNG or WebP picture",
  wrongType: "is not a JPEG, PNG or WebP picture",
} as const;

/** True when the bytes look like an SVG or other XML document (file-type does not name text formats). */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("utf8").replace(/^\uFEFF/, "").trimStart().toLowerCase();
  return head.startsWith("<?xml") || head.startsWith("<svg") || head.startsWith("<!doctype svg") || (head.startsWith("<!--") && head.includes("<svg"));
}

/**
 * Checks one uploaded picture by its content: at most 5 MB, and JPEG, PNG or WebP as its bytes
 * show (a PNG named `.jpg` is a PNG; a text file named `.png` is refused). SVG is refused
 * (docs/decisions/0610). Answers the checked picture, or `{error}` with a sentence that follows
 * the file's name ("photo.png is not a JPEG, PNG or WebP picture"). Writes nothing.
 */
export async function checkImage(bytes: Uint8Array): Promise<CheckedImage | { error: string }> {
  if (bytes.byteLength === 0) return { error: IMAGE_MESSAGES.empty };
  if (bytes.byteLength > MAX_IMAGE_BYTES) return { error: IMAGE_MESSAGES.tooLarge };
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !Object.hasOwn(IMAGE_TYPES, detected.mime)) {
    return { error: looksLikeSvg(bytes) ? IMAGE_MESSAGES.svg : IMAGE_MESSAGES.wrongType };
  }
  const type = detected.mime as keyof typeof IMAGE_TYPES;
  const file = `${crypto.createHash("sha256").update(bytes).digest("hex")}.${IMAGE_TYPES[type]}`;
  return { bytes, type, file, url: `${UPLOADS_PATH}${file}` };
}
