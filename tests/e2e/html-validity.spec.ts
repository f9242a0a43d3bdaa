import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/**
 * The HTML the server sends is valid HTML (the Nu HTML Checker, vnu, run on it as the W3C's
 * validator would): assistive technology and browsers read what is written, not what was meant.
 * A heading level skipped, a block inside a button or a tab with no panel is an error here.
 * The pages are read as sent, before any script runs, once signed out and once as a buyer.
 */

const SIGNED_OUT = [
  "/",
  "/products",
  "/products?search=cap",
  "/products/hats",
  "/products/drinkware",
  "/product/8",
  "/product/15",
  "/product/16",
  "/product/17",
  "/product/999",
  "/sign-in",
  "/sign-up",
  "/forgot-password",
  "/verify?identifier=jane%40acme-events.co.uk",
  "/cart",
  "/how-it-works",
  "/compare",
  "/customer-love",
  "/about",
  "/contact",
  "/faqs",
  "/terms",
  "/guarantee",
  "/privacy",
  "/cookies",
  "/blog",
  "/quick-wins/ad-gift",
  "/inquiry-success",
  "/no-such-page/at-all",
];
const SIGNED_IN = ["/", "/products", "/product/8", "/favorites", "/shopping-list", "/cart", "/account", "/orders"];

/** The checker itself, from the vnu-jar package (run with the machine's Java, never a downloaded one). */
const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

type Message = { type: string; url?: string; message: string; extract?: string };

/** vnu's errors for each page, as "path: message (extract)". */
async function htmlErrors(request: APIRequestContext, paths: string[]): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), "swag-vnu-"));
  try {
    const files = await Promise.all(
      paths.map(async (path, i) => {
        const response = await request.get(path);
        expect(response.headers()["content-type"], path).toContain("text/html");
        const file = join(dir, `${i}.html`);
        await writeFile(file, await response.body());
        return file;
      }),
    );
    // vnu exits 1 when it finds errors; its JSON report is on stderr either way.
    const { stderr } = await promisify(execFile)(
      "java",
      ["-jar", VNU_JAR, "--errors-only", "--format", "json", ...files],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((failed: { stderr?: string }) => ({ stderr: failed.stderr ?? "" }));
    const { messages } = JSON.parse(stderr) as { messages: Message[] };
    return messages.map((m) => {
      const index = Number(/(\d+)\.html$/.exec(m.url ?? "")?.[1]);
      return `${paths[index] ?? m.url}: ${m.message} (${(m.extract ?? "").trim()})`;
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test.describe("the HTML the server sends (Nu HTML Checker)", () => {
  test("signed out, every catalogue, account-entry and content page has no HTML error", async ({ request }) => {
    expect(await htmlErrors(request, SIGNED_OUT)).toEqual([]);
  });

  test("signed in, the buyer's pages have no HTML error", async ({ page, signedInBuyer }) => {
    expect(signedInBuyer.email).toContain("@");
    expect(await htmlErrors(page.request, SIGNED_IN)).toEqual([]);
  });
});
