/**
 * Issue 20: what an uploaded PDF or EPS holds, as a PreflightReport (app/domain/preflight.ts), and a
 * PNG of a PDF's page one. Runs inside the preflight worker (preflight-worker.ts), never on the
 * request thread: these calls parse strangers' files and may take seconds or hundreds of megabytes.
 *
 * pdfjs reads what it draws (page size, the operator list of page one, text). Its operator list
 * gives every colour as RGB and its font objects say a standard font (pdfkit's Helvetica) is not
 * missing, because pdfjs substitutes its own copy, so pdf-lib walks the raw objects for the rest:
 * encryption, colour spaces and operators, and whether each font's file is in the PDF.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFStream,
} from "@cantoo/pdf-lib";
import { createCanvas } from "@napi-rs/canvas";
import { getDocument, OPS, type PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { ColourUse, PdfReport, PlacedImage, UnreadableReport } from "~/domain/preflight";

/** The EPS reader is a small DSC reader of its own (an EPS header is text, not PDF objects). */
export { readEps } from "./preflight-eps.server";

const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;
const MM_PER_POINT = 25.4 / 72;
const toMm = (points: number) => Math.round(points * MM_PER_POINT * 100) / 100;
const unreadable = (reason: UnreadableReport["reason"]): UnreadableReport => ({ kind: "unreadable", reason });

const latin1 = new TextDecoder("latin1");
/** Acrobat looks for "%PDF-" in the first kilobyte and "%%EOF" in the last; a file without the end was cut short. */
function looksWhole(bytes: Uint8Array): boolean {
  const head = latin1.decode(bytes.subarray(0, 1024));
  const tail = latin1.decode(bytes.subarray(Math.max(0, bytes.length - 1024)));
  return head.includes("%PDF-") && tail.includes("%%EOF");
}

/** pdfjs may detach the array it is given, so each caller gets its own copy. */
const openWithPdfjs = (bytes: Uint8Array) =>
  getDocument({
    data: bytes.slice(),
    standardFontDataUrl,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
  }).promise;

export async function readPdf(bytes: Uint8Array): Promise<PdfReport | UnreadableReport> {
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
  if (raw.getPageCount() === 0) return unreadable("no_pages");

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
    const objects = pageObjects(raw);
    return {
      kind: "pdf",
      pages: raw.getPageCount(),
      pageWidthMm: toMm(width),
      pageHeightMm: toMm(height),
      encrypted: false,
      vector: drawn.vector,
      images: drawn.images,
      colours: objects.colours,
      fonts: objects.fonts,
      smallestTextMm: Number.isFinite(smallest) ? Math.round(smallest * MM_PER_POINT * 10) / 10 : null,
    };
  } catch (error) {
    if (error instanceof Error && error.name === "PasswordException") return unreadable("encrypted");
    return unreadable("damaged");
  } finally {
    await document?.destroy();
  }
}

