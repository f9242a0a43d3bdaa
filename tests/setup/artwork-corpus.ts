import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { deflateSync } from "node:zlib";
import { PDFName, PDFDocument as PdfLibDocument } from "@cantoo/pdf-lib";
import { createCanvas } from "@napi-rs/canvas";
import PDFDocument from "pdfkit";

/**
 * The preflight's artwork corpus (decision 027), made by code at test time (no binary files in the repository): each
 * PDF or EPS a buyer might upload, with the figures a preflight report should find in it.
 */

const MM = 72 / 25.4;
/** The cap's front embroidery area, "Up to 10 × 5.5 cm": the pages below are this size, so they print at scale 1. */
export const CAP_FRONT = { label: "Front embroidery", widthMm: 100, heightMm: 55 };

/** A TTF pdfkit can embed: pdfjs ships Liberation Sans as a stand-in for Helvetica. */
const LIBERATION_SANS = join(
  dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")),
  "standard_fonts",
  "LiberationSans-Regular.ttf",
);

type PdfOptions = PDFKit.PDFDocumentOptions;

async function pdfkit(draw: (pdf: PDFKit.PDFDocument) => void, options: PdfOptions = {}): Promise<Uint8Array> {
  const pdf = new PDFDocument({ size: [CAP_FRONT.widthMm * MM, CAP_FRONT.heightMm * MM], margin: 0, ...options });
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on("error", reject);
  });
  draw(pdf);
  pdf.end();
  return done;
}

/** A PNG of `width` × `height` pixels: a gradient, or noise (which does not compress) for the bench. */
export function pngBytes(width: number, height: number, fill: "gradient" | "noise" = "gradient"): Buffer {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  if (fill === "gradient") {
    const gradient = context.createLinearGradient(0, 0, width, height);
    gradient.addColorStop(0, "#c8102e");
    gradient.addColorStop(1, "#003087");
    context.fillStyle = gradient;
    context.fillRect(0, 0, width, height);
  } else {
    const image = context.createImageData(width, height);
    for (let i = 0; i < image.data.length; i += 1) image.data[i] = (i & 3) === 3 ? 255 : Math.random() * 256;
    context.putImageData(image, 0, 0);
  }
  return canvas.toBuffer("image/png");
}

/** Paths and 12 pt Helvetica, which pdfkit does not embed (one of the 14 standard fonts). */
export const vectorLogo = () =>
  pdfkit((pdf) => {
    pdf.circle(80, 78, 50).fill("#c8102e");
    pdf.rect(150, 40, 100, 76).lineWidth(3).stroke("#003087");
    pdf.font("Helvetica").fontSize(12).fillColor("#000000").text("ACME", 160, 60, { lineBreak: false });
  });

/** Paths and 24 pt text in an embedded TrueType font (pdfkit embeds a subset). */
export const embeddedFontLogo = () =>
  pdfkit((pdf) => {
    pdf.rect(10, 10, 100, 50).fill("#003087");
    pdf.font(LIBERATION_SANS).fontSize(24).fillColor("#c8102e").text("ACME", 120, 40, { lineBreak: false });
  });

/**
 * A screenshot-like logo: `width` × `height` pixels placed across the whole 100 × 55 mm page. At
 * 283 × 156 px that is 283 / (100 / 25.4) = 71.9 ppi across and 156 / (55 / 25.4) = 72.0 ppi down.
 */
export const placedImage = (width: number, height: number) =>
  pdfkit((pdf) => {
    pdf.image(pngBytes(width, height), 0, 0, { width: CAP_FRONT.widthMm * MM, height: CAP_FRONT.heightMm * MM });
  });
export const lowResImage = () => placedImage(283, 156);
/** 1181 × 650 px across 100 × 55 mm: 300.0 ppi across, 300.2 down. */
export const highResImage = () => placedImage(1181, 650);

/** Paths filled and stroked in CMYK (the k and K operators), no RGB. */
export const cmykArtwork = () =>
  pdfkit((pdf) => {
    pdf.rect(10, 10, 120, 60).fill([0, 100, 100, 0]);
    pdf.rect(150, 20, 80, 80).lineWidth(2).stroke([100, 60, 0, 20]);
  });

/** Two named spot colours (Separation colour spaces over DeviceCMYK). */
export const spotArtwork = () =>
  pdfkit((pdf) => {
    const spot = pdf as PDFKit.PDFDocument & {
      addSpotColor(name: string, c: number, m: number, y: number, k: number): void;
    };
    spot.addSpotColor("PANTONE 186 C", 0, 100, 80, 5);
    spot.addSpotColor("PANTONE 286 C", 100, 66, 0, 2);
    pdf.rect(10, 10, 120, 60).fill("PANTONE 186 C");
    pdf.rect(150, 20, 80, 80).fill("PANTONE 286 C");
  });

/** Needs a password to open. */
export const userPasswordPdf = () =>
  pdfkit((pdf) => pdf.rect(10, 10, 50, 50).fill("#000000"), { userPassword: "secret", ownerPassword: "owner" });
/** Opens without a password but is encrypted (printing and copying restricted by an owner password). */
export const ownerOnlyPdf = () =>
  pdfkit((pdf) => pdf.rect(10, 10, 50, 50).fill("#000000"), {
    ownerPassword: "owner",
    permissions: { printing: "lowResolution", copying: false },
  });

