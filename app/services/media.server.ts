import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import { mediaDir } from "~/config/media.server";
import { IMAGE_TYPES, MAX_IMAGE_BYTES, UPLOADS_PATH } from "~/constants/media";

/*
 * Product pictures uploaded in the back office (issue 12 item 2; DESIGN.md §18;
 * docs/decisions/0610): checked by their bytes (`file-type`), never by name or declared type,
 * stored once under `data/media/<sha-256>.<ext>` and served by /uploads/:file.
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

/**
 * Writes checked pictures to the media folder (created when missing). A picture already stored
 * (same bytes, same name) is left as it is; each file appears whole or not at all (written to a
 * temporary name, then renamed). Throws the file system's error.
 */
export async function storeImages(images: readonly CheckedImage[], dir = mediaDir()): Promise<void> {
  if (images.length === 0) return;
  await fs.mkdir(dir, { recursive: true });
  for (const image of images) {
    const target = path.join(dir, image.file);
    if (await fs.stat(target).then(() => true, () => false)) continue;
    const temporary = `${target}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
    await fs.writeFile(temporary, image.bytes);
    await fs.rename(temporary, target);
  }
}

/** A stored picture's name: 64 hex digits and an accepted extension. */
const STORED_NAME = /^[0-9a-f]{64}\.(jpg|png|webp)$/;

/** The content type of each stored extension. */
const TYPE_OF_EXTENSION: Record<string, string> = Object.fromEntries(Object.entries(IMAGE_TYPES).map(([type, ext]) => [ext, type]));

/**
 * A stored picture by its file name, or null when the name is not one we store or the file is
 * missing: its bytes and content type.
 */
export async function readStoredImage(file: string, dir = mediaDir()): Promise<{ bytes: Buffer; type: string } | null> {
  const match = STORED_NAME.exec(file);
  if (!match) return null;
  const bytes = await fs.readFile(path.join(dir, file)).catch(() => null);
  return bytes ? { bytes, type: TYPE_OF_EXTENSION[match[1]] } : null;
}
