/**
 * Decision 027: what an uploaded PDF or EPS holds, as a PreflightReport (app/domain/artwork/preflight.ts), and a
 * PNG of a PDF's page one. Runs inside the preflight worker (preflight-worker.ts), never on the
 * request thread: these calls parse strangers' files and may take seconds or hundreds of megabytes.
 *
 * pdfjs reads what it draws (page size, the operator list of page one, text). Its operator list
 * gives every colour as RGB and its font objects say a standard font (pdfkit's Helvetica) is not
 * missing, because pdfjs substitutes its own copy, so pdf-lib reads encryption and the page count,
 * and walks the raw objects for colours and fonts (preflight-pdf-objects.server.ts).
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { PDFDocument } from "@cantoo/pdf-lib";
import { createCanvas } from "@napi-rs/canvas";
import { getDocument, OPS, type PDFDocumentProxy, type PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { PdfReport, UnreadableReport } from "~/domain/artwork/preflight";
import type { PlacedImage } from "~/domain/artwork/preflight-findings";
import { MAX_IMAGE_PIXELS, PREVIEW_PX } from "~/domain/artwork/preflight-image";
import { pageObjects } from "./preflight-pdf-objects.server";
import { unreadable } from "./preflight-raster.server";

/** The EPS reader is a small DSC reader of its own (an EPS header is text, not PDF objects). */
export { readEps } from "./preflight-eps.server";

const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;
const MM_PER_POINT = 25.4 / 72;
const toMm = (points: number) => Math.round(points * MM_PER_POINT * 100) / 100;

const latin1 = new TextDecoder("latin1");
/** Acrobat looks for "%PDF-" in the first kilobyte and "%%EOF" in the last; a file without the end was cut short. */
function looksWhole(bytes: Uint8Array): boolean {
  const head = latin1.decode(bytes.subarray(0, 1024));
  const tail = latin1.decode(bytes.subarray(Math.max(0, bytes.length - 1024)));
  return head.includes("%PDF-") && tail.includes("%%EOF");
}

/** pdfjs transfers (detaches) the array it is given: a 50 MB upload is not copied. */
const openWithPdfjs = (bytes: Uint8Array) =>
  getDocument({
    data: bytes,
    standardFontDataUrl,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
    maxImageSize: MAX_IMAGE_PIXELS,
  }).promise;

type PdfAnswer = { report: PdfReport | UnreadableReport; preview: Uint8Array | null };

/** The report of a PDF. Takes `bytes` over: pdfjs detaches them. */
export async function readPdf(bytes: Uint8Array): Promise<PdfReport | UnreadableReport> {
  return (await inspectPdf(bytes, null)).report;
}

/** The report and page one's PNG from one parse, so images are decoded once. Takes `bytes` over. */
export function readPdfWithPreview(bytes: Uint8Array, maxPx = PREVIEW_PX): Promise<PdfAnswer> {
  return inspectPdf(bytes, maxPx);
}

async function inspectPdf(bytes: Uint8Array, previewPx: number | null): Promise<PdfAnswer> {
  if (!looksWhole(bytes)) return unreadable("damaged");
  let raw: PDFDocument;
  try {
    raw = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
  } catch {
    return unreadable("damaged");
  }
  // Owner-only encryption opens without a password, but its streams are still encrypted (and its
  // "no printing" flag is the factory's problem): refused like a password-protected file.
  if (raw.isEncrypted || raw.context.trailerInfo.Encrypt) return unreadable("encrypted");
  // pdfjs counts a page tree with /Count 0 as one page; pdf-lib counts the leaves.
  const pages = raw.getPageCount();
  if (pages === 0) return unreadable("no_pages");
  const objects = pageObjects(raw);
  if (objects.largestImagePixels > MAX_IMAGE_PIXELS) return unreadable("too_complex");

  let document: PDFDocumentProxy | undefined;
  try {
    document = await openWithPdfjs(bytes);
    const page = await document.getPage(1);
    const { width, height } = page.getViewport({ scale: 1 });
    const drawn = walkOperators(await page.getOperatorList(), (id) => page.objs.get(id) as unknown);
    const text = await page.getTextContent();
    let smallest = Number.POSITIVE_INFINITY;
    for (const item of text.items) {
      if ("str" in item && item.str.trim() !== "" && item.height > 0) smallest = Math.min(smallest, item.height);
    }
    const report: PdfReport = {
      kind: "pdf",
      pages,
      pageWidthMm: toMm(width),
      pageHeightMm: toMm(height),
      encrypted: false,
      vector: drawn.vector,
      images: drawn.images,
      colours: objects.colours,
      fonts: objects.fonts,
      smallestTextMm: Number.isFinite(smallest) ? Math.round(smallest * MM_PER_POINT * 10) / 10 : null,
    };
    // A page pdfjs can read but not draw still has its report.
    const preview = previewPx === null ? null : await renderPage(page, previewPx).catch(() => null);
    return { report, preview };
  } catch (error) {
    return unreadable(error instanceof Error && error.name === "PasswordException" ? "encrypted" : "damaged");
  } finally {
    await document?.destroy();
  }
}

