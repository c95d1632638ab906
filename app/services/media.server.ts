import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { mediaDir } from "~/config/media.server";
import { IMAGE_TYPES } from "~/constants/media";
import { checkImage, IMAGE_MESSAGES, type CheckedImage } from "~/lib/images.server";

export { checkImage, IMAGE_MESSAGES, type CheckedImage };

/*
 * Product pictures uploaded in the back office (issue 12 item 2; DESIGN.md §18;
 * docs/decisions/0610): checked by their bytes (`file-type`), never by name or declared type,
 * stored once under `data/media/<sha-256>.<ext>` and served by /uploads/:file.
 */

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