/** Page one as a PNG fitted within maxPx × maxPx on white; null when pdfjs cannot draw it. */
export async function renderPdfPreview(bytes: Uint8Array, maxPx = 800): Promise<Uint8Array | null> {
  let document: PDFDocumentProxy | undefined;
  try {
    document = await openWithPdfjs(bytes);
    const page = await document.getPage(1);
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
  } catch {
    return null;
  } finally {
    await document?.destroy();
  }
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

// ---------------------------------------------------------------------------------------------
// pdf-lib's raw objects: colour spaces, colour operators and fonts of page one

const PROCESS_COLOURANTS = new Set(["Cyan", "Magenta", "Yellow", "Black"]);
/** Form XObjects nest; a hostile file can make them deep or circular. */
const MAX_DEPTH = 8;
/** Decoded content scanned for colour operators, per file: page one's streams and its forms'. */
const MAX_CONTENT_BYTES = 32 * 1024 * 1024;

type Walk = {
  colours: ColourUse;
  fonts: Map<string, boolean>;
  seen: Set<PDFObject>;
  contentBudget: number;
  deref: (object: PDFObject | undefined) => PDFObject | undefined;
};

function pageObjects(raw: PDFDocument): { colours: ColourUse; fonts: PdfReport["fonts"] } {
  const walk: Walk = {
    colours: { rgb: false, cmyk: false, gray: false, spot: [] },
    fonts: new Map(),
    seen: new Set(),
    contentBudget: MAX_CONTENT_BYTES,
    deref: (object) => (object instanceof PDFRef ? raw.context.lookup(object) : object),
  };
  const page = raw.getPage(0).node;
  const resources = walk.deref(page.getInheritableAttribute(PDFName.of("Resources")));
  const contents = walk.deref(page.Contents());
  const streams = contents instanceof PDFArray ? contents.asArray().map(walk.deref) : [contents];
  visit(walk, resources, streams, 0);
  return { colours: walk.colours, fonts: [...walk.fonts].map(([name, embedded]) => ({ name, embedded })) };
}

function visit(walk: Walk, resources: PDFObject | undefined, streams: (PDFObject | undefined)[], depth: number) {
  if (depth > MAX_DEPTH) return;
  for (const stream of streams) {
    if (stream instanceof PDFRawStream) scanContent(walk, stream);
  }
  if (!(resources instanceof PDFDict) || walk.seen.has(resources)) return;
  walk.seen.add(resources);
  const entries = (key: string) => {
    const dict = walk.deref(resources.get(PDFName.of(key)));
    return dict instanceof PDFDict ? [...dict.entries()].map(([, value]) => walk.deref(value)) : [];
  };
  for (const space of entries("ColorSpace")) classify(walk, space, 0);
  for (const shading of entries("Shading")) {
    const dict = shading instanceof PDFStream ? shading.dict : shading;
    if (dict instanceof PDFDict) classify(walk, dict.get(PDFName.of("ColorSpace")), 0);
  }
  for (const font of entries("Font")) if (font instanceof PDFDict) addFont(walk, font);
  for (const xobject of entries("XObject")) {
    if (!(xobject instanceof PDFStream) || walk.seen.has(xobject)) continue;
    walk.seen.add(xobject);
    const subtype = xobject.dict.get(PDFName.of("Subtype"));
    if (subtype === PDFName.of("Image")) classify(walk, xobject.dict.get(PDFName.of("ColorSpace")), 0);
    else if (subtype === PDFName.of("Form"))
      visit(walk, walk.deref(xobject.dict.get(PDFName.of("Resources"))), [xobject], depth + 1);
  }
}

const nameOf = (object: PDFObject | undefined) => (object instanceof PDFName ? object.decodeText() : undefined);

function addSpot(colours: ColourUse, name: string | undefined) {
  if (name === undefined || name === "All" || name === "None") return;
  if (PROCESS_COLOURANTS.has(name)) colours.cmyk = true;
  else if (!colours.spot.includes(name)) colours.spot.push(name);
}

function classifyName(colours: ColourUse, name: string | undefined) {
  if (name === "DeviceRGB" || name === "CalRGB" || name === "RGB" || name === "Lab") colours.rgb = true;
  else if (name === "DeviceCMYK" || name === "CMYK") colours.cmyk = true;
  else if (name === "DeviceGray" || name === "CalGray" || name === "G") colours.gray = true;
}

function classify(walk: Walk, value: PDFObject | undefined, depth: number) {
  const space = walk.deref(value);
  if (depth > MAX_DEPTH) return;
  if (space instanceof PDFName) return classifyName(walk.colours, space.decodeText());
  if (!(space instanceof PDFArray)) return;
  const family = nameOf(walk.deref(space.get(0)));
  const operand = walk.deref(space.get(1));
  if (family === "ICCBased") {
    const dict = operand instanceof PDFStream ? operand.dict : undefined;
    const n = walk.deref(dict?.get(PDFName.of("N")));
    const components = n instanceof PDFNumber ? n.asNumber() : 0;
    classifyName(walk.colours, ({ 1: "DeviceGray", 3: "DeviceRGB", 4: "DeviceCMYK" } as const)[components]);
  } else if (family === "Separation") addSpot(walk.colours, nameOf(operand));
  else if (family === "DeviceN" && operand instanceof PDFArray) {
    for (const colourant of operand.asArray()) addSpot(walk.colours, nameOf(walk.deref(colourant)));
  } else if (family === "Indexed" || family === "Pattern") classify(walk, operand, depth + 1);
  else classifyName(walk.colours, family);
}

const FONT_FILES = ["FontFile", "FontFile2", "FontFile3"].map((key) => PDFName.of(key));
/** Subset fonts are named "ABCDEF+Name"; the buyer knows the font as "Name". */
const subsetName = (name: string) => (name.length > 7 && name[6] === "+" ? name.slice(7) : name);

function addFont(walk: Walk, font: PDFDict) {
  const subtype = nameOf(font.get(PDFName.of("Subtype")));
  const name = subsetName(nameOf(font.get(PDFName.of("BaseFont"))) ?? nameOf(font.get(PDFName.of("Name"))) ?? "Type 3");
  let embedded = subtype === "Type3"; // its glyphs are content streams in the file
  if (!embedded) {
    const descendants = walk.deref(font.get(PDFName.of("DescendantFonts")));
    const holder = descendants instanceof PDFArray ? walk.deref(descendants.get(0)) : font;
    const descriptor = holder instanceof PDFDict ? walk.deref(holder.get(PDFName.of("FontDescriptor"))) : undefined;
    embedded = descriptor instanceof PDFDict && FONT_FILES.some((key) => descriptor.has(key));
  }
  walk.fonts.set(name, (walk.fonts.get(name) ?? false) || embedded);
}

/** Colour operators in a content stream; a budget bounds the decoded bytes a file can make us read. */
function scanContent(walk: Walk, stream: PDFRawStream) {
  if (walk.contentBudget <= 0) return;
  let data: Uint8Array;
  try {
    data = decodePDFRawStream(stream).decode();
  } catch {
    return;
  }
  const end = Math.min(data.length, walk.contentBudget);
  walk.contentBudget -= end;
  let previous = "";
  forEachToken(data.subarray(0, end), (token) => {
    if (token === "rg" || token === "RG") walk.colours.rgb = true;
    else if (token === "k" || token === "K") walk.colours.cmyk = true;
    else if (token === "g" || token === "G") walk.colours.gray = true;
    else if ((token === "cs" || token === "CS") && previous.startsWith("/"))
      classifyName(walk.colours, previous.slice(1));
    previous = token;
  });
}

const WHITE_SPACE = new Set([0, 9, 10, 12, 13, 32]);
const DELIMITERS = new Set([...WHITE_SPACE, 0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

/** PDF content tokens outside strings, dictionaries' brackets, comments and inline image data. */
function forEachToken(data: Uint8Array, onToken: (token: string) => void) {
  let i = 0;
  while (i < data.length) {
    const byte = data[i]!;
    if (WHITE_SPACE.has(byte)) i += 1;
    else if (byte === 0x25) while (i < data.length && data[i] !== 10 && data[i] !== 13) i += 1;
    else if (byte === 0x28) i = skipString(data, i);
    else if (byte === 0x3c && data[i + 1] !== 0x3c) i = Math.max(data.indexOf(0x3e, i), i) + 1;
    else if (!(byte === 0x2f) && DELIMITERS.has(byte)) i += 1;
    else {
      let j = i + 1;
      while (j < data.length && !DELIMITERS.has(data[j]!)) j += 1;
      const token = j - i <= 64 ? latin1.decode(data.subarray(i, j)) : "";
      i = token === "ID" ? skipInlineImage(data, j) : j;
      onToken(token);
    }
  }
}

function skipString(data: Uint8Array, start: number): number {
  let depth = 0;
  for (let i = start; i < data.length; i += 1) {
    if (data[i] === 0x5c) i += 1;
    else if (data[i] === 0x28) depth += 1;
    else if (data[i] === 0x29 && --depth === 0) return i + 1;
  }
  return data.length;
}

/** Inline image data runs from ID to an EI between white space. */
function skipInlineImage(data: Uint8Array, start: number): number {
  for (let i = start + 1; i + 2 < data.length; i += 1) {
    if (data[i] === 0x45 && data[i + 1] === 0x49 && WHITE_SPACE.has(data[i - 1]!) && WHITE_SPACE.has(data[i + 2]!))
      return i + 2;
  }
  return data.length;
}
