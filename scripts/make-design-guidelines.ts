/**
 * Writes public/design-guidelines.pdf (R-ROUTE-23), the guide linked from the cart, the
 * customisation step and the FAQs: artwork formats, colours, print areas per product, proofs and
 * lead times. The copy is app/content/design-guidelines.ts; print areas, branding methods and lead
 * times come from the catalogue itself, so the PDF never disagrees with the product pages.
 *
 * It drives Debian's Chromium through playwright-core (never a downloaded browser):
 *   cd /work/main && npx tsx scripts/make-design-guidelines.ts
 * Set CHROMIUM_PATH to use another Chromium binary. Re-run after changing the copy or the catalogue
 * and commit the PDF; nothing renders at build or request time.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { runnerImport, type InlineConfig } from "vite";
import { CHROMIUM_LAUNCH } from "./chromium";
import { escapeHtml } from "../app/domain/core/html";

type Catalogue = typeof import("../app/catalogue/catalogue");
type GuidelinesModule = typeof import("../app/content/design-guidelines");
type LinksModule = typeof import("../app/content/links");

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OUTPUT = join(ROOT, "public", "design-guidelines.pdf");

// The catalogue imports its pictures through Vite (`?no-inline`), so it is loaded with Vite's module
// runner rather than plain Node.
const viteConfig: InlineConfig = {
  root: ROOT,
  configFile: false,
  logLevel: "error",
  resolve: { alias: { "~": join(ROOT, "app"), "#db": join(ROOT, "db") } },
};

async function load<T>(id: string): Promise<T> {
  return (await runnerImport<T>(id, viteConfig)).module;
}

/** A catalogue picture as a data URI; the dev URL ('/app/…svg?no-inline') names the file. */
function imageDataUri(devUrl: string): string {
  const file = join(ROOT, devUrl.split("?")[0] ?? "");
  return `data:image/svg+xml;base64,${readFileSync(file).toString("base64")}`;
}

function list(items: readonly string[]) {
  return `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`;
}

