/**
 * Renders the hand-drawn product illustrations (app/catalogue/images/{slug}-{n}.svg) to the
 * raster files the storefront serves:
 *   {slug}-{n}-400.webp   product card / gallery image
 *   {slug}-{n}-320.webp   smaller srcset candidate
 * and writes app/catalogue/images/placeholders.css: one tiny blurred WebP data URI per image,
 * shown while the real image loads, as a class (placeholders.ts lists the names).
 *
 * It drives Debian's Chromium through playwright-core (never a downloaded browser):
 *   cd /work/main && npx tsx scripts/render-product-images.ts
 * Set CHROMIUM_PATH to use another Chromium binary. Re-run whenever an SVG changes and commit
 * the outputs; nothing renders at build or request time.
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { CHROMIUM_LAUNCH } from "./chromium";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const IMAGE_DIR = join(ROOT, "app", "catalogue", "images");
const PLACEHOLDER_FILE = join(IMAGE_DIR, "placeholders.ts");
const PLACEHOLDER_CSS = join(IMAGE_DIR, "placeholders.css");
const SIZES = [400, 320] as const;
const QUALITY = 0.82;
const PLACEHOLDER_SIZE = 16;
const SOURCE_NAME = /^([a-z0-9]+(?:-[a-z0-9]+)*-\d+)\.svg$/;

type Rendered = { key: string; placeholder: string };

/** Runs inside the page: rasterises one SVG at every size plus a blurred 16×16 placeholder. */
async function renderInPage(args: {
  svg: string;
  sizes: readonly number[];
  quality: number;
  placeholderSize: number;
}): Promise<{ images: Record<string, string>; placeholder: string }> {
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(args.svg)}`;
  await image.decode();

  const canvasFor = (size: number) => {
    const canvas = document.createElement("canvas");
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("2D canvas is unavailable");
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = "high";
    return { canvas, context };
  };

  const images: Record<string, string> = {};
  for (const size of args.sizes) {
    // The SVG is vector, so it is drawn straight at the target size rather than downscaled.
    const { canvas, context } = canvasFor(size);
    context.drawImage(image, 0, 0, size, size);
    const url = canvas.toDataURL("image/webp", args.quality);
    if (!url.startsWith("data:image/webp")) throw new Error("This Chromium cannot encode WebP");
    images[String(size)] = url;
  }

  // Placeholder: render small, then blur while shrinking to 16×16. Drawing slightly past the
  // edges keeps the blur from fading the border to transparent.
  const small = canvasFor(48);
  small.context.drawImage(image, 0, 0, 48, 48);
  const tiny = canvasFor(args.placeholderSize);
  tiny.context.filter = "blur(1px)";
  const s = args.placeholderSize;
  tiny.context.drawImage(small.canvas, -2, -2, s + 4, s + 4);
  return { images, placeholder: tiny.canvas.toDataURL("image/webp", 0.6) };
}

function base64Payload(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(",");
  return Buffer.from(dataUrl.slice(comma + 1), "base64");
}

/**
 * Chromium embeds its ~450-byte sRGB ICC profile in every WebP. Browsers assume sRGB anyway,
 * so drop the ICCP chunk (and the VP8X header when nothing else needs it): that halves the
 * placeholders and trims every file. Anything unexpected is returned untouched.
 */
function stripIccProfile(webp: Buffer): Buffer {
  if (webp.toString("ascii", 0, 4) !== "RIFF" || webp.toString("ascii", 8, 12) !== "WEBP") return webp;
  const chunks: { fourcc: string; data: Buffer }[] = [];
  for (let at = 12; at + 8 <= webp.length; ) {
    const fourcc = webp.toString("ascii", at, at + 4);
    const size = webp.readUInt32LE(at + 4);
    chunks.push({ fourcc, data: webp.subarray(at + 8, at + 8 + size) });
    at += 8 + size + (size % 2);
  }
  const kept = chunks.filter((chunk) => chunk.fourcc !== "ICCP");
  if (kept.length === chunks.length) return webp;
  const vp8x = kept.find((chunk) => chunk.fourcc === "VP8X");
  let out = kept;
  if (vp8x) {
    const header = Buffer.from(vp8x.data);
    header[0] = (header[0] ?? 0) & ~0x20; // clear the ICC flag
    const onlyImage = kept.every(
      (chunk) => chunk.fourcc === "VP8X" || chunk.fourcc === "VP8 " || chunk.fourcc === "VP8L",
    );
    out =
      header[0] === 0 && onlyImage
        ? kept.filter((chunk) => chunk !== vp8x)
        : kept.map((chunk) => (chunk === vp8x ? { ...chunk, data: header } : chunk));
  }
  const body = Buffer.concat(
    out.flatMap(({ fourcc, data }) => {
      const head = Buffer.alloc(8);
      head.write(fourcc, 0, "ascii");
      head.writeUInt32LE(data.length, 4);
      return data.length % 2 ? [head, data, Buffer.alloc(1)] : [head, data];
    }),
  );
  const riff = Buffer.alloc(12);
  riff.write("RIFF", 0, "ascii");
  riff.writeUInt32LE(body.length + 4, 4);
  riff.write("WEBP", 8, "ascii");
  return Buffer.concat([riff, body]);
}

async function main() {
  const sources = readdirSync(IMAGE_DIR)
    .map((name) => SOURCE_NAME.exec(name)?.[1])
    .filter((key): key is string => key !== undefined)
    .sort();
  if (sources.length === 0) throw new Error(`No {slug}-{n}.svg files in ${IMAGE_DIR}`);

  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const rendered: Rendered[] = [];
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    await page.setContent("<!doctype html><title>render</title>");
    // tsx (esbuild keepNames) wraps named inner functions in __name(); give the page a no-op one
    // so renderInPage runs unchanged whether this file is run by tsx or compiled some other way.
    await page.evaluate("globalThis.__name = (fn) => fn");
    for (const key of sources) {
      const svg = readFileSync(join(IMAGE_DIR, `${key}.svg`), "utf8");
      const result = await page.evaluate(renderInPage, {
        svg,
        sizes: SIZES,
        quality: QUALITY,
        placeholderSize: PLACEHOLDER_SIZE,
      });
      for (const size of SIZES) {
        const url = result.images[String(size)];
        if (!url) throw new Error(`Missing ${size}px render for ${key}`);
        const file = join(IMAGE_DIR, `${key}-${size}.webp`);
        const bytes = stripIccProfile(base64Payload(url));
        writeFileSync(file, bytes);
        console.log(`${relative(ROOT, file)}  ${(bytes.length / 1024).toFixed(1)} kB`);
      }
      const placeholder = stripIccProfile(base64Payload(result.placeholder)).toString("base64");
      rendered.push({ key, placeholder: `data:image/webp;base64,${placeholder}` });
    }
  } finally {
    await browser.close();
  }

  writeFileSync(
    PLACEHOLDER_CSS,
    [
      "/* Generated by scripts/render-product-images.ts. Do not edit by hand; re-run the script.",
      `   ${PLACEHOLDER_SIZE}×${PLACEHOLDER_SIZE} blurred WebP previews, one class per image name ({slug}-{n}): in the stylesheet, not the`,
      "   JavaScript, so the catalogue's script stays small and the blur shows before any script runs. */",
      ...rendered.map(
        ({ key, placeholder }) => `.placeholder-${key} {\n  background-image: url(${JSON.stringify(placeholder)});\n}`,
      ),
      "",
    ].join("\n"),
  );
  writeFileSync(
    PLACEHOLDER_FILE,
    [
      "// Generated by scripts/render-product-images.ts. Do not edit by hand; re-run the script.",
      "// The image names ({slug}-{n}) that have a blurred preview class in placeholders.css.",
      "export const PLACEHOLDER_KEYS = [",
      ...rendered.map(({ key }) => `  ${JSON.stringify(key)},`),
      "] as const;",
      "",
      "export type PlaceholderKey = (typeof PLACEHOLDER_KEYS)[number];",
      "",
    ].join("\n"),
  );
  console.log(`${relative(ROOT, PLACEHOLDER_CSS)}  ${rendered.length} placeholders`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
