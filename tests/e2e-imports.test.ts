import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Browser specs take `test` and `expect` from tests/e2e/support/fixtures.ts, whose pages wait for
// hydration on load. A spec that imports them straight from @playwright/test skips that wait and
// fails now and then on a busy machine (a click landing on server HTML with no handler yet).
const e2eDir = join(import.meta.dirname, "e2e");
const specFiles = readdirSync(e2eDir, { recursive: true, encoding: "utf8" })
  .filter((file) => /\.(spec|setup)\.ts$/.test(file) || file.startsWith("support/"))
  .filter((file) => file !== join("support", "fixtures.ts"));

/** Names a file imports as values (not `import type`) from @playwright/test. */
function valueImportsFromPlaywright(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+"@playwright\/test"/g)) {
    if (match[1]) continue;
    for (const part of match[2]!.split(",")) {
      const name = part.trim();
      if (name && !name.startsWith("type ")) names.push(name);
    }
  }
  return names;
}

describe("browser specs", () => {
  it("finds the specs", () => {
    expect(specFiles.length).toBeGreaterThan(10);
  });

  it.each(specFiles)("%s takes test and expect from the shared fixtures", (file) => {
    expect(valueImportsFromPlaywright(readFileSync(join(e2eDir, file), "utf8"))).toEqual([]);
  });

  it("catches a value import and lets a type import through", () => {
    expect(valueImportsFromPlaywright('import { test, expect, type Page } from "@playwright/test";')).toEqual([
      "test",
      "expect",
    ]);
    expect(valueImportsFromPlaywright('import type { Page } from "@playwright/test";')).toEqual([]);
  });
});
