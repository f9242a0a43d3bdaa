/**
 * Decision 027: an EPS's preflight report, from its DSC header (Adobe's Document Structuring
 * Conventions: "%%Key: value" comment lines up to %%EndComments), a bounded search for raster
 * operators, and a binary (DOS) EPS's 30-byte header. An EPS header is text, so this small reader
 * needs no PostScript interpreter. Re-exported by preflight-read.server.ts; runs in the worker.
 */
import type { EpsReport, UnreadableReport } from "~/domain/artwork/preflight";
import type { ColourUse } from "~/domain/artwork/preflight-findings";

const MM_PER_POINT = 25.4 / 72;
/** DSC comments come first; the header is read from the PostScript's first 64 kB, "(atend)" values from its last 64 kB. */
const HEADER_BYTES = 64 * 1024;
const TRAILER_BYTES = 64 * 1024;
/**
 * Raster operators are looked for in at most 16 MB after the header and prolog (a 50 MB EPS is a
 * placed bitmap in all but name, and its image operator comes before the data it reads).
 */
const RASTER_SCAN_BYTES = 16 * 1024 * 1024;
const MAX_DSC_KEYS = 20;
const MAX_DSC_VALUE = 200;

const latin1 = new TextDecoder("latin1");
const damaged: UnreadableReport = { kind: "unreadable", reason: "damaged" };

export function readEps(bytes: Uint8Array): EpsReport | UnreadableReport {
  const sections = splitBinaryEps(bytes);
  if (!sections) return damaged;
  const { postscript, preview } = sections;
  const head = latin1.decode(postscript.subarray(0, HEADER_BYTES));
  if (!head.startsWith("%!PS-Adobe")) return damaged;
  const header = readHeader(head);
  const tail = () =>
    readHeader(latin1.decode(postscript.subarray(Math.max(0, postscript.length - TRAILER_BYTES))), true);
  const box = (key: string) => {
    const value = header.values.get(key);
    return value === "(atend)" ? tail().values.get(key) : value;
  };
  const colours: ColourUse = { rgb: false, cmyk: false, gray: false, spot: [] };
  const custom = header.values.get("DocumentCustomColors");
  for (const name of dscNames(
    custom === "(atend)" ? (tail().values.get("DocumentCustomColors") ?? "") : (custom ?? ""),
  )) {
    if (!colours.spot.includes(name)) colours.spot.push(name);
  }
  const process = dscNames(header.values.get("DocumentProcessColors") ?? "");
  colours.cmyk = process.some((name) => ["Cyan", "Magenta", "Yellow", "Black"].includes(name));
  return {
    kind: "eps",
    boundingBox: parseBox(box("HiResBoundingBox")) ?? parseBox(box("BoundingBox")),
    raster: hasRaster(postscript, header.end),
    dsc: header.dsc,
    colours,
    preview,
  };
}

/** The PostScript an EPS holds: all of a plain one, the PostScript section of a binary one. */
export function epsPostScript(bytes: Uint8Array): Uint8Array | null {
  return splitBinaryEps(bytes)?.postscript ?? null;
}

/** A DOS EPS starts C5 D0 D3 C6, then the offsets and lengths of its PostScript, WMF and TIFF sections. */
function splitBinaryEps(bytes: Uint8Array): { postscript: Uint8Array; preview: EpsReport["preview"] } | null {
  const binary = bytes[0] === 0xc5 && bytes[1] === 0xd0 && bytes[2] === 0xd3 && bytes[3] === 0xc6;
  if (!binary) return { postscript: bytes, preview: null };
  if (bytes.length < 30) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, 30);
  const [psStart, psLength, wmfStart, wmfLength, tiffStart, tiffLength] = [4, 8, 12, 16, 20, 24].map((at) =>
    view.getUint32(at, true),
  ) as [number, number, number, number, number, number];
  const inside = (start: number, length: number) => length > 0 && start >= 30 && start + length <= bytes.length;
  if (!inside(psStart, psLength)) return null;
  const preview: EpsReport["preview"] = inside(tiffStart, tiffLength)
    ? { format: "tiff", bytes: tiffLength }
    : inside(wmfStart, wmfLength)
      ? { format: "wmf", bytes: wmfLength }
      : null;
  return { postscript: bytes.subarray(psStart, psStart + psLength), preview };
}

/**
 * The "%%Key: value" comments of a header (up to %%EndComments or the first line that is not a
 * comment), "%%+" lines continuing the previous value; `end` is where the header stops, in bytes.
 * In a trailer (`anywhere`), comment lines are read wherever they are.
 */