function render(catalogue: Catalogue, guide: GuidelinesModule["DESIGN_GUIDELINES"], site: LinksModule["SITE"]) {
  const products = catalogue.PRODUCTS.map((product) => {
    // Products without a 'Decoration' spec are printed in their 'Print area'.
    const decoration =
      product.specifications.find((spec) => spec.label === "Decoration")?.value ??
      (product.specifications.some((spec) => spec.label === "Print area") ? "Print" : "");
    const image = product.images[0];
    return `
      <article class="product">
        ${image ? `<img src="${imageDataUri(image.full)}" alt="" />` : ""}
        <div>
          <h3>${escapeHtml(product.title)}</h3>
          <p class="meta"><strong>${escapeHtml(guide.placement.methodLabel)}:</strong> ${escapeHtml(decoration)}</p>
          <p class="meta"><strong>${escapeHtml(guide.placement.timesLabel)}:</strong> ${escapeHtml(product.leadTime)} / ${escapeHtml(
            product.deliveryTime,
          )}; minimum order ${product.moq}</p>
          <p class="label">${escapeHtml(guide.placement.areasLabel)}</p>
          <table>
            ${product.customizationOptions
              .map(
                (option) =>
                  `<tr><th>${escapeHtml(option.title)}</th><td>${escapeHtml(option.subtitle ?? "")}</td></tr>`,
              )
              .join("")}
          </table>
        </div>
      </article>`;
  }).join("");

  const { colours, artwork, proofs } = guide;
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8" />
<title>${escapeHtml(site.name)} ${escapeHtml(guide.title)}</title>
<style>
  @page { size: A4; margin: 18mm 16mm 20mm; }
  * { box-sizing: border-box; }
  body { font-family: "DejaVu Sans", Arial, sans-serif; color: #15152b; font-size: 10.5pt; line-height: 1.5; margin: 0; }
  h1, h2, h3 { line-height: 1.2; margin: 0; }
  h2 { font-size: 20pt; color: #2c2adb; margin-bottom: 4mm; }
  h3 { font-size: 12.5pt; margin-bottom: 2mm; }
  p { margin: 0 0 3mm; }
  ul { margin: 0 0 4mm; padding-left: 5mm; }
  li { margin-bottom: 1.5mm; }
  .page { break-after: page; }
  .page:last-child { break-after: auto; }
  .cover { height: 250mm; display: flex; flex-direction: column; justify-content: space-between; }
  .brand { display: flex; align-items: center; gap: 4mm; font-size: 16pt; font-weight: 700; }
  .mark { width: 14mm; height: 14mm; border-radius: 3mm; background: #2c2adb; color: #fff; display: flex; align-items: center; justify-content: center; font-size: 20pt; }
  .cover h1 { font-size: 40pt; color: #15152b; }
  .cover .sub { font-size: 15pt; color: #4b4b63; margin-top: 5mm; max-width: 140mm; }
  .band { background: #ececfd; border-radius: 4mm; padding: 6mm; }
  .toc li { font-size: 12pt; }
  table { border-collapse: collapse; width: 100%; margin-bottom: 3mm; }
  th, td { text-align: left; vertical-align: top; padding: 1.8mm 2mm; border-bottom: 0.3mm solid #d6d6e4; font-size: 9.5pt; }
  th { width: 42%; font-weight: 600; }
  .swatch { display: flex; gap: 6mm; align-items: center; margin: 4mm 0; }
  .chip { width: 30mm; height: 30mm; border-radius: 3mm; background: #2c2adb; }
  .product { display: grid; grid-template-columns: 38mm 1fr; gap: 6mm; padding: 4mm 0; border-bottom: 0.3mm solid #d6d6e4; break-inside: avoid; }
  .product img { width: 38mm; height: 38mm; border-radius: 3mm; background: #f3f3fa; }
  .meta { font-size: 9.5pt; margin-bottom: 1.5mm; }
  .label { font-size: 9pt; text-transform: uppercase; letter-spacing: 0.05em; color: #4b4b63; margin: 2mm 0 1mm; }
  .options { display: grid; grid-template-columns: repeat(3, 1fr); gap: 4mm; margin-bottom: 5mm; }
  .option { border: 0.3mm solid #d6d6e4; border-radius: 3mm; padding: 4mm; }
  .quote { font-style: italic; }
</style>
</head>
<body>
  <section class="page cover">
    <div class="brand"><span class="mark">S</span>${escapeHtml(site.name)}</div>
    <div>
      <h1>${escapeHtml(guide.title)}</h1>
      <p class="sub">${escapeHtml(guide.subtitle)}</p>
    </div>
    <div class="band">
      <ol class="toc">
        <li>${escapeHtml(artwork.heading.replace(/^\d+\.\s*/, ""))}</li>
        <li>${escapeHtml(colours.heading.replace(/^\d+\.\s*/, ""))}</li>
        <li>${escapeHtml(guide.placement.heading.replace(/^\d+\.\s*/, ""))}</li>
        <li>${escapeHtml(proofs.heading.replace(/^\d+\.\s*/, ""))}</li>
      </ol>
      <p>${escapeHtml(guide.version)} · ${escapeHtml(site.city)}</p>
    </div>
  </section>

  <section class="page">
    <h2>${escapeHtml(artwork.heading)}</h2>
    <p>${escapeHtml(artwork.intro)}</p>
    ${list(artwork.points)}
    <h3>${escapeHtml(artwork.minimumsHeading)}</h3>
    <table>${artwork.minimums.map((m) => `<tr><th>${escapeHtml(m.method)}</th><td>${escapeHtml(m.detail)}</td></tr>`).join("")}</table>
  </section>

  <section class="page">
    <h2>${escapeHtml(colours.heading)}</h2>
    <p>${escapeHtml(colours.intro)}</p>
    ${list(colours.points)}
    <h3>${escapeHtml(colours.exampleHeading)}</h3>
    <p>${escapeHtml(colours.exampleIntro)}</p>
    <div class="swatch">
      <div class="chip"></div>
      <table style="width:auto">
        <tr><th>Name</th><td>${escapeHtml(colours.example.name)}</td></tr>
        <tr><th>HEX</th><td>${escapeHtml(colours.example.hex)}</td></tr>
        <tr><th>RGB</th><td>${escapeHtml(colours.example.rgb)}</td></tr>
        <tr><th>CMYK</th><td>${escapeHtml(colours.example.cmyk)}</td></tr>
      </table>
    </div>
    <p>${escapeHtml(colours.exampleNote)}</p>
  </section>

  <section class="page">
    <h2>${escapeHtml(guide.placement.heading)}</h2>
    <p>${escapeHtml(guide.placement.intro)}</p>
    ${products}
  </section>

  <section class="page">
    <h2>${escapeHtml(proofs.heading)}</h2>
    <p>${escapeHtml(proofs.intro)}</p>
    <div class="options">
      ${proofs.options.map((o) => `<div class="option"><h3>${escapeHtml(o.title)}</h3><p>${escapeHtml(o.body)}</p></div>`).join("")}
    </div>
    <h3>${escapeHtml(proofs.checkHeading)}</h3>
    ${list(proofs.check)}
    <h3>${escapeHtml(proofs.confirmationsHeading)}</h3>
    <ul>${proofs.confirmations.map((c) => `<li class="quote">${escapeHtml(c)}</li>`).join("")}</ul>
    ${list(proofs.timing)}
    <div class="band">
      <h3>${escapeHtml(guide.contact.heading)}</h3>
      <p>${escapeHtml(guide.contact.body)}</p>
    </div>
  </section>
</body>
</html>`;
}

async function main() {
  const [catalogue, guidelines, links] = await Promise.all([
    load<Catalogue>("/app/catalogue/catalogue.ts"),
    load<GuidelinesModule>("/app/content/design-guidelines.ts"),
    load<LinksModule>("/app/content/links.ts"),
  ]);
  const html = render(catalogue, guidelines.DESIGN_GUIDELINES, links.SITE);

  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const page = await browser.newPage();
    await page.setContent(html, { waitUntil: "load" });
    const pdf = await page.pdf({
      format: "A4",
      printBackground: true,
      preferCSSPageSize: true,
      displayHeaderFooter: true,
      headerTemplate: "<span></span>",
      footerTemplate: `<div style="width:100%;font-size:8px;color:#4b4b63;padding:0 16mm;display:flex;justify-content:space-between"><span>${escapeHtml(
        links.SITE.name,
      )} · ${escapeHtml(guidelines.DESIGN_GUIDELINES.title)}</span><span><span class="pageNumber"></span> / <span class="totalPages"></span></span></div>`,
      tagged: true,
    });
    writeFileSync(OUTPUT, pdf);
    console.log(`Wrote ${OUTPUT} (${pdf.length} bytes)`);
  } finally {
    await browser.close();
  }
}

await main();
