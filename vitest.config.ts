import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "tests/server/**/*.test.ts", "tests/*.test.ts"],
    globalSetup: ["tests/setup/global-db.ts", "tests/setup/preflight-worker-build.ts"],
    setupFiles: ["tests/setup/preflight-worker.ts"],
    environment: "node",
    // Vitest's default is one worker fewer than the cores, so one on a 2-core machine; each test file
    // has its own database copy, and most wait on I/O as much as they compute, so two share the cores.
    maxWorkers: 2,
    // Loading a PGlite copy takes seconds on a busy 2-core machine; these are not speed checks.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