/** Page one as a PNG fitted within maxPx × maxPx on white; null when pdfjs cannot draw it. Takes `bytes` over. */
export async function renderPdfPreview(bytes: Uint8Array, maxPx = PREVIEW_PX): Promise<Uint8Array | null> {
  let document: PDFDocumentProxy | undefined;
  try {
    document = await openWithPdfjs(bytes);
    return await renderPage(await document.getPage(1), maxPx);
  } catch {
    return null;
  } finally {
    await document?.destroy();
  }
}

async function renderPage(page: PDFPageProxy, maxPx: number): Promise<Uint8Array> {
  const natural = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: Math.min(maxPx / natural.width, maxPx / natural.height) });
  const canvas = createCanvas(
    Math.max(1, Math.min(maxPx, Math.round(viewport.width))),
    Math.max(1, Math.min(maxPx, Math.round(viewport.height))),
  );
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({
    canvas: canvas as unknown as HTMLCanvasElement,
    canvasContext: context as unknown as CanvasRenderingContext2D,
    viewport,
    background: "#ffffff",
  }).promise;
  return new Uint8Array(canvas.toBuffer("image/png"));
}

// ---------------------------------------------------------------------------------------------
// pdfjs' operator list: placed images (through the current transformation matrix) and vector art

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
/** `inner` applied first, then `outer` (pdfjs' Util.transform). */
const multiply = (outer: Matrix, inner: readonly number[]): Matrix => {
  const [a, b, c, d, e, f] = inner as Matrix;
  return [
    outer[0] * a + outer[2] * b,
    outer[1] * a + outer[3] * b,
    outer[0] * c + outer[2] * d,
    outer[1] * c + outer[3] * d,
    outer[0] * e + outer[2] * f + outer[4],
    outer[1] * e + outer[3] * f + outer[5],
  ];
};
const TEXT_OPS = new Set<number>([
  OPS.showText,
  OPS.showSpacedText,
  OPS.nextLineShowText,
  OPS.nextLineSetSpacingShowText,
]);
const PIXELS_BY_ARGUMENT = new Set<number>([OPS.paintInlineImageXObject, OPS.paintImageMaskXObject]);
type Pixels = { width: number; height: number };
const isPixels = (value: unknown): value is Pixels =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Pixels).width === "number" &&
  typeof (value as Pixels).height === "number";

function walkOperators(list: { fnArray: number[]; argsArray: unknown[] }, objectById: (id: string) => unknown) {
  const images: PlacedImage[] = [];
  let vector = false;
  let ctm = IDENTITY;
  const saved: Matrix[] = [];
  const place = (pixels: Pixels, matrix: Matrix) =>
    images.push({
      widthPx: pixels.width,
      heightPx: pixels.height,
      widthMm: toMm(Math.hypot(matrix[0], matrix[1])),
      heightMm: toMm(Math.hypot(matrix[2], matrix[3])),
    });
  for (let i = 0; i < list.fnArray.length; i += 1) {
    const op = list.fnArray[i];
    const args = (list.argsArray[i] ?? []) as unknown[];
    if (op === OPS.save) saved.push(ctm);
    else if (op === OPS.restore) ctm = saved.pop() ?? IDENTITY;
    else if (op === OPS.transform) ctm = multiply(ctm, args as number[]);
    else if (op === OPS.paintFormXObjectBegin) {
      saved.push(ctm);
      if (Array.isArray(args[0])) ctm = multiply(ctm, args[0] as number[]);
    } else if (op === OPS.paintFormXObjectEnd) ctm = saved.pop() ?? IDENTITY;
    else if (op === OPS.paintImageXObject) {
      place({ width: Number(args[1]), height: Number(args[2]) }, ctm);
    } else if (op !== undefined && PIXELS_BY_ARGUMENT.has(op) && isPixels(args[0])) {
      place(args[0], ctm);
    } else if (op === OPS.paintImageXObjectRepeat) {
      // pdfjs folds runs of one image drawn at many places into [id, scaleX, scaleY, positions].
      const [id, scaleX, scaleY, positions] = args as [string, number, number, number[]];
      const pixels = objectById(id);
      if (!isPixels(pixels)) continue;
      for (let p = 0; p + 1 < positions.length; p += 2) place(pixels, multiply(ctm, [scaleX, 0, 0, scaleY, 0, 0]));
    } else if (op === OPS.constructPath) {
      // A path that only clips (ends with n) paints nothing.
      if (args[0] !== OPS.endPath) vector = true;
    } else if (op === OPS.shadingFill || (op !== undefined && TEXT_OPS.has(op))) vector = true;
  }
  return { images, vector };
}
