/**
 * The JavaScript and CSS a first visit to each page downloads, gzipped, every file counted once and
 * gzipped on its own (as the server sends it): React Router's modulepreload set (entry.client, the
 * root route and the page's route chain with their imports), every static import of those files
 * followed in the built code itself (what the browser must fetch before anything runs), and the
 * chunks the site shell fetches as soon as the page has hydrated. Code fetched on a click, a hover or
 * a timer (dialogs, toasts, the SMS card 23 s in, Stripe's form) is not part of a first visit's load.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, posix } from "node:path";
import { gzipSync } from "node:zlib";
import { parseAst } from "vite";
import { isCheckoutPage } from "../../app/domain/checkout/checkout-pages";
import type { Row } from "./table";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasDefaultExport?: boolean;
  module: string;
  clientActionModule?: string;
  clientLoaderModule?: string;
  clientMiddlewareModule?: string;
  hydrateFallbackModule?: string;
  imports?: string[];
  css?: string[];
}

interface ClientManifest {
  entry: { module: string; imports: string[]; css?: string[] };
  routes: Record<string, ManifestRoute>;
}

export interface RouteBundle {
  routeId: string;
  urlPath: string;
  /** Staff pages (the back office under /admin): not the storefront, so no JS budget is set for them. */
  staff: boolean;
  jsBytes: number;
  /**
   * The same files as the server sends them (server.ts serves the build's precompressed copies):
   * the .br copy to a browser that accepts brotli, the .gz to one that accepts gzip, and a file the
   * compression would not make smaller as it is.
   */
  jsServed: { brotli: number; gzip: number };
  /** The part of jsBytes the site shell fetches once the page has hydrated. */
  afterHydrationBytes: number;
  cssBytes: number;
  /** The files counted, as the page asks for them (`/assets/…`). */
  files: string[];
}

const KB = 1000;

/**
 * The JavaScript budget: every storefront page ≤ 140 kB of JavaScript gzipped, the catalogue ≤ 120 kB.
 * `/products/:category` is the same page as `/products` (one module), so it is held to the same.
 */
const CATALOGUE_PAGES = ["/", "/products", "/products/:category", "/product/:id"];
export const CATALOGUE_JS_BUDGET = 120 * KB;
export const STOREFRONT_JS_BUDGET = 140 * KB;
export const CSS_BUDGET = 20 * KB;
/** First-visit JavaScript as served with brotli: the catalogue's four pages, and every other storefront page. */
export const CATALOGUE_BROTLI_BUDGET = 115 * KB;
export const STOREFRONT_BROTLI_BUDGET = 125 * KB;

/**
 * What app/components/shell/site-shell.tsx fetches right after hydration on every page but the checkout's
 * (the SMS prompt's button and timer), named as Rollup names their chunks. The purchase notes are not
 * in it: their code is fetched 7 s after hydration, 3 s before the first note can show.
 */
const AFTER_HYDRATION_CHUNKS = ["sms-prompt"];

/** The page's JS budget; staff pages have none. */
export function jsBudgetFor(route: { urlPath: string; staff: boolean }): number | undefined {
  if (route.staff) return undefined;
  return CATALOGUE_PAGES.includes(route.urlPath) ? CATALOGUE_JS_BUDGET : STOREFRONT_JS_BUDGET;
}

