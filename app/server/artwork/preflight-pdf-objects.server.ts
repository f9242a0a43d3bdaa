/**
 * Decision 027: page one of a PDF as pdf-lib sees its raw objects, for what pdfjs' operator list hides
 * (it turns every colour into RGB, and reports its own stand-in for a standard font as present):
 * the colour spaces and colour operators used, whether each font's file is in the PDF, and the
 * largest image's pixel count. Used by preflight-read.server.ts, in the preflight worker.
 */
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFStream,
} from "@cantoo/pdf-lib";
import type { ColourUse } from "~/domain/artwork/preflight-findings";

const latin1 = new TextDecoder("latin1");

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
  largestImagePixels: number;
  deref: (object: PDFObject | undefined) => PDFObject | undefined;
};

export function pageObjects(raw: PDFDocument) {
  const walk: Walk = {
    colours: { rgb: false, cmyk: false, gray: false, spot: [] },
    fonts: new Map(),
    seen: new Set(),
    contentBudget: MAX_CONTENT_BYTES,
    largestImagePixels: 0,
    deref: (object) => (object instanceof PDFRef ? raw.context.lookup(object) : object),
  };
  const page = raw.getPage(0).node;
  const resources = walk.deref(page.getInheritableAttribute(PDFName.of("Resources")));
  const contents = walk.deref(page.Contents());
  const streams = contents instanceof PDFArray ? contents.asArray().map(walk.deref) : [contents];
  visit(walk, resources, streams, 0);
  const fonts = [...walk.fonts].map(([name, embedded]) => ({ name, embedded }));
  return { colours: walk.colours, fonts, largestImagePixels: walk.largestImagePixels };
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
    if (subtype === PDFName.of("Image")) {
      classify(walk, xobject.dict.get(PDFName.of("ColorSpace")), 0);
      const [width, height] = ["Width", "Height"].map((key) => walk.deref(xobject.dict.get(PDFName.of(key))));
      if (width instanceof PDFNumber && height instanceof PDFNumber) {
        walk.largestImagePixels = Math.max(walk.largestImagePixels, width.asNumber() * height.asNumber());
      }
    } else if (subtype === PDFName.of("Form"))
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