/** A valid PDF cut in half, as an interrupted upload or download leaves it. */
export const truncatedPdf = async () => {
  const whole = await highResImage();
  return whole.slice(0, Math.floor(whole.length / 2));
};

/** A PDF whose page tree is empty (/Count 0): pdf-lib saves one when told not to add a blank page. */
export const noPagesPdf = async () =>
  PdfLibDocument.create().then((document) => document.save({ addDefaultPage: false }));

/**
 * A decompression bomb's shape: an image that says it is 20 000 × 20 000 pixels (1.6 GB decoded,
 * outside any V8 heap limit) over three bytes of data.
 */
export async function hugeImagePdf(): Promise<Uint8Array> {
  const document = await PdfLibDocument.create();
  const page = document.addPage([283, 156]);
  const image = document.context.stream(new Uint8Array(3), {
    Type: "XObject",
    Subtype: "Image",
    Width: 20_000,
    Height: 20_000,
    ColorSpace: "DeviceRGB",
    BitsPerComponent: 8,
  });
  page.node.setXObject(PDFName.of("Im0"), document.context.register(image));
  page.node.addContentStream(document.context.register(document.context.stream("q 283 0 0 156 0 0 cm /Im0 Do Q")));
  return document.save();
}

/** "%PDF-" and then nothing a reader can use. */
export const garbagePdf = () => new TextEncoder().encode(`%PDF-1.7\n${"nonsense ".repeat(200)}`);

const encode = (text: string) => new TextEncoder().encode(text);

/** A vector EPS as Illustrator writes its header: 2 inches × 1 inch, one spot colour, one CMYK fill. */
export const vectorEps = () =>
  encode(
    [
      "%!PS-Adobe-3.0 EPSF-3.0",
      "%%Creator: Adobe Illustrator(R) 24.0",
      "%%Title: logo.eps",
      "%%BoundingBox: 0 0 144 72",
      "%%HiResBoundingBox: 0 0 144.0 72.0",
      "%%DocumentProcessColors: Cyan Magenta Black",
      "%%DocumentCustomColors: (PANTONE 186 C)",
      "%%+ (PANTONE 286 C)",
      "%%EndComments",
      "0 1 1 0 setcmykcolor",
      "newpath 10 10 moveto 134 10 lineto 134 62 lineto closepath fill",
      "showpage",
      "%%EOF",
      "",
    ].join("\n"),
  );

/** An EPS that draws a raster image (the image operator with hex data), 100 × 50 mm, no DSC colours. */
export const rasterEps = () =>
  encode(
    [
      "%!PS-Adobe-3.0 EPSF-3.0",
      "%%Creator: Photoshop",
      "%%BoundingBox: 0 0 284 142",
      "%%EndComments",
      "gsave 284 142 scale",
      "4 4 8 [4 0 0 -4 0 4] {<00ff00ff00ff00ff00ff00ff00ff00ff>} image",
      "grestore showpage",
      "%%EOF",
      "",
    ].join("\n"),
  );

/**
 * A binary (DOS) EPS: the 30-byte header (C5 D0 D3 C6, then the PostScript's offset and length,
 * the WMF's, the TIFF's, all little-endian, and FFFF for "no checksum"), the vector EPS, and a
 * stand-in TIFF preview of `tiffBytes` bytes.
 */
export function binaryEps(tiffBytes = 512): Uint8Array {
  const postscript = vectorEps();
  const tiff = new Uint8Array(tiffBytes);
  tiff.set([0x49, 0x49, 0x2a, 0x00]);
  const bytes = new Uint8Array(30 + postscript.length + tiff.length);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0xc6d3d0c5, true);
  view.setUint32(4, 30, true);
  view.setUint32(8, postscript.length, true);
  view.setUint32(12, 0, true);
  view.setUint32(16, 0, true);
  view.setUint32(20, 30 + postscript.length, true);
  view.setUint32(24, tiff.length, true);
  view.setUint16(28, 0xffff, true);
  bytes.set(postscript, 30);
  bytes.set(tiff, 30 + postscript.length);
  return bytes;
}

/**
 * A heavy PDF for the bench and the limit tests: `images` PNGs of noise (which does not
 * compress, so each adds about width × height × 3 bytes), tiled over page one of an A4 page.
 */
export const heavyPdf = (images: number, side = 2000) =>
  pdfkit(
    (pdf) => {
      const tile = 595 / Math.ceil(Math.sqrt(images));
      const perRow = Math.ceil(Math.sqrt(images));
      for (let i = 0; i < images; i += 1) {
        pdf.image(pngBytes(side, side, "noise"), (i % perRow) * tile, Math.floor(i / perRow) * tile, {
          width: tile,
          height: tile,
        });
      }
    },
    { size: "A4" },
  );

const crc32 = (bytes: Uint8Array) => {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
};
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}
/** A greyscale PNG of `width` × `height` whose rows are all zeros: a few kilobytes whatever its size. */
export function greyPng(width: number, height: number, rows = height): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 0, 0, 0, 0], 8);
  const pixels = deflateSync(new Uint8Array((width + 1) * rows));
  const parts = [
    Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
