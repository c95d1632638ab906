import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The app that is built and served: this checkout, or PROOF_APP_ROOT (another checkout with the
 * same node_modules, e.g. `git archive HEAD` unpacked while this tree is caught mid-edit).
 */
const ROOT = process.env.PROOF_APP_ROOT
  ? path.resolve(process.env.PROOF_APP_ROOT)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * One production build for the whole test run (issue 22 item 2): `npm test` (scripts/test.sh)
 * runs `remix build` once into `build/` and sets TEST_SHARED_BUILD=1 for Vitest and Playwright.
 * A test file run on its own, or an app at PROOF_APP_ROOT, builds a folder of its own.
 */
const SHARED_BUILD = process.env.TEST_SHARED_BUILD === "1" && !process.env.PROOF_APP_ROOT;

/** The build folder a server of `suffix` runs, relative to the app root: `build` when shared, else `build-${suffix}`. */
export function proofBuildFolder(suffix: string): string {
  return SHARED_BUILD ? "build" : `build-${suffix}`;
}

/**
 * Makes the production build a server of `suffix` runs (proofBuildFolder): nothing to do when
 * the run shares one (it must exist: throws if `build/index.js` is missing); otherwise
 * `remix build` into `build-${suffix}` (NODE_ENV=production), retried once after 5 s: the tree is
 * shared with other engineers, and a file caught mid-edit can break one build. Throws with the
 * compiler's output when both attempts fail.
 */
export function buildProofApp(suffix: string): void {
  if (SHARED_BUILD) {
    if (!fs.existsSync(path.join(ROOT, "build/index.js"))) throw new Error("TEST_SHARED_BUILD=1 but there is no build/index.js: run `remix build` first");
    return;
  }
  let last = "";
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const build = spawnSync("npx", ["remix", "build"], {
      cwd: ROOT,
      env: { ...process.env, BUILD_SUFFIX: suffix, NODE_ENV: "production" },
      encoding: "utf8",
    });
    if (build.status === 0) return;
    last = `${build.stdout}\n${build.stderr}`;
    spawnSync("sleep", ["5"]);
  }
  throw new Error(`remix build failed:\n${last}`);
}
