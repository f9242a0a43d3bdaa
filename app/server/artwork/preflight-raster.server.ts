/**
 * What an uploaded PNG or JPEG holds (docs/decisions/044-raster-and-svg-artwork.md),
 * as a RasterReport, and its preview. Runs only inside the preflight worker, in the sandbox
 * (docs/decisions/032-sandboxed-parsers.md). The header is read first, by hand: an image over
 * MAX_IMAGE_PIXELS (a "dimension bomb", a few kilobytes that claim 50,000 × 50,000 px) is refused
 * before a pixel is decoded. Only then does the canvas decode it.
 */
import { createCanvas, Image } from "@napi-rs/canvas";
import { MAX_IMAGE_PIXELS, PREVIEW_PX, type RasterFormat, type RasterReport } from "~/domain/artwork/preflight-image";
import type { UnreadableReport } from "~/domain/artwork/preflight";

type Header = Omit<RasterReport, "kind" | "format">;
export type ImageAnswer = { report: RasterReport | UnreadableReport; preview: Uint8Array | null };

/** A refusal as a reader answers it: the reason, no preview (for a PNG, a JPEG, an SVG or a PDF). */
export const unreadable = (reason: UnreadableReport["reason"]): { report: UnreadableReport; preview: null } => ({
  report: { kind: "unreadable", reason },
  preview: null,
});
const NO_COLOURS = { rgb: false, cmyk: false, gray: false, spot: [] };
const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

/** PNG: IHDR's size and colour type, pHYs's density, tRNS; chunks walked up to the first IDAT. */
function readPngHeader(bytes: Uint8Array): Header | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 33 || ascii(bytes, 12, 4) !== "IHDR") return null;
  const widthPx = view.getUint32(16);
  const heightPx = view.getUint32(20);
  const colourType = view.getUint8(25);
  if (![0, 2, 3, 4, 6].includes(colourType)) return null;
  let ppi: number | null = null;
  let alpha = colourType === 4 || colourType === 6;
  // 8 signature bytes, then chunks of length, type, data and CRC; at most 1,000 ahead of the pixels.
  let offset = 8;
  for (let chunks = 0; chunks < 1000 && offset + 12 <= bytes.byteLength; chunks += 1) {
    const length = view.getUint32(offset);
    const type = ascii(bytes, offset + 4, 4);
    if (type === "IDAT" || type === "IEND") break;
    if (offset + 12 + length > bytes.byteLength) return null;
    if (type === "tRNS") alpha = true;
    // Pixels per metre when the unit byte is 1; per nothing (an aspect ratio only) when 0.
    if (type === "pHYs" && length === 9 && view.getUint8(offset + 16) === 1) {
      const perMetre = Math.min(view.getUint32(offset + 8), view.getUint32(offset + 12));
      if (perMetre > 0) ppi = Math.round(perMetre * 0.0254);
    }
    offset += 12 + length;
  }
  const gray = colourType === 0 || colourType === 4;
  return { widthPx, heightPx, ppi, alpha, colours: { ...NO_COLOURS, gray, rgb: !gray } };
}

/** Start-of-frame markers: C0 to CF but for C4 (Huffman tables), C8 (reserved) and CC (arithmetic). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

/** JPEG: the frame's size and components, JFIF's density; markers walked up to the scan. */
function readJpegHeader(bytes: Uint8Array): Header | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let ppi: number | null = null;
  let offset = 2;
  for (let segments = 0; segments < 1000 && offset + 4 <= bytes.byteLength; segments += 1) {
    if (view.getUint8(offset) !== 0xff) return null;
    const marker = view.getUint8(offset + 1);
    // Fill bytes, and markers without a length (TEM, RST0 to RST7).
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = view.getUint16(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.byteLength) return null;
    const data = offset + 4;
    if (marker === 0xe0 && length >= 16 && ascii(bytes, data, 5) === "JFIF\0") {
      const units = view.getUint8(data + 7);
      const density = Math.min(view.getUint16(data + 8), view.getUint16(data + 10));
      if (density > 0 && units === 1) ppi = density;
      if (density > 0 && units === 2) ppi = Math.round(density * 2.54);
    }
    if (isStartOfFrame(marker) && length >= 8) {
      const heightPx = view.getUint16(data + 1);
      const widthPx = view.getUint16(data + 3);
      const components = view.getUint8(data + 5);
      if (![1, 3, 4].includes(components)) return null;
      const colours = { ...NO_COLOURS, gray: components === 1, rgb: components === 3, cmyk: components === 4 };
      return { widthPx, heightPx, ppi, alpha: false, colours };
    }
    offset += 2 + length;
  }
  return null;
}

/** A light checkerboard, so a transparent logo's background shows as transparent in its preview. */
function checkerboard(context: ReturnType<ReturnType<typeof createCanvas>["getContext"]>, w: number, h: number) {
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, w, h);
  context.fillStyle = "#e6e6e6";
  for (let y = 0; y < h; y += 16)
    for (let x = (y / 16) % 2 === 0 ? 0 : 16; x < w; x += 32) context.fillRect(x, y, 16, 16);
}

/** Draws a decoded image fitted within PREVIEW_PX; on a checkerboard when it may be transparent. */
export function drawPreview(image: Image, alpha: boolean): Uint8Array {
  const scale = Math.min(1, PREVIEW_PX / image.width, PREVIEW_PX / image.height);
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  if (alpha) checkerboard(context, width, height);
  else {
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, width, height);
  }
  context.drawImage(image, 0, 0, width, height);
  return new Uint8Array(canvas.toBuffer("image/png"));
}

/**
 * Decodes `bytes` with the canvas; null when it cannot (a damaged file). The canvas knows the size at
 * once but decodes the pixels after, so this waits for its load (or error) event.
 */
export async function decodeImage(bytes: Uint8Array): Promise<Image | null> {
  const image = new Image();
  const loaded = new Promise<boolean>((resolve) => {
    image.onload = () => resolve(true);
    image.onerror = () => resolve(false);
  });
  try {
    image.src = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch {
    return null;
  }
  return (await loaded) && image.width > 0 && image.height > 0 ? image : null;
}

/**
 * Whether the file ends as its format says (PNG's IEND chunk; JPEG's end-of-image marker within the
 * last kilobyte, after which some cameras leave bytes): the canvas's decoder can crash on a file cut
 * short, which would cost the buyer a by-hand check instead of a plain "damaged".
 */
function endsWhole(bytes: Uint8Array, format: RasterFormat): boolean {
  if (format === "png") return bytes.byteLength >= 12 && ascii(bytes, bytes.byteLength - 8, 4) === "IEND";
  for (let i = bytes.byteLength - 2; i >= Math.max(0, bytes.byteLength - 1024); i -= 1) {
    if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return true;
  }
  return false;
}

/** The report and preview of a PNG or JPEG; refused when its header is wrong or it claims too many pixels. */
export async function readRasterWithPreview(bytes: Uint8Array, format: RasterFormat): Promise<ImageAnswer> {
  const header = format === "png" ? readPngHeader(bytes) : readJpegHeader(bytes);
  if (!header || header.widthPx === 0 || header.heightPx === 0) return unreadable("damaged");
  if (header.widthPx * header.heightPx > MAX_IMAGE_PIXELS) return unreadable("too_many_pixels");
  if (!endsWhole(bytes, format)) return unreadable("damaged");
  const image = await decodeImage(bytes);
  if (!image) return unreadable("damaged");
  return { report: { kind: "raster", format, ...header }, preview: drawPreview(image, header.alpha) };
}
