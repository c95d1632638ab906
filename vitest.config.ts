import { configDefaults, defineConfig } from "vitest/config";
import fs from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Two groups of test files (issue 22 item 2):
 * - "parallel" and "shared-modules": files that run the app's modules in-process on databases of
 *   their own, and the servers' files whose proofs hold at any speed (the Store API contract, the
 *   fuzz, the text browser) — two at a time (Vitest's default on two cores is one); each worker
 *   starts its servers on ports of its own (tests/setup/proof-server.ts `freePortInRange`). The
 *   unit files that leave no state behind share their worker's modules ("shared-modules", below):
 *   257 → 211 s for the group on a two-core machine, 1,458 tests passing either way, and in five
 *   runs with the files in shuffled order;
 * - "measured": files whose proofs are times or memory (/healthz within 200 ms during a 20 MB
 *   import, a change seen by another process within 2 s, answers within 5 s under a slow-client
 *   flood, the rate limits' windows), and the crash test (beside another file, 1 of 2 runs saw six
 *   payment verifications answer 409 before the kill: under investigation, docs/decisions/0681) —
 *   one at a time, after the parallel group, so no other file's load is in their figures.
 */
const MEASURED_FILES = [
  "tests/abuse/bounded-import.test.ts",
  "tests/abuse/hold-under-abuse.test.ts",
  "tests/abuse/stock-hoarding.test.ts",
  "tests/abuse/stranger-mail.test.ts",
  "tests/contract/cache-lag.test.ts",
  "tests/contract/guard-server.test.ts",
  "tests/contract/multi-process.test.ts",
  "tests/crash/crash-safety.test.ts",
  "tests/cluster/scale-out.test.ts",
  "tests/unit/background-work-once.test.ts",
];

/**
 * Unit files that may share their worker's module graph (`isolate: false`): each one imports the
 * app's modules once per worker instead of once per file (85 s of imports summed over the parallel
 * group). A file stays isolated if it could leave state behind for the next file or read another's:
 * it sets or reads `process.env`, mocks or spies (`vi.mock`, `vi.spyOn`, fake timers), imports
 * routes or modules at run time, starts processes, or touches `globalThis`. Read from the files
 * themselves, so a new file that does any of these is isolated without anyone listing it.
 */
const SHARES_STATE = /process\.env|vi\.(mock|doMock|stubEnv|spyOn|useFakeTimers|resetModules)|~\/routes|routes\/|import\(|globalThis|child_process|proofServer/;
const UNIT_FOLDER = "tests/unit";
const SHARED_MODULE_FILES = fs
  .readdirSync(UNIT_FOLDER)
  .filter((name) => name.endsWith(".test.ts"))
  .map((name) => `${UNIT_FOLDER}/${name}`)
  .filter((file) => !SHARES_STATE.test(fs.readFileSync(file, "utf8")));

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    globalSetup: ["tests/setup/postgres-schemas.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "parallel",
          include: [
            "tests/unit/**/*.test.ts",
            "app/**/*.test.ts",
            "tests/contract/**/*.test.ts",
            "tests/fuzz/**/*.test.ts",
            "tests/text-browser/**/*.test.ts",
            "tests/abuse/**/*.test.ts",
          ],
          exclude: [...configDefaults.exclude, ...MEASURED_FILES, ...SHARED_MODULE_FILES],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "shared-modules",
          include: SHARED_MODULE_FILES,
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "measured",
          include: MEASURED_FILES,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
