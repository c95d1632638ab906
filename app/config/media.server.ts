import path from "node:path";
import { getEnv } from "~/config/env.server";

/**
 * The folder of uploaded product pictures (issue 12 item 2; DESIGN.md §18 `data/media/`): `media/`
 * beside the SQLite file of DATABASE_URL (so a test store keeps its pictures with its database),
 * or `data/media` when the store runs on PostgreSQL. Several processes serving one store must share
 * this folder (docs/decisions/0610).
 */
export function mediaDir(): string {
  const url = getEnv().DATABASE_URL;
  if (url.startsWith("file:") && url !== "file::memory:") return path.join(path.dirname(path.resolve(url.slice("file:".length))), "media");
  return path.resolve("data", "media");
}

/**
 * The private folder of problem reports' unboxing videos (issue 14 item 3; docs/decisions/0660):
 * `report-videos/` beside the media folder. Never served publicly: /report-videos/:reportId gives a
 * video only to the order's shopper and to staff. Uploads are streamed into its `incoming/`
 * subfolder first (same file system, so a checked video is renamed into place, not copied).
 */
export function reportVideoDir(): string {
  return path.join(path.dirname(mediaDir()), "report-videos");
}
