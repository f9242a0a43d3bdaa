import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The house rules a reviewer would otherwise check by eye (docs/architecture.md): no import circles in
 * `app/`; no component importing a route, the root route or server code; and the map of wings. Each of
 * `app/server`, `app/domain` and `app/components` is a set of folders (wings) in layers: a wing imports
 * its own files and the wings listed before it, never one after it, so there is no circle between wings,
 * and no folder holds more than 25 source files.
 */

const ROOT = join(import.meta.dirname, "..");
const APP = join(ROOT, "app");
const MAX_FILES_PER_FOLDER = 25;

/** Each area's wings, lowest first: a wing may import only itself and the wings before it. */
const WINGS = {
  server: [
    "platform", // database, environment, log, HTTP answers, rate limits, record numbers
    "providers", // the outside world: payment provider, VAT check, file storage, and the app context opened at start
    "messages", // e-mail, SMS and the job queue they are sent through
    "catalogue", // the products, their bands, colours and pictures as the database holds them
    "accounts", // sign-in, sessions, people, organisations and staff access
    "artwork", // uploads, the preflight and its sandbox, brand kits
    "orders", // reading orders and their lines
    "documents", // quotes', invoices' and credit notes' PDFs
    "shop", // what the storefront shows around the catalogue: reviews, figures, sign-ups, enquiries
    "checkout", // cart, drafts, the six steps, quotes, shopping list, reorder
    "payments", // taking money: card and bank transfer, and the order each payment creates
    "admin", // the back office: orders, proofs, quotes, customers, transfers
    "aftercare", // after the sale: proofs, approvals, problem reports, guarantee claims
    "edge", // the HTTP edge and the job worker, which compose everything below
  ],
  domain: ["core", "pricing", "catalogue", "people", "fulfilment", "teams", "artwork", "checkout", "orders"],
  components: ["ui", "shell", "product", "marketing", "home", "cart", "checkout", "orders", "account", "admin"],
} as const;
type Area = keyof typeof WINGS;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const FILES = sourceFiles(APP);

/** Every file under `dir`, tests included. */
function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : allFiles(path);
    return /\.(tsx?|css)$/.test(entry.name) ? [path] : [];
  });
}
const name = (file: string) => relative(ROOT, file);

/** The app modules a file imports or re-exports, type-only ones included; dynamic import() is not a circle. */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const specifiers = source.statements.flatMap((statement) =>
    (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
    statement.moduleSpecifier &&
    ts.isStringLiteral(statement.moduleSpecifier)
      ? [statement.moduleSpecifier.text]
      : [],
  );
  return specifiers.flatMap((specifier) => {
    const base = specifier.startsWith("~/")
      ? join(APP, specifier.slice(2))
      : specifier.startsWith(".")
        ? join(dirname(file), specifier)
        : null;
    if (!base) return [];
    const found = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"].map((ext) => base + ext).find((p) => existsSync(p));
    return found && /\.tsx?$/.test(found) ? [found] : [];
  });
}

const GRAPH = new Map(FILES.map((file) => [file, importsOf(file)]));

/** Strongly connected groups of more than one module (Tarjan), each a circle of imports. */
function circles(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of GRAPH.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        group.push(name(w));
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const file of FILES) if (!index.has(file)) visit(file);
  return found;
}

/** "from → to" for each import from a wing to a wing listed after it in WINGS[area]. */
function wingViolations(area: Area, graph: ReadonlyMap<string, readonly string[]> = GRAPH): string[] {
  const wings: readonly string[] = WINGS[area];
  const areaDir = join(APP, area);
  const rank = (file: string) =>
    file.startsWith(`${areaDir}/`) ? wings.indexOf(relative(areaDir, file).split("/")[0]!) : -1;
  return [...graph].flatMap(([file, targets]) =>
    rank(file) < 0
      ? []
      : targets.filter((target) => rank(target) > rank(file)).map((t) => `${name(file)} → ${name(t)}`),
  );
}

