import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { check } from "recheck";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { z } from "zod";

/**
 * Security round two (docs/security.md): no regular expression in the app can be made slow. Every
 * pattern written in `app/` (literals and `new RegExp`) and every zod format the app uses is given to
 * recheck, which looks for inputs that make backtracking super-linear; one it finds is a failure with
 * the attack.
 */

type Pattern = { where: string; source: string; flags: string };

const APP = join(import.meta.dirname, "..", "app");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    // Tests never see a request; React Router's generated types hold no code.
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The patterns of one file, and the `RegExp` calls whose pattern is only known at run time. */
function patternsIn(file: string): { patterns: Pattern[]; dynamic: string[] } {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const patterns: Pattern[] = [];
  const dynamic: string[] = [];
  const where = (node: ts.Node) =>
    `${relative(APP, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText();
      const end = literal.lastIndexOf("/");
      patterns.push({ where: where(node), source: literal.slice(1, end), flags: literal.slice(end + 1) });
    } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && node.expression.getText() === "RegExp") {
      const [pattern, flags] = node.arguments ?? [];
      if (pattern && ts.isStringLiteralLike(pattern) && (!flags || ts.isStringLiteralLike(flags))) {
        patterns.push({ where: where(node), source: pattern.text, flags: flags?.text ?? "" });
      } else {
        dynamic.push(where(node));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { patterns, dynamic };
}

const found = sourceFiles(APP).map(patternsIn);
const zodFormats: Pattern[] = [
  ["z.email()", z.email()],
  ["z.uuid()", z.uuid()],
  ["z.iso.datetime()", z.iso.datetime()],
].map(([where, schema]) => {
  const pattern = (schema as z.ZodStringFormat).def.pattern;
  if (!pattern) throw new Error(`${where} has no pattern`);
  return { where: `zod ${where}`, source: pattern.source, flags: pattern.flags };
});
const patterns = [...found.flatMap((file) => file.patterns), ...zodFormats];

describe("regular expressions", () => {
  it("finds the app's patterns", () => {
    // A parser that found nothing would pass everything below.
    expect(patterns.length).toBeGreaterThan(60);
    expect(patterns.some((p) => p.where.startsWith("domain/people/contact-rules.ts:"))).toBe(true);
    expect(patterns.some((p) => p.where.startsWith("routes/"))).toBe(true);
  });

  it("builds no pattern at run time, so each one can be checked here", () => {
    expect(found.flatMap((file) => file.dynamic)).toEqual([]);
  });

  it("has none that an attacker can make slow", { timeout: 120_000 }, async () => {
    const vulnerable: string[] = [];
    for (const pattern of patterns) {
      // A fixed seed: the fuzzer (used for look-arounds) gives the same answer on every run.
      const result = await check(pattern.source, pattern.flags, { randomSeed: 1, timeout: 20_000 });
      if (result.status === "vulnerable") {
        vulnerable.push(
          `${pattern.where} /${pattern.source}/${pattern.flags}: ${result.complexity.summary}, e.g. ${result.attack.pattern}`,
        );
      } else if (result.status === "unknown") {
        vulnerable.push(
          `${pattern.where} /${pattern.source}/${pattern.flags}: recheck could not decide (${result.error.kind})`,
        );
      }
    }
    expect(vulnerable).toEqual([]);
  });

  it("catches the pattern security round two found slow", async () => {
    // The e-mail rule before security round two; the check above would have failed on it.
    const result = await check("^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$", "", { randomSeed: 1 });
    expect(result.status).toBe("vulnerable");
  });
});
