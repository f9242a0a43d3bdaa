/**
 * The preflight of PNG, JPEG and SVG logos (docs/decisions/044-raster-and-svg-artwork.md):
 * what the sandboxed reader found (app/server/artwork/preflight-raster.server.ts, preflight-svg.server.ts) and how it is judged for
 * the method and placement the buyer chose, the same way as a PDF's images: effective ppi at the
 * printed size, transparency, colours. Pure.
 */
import type { BrandingMethod } from "../pricing/checkout";
import {
  artKind,
  type ColourUse,
  colourFindings,
  coloursText,
  effectivePpi,
  type Finding,
  MIN_PPI,
  MM_PER_INCH,
  mmText,
  type Placement,
  pass,
  printedAt,
  printScale,
  VECTOR_METHODS,
  warning,
} from "./preflight-findings";

/**
 * The most pixels an image may have, in a PNG or JPEG or inside a PDF: decoded images live outside
 * V8's heap, where the worker's limits do not reach; this is 400 MB decoded (a 300 ppi A3 page is 17 MP).
 */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** The longest side of a preview (a PDF's page one, an EPS, a PNG, a JPEG or an SVG), in pixels. */
export const PREVIEW_PX = 800;

export const RASTER_FORMATS = ["png", "jpeg"] as const;
export type RasterFormat = (typeof RASTER_FORMATS)[number];

export type RasterReport = {
  kind: "raster";
  format: RasterFormat;
  widthPx: number;
  heightPx: number;
  /** The resolution the file states (PNG pHYs, JPEG JFIF density); null when it states none. */
  ppi: number | null;
  /** Whether it has an alpha channel or a transparent colour (PNG colour types 4 and 6, tRNS). */
  alpha: boolean;
  colours: ColourUse;
};

export type SvgReport = {
  kind: "svg";
  /** From the root element's width and height (or its viewBox, at 96 px to the inch); null without either. */
  size: { widthMm: number; heightMm: number } | null;
  /** Whether it embeds raster images (data: URIs; anything linked from outside is refused). */
  raster: boolean;
  colours: ColourUse;
};

/** What design programs assume of a file that states no resolution. */
export const ASSUMED_PPI = 72;

/** The size a raster prints at without a placement: its pixels at the stated (or assumed) resolution. */
export function rasterNaturalSize(report: Pick<RasterReport, "widthPx" | "heightPx" | "ppi">) {
  const ppi = report.ppi ?? ASSUMED_PPI;
  return { widthMm: (report.widthPx / ppi) * MM_PER_INCH, heightMm: (report.heightPx / ppi) * MM_PER_INCH };
}

/** Methods that print pixels, where resolution and a transparent background matter. */
const printsPixels = (method: BrandingMethod) => method !== "none" && !VECTOR_METHODS.includes(method);

export const TRANSPARENCY_MESSAGES = {
  alpha: "Transparent background: only your logo prints.",
  opaque:
    "No transparent background: the whole rectangle prints, background included. Upload a PNG with a transparent background, or tell us in your notes to remove it.",
} as const;

/** A PNG or JPEG fitted into the placement (keeping proportions), as a PDF's page is. */
export function judgeRaster(
  report: RasterReport,
  { method, placement }: { method: BrandingMethod; placement: Placement | null },
): Finding[] {
  const natural = rasterNaturalSize(report);
  const findings: Finding[] = [...artKind(method, true, false)];
  if (printsPixels(method)) {
    const ppi = effectivePpi({ ...report, ...natural }, printScale(natural, placement));
    const at = printedAt(placement);
    findings.push(
      ppi < MIN_PPI
        ? warning("resolution", `Image at ${ppi} ppi: may print blurry ${at}.`)
        : pass("resolution", `Image at ${ppi} ppi ${at}.`),
    );
    findings.push(
      report.alpha
        ? pass("transparency", TRANSPARENCY_MESSAGES.alpha)
        : warning("transparency", TRANSPARENCY_MESSAGES.opaque),
    );
  }
  findings.push(...colourFindings(method, report.colours));
  return findings;
}

/** An SVG is vector art; a raster image embedded in it is judged as an EPS's is. */
export function judgeSvg(report: SvgReport, { method }: { method: BrandingMethod; placement: Placement | null }) {
  const findings: Finding[] = [...artKind(method, report.raster, true)];
  if (report.raster && printsPixels(method)) {
    findings.push(
      warning(
        "resolution",
        "Contains raster image data whose resolution an SVG doesn't state: upload a PDF for a resolution check.",
      ),
    );
  }
  findings.push(...colourFindings(method, report.colours));
  return findings;
}

/** What a PNG, JPEG or SVG report found, fact by fact, as staff read it when they make the proof. */
export function describeImageReport(report: RasterReport | SvgReport): string[] {
  if (report.kind === "svg") {
    const size = report.size;
    return [
      size ? `SVG, ${mmText(size.widthMm)} × ${mmText(size.heightMm)} mm` : "SVG without a size",
      report.raster ? "Contains embedded raster images" : "Vector only",
      `Colours: ${coloursText(report.colours)}`,
    ];
  }
  return [
    `${report.format.toUpperCase()}, ${report.widthPx} × ${report.heightPx} px`,
    report.ppi === null ? `No resolution stated (read as ${ASSUMED_PPI} ppi)` : `${report.ppi} ppi stated`,
    report.alpha ? "Transparent background" : "No transparency",
    `Colours: ${coloursText(report.colours)}`,
  ];
}