/** React Router's client manifest: `window.__reactRouterManifest={...};` in assets/manifest-<hash>.js. */
function readRouterManifest(clientDir: string): ClientManifest {
  const assets = join(clientDir, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no React Router manifest in ${assets}`);
  const text = readFileSync(join(assets, file), "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  return JSON.parse(json) as ClientManifest;
}

interface ChunkImports {
  statics: string[];
  dynamics: string[];
}

type AstNode = {
  type: string;
  source?: { value?: unknown; quasis?: { value: { cooked?: string } }[]; expressions?: unknown[] } | null;
  [key: string]: unknown;
};

/** A specifier written as a string or as a template without `${…}` (how Rollup writes `import(…)`). */
function literalSpecifier(source: AstNode["source"]): string | undefined {
  if (typeof source?.value === "string") return source.value;
  if (source?.quasis?.length === 1 && source.expressions?.length === 0) return source.quasis[0]?.value.cooked;
  return undefined;
}

/** Every `import(…)` with a literal specifier anywhere in the module's syntax tree. */
function collectDynamicImports(node: unknown, found: string[]) {
  if (Array.isArray(node)) {
    for (const child of node) collectDynamicImports(child, found);
    return;
  }
  if (!node || typeof node !== "object") return;
  const current = node as AstNode;
  const specifier = current.type === "ImportExpression" ? literalSpecifier(current.source) : undefined;
  if (specifier) found.push(specifier);
  for (const value of Object.values(current)) {
    if (value && typeof value === "object") collectDynamicImports(value, found);
  }
}

/**
 * A built chunk's imports, read from its code: React Router's lists come from Vite's manifest, and
 * the browser fetches what the code says, so the code is the one to believe.
 */
function chunkImportsReader(clientDir: string): (file: string) => ChunkImports {
  const cache = new Map<string, ChunkImports>();
  return (file) => {
    let imports = cache.get(file);
    if (imports) return imports;
    const program = parseAst(readFileSync(join(clientDir, file), "utf8")) as unknown as { body: AstNode[] };
    const resolve = (specifier: string) =>
      specifier.startsWith(".") ? posix.join(posix.dirname(file), specifier) : specifier;
    const statics = program.body
      .filter((node) => /^(ImportDeclaration|ExportAllDeclaration|ExportNamedDeclaration)$/.test(node.type))
      .map((node) => node.source?.value)
      .filter((value): value is string => typeof value === "string")
      .map(resolve);
    const dynamics: string[] = [];
    collectDynamicImports(program.body, dynamics);
    imports = { statics, dynamics: dynamics.map(resolve) };
    cache.set(file, imports);
    return imports;
  };
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

function isStaffRoute(manifest: ClientManifest, route: ManifestRoute): boolean {
  return urlPathOf(manifest, route) === "/admin" || urlPathOf(manifest, route).startsWith("/admin/");
}

/**
 * Every page a visitor can land on, with its gzipped JS and CSS. Resource routes ship nothing, and a
 * layout route (`/account`, `/admin`) is never a page alone: its index route's row counts it.
 */
/**
 * The stylesheets' files: React Router marks a stylesheet that a lazily loaded chunk also brings
 * with a `#` after its name (the shell's, vite.config.ts), which the browser does not send.
 */
const stylesheets = (hrefs: string[] | undefined) => (hrefs ?? []).map((href) => href.replace(/#.*$/, ""));

export function measureBundles(clientDir: string): RouteBundle[] {
  const manifest = readRouterManifest(clientDir);
  const importsOf = chunkImportsReader(clientDir);
  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length;
      gzipped.set(file, size);
    }
    return size;
  };
  const closure = (start: Iterable<string>, into = new Set<string>()) => {
    const visit = (file: string) => {
      if (into.has(file)) return;
      into.add(file);
      if (file.endsWith(".js")) for (const next of importsOf(file).statics) visit(next);
    };
    for (const file of start) visit(file);
    return into;
  };
  const chainOf = (route: ManifestRoute): ManifestRoute[] =>
    route.parentId && manifest.routes[route.parentId] ? [...chainOf(manifest.routes[route.parentId]!), route] : [route];
  const parents = new Set(Object.values(manifest.routes).map((route) => route.parentId));
  const sum = (files: Iterable<string>, ext: string) =>
    [...files].filter((f) => f.endsWith(ext)).reduce((total, f) => total + sizeOf(f), 0);
  const served = (file: string, suffix: ".br" | ".gz") => {
    const path = join(clientDir, file);
    return statSync(existsSync(path + suffix) ? path + suffix : path).size;
  };
  const sumServed = (files: Iterable<string>, suffix: ".br" | ".gz") =>
    [...files].filter((f) => f.endsWith(".js")).reduce((total, f) => total + served(f, suffix), 0);

  return Object.values(manifest.routes)
    .filter((route) => route.id !== "root" && route.hasDefaultExport !== false && !parents.has(route.id))
    .map((route) => {
      const preloaded = [manifest.entry.module, ...manifest.entry.imports, ...stylesheets(manifest.entry.css)];
      for (const r of chainOf(route)) {
        preloaded.push(r.module, ...(r.imports ?? []), ...stylesheets(r.css));
        for (const split of [r.clientActionModule, r.clientLoaderModule, r.clientMiddlewareModule]) {
          if (split) preloaded.push(split);
        }
        if (r.hydrateFallbackModule) preloaded.push(r.hydrateFallbackModule);
      }
      const files = closure(preloaded);
      const urlPath = urlPathOf(manifest, route);
      let afterHydrationBytes = 0;
      if (!isCheckoutPage({ pathname: urlPath, search: "" })) {
        const later = afterHydrationFiles(files, importsOf);
        const added = [...closure(later, new Set(files))].filter((f) => !files.has(f));
        afterHydrationBytes = sum(added, ".js");
        for (const f of added) files.add(f);
      }
      return {
        routeId: route.id,
        urlPath,
        staff: isStaffRoute(manifest, route),
        jsBytes: sum(files, ".js"),
        jsServed: { brotli: sumServed(files, ".br"), gzip: sumServed(files, ".gz") },
        afterHydrationBytes,
        cssBytes: sum(files, ".css"),
        files: [...files].sort(),
      };
    })
    .sort((a, b) => Number(a.staff) - Number(b.staff) || a.urlPath.localeCompare(b.urlPath));
}

/** The site shell's after-hydration chunks among the page's dynamic imports; a rename fails loudly. */
function afterHydrationFiles(files: Set<string>, importsOf: (file: string) => ChunkImports): string[] {
  const dynamic = new Set([...files].filter((f) => f.endsWith(".js")).flatMap((f) => importsOf(f).dynamics));
  return AFTER_HYDRATION_CHUNKS.map((name) => {
    const chunkName = new RegExp(`/${name}-[\\w-]{8}\\.js$`);
    const found = [...dynamic].filter((file) => chunkName.test(file));
    if (found.length !== 1) throw new Error(`expected one ${name} chunk among the shell's dynamic imports`);
    return found[0]!;
  });
}

export function kB(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} kB`;
}

export function bundleRows(clientDir: string): Row[] {
  const bundles = measureBundles(clientDir);
  const gzipped = bundles.map((bundle): Row => {
    const jsBudget = jsBudgetFor(bundle);
    const met = (jsBudget === undefined || bundle.jsBytes <= jsBudget) && bundle.cssBytes <= CSS_BUDGET;
    const later = bundle.afterHydrationBytes ? ` (${kB(bundle.afterHydrationBytes)} after hydration)` : "";
    return {
      benchmark: bundle.staff ? "JS / CSS gzipped, staff" : "JS / CSS gzipped",
      subject: bundle.urlPath,
      result: `JS ${kB(bundle.jsBytes)}${later}, CSS ${kB(bundle.cssBytes)}`,
      target: `${jsBudget === undefined ? "" : `JS ≤ ${kB(jsBudget)}, `}CSS ≤ ${kB(CSS_BUDGET)}`,
      met,
    };
  });
  // What a first visit fetches as the server sends it, for the storefront's pages.
  const asServed = bundles
    .filter((bundle) => !bundle.staff)
    .map((bundle): Row => {
      const brotliBudget = CATALOGUE_PAGES.includes(bundle.urlPath)
        ? CATALOGUE_BROTLI_BUDGET
        : STOREFRONT_BROTLI_BUDGET;
      const { brotli, gzip } = bundle.jsServed;
      return {
        benchmark: "First-visit JS as served",
        subject: bundle.urlPath,
        result: `brotli ${kB(brotli)}, gzip ${kB(gzip)}`,
        target: `≤ ${brotliBudget / KB} kB as served (brotli), ≤ ${STOREFRONT_JS_BUDGET / KB} kB gzip`,
        met: brotli <= brotliBudget && gzip <= STOREFRONT_JS_BUDGET,
      };
    });
  return [...gzipped, ...asServed];
}
