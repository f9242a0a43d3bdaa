/**
 * JavaScript and CSS each route ships, gzipped: the route's module and its imports plus the root
 * route's and entry.client's, every file counted once and gzipped on its own (as the server sends it).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Row } from "./table";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasDefaultExport?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
}

interface ClientManifest {
  entry: { module: string; imports: string[]; css?: string[] };
  routes: Record<string, ManifestRoute>;
}

interface ViteManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface RouteBundle {
  routeId: string;
  urlPath: string;
  jsBytes: number;
  cssBytes: number;
}

const KB = 1000;

/** The six checkout steps of SPEC.md (cart, customisation, details, shipping, proofing, payment). */
const CHECKOUT_STEPS = ["/cart", "/customization", "/details", "/shipping", "/design-proofing", "/payment"];
const CATALOGUE_PAGES = ["/", "/products", "/products/:category", "/product/:id"];

/** The budget a route is held to, by what kind of page it is (issue 3); other pages have none. */
export function jsBudgetFor(route: { urlPath: string }): number | undefined {
  if (CHECKOUT_STEPS.includes(route.urlPath)) return 160 * KB;
  return CATALOGUE_PAGES.includes(route.urlPath) ? 140 * KB : undefined;
}
export const CSS_BUDGET = 20 * KB;

/** React Router's client manifest: `window.__reactRouterManifest={...};` in assets/manifest-<hash>.js. */
function readRouterManifest(clientDir: string): ClientManifest {
  const assets = join(clientDir, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no React Router manifest in ${assets}`);
  const text = readFileSync(join(assets, file), "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  return JSON.parse(json) as ClientManifest;
}

/**
 * Vite's own manifest, when the build keeps it, lists each chunk's static imports: it is used to
 * confirm React Router's flattened import lists are complete.
 */
function viteClosure(clientDir: string, files: Set<string>): Set<string> {
  const manifestFile = join(clientDir, ".vite", "manifest.json");
  if (!existsSync(manifestFile)) return files;
  const chunks = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, ViteManifestChunk>;
  const byFile = new Map(Object.entries(chunks).map(([key, chunk]) => [`/${chunk.file}`, { key, chunk }]));
  const result = new Set(files);
  const visit = (file: string) => {
    const found = byFile.get(file);
    if (!found) return;
    for (const key of found.chunk.imports ?? []) {
      const next = chunks[key];
      if (!next) continue;
      const path = `/${next.file}`;
      if (!result.has(path)) {
        result.add(path);
        visit(path);
      }
    }
    for (const css of found.chunk.css ?? []) result.add(`/${css}`);
  };
  for (const file of files) visit(file);
  return result;
}

/** The ids of every route in the build (the checkout's arrival switches benchmarks on). */
export function routeIds(clientDir: string): string[] {
  return Object.keys(readRouterManifest(clientDir).routes);
}

function urlPathOf(manifest: ClientManifest, route: ManifestRoute): string {
  const parts: string[] = [];
  for (
    let current: ManifestRoute | undefined = route;
    current;
    current = current.parentId ? manifest.routes[current.parentId] : undefined
  ) {
    if (current.path) parts.unshift(current.path);
  }
  return `/${parts.join("/")}`;
}

/** Every page route of the build (resource routes ship nothing), with its gzipped JS and CSS. */
export function measureBundles(clientDir: string): RouteBundle[] {
  const manifest = readRouterManifest(clientDir);
  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length;
      gzipped.set(file, size);
    }
    return size;
  };
  const shared = [manifest.entry.module, ...manifest.entry.imports, ...(manifest.entry.css ?? [])];
  const chainOf = (route: ManifestRoute): ManifestRoute[] =>
    route.parentId && manifest.routes[route.parentId] ? [...chainOf(manifest.routes[route.parentId]!), route] : [route];

  return Object.values(manifest.routes)
    .filter((route) => route.id !== "root" && route.hasDefaultExport !== false)
    .map((route) => {
      const files = new Set(shared);
      for (const r of chainOf(route)) {
        files.add(r.module);
        for (const f of r.imports ?? []) files.add(f);
        for (const f of r.css ?? []) files.add(f);
      }
      const all = [...viteClosure(clientDir, files)];
      const sum = (ext: string) => all.filter((f) => f.endsWith(ext)).reduce((total, f) => total + sizeOf(f), 0);
      return { routeId: route.id, urlPath: urlPathOf(manifest, route), jsBytes: sum(".js"), cssBytes: sum(".css") };
    })
    .sort((a, b) => a.urlPath.localeCompare(b.urlPath));
}

export function kB(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} kB`;
}

export function bundleRows(clientDir: string): Row[] {
  return measureBundles(clientDir).map((bundle) => {
    const jsBudget = jsBudgetFor(bundle);
    const met = (jsBudget === undefined || bundle.jsBytes <= jsBudget) && bundle.cssBytes <= CSS_BUDGET;
    return {
      benchmark: "JS / CSS gzipped",
      subject: bundle.urlPath,
      result: `JS ${kB(bundle.jsBytes)}, CSS ${kB(bundle.cssBytes)}`,
      target: `${jsBudget === undefined ? "" : `JS ≤ ${kB(jsBudget)}, `}CSS ≤ ${kB(CSS_BUDGET)}`,
      met,
    };
  });
}