describe("the house rules of app/", () => {
  it("has no import circles", () => {
    expect(circles()).toEqual([]);
  });

  it("has no component that imports a route, the root route or server code (type-only imports included)", () => {
    const routes = join(APP, "routes");
    const offenders = FILES.filter((file) => file.startsWith(join(APP, "components"))).flatMap((file) =>
      (GRAPH.get(file) ?? [])
        .filter(
          (target) =>
            target.startsWith(routes) ||
            target.startsWith(join(APP, "root.")) ||
            target.startsWith(join(APP, "server")) ||
            /\.server\.tsx?$/.test(target),
        )
        .map((target) => `${name(file)} → ${name(target)}`),
    );
    expect(offenders).toEqual([]);
  });

  it("has no domain rule importing the copy, server code, a component or a route", () => {
    const above = ["content", "server", "components", "routes"].map((dir) => join(APP, dir));
    const offenders = FILES.filter((file) => file.startsWith(join(APP, "domain"))).flatMap((file) =>
      (GRAPH.get(file) ?? [])
        .filter((target) => above.some((dir) => target.startsWith(`${dir}/`)))
        .map((target) => `${name(file)} → ${name(target)}`),
    );
    expect(offenders).toEqual([]);
  });

  for (const area of Object.keys(WINGS) as Area[]) {
    const wings: readonly string[] = WINGS[area];
    const areaDir = join(APP, area);
    const wingOf = (file: string): string | undefined => {
      if (!file.startsWith(`${areaDir}/`)) return undefined;
      return relative(areaDir, file).split("/")[0];
    };

    it(`keeps every file of app/${area} in one of its wings`, () => {
      const loose = FILES.filter((file) => file.startsWith(`${areaDir}/`)).filter((file) => {
        const wing = wingOf(file)!;
        return !wings.includes(wing) || dirname(file) !== join(areaDir, wing);
      });
      expect(loose.map(name)).toEqual([]);
    });

    it(`has no wing of app/${area} importing a wing above it`, () => {
      expect(wingViolations(area)).toEqual([]);
    });

    it(`has at most ${MAX_FILES_PER_FOLDER} source files in each wing of app/${area}`, () => {
      const crowded = wings
        .map((wing) => ({ wing, files: FILES.filter((file) => dirname(file) === join(areaDir, wing)).length }))
        .filter(({ files }) => files > MAX_FILES_PER_FOLDER);
      expect(crowded).toEqual([]);
    });
  }

  it("catches a forbidden wing import", () => {
    const platform = join(APP, "server", "platform", "db.server.ts");
    const edge = join(APP, "server", "edge", "http-app.server.ts");
    expect(wingViolations("server", new Map([[platform, [edge]]]))).toEqual([
      "app/server/platform/db.server.ts → app/server/edge/http-app.server.ts",
    ]);
    expect(wingViolations("server", new Map([[edge, [platform]]]))).toEqual([]);
  });

  it("starts every source file of app/server, app/domain and app/components with a comment saying its reason", () => {
    const bare = FILES.filter((file) => /^app\/(server|domain|components)\//.test(name(file))).filter(
      (file) => !/^\s*(\/\*\*|\/\/)/.test(readFileSync(file, "utf8")),
    );
    expect(bare.map(name)).toEqual([]);
  });

  it('cites decision records that exist and no "issue N", which resolves nowhere in the repository', () => {
    const records = new Set(readdirSync(join(ROOT, "docs", "decisions")).map((file) => file.slice(0, 3)));
    const unresolved: string[] = [];
    for (const file of allFiles(APP)) {
      const text = readFileSync(file, "utf8");
      if (/\bissues? \d/i.test(text)) unresolved.push(`${name(file)}: cites an issue number`);
      for (const [, number] of text.matchAll(/\b(?:decisions?|docs\/decisions\/)[ ,]*(\d{3})\b/gi)) {
        if (!records.has(number!)) unresolved.push(`${name(file)}: decision ${number} has no record`);
      }
    }
    expect(unresolved).toEqual([]);
  });

  it("indexes every decision record in the README", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const missing = readdirSync(join(ROOT, "docs", "decisions")).filter(
      (file) => !readme.includes(`docs/decisions/${file}`),
    );
    expect(missing).toEqual([]);
  });

  it("sees the app: it finds the modules and their imports", () => {
    expect(FILES.length).toBeGreaterThan(200);
    expect(GRAPH.get(join(APP, "root.tsx"))).toContain(join(APP, "components", "shell", "site-shell.tsx"));
  });
});
