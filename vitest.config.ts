import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

const NODE_TESTS = ["app/**/*.test.ts", "db/**/*.test.ts", "tests/*.test.ts", "tests/http/*.test.ts"];
const NODE_SETUP = {
  globalSetup: ["tests/setup/global-db.ts", "tests/setup/preflight-worker-build.ts", "tests/setup/upload-root.ts"],
  setupFiles: ["tests/setup/preflight-worker.ts"],
};

/**
 * The test files that open a database the way TEST_DATABASE_URL can point at: through
 * tests/setup/test-db.ts or test-shop.ts. The PostgreSQL pass runs these only; the rest (the pure
 * rules, parsers, PDFs, the edge's plumbing, a migration read on PGlite itself) would only repeat.
 */
function databaseTestFiles(): string[] {
  const files = (dir: string) =>
    readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".test.ts"))
      .map((name) => `${dir}/${name}`);
  return [...files("app"), ...files("db")].filter((file) => /setup\/test-(db|shop)"/.test(readFileSync(file, "utf8")));
}

/** `npm run test:db`: with TEST_DATABASE_URL set, the database tests again against that server. */
const postgres: TestProjectInlineConfiguration[] = process.env.TEST_DATABASE_URL
  ? [{ extends: true, test: { name: "postgres", include: databaseTestFiles(), isolate: false, ...NODE_SETUP } }]
  : [];

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    // Vitest's default is one worker fewer than the cores, so one on a 2-core machine; each test file
    // gets the database as the template has it, and most wait on I/O as much as they compute, so two
    // share the cores.
    maxWorkers: 2,
    // Loading a PGlite copy takes seconds on a busy 2-core machine; these are not speed checks.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        // Most files run in one module graph per worker: importing the app once per worker instead
        // of once per file saves about a third of the suite's time. No file may leave state behind:
        // each gets the database as the template has it and builds its own services (tests/setup/test-db.ts).
        extends: true,
        test: {
          name: "node",
          include: NODE_TESTS,
          isolate: false,
          ...NODE_SETUP,
        },
      },
      {
        // Component tests swap in happy-dom's globals (Response, fetch, window): kept apart, so that
        // no server test afterwards meets happy-dom's Response. They need no database or shop.
        extends: true,
        test: { name: "dom", include: ["app/**/*.test.tsx"] },
      },
      ...postgres,
    ],
  },
});
