import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/contract/**/*.test.ts", "tests/crash/**/*.test.ts", "tests/fuzz/**/*.test.ts", "tests/abuse/**/*.test.ts", "tests/text-browser/**/*.test.ts", "app/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    globalSetup: ["tests/setup/postgres-schemas.ts"],
  },
});
