/**
 * Vitest's global setup for the artwork preflight (docs/decisions/027-artwork-preflight.md): the worker process's TypeScript entry bundled once
 * per test run (esbuild, as Vite's production build does with Rollup), so each check does not load
 * tsx in its fresh process. The bundle sits under node_modules/.cache so its external packages
 * resolve from node_modules, the one directory the sandbox binds besides /usr (decision 032).
 */
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    preflightWorkerFile: string;
  }
}

export default async function setup(project: TestProject) {
  const root = resolve(import.meta.dirname, "../..");
  const dir = join(root, "node_modules", ".cache", "swag-tests");
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, `preflight-worker-${process.pid}.mjs`);
  await build({
    entryPoints: [join(root, "app/server/artwork/preflight-worker.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: join(root, "tsconfig.json"),
    // Loaded from node_modules as the production build leaves them (vite.config.ts): pdfjs finds
    // its own files by path, and the canvas is native code.
    external: ["pdfjs-dist", "@napi-rs/canvas", "@cantoo/pdf-lib"],
    logLevel: "warning",
  });
  project.provide("preflightWorkerFile", outfile);
  return () => rmSync(outfile, { force: true });
}
