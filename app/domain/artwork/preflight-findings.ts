/**
 * The pieces every preflight judgement shares (docs/decisions/027-artwork-preflight.md): findings,
 * the print size and effective resolution, the art kind and colour findings by method. Used by the
 * PDF and EPS judging (preflight.ts) and the PNG, JPEG and SVG judging (preflight-image.ts,
 * docs/decisions/044-raster-and-svg-artwork.md). Pure.
 */
import type { BrandingMethod } from "../pricing/checkout";

/** A raster image placed in a PDF: its pixels and the size it is drawn at on the page. */
export type PlacedImage = { widthPx: number; heightPx: number; widthMm: number; heightMm: number };

export type ColourUse = {
  rgb: boolean;
  cmyk: boolean;
  gray: boolean;
  /** Spot colour names (Separation and DeviceN colourants), e.g. "PANTONE 186 C". */
  spot: string[];
};

export type FindingLevel = "pass" | "warning" | "blocker";
export type Finding = { level: FindingLevel; code: string; message: string };

/** Where the artwork goes and how big it prints: fitted into the area, keeping its proportions. */
export type Placement = { label: string; widthMm: number; heightMm: number };

/** Print resolution DTF, screen print and full-colour print need at the printed size. */
export const MIN_PPI = 300;
/** Spot colours screen print takes: one screen each. */
export const MAX_SCREENS = 6;
/** The smallest letters each method holds, in millimetres of printed height. */
export const MIN_TEXT_MM: Partial<Record<BrandingMethod, number>> = { embroidery: 5, deboss: 3, laser: 1 };
/** Methods that stitch, burn or press outlines: they need paths, not pixels. */
export const VECTOR_METHODS: readonly BrandingMethod[] = ["embroidery", "laser", "deboss"];

/** "10 × 5.5 cm", the way the catalogue writes sizes. */
export function formatSizeCm(widthMm: number, heightMm: number): string {
  const cm = (mm: number) => String(Math.round(mm) / 10);
  return `${cm(widthMm)} × ${cm(heightMm)} cm`;
}

export const MM_PER_INCH = 25.4;

/**
 * How much the artwork is scaled to print: its page (or bounding box) fitted into the placement,
 * keeping proportions, larger or smaller. Without a placement it prints at its own size.
 */
export function printScale(artwork: { widthMm: number; heightMm: number }, placement: Placement | null): number {
  if (!placement || artwork.widthMm <= 0 || artwork.heightMm <= 0) return 1;
  return Math.min(placement.widthMm / artwork.widthMm, placement.heightMm / artwork.heightMm);
}

/** An image's effective resolution when printed at `scale`: the lower of its two axes, in ppi. */
export function effectivePpi(image: PlacedImage, scale: number): number {
  const across = image.widthPx / ((image.widthMm * scale) / MM_PER_INCH);
  const down = image.heightPx / ((image.heightMm * scale) / MM_PER_INCH);
  return Math.round(Math.min(across, down));
}

/** "at 10 × 5.5 cm", or "at its own size" without a placement. */
export const printedAt = (placement: Placement | null) =>
  placement ? `at ${formatSizeCm(placement.widthMm, placement.heightMm)}` : "at its own size";

export const pass = (code: string, message: string): Finding => ({ level: "pass", code, message });
export const warning = (code: string, message: string): Finding => ({ level: "warning", code, message });
export const blocker = (code: string, message: string): Finding => ({ level: "blocker", code, message });

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
export const oxford = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

export const methodName = (method: BrandingMethod) =>
  ({
    embroidery: "embroidery",
    screen_print: "screen print",
    dtf: "DTF transfer",
    laser: "laser engraving",
    deboss: "debossing",
    none: "printing",
  })[method];

export function artKind(method: BrandingMethod, raster: boolean, vector: boolean): Finding[] {
  if (!raster) return [pass("vector", "Vector artwork: sharp at any size.")];
  if (VECTOR_METHODS.includes(method)) {
    return [
      warning(
        "raster",
        `Contains a raster image: ${methodName(method)} needs vector art (paths), so we'd redraw it${vector ? "" : " from pixels"}.`,
      ),
    ];
  }
  return [];
}

export function colourFindings(method: BrandingMethod, colours: ColourUse): Finding[] {
  const spot = colours.spot;
  if (method === "screen_print") {
    if (spot.length > MAX_SCREENS) {
      return [
        warning(
          "spot",
          `${plural(spot.length, "spot colour")}: screen print takes at most ${MAX_SCREENS}, so we'd merge the closest.`,
        ),
      ];
    }
    if (spot.length > 0) return [pass("spot", `${plural(spot.length, "spot colour")}: ${oxford(spot)}.`)];
    if (colours.rgb || colours.cmyk) {
      return [
        warning(
          "spot",
          `No spot colours: screen print prints one colour per screen, so we'd match your ${colours.rgb ? "RGB" : "CMYK"} colours by eye. Name them as spot colours for an exact match.`,
        ),
      ];
    }
    return [];
  }
  const used = [
    ...(colours.cmyk ? ["CMYK"] : []),
    ...(colours.rgb ? ["RGB"] : []),
    ...(colours.gray ? ["greyscale"] : []),
    ...(spot.length > 0 ? [`${plural(spot.length, "spot colour")} (${oxford(spot)})`] : []),
  ];
  return used.length > 0 ? [pass("colours", `Colours: ${oxford(used)}.`)] : [];
}

export const mmText = (mm: number) => `${Math.round(mm * 10) / 10}`;
export const coloursText = (use: ColourUse) => {
  const spaces = [...(use.cmyk ? ["CMYK"] : []), ...(use.rgb ? ["RGB"] : []), ...(use.gray ? ["greyscale"] : [])];
  const spot = use.spot.length > 0 ? [`spot: ${use.spot.join(", ")}`] : [];
  return [...spaces, ...spot].join("; ") || "none found";
};
