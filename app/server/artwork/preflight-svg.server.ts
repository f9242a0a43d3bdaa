/**
 * What an uploaded SVG holds (docs/decisions/044-raster-and-svg-artwork.md), and
 * its preview. Runs only inside the preflight worker, in the sandbox (decision 032).
 *
 * An SVG is refused, not stripped, when it holds anything that runs or reaches out: the file kept
 * is then exactly the one checked, with nothing in it a viewer could run or fetch. The checks are
 * on the text, before any XML parser sees it, so an entity bomb ("billion laughs") is refused
 * before it is expanded. Then the canvas (Skia's SVG renderer) draws it, at the preview's size.
 */
import type { UnreadableReport } from "~/domain/artwork/preflight";
import { PREVIEW_PX, type SvgReport } from "~/domain/artwork/preflight-image";
import { decodeImage, drawPreview, unreadable } from "./preflight-raster.server";

type SvgAnswer = { report: SvgReport | UnreadableReport; preview: Uint8Array | null };

/**
 * Whether a DOCTYPE carries an internal subset ("[" before its ">"), which can declare entities or
 * default attributes. Scanned with indexOf, never a pattern that backtracks: each declaration is
 * read once, and the search goes on after its end.
 */
function hasInternalSubset(text: string): boolean {
  const lower = text.toLowerCase();
  for (let at = lower.indexOf("<!doctype"); at !== -1; ) {
    const close = lower.indexOf(">", at);
    const open = lower.indexOf("[", at);
    if (open !== -1 && (close === -1 || open < close)) return true;
    if (close === -1) return false;
    at = lower.indexOf("<!doctype", close);
  }
  return false;
}
/** What runs: scripts, event handlers, HTML islands, javascript: URLs, animating a link. */
const SCRIPTS = [
  /<script[\s>/]/i,
  /<foreignObject[\s>/]/i,
  /<(?:iframe|embed|object|handler|listener)[\s>/]/i,
  /[\s"'/]on[a-z]+\s*=/i,
  /javascript\s*:/i,
  /attributeName\s*=\s*["']\s*(?:xlink:)?href/i,
];
/** Embedded images only, as base64 data of a raster format; anything else a link points at is outside. */
const INSIDE = /^(?:#|data:image\/(?:png|jpeg|jpg|gif|webp);base64,)/i;
const LINKS = /(?:^|[\s:])(?:href|src)\s*=\s*(["'])(.*?)\1/gis;
const URLS = /url\(\s*(["']?)([^)"']*)/gi;

/** Which refusal `text` earns, if any; null when it may be drawn. */
export function svgRefusal(text: string): UnreadableReport["reason"] | null {
  if (/<!ENTITY/i.test(text) || hasInternalSubset(text)) return "svg_entities";
  if (SCRIPTS.some((pattern) => pattern.test(text))) return "svg_script";
  for (const [, , target] of text.matchAll(LINKS)) if (!INSIDE.test(target!.trim())) return "svg_external";
  for (const [, , target] of text.matchAll(URLS)) if (!INSIDE.test(target!.trim())) return "svg_external";
  if (/@import|<\?xml-stylesheet/i.test(text)) return "svg_external";
  // A CSS escape can spell "url" or "import" so that no pattern above sees it, in a style block, a
  // style attribute or a presentation attribute alike: a logo has no use for a backslash.
  if (text.includes("\\")) return "svg_external";
  return null;
}

const MM_PER_UNIT: Record<string, number> = {
  mm: 1,
  cm: 10,
  in: 25.4,
  pt: 25.4 / 72,
  pc: 25.4 / 6,
  px: 25.4 / 96,
  "": 25.4 / 96,
};
const PX_PER_MM = 96 / 25.4;

/** A length of the root element in millimetres: "100mm", "4in", "300" (px); null for a percentage or nonsense. */
export function svgLengthMm(value: string | undefined): number | null {
  const text = (value ?? "").trim();
  const match = text.length > 32 ? null : /^(\d+(?:\.\d+)?|\.\d+) ?(mm|cm|in|pt|pc|px)?$/i.exec(text);
  if (!match) return null;
  const mm = Number(match[1]) * MM_PER_UNIT[(match[2] ?? "").toLowerCase()]!;
  return mm > 0 && mm <= 100_000 ? mm : null;
}

const ATTRIBUTES = {
  width: /\swidth\s*=\s*(["'])(.*?)\1/is,
  height: /\sheight\s*=\s*(["'])(.*?)\1/is,
  viewBox: /\sviewBox\s*=\s*(["'])(.*?)\1/is,
};
const attribute = (tag: string, name: keyof typeof ATTRIBUTES) => ATTRIBUTES[name].exec(tag)?.[2];

/** The root <svg …> tag: the first "<svg" that is not the start of a longer name, up to its ">". */
function rootSvgTag(text: string): string | null {
  const lower = text.toLowerCase();
  let at = lower.indexOf("<svg");
  while (at !== -1 && /[\w-]/.test(lower[at + 4] ?? "")) at = lower.indexOf("<svg", at + 4);
  if (at === -1) return null;
  const close = lower.indexOf(">", at);
  return close === -1 ? null : text.slice(at, close + 1);
}

/** The root <svg> tag's size in millimetres, from width and height, else its viewBox at 96 px to the inch. */
export function svgSize(rootTag: string): SvgReport["size"] {
  const width = svgLengthMm(attribute(rootTag, "width"));
  const height = svgLengthMm(attribute(rootTag, "height"));
  const box = (attribute(rootTag, "viewBox") ?? "")
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const boxMm =
    box.length === 4 && box[2]! > 0 && box[3]! > 0 ? { w: box[2]! / PX_PER_MM, h: box[3]! / PX_PER_MM } : null;
  if (width && height) return { widthMm: width, heightMm: height };
  if (boxMm) {
    // One given side scales the other by the viewBox's proportions.
    if (width) return { widthMm: width, heightMm: (width * boxMm.h) / boxMm.w };
    if (height) return { widthMm: (height * boxMm.w) / boxMm.h, heightMm: height };
    return { widthMm: boxMm.w, heightMm: boxMm.h };
  }
  return null;
}

/**
 * The root tag rewritten to draw at the preview's size: width and height fitted within PREVIEW_PX,
 * and a viewBox of the original size when it had none. So an SVG claiming to be 100 m wide is drawn
 * at 800 px, never at its own size.
 */
function previewRootTag(rootTag: string, size: NonNullable<SvgReport["size"]>): string {
  const widthPx = size.widthMm * PX_PER_MM;
  const heightPx = size.heightMm * PX_PER_MM;
  const scale = Math.min(PREVIEW_PX / widthPx, PREVIEW_PX / heightPx);
  const hasBox = attribute(rootTag, "viewBox") !== undefined;
  const bare = rootTag.replace(/\s(?:width|height)\s*=\s*(["']).*?\1/gis, "");
  const fitted = ` width="${Math.max(1, Math.round(widthPx * scale))}" height="${Math.max(1, Math.round(heightPx * scale))}"`;
  const box = hasBox ? "" : ` viewBox="0 0 ${widthPx} ${heightPx}"`;
  return bare.replace(/^<svg/i, `<svg${fitted}${box}`);
}

/** The report and preview of an SVG; refused when it is not UTF-8 text, runs or links anything, or cannot be drawn. */
export async function readSvgWithPreview(bytes: Uint8Array): Promise<SvgAnswer> {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return unreadable("damaged");
  }
  const refusal = svgRefusal(text);
  if (refusal) return unreadable(refusal);
  const root = rootSvgTag(text);
  if (!root) return unreadable("damaged");
  const size = svgSize(root);
  // A function, so that nothing in the buyer's tag is read as a replacement pattern ("$&").
  const drawable = text.replace(root, () => previewRootTag(root, size ?? { widthMm: 100, heightMm: 100 }));
  const image = await decodeImage(new TextEncoder().encode(drawable));
  if (!image) return unreadable("damaged");
  const report: SvgReport = {
    kind: "svg",
    size,
    raster: /data:image\//i.test(text),
    // Every colour an SVG names is sRGB; it has no CMYK or spot colours of its own.
    colours: { rgb: /(?:fill|stroke|stop-color|color)\s*[=:]/i.test(text), cmyk: false, gray: false, spot: [] },
  };
  return { report, preview: drawPreview(image, true) };
}
