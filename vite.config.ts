import { readdirSync, statSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { gzipAsync as zopfliGzip } from "@gfx/zopfli";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Writes `.br` and `.gz` copies of the client's text files at build time, at the highest levels, so the
 * server sends assets precompressed (server.ts: `precompressed`) instead of compressing per request.
 * The gzip copies of files from 2 kB are made by Zopfli, which writes the same format about 3% smaller
 * than zlib's level 9 (the shell chunk: 118.9 kB against 115.0) for about 1 s of build time on the
 * largest; below 2 kB it saves a few bytes for as long, so zlib makes those.
 */
function precompressClientAssets(): Plugin {
  const compressible = /\.(js|css|svg|json|txt|xml|webmanifest|html)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: "swag:precompress-client-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options) {
      if (!options.dir) return;
      // zlib's asynchronous calls run on libuv's thread pool, so the files compress in parallel, and
      // beside Zopfli, which runs on this thread.
      const files = walk(options.dir).filter((file) => compressible.test(file));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(file);
          const brotli = promisify(brotliCompress)(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          });
          const gzipped =
            source.length >= 2048 ? zopfliGzip(source, { numiterations: 15 }) : promisify(gzip)(source, { level: 9 });
          // A copy is written only where it is smaller: a 900-byte chunk is about half that in brotli,
          // a 90-byte one is not smaller at all, and the server sends the file as it is.
          const copies = [
            [".gz", await gzipped],
            [".br", await brotli],
          ] as const;
          for (const [suffix, copy] of copies) {
            if (copy.length < source.length) await writeFile(`${file}${suffix}`, copy);
          }
        }),
      );
    },
  };
}

/**
 * The artwork preflight (docs/decisions/027-artwork-preflight.md) runs in a sandboxed process of its own per file (decision 032),
 * started from a file, so the SSR build emits that entry as build/server/preflight-worker.js next to
 * the server, which tells the runner where it is (server.ts: setPreflightWorkerFile).
 */
function emitPreflightWorker(): Plugin {
  return {
    name: "swag:emit-preflight-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    buildStart() {
      this.emitFile({
        type: "chunk",
        id: fileURLToPath(new URL("./app/server/artwork/preflight-worker.ts", import.meta.url)),
        fileName: "preflight-worker.js",
      });
    },
  };
}

/**
 * Every module a page loads whatever the page: the client entry, the root route and what they import
 * statically, found once the client's module graph is built.
 */
const shellModules = new Set<string>();

/**
 * The shell chunk (decision 089): what every page loads goes in one file instead of some twenty of
 * a few hundred bytes each, each compressed apart and each a request of its own. A page then loads
 * the shell and its own code; what is fetched later (a dialog, the SMS card) stays apart.
 */
function findShellModules(): Plugin {
  return {
    name: "swag:shell-modules",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      const pending = [...this.getModuleIds()].filter((id) => /entry\.client|[\\/]app[\\/]root\.tsx$/.test(id));
      if (pending.length < 2) this.error("the shell chunk needs the client entry and app/root.tsx in the module graph");
      while (pending.length > 0) {
        const id = pending.pop() as string;
        if (shellModules.has(id)) continue;
        shellModules.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

/**
 * Server dependencies that stay in node_modules: they load native code (argon2), their own files next
 * to them (PGlite's WebAssembly and data), or optional modules at run time (pg-native, nodemailer's
 * transports, Stripe's and qrcode's CommonJS internals, pdfkit's font metrics, pdfjs' standard fonts and
 * the fake worker it imports by path, @napi-rs/canvas's native binary).
 */
const SERVER_EXTERNALS = [
  "@electric-sql/pglite",
  "@node-rs/argon2",
  "pg",
  "pg-native",
  "nodemailer",
  "stripe",
  "qrcode",
  "pdfkit",
  "pdfjs-dist",
  "@napi-rs/canvas",
];

/**
 * React Router's package points every import at its development build, whatever the mode (its issue
 * 14102); the production build beside it differs only in leaving out the development warnings, which
 * then leave the bundle. A build uses it, for every entry point the package has, so one copy is loaded.
 */
const reactRouterBuild = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: reactRouterBuild("index.mjs") },
  { find: /^react-router\/dom$/, replacement: reactRouterBuild("dom-export.mjs") },
  { find: /^react-router\/internal\/react-server-client$/, replacement: reactRouterBuild("index.mjs") },
];

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: {
    alias: [
      { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
      { find: "#db", replacement: fileURLToPath(new URL("./db", import.meta.url)) },
      ...(command === "build" ? REACT_ROUTER_PRODUCTION : []),
    ],
  },
  // The production server (server.ts) is the SSR entry: it wraps the React Router handler.
  build: {
    rollupOptions: isSsrBuild
      ? { input: "./server.ts" }
      : // Building a zod schema has no side effects: a module-level schema that only a stripped action
        // uses is dropped from the browser's bundle instead of pulling zod in (decision 008).
        {
          treeshake: { manualPureFunctions: ["z"] },
          output: { codeSplitting: { groups: [{ name: "shell", test: (id: string) => shellModules.has(id) }] } },
        },
  },
  // The production server bundles the rest of its dependencies: Node then reads a few files instead of
  // resolving and compiling thousands in node_modules, about 0.5 s less from start to first page
  // (decision 004: cold start ≤ 2 s). The dev server keeps loading them from node_modules.
  ssr: command === "build" ? { noExternal: true, external: SERVER_EXTERNALS } : undefined,
  plugins: [tailwindcss(), reactRouter(), precompressClientAssets(), emitPreflightWorker(), findShellModules()],
}));
