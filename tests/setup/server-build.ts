/**
 * React Router's server build, made in the test process from app/routes.ts and the route modules
 * as Vitest loads them, so a test can serve the whole app through the production edge without a
 * build or a Vite server (tests/setup/in-process-shop.ts). What `react-router build` would add
 * and a test does not need: the client's files. The manifest names script URLs no browser fetches.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import {
  type ServerBuild,
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps,
} from "react-router";
import routeConfig from "~/routes";

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
type ManifestRoute = ServerBuild["assets"]["routes"][string];

/** The files Vitest may load, by their path under app/: the route modules and the root. */
const MODULES = import.meta.glob<RouteModule>(["../../app/root.tsx", "../../app/routes/*.{ts,tsx}"]);

/**
 * A route module as the build serves it: its component, error boundary and fallback wrapped to get
 * the route's data as props, as React Router's Vite plugin wraps them.
 */
async function load(file: string): Promise<RouteModule> {
  const loader = MODULES[`../../app/${file}`];
  if (!loader) throw new Error(`app/routes.ts names ${file}, which is not a route module under app/routes`);
  const module = await loader();
  const { default: Component, ErrorBoundary, HydrateFallback } = module;
  return {
    ...module,
    ...(Component && { default: UNSAFE_withComponentProps(Component as never) }),
    ...(ErrorBoundary && { ErrorBoundary: UNSAFE_withErrorBoundaryProps(ErrorBoundary as never) }),
    ...(HydrateFallback && { HydrateFallback: UNSAFE_withHydrateFallbackProps(HydrateFallback as never) }),
  };
}

/** The id React Router gives a route: its own, or its file without the extension. */
const routeId = (entry: { id?: string; file: string }) => entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");

function flatten(entries: RouteConfigEntry[], parentId: string): Array<RouteConfigEntry & { parentId: string }> {
  return entries.flatMap((entry) => [{ ...entry, parentId }, ...flatten(entry.children ?? [], routeId(entry))]);
}

function manifestRoute(
  id: string,
  parentId: string | undefined,
  entry: Partial<RouteConfigEntry>,
  module: RouteModule,
) {
  return {
    id,
    parentId,
    path: entry.path,
    index: entry.index,
    caseSensitive: entry.caseSensitive,
    module: `/assets/${id}.js`,
    imports: [],
    css: [],
    hasAction: "action" in module,
    hasLoader: "loader" in module,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: "ErrorBoundary" in module,
    clientActionModule: undefined,
    clientLoaderModule: undefined,
    clientMiddlewareModule: undefined,
    hydrateFallbackModule: undefined,
  } satisfies ManifestRoute;
}

export async function inProcessServerBuild(): Promise<ServerBuild> {
  const root = await load("root.tsx");
  const routes: ServerBuild["routes"] = {
    root: { id: "root", parentId: undefined, path: "", index: undefined, caseSensitive: undefined, module: root },
  };
  const manifest: Record<string, ManifestRoute> = { root: manifestRoute("root", undefined, { path: "" }, root) };
  for (const entry of flatten(routeConfig, "root")) {
    const id = routeId(entry);
    const module = await load(entry.file);
    routes[id] = {
      id,
      parentId: entry.parentId,
      path: entry.path,
      index: entry.index,
      caseSensitive: entry.caseSensitive,
      module,
    };
    manifest[id] = manifestRoute(id, entry.parentId, entry, module);
  }
  return {
    entry: { module: await import("~/entry.server") },
    routes,
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: manifest,
      url: "/assets/manifest.js",
      version: "in-process",
    },
    assetsBuildDirectory: "build/client",
    publicPath: "/",
    basename: "/",
    future: { v8_middleware: true, unstable_optimizeDeps: false, unstable_subResourceIntegrity: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}
