import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GOOD_BUSINESS } from "../setup/business";
import { expect, test } from "./support/fixtures";

// Decision 024: what a shop shows before it has any order, review, testimonial or logo
// of its own, and what it shows once its operator configures some. Each test starts its own
// server on a fresh data dir, since the shared one collects orders from the other specs.

type Shop = { url: string; stop: () => void };

async function startShop(env: Record<string, string> = {}): Promise<Shop> {
  const dataDir = mkdtempSync(join(tmpdir(), "swag-showcase-"));
  const port = 4300 + Math.floor(Math.random() * 500);
  const child = spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/server/index.js`], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const stop = () => {
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // A fresh embedded database is migrated at start: up to a minute on a busy two-core machine.
    await expect.poll(() => output, { timeout: 150_000 }).toContain("ready at");
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, stop };
}

const INVENTED =
  /Illustrative|Lumenloop|Fernhollow|Tidewell|Brightfold|Quarry & Pine|Kestrelworks|Priya Shah|35-60%|4\.7\/5|96%|20\+/;

test("a fresh shop shows no metric tiles, no client logos and no testimonials, and features its Hot products", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const shop = await startShop();
  try {
    await page.goto(`${shop.url}/`);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Merch by the numbers" })).toHaveCount(0);
    await expect(main.getByRole("definition")).toHaveCount(0);
    await expect(main.getByRole("heading", { name: "Merch for teams big and small" })).toHaveCount(0);
    await expect(main.getByRole("list", { name: "Client logos" })).toHaveCount(0);
    await expect(main.getByRole("heading", { name: "Our most-loved picks" })).toHaveCount(0);
    const featured = main.getByRole("region", { name: "Featured", exact: true });
    await expect(featured.getByRole("heading", { level: 3 })).toHaveCount(4);
    await expect(featured).toContainText("tiered prices from a 50-unit minimum");
    await expect(main).not.toContainText(INVENTED);

    // No review yet, so no stars and no count on any card (decision 023).
    await page.goto(`${shop.url}/products`);
    await expect(main.getByRole("article")).toHaveCount(4);
    await expect(main.getByTestId("rating")).toHaveText(Array.from({ length: 4 }, () => "No reviews yet"));

    await page.goto(`${shop.url}/customer-love`);
    await expect(main.getByRole("heading", { name: "In numbers" })).toHaveCount(0);
    await expect(main.getByRole("figure")).toHaveCount(0);
    await expect(main.getByText(/^No customer stories yet\./)).toBeVisible();
    await expect(main).not.toContainText(INVENTED);
  } finally {
    shop.stop();
  }
});

test("the operator's client logos and testimonials are shown as configured; a logo that fails shows its name in capitals", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const shop = await startShop({
    BUSINESS_CLIENT_LOGOS: JSON.stringify([
      { name: "Favicon Works", src: "/favicon.svg", permissionDate: "2026-03-01" },
      { name: "Gone Missing", src: "/clients/gone-missing.svg", permissionDate: "2026-03-02" },
    ]),
    BUSINESS_TESTIMONIALS: JSON.stringify([
      {
        name: "Ada Lovelace",
        company: "Analytical Ltd",
        role: "People Lead",
        text: "The caps arrived before our offsite and the stitching is lovely.",
        permissionDate: "2026-03-01",
      },
    ]),
  });
  try {
    await page.goto(`${shop.url}/`);
    const clients = page.getByRole("region", { name: "Merch for teams big and small" });
    // Scroll the still section, not the list: the list is always moving, so it is never "stable".
    await clients.scrollIntoViewIfNeeded();
    const logos = page.getByRole("list", { name: "Client logos" });
    await expect(logos.getByRole("img", { name: "Favicon Works" })).toBeVisible();
    await expect(logos.getByText("GONE MISSING", { exact: true })).toBeVisible();
    await expect(logos.getByRole("img", { name: "Gone Missing" })).toHaveCount(0);
    await expect(clients).not.toContainText("Illustrative");

    await page.goto(`${shop.url}/customer-love`);
    const quotes = page.getByRole("figure");
    await expect(quotes).toHaveCount(1);
    await expect(quotes).toContainText("“The caps arrived before our offsite and the stitching is lovely.”");
    await expect(quotes).toContainText("Ada Lovelace");
    await expect(quotes).toContainText("People Lead, Analytical Ltd");
    await expect(quotes.getByText("AL", { exact: true })).toBeVisible();
    await expect(page.getByText(/^No customer stories yet/)).toHaveCount(0);
  } finally {
    shop.stop();
  }
});

// Decision 059: a shop started as in production (https, the operator's business profile) shows
// nothing left from development on any page a visitor can reach from the home page: no `.example`
// address, no zeroed account number, no sample value. The whole HTML is read, root data included.
const PLACEHOLDER =
  /\.example\b|00000000|\(sample\)|sample\.invalid|Sample Swag|SAMPLE01|GB-SAMPLE|Lorem ipsum|\bTODO\b/;

test("a shop started for production shows no placeholder on any page a visitor can reach", async () => {
  test.setTimeout(300_000);
  const shop = await startShop({
    ...GOOD_BUSINESS,
    BASE_URL: "https://shop.swagstudio.co.uk",
    PAYMENT_PROVIDER: "test",
    // A production shop needs its mail server to start; a crawl sends nothing.
    SMTP_URL: "smtp://127.0.0.1:9",
  });
  try {
    const seen = new Set<string>();
    const queue = ["/", "/no-such-page"];
    const found: string[] = [];
    while (queue.length > 0 && seen.size < 80) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const response = await fetch(`${shop.url}${path}`, { redirect: "manual" });
      const html = await response.text();
      const marker = PLACEHOLDER.exec(html);
      if (marker) found.push(`${path}: …${html.slice(Math.max(0, marker.index - 60), marker.index + 40)}…`);
      for (const [, href] of html.matchAll(/href="(\/[^"#?]*)/g)) {
        if (!/^\/(api|admin|assets|sign-out)\b|\.(pdf|svg|png|ico|css|js|webmanifest|xml|txt)$/.test(href!))
          queue.push(href!);
      }
    }
    expect(seen.size).toBeGreaterThan(20);
    expect(found).toEqual([]);
  } finally {
    shop.stop();
  }
});
