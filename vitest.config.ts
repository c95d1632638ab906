import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

/**
 * Two groups of test files (issue 22 item 2):
 * - "unit": files that run the app's modules in-process, on databases of their own — two at a
 *   time (Vitest's default on two cores is one);
 * - "servers": files that start production servers (contract, crash, fuzz, abuse, text browser)
 *   and measure them (e.g. /healthz within 200 ms during an import) — one at a time, after the
 *   unit group, so no other file's load is in their figures.
 */
const SERVER_FILES = [
  "tests/contract/**/*.test.ts",
  "tests/crash/**/*.test.ts",
  "tests/fuzz/**/*.test.ts",
  "tests/abuse/**/*.test.ts",
  "tests/text-browser/**/*.test.ts",
];

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
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "app/**/*.test.ts"],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "servers",
          include: SERVER_FILES,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