function readHeader(text: string, anywhere = false) {
  const values = new Map<string, string>();
  const dsc: Record<string, string> = {};
  let last: string | null = null;
  let offset = 0;
  let end = text.length;
  // Old Mac EPS files end lines with CR alone; a CRLF counts as two lines, the second empty.
  for (const trimmed of text.split(/[\r\n]/)) {
    const start = offset;
    offset += trimmed.length + 1;
    if (trimmed === "") continue;
    if (start === 0 && trimmed.startsWith("%!")) continue;
    if (trimmed === "%%EndComments" || (!anywhere && !trimmed.startsWith("%"))) {
      end = trimmed === "%%EndComments" ? offset : start;
      if (!anywhere) break;
      continue;
    }
    if (trimmed.startsWith("%%+") && last !== null) {
      values.set(last, `${values.get(last) ?? ""} ${trimmed.slice(3).trim()}`);
    } else if (trimmed.startsWith("%%") && trimmed.includes(":")) {
      const colon = trimmed.indexOf(":");
      last = trimmed.slice(2, colon);
      values.set(last, trimmed.slice(colon + 1).trim());
    } else continue;
    if (last !== null && (last in dsc || Object.keys(dsc).length < MAX_DSC_KEYS)) {
      dsc[last] = (values.get(last) ?? "").slice(0, MAX_DSC_VALUE);
    }
  }
  return { values, dsc, end };
}

/** "(PANTONE 186 C) (Gold)" or "Cyan Magenta Black": names in parentheses, or words. */
function dscNames(value: string): string[] {
  const names: string[] = [];
  let i = 0;
  while (i < value.length) {
    if (value[i] === " " || value[i] === "\t") i += 1;
    else {
      const close = value[i] === "(" ? value.indexOf(")", i) : -1;
      const stop = value[i] === "(" ? (close === -1 ? value.length : close) : nextSpace(value, i);
      const name = value.slice(value[i] === "(" ? i + 1 : i, stop).trim();
      if (name !== "") names.push(name);
      i = stop + 1;
    }
  }
  return names;
}

const nextSpace = (text: string, from: number) => {
  const space = text.indexOf(" ", from);
  return space === -1 ? text.length : space;
};

/** "llx lly urx ury" in points → millimetres; null when absent, "(atend)" unresolved or empty. */
function parseBox(value: string | undefined): EpsReport["boundingBox"] {
  if (value === undefined) return null;
  const numbers = value
    .split(" ")
    .filter((part) => part !== "")
    .map(Number);
  if (numbers.length !== 4 || numbers.some((n) => !Number.isFinite(n))) return null;
  const [llx, lly, urx, ury] = numbers as [number, number, number, number];
  if (urx <= llx || ury <= lly) return null;
  const mm = (points: number) => Math.round(points * MM_PER_POINT * 100) / 100;
  return { widthMm: mm(urx - llx), heightMm: mm(ury - lly) };
}

const RASTER_MARKERS = ["%%BeginData", "%ImageData", "%%BeginBinary"];
const RASTER_OPERATORS = ["image", "colorimage", "imagemask"];
/** PostScript's white space and delimiters: what may stand either side of an operator. */
const BOUNDARY = new Set([0, 9, 10, 12, 13, 32, 0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

/**
 * Whether the PostScript after its header and prolog draws raster data. The prolog is skipped
 * because Illustrator's and others' procedure sets mention `image` whether or not it is used.
 */
function hasRaster(postscript: Uint8Array, headerEnd: number): boolean {
  const all = Buffer.from(postscript.buffer, postscript.byteOffset, postscript.byteLength);
  const prolog = all.indexOf("%%EndProlog", headerEnd, "latin1");
  const start = prolog === -1 ? headerEnd : prolog;
  const region = all.subarray(start, start + RASTER_SCAN_BYTES);
  if (RASTER_MARKERS.some((marker) => region.includes(marker, 0, "latin1"))) return true;
  return RASTER_OPERATORS.some((operator) => {
    for (let at = region.indexOf(operator); at !== -1; at = region.indexOf(operator, at + 1)) {
      const before = at === 0 ? 32 : region[at - 1]!;
      const after = at + operator.length >= region.length ? 32 : region[at + operator.length]!;
      // "/image" names a procedure; the operator itself stands between delimiters.
      if (BOUNDARY.has(before) && before !== 0x2f && BOUNDARY.has(after)) return true;
    }
    return false;
  });
}
