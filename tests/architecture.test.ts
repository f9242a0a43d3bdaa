import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Issue 14's house rules that a reviewer would otherwise have to check by eye: no import circles
 * in `app/`, no component importing a route (or the root route), and no source file over 400 lines.
 */

const ROOT = join(import.meta.dirname, "..");
const APP = join(ROOT, "app");
const MAX_LINES = 400;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const FILES = sourceFiles(APP);
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

  it(`has no source file over ${MAX_LINES} lines`, () => {
    const long = FILES.map((file) => ({ file: name(file), lines: readFileSync(file, "utf8").split("\n").length }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines}`);
    expect(long).toEqual([]);
  });

  it("sees the app: it finds the modules and their imports", () => {
    expect(FILES.length).toBeGreaterThan(200);
    expect(GRAPH.get(join(APP, "root.tsx"))).toContain(join(APP, "components", "site-shell.tsx"));
  });
});
