import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * What one Playwright run has already checked, shared by all its workers and both projects (issue
 * 22 item 2: axe once per distinct page, markup validated once per distinct document). A key is a
 * file named by its SHA-256 under the run's folder, `E2E_CHECKED_DIR`, which playwright.config.ts
 * makes once per run in the main process (workers inherit it); a folder of another run is never read.
 * A key is added only after its check passed, so a failed check is made again wherever it recurs.
 */
export class CheckedOnce {
  private readonly folder: string | null;
  private readonly local = new Set<string>();

  /** `kind` names the check ("axe", "markup"): one subfolder each. */
  constructor(kind: string) {
    const run = process.env.E2E_CHECKED_DIR;
    this.folder = run ? path.join(run, kind) : null;
    if (this.folder) fs.mkdirSync(this.folder, { recursive: true });
  }

  private file(key: string) {
    return path.join(this.folder!, createHash("sha256").update(key).digest("hex"));
  }

  /** True when this run already passed the check for `key` (in any worker). */
  has(key: string): boolean {
    if (this.local.has(key)) return true;
    return this.folder !== null && fs.existsSync(this.file(key));
  }

  /** Records that the check for `key` passed. */
  add(key: string): void {
    this.local.add(key);
    if (this.folder) fs.writeFileSync(this.file(key), "");
  }
}

/**
 * Makes this run's folder for CheckedOnce under `root` (tests/.tmp), unless the environment already
 * names one, and removes the folders of runs older than six hours. Called by playwright.config.ts,
 * which every worker loads again: the main process makes the folder, workers find it in their
 * environment.
 */
export function checkedOnceFolder(root: string): string {
  if (process.env.E2E_CHECKED_DIR) return process.env.E2E_CHECKED_DIR;
  fs.mkdirSync(root, { recursive: true });
  const sixHoursAgo = Date.now() - 6 * 3_600_000;
  for (const name of fs.readdirSync(root)) {
    if (!name.startsWith("checked-")) continue;
    const folder = path.join(root, name);
    if (fs.statSync(folder).mtimeMs < sixHoursAgo) fs.rmSync(folder, { recursive: true, force: true });
  }
  const folder = fs.mkdtempSync(path.join(root, "checked-"));
  process.env.E2E_CHECKED_DIR = folder;
  return folder;
}
