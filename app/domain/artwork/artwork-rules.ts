/**
 * Artwork upload rules (R-CUST-05/06, A-17, B-6): which files are accepted, how big, and the
 * messages the buyer sees. Shared by the upload button (client-side pre-check) and
 * app/server/artwork/artwork.server.ts, which also checks the bytes. Pure: no I/O.
 */
import { DRAFT_LIMITS } from "../core/draft-base";

/** 50 MB, counted as 50 × 1024 × 1024 bytes (B-6). */
export const ARTWORK_MAX_BYTES = 50 * 1024 * 1024;
/**
 * An SVG is text a logo needs kilobytes of; 10 MB is far beyond an honest one and keeps the
 * sandboxed reader's scan short (docs/decisions/044-raster-and-svg-artwork.md).
 */
export const SVG_MAX_BYTES = 10 * 1024 * 1024;
/** Bytes one user may upload in 24 hours (docs/security.md): four files at the limit. */
export const ARTWORK_BYTES_PER_DAY = 200 * 1024 * 1024;
/** Files on one draft; a logo plus variants fits, an accidental folder upload doesn't. */
export const ARTWORK_MAX_FILES = DRAFT_LIMITS.files;
/** Bytes read before deciding whether the content is really what its extension says. */
export const ARTWORK_SNIFF_BYTES = 1024;
/** For <input type="file" accept>; the server decides, this only narrows the picker. */
export const ARTWORK_ACCEPT =
  ".pdf,.eps,.png,.jpg,.jpeg,.svg,application/pdf,application/postscript,image/png,image/jpeg,image/svg+xml";

/** R-CUST-05, widened by docs/decisions/044-raster-and-svg-artwork.md: the upload button's tooltip. */
export const ARTWORK_TOOLTIP =
  "We accept .EPS, .PDF, .SVG, .PNG and .JPG files. Vector files (EPS, PDF, SVG) print sharpest.";

/** At most this many checks per account in any hour (docs/decisions/033-fair-preflight-queue.md). */
export const CHECKS_PER_HOUR = 30;

/** Every upload refusal, in the words the buyer sees; the server answers with the status beside each. */
export const ARTWORK_MESSAGES = {
  /** 400 */
  empty: "The file is empty.",
  /** 400 */
  noName: "The upload has no file name.",
  /** 413 */
  tooLarge: "Files can be at most 50 MB.",
  /** 413 */
  svgTooLarge: "SVG files can be at most 10 MB.",
  /** 415: wrong extension (R-CUST-06). */
  wrongType: "Only .EPS, .PDF, .SVG, .PNG or .JPG files are accepted.",
  /** 415: right extension, wrong bytes (e.g. a PNG renamed logo.pdf). */
  notArtwork:
    "This file isn't what its name says (a valid PDF, EPS, SVG, PNG or JPEG). Export your artwork again and upload that.",
  /** 409 */
  tooMany: `You can upload at most ${DRAFT_LIMITS.files} files per order.`,
  /** 404 */
  notFound: "That file isn't on this order any more.",
  /** 403: an account whose e-mail address is not confirmed (docs/security.md). */
  unverified:
    "Please confirm your e-mail address before uploading artwork. You can confirm it, or add one, on your account page.",
  /** 429: over CHECKS_PER_HOUR, saying when (a London clock time) and in how many minutes. */
  tooManyChecks: (at: string, minutes: number) =>
    `You've sent ${CHECKS_PER_HOUR} files for checking in the last hour. You can upload again at ${at} (in ${minutes} minute${minutes === 1 ? "" : "s"}).`,
  /** 429: over ARTWORK_BYTES_PER_DAY. */
  quota: `You can upload at most ${ARTWORK_BYTES_PER_DAY / (1024 * 1024)} MB of artwork in a day. Please try again tomorrow, or e-mail your files to us instead.`,
} as const;

export const ARTWORK_KINDS = ["pdf", "eps", "png", "jpeg", "svg"] as const;
export type ArtworkKind = (typeof ARTWORK_KINDS)[number];

export const ARTWORK_CONTENT_TYPES: Readonly<Record<ArtworkKind, string>> = {
  pdf: "application/pdf",
  eps: "application/postscript",
  png: "image/png",
  jpeg: "image/jpeg",
  svg: "image/svg+xml",
};

/** The most bytes a file of `kind` may have, and the refusal (413) past it. */
export const artworkMaxBytes = (kind: ArtworkKind) => (kind === "svg" ? SVG_MAX_BYTES : ARTWORK_MAX_BYTES);
export const artworkTooLarge = (kind: ArtworkKind) =>
  artworkMaxBytes(kind) === SVG_MAX_BYTES ? ARTWORK_MESSAGES.svgTooLarge : ARTWORK_MESSAGES.tooLarge;

const KIND_BY_EXTENSION: Readonly<Record<string, ArtworkKind>> = {
  pdf: "pdf",
  eps: "eps",
  png: "png",
  jpg: "jpeg",
  jpeg: "jpeg",
  svg: "svg",
};

/**
 * The name as shown and stored in the draft: the last path segment only (old browsers send
 * 'C:\\fakepath\\logo.pdf'), control characters removed, trimmed, at most 255 characters with
 * the extension kept. It is never used as a name on disk.
 */
export function cleanArtworkName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes.
  const visible = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  if (visible.length <= DRAFT_LIMITS.fileName) return visible;
  const dot = visible.lastIndexOf(".");
  const ext = dot > 0 ? visible.slice(dot) : "";
  return visible.slice(0, DRAFT_LIMITS.fileName - ext.length) + ext;
}

/** The kind by extension, case-insensitive ('logo.PDF' → 'pdf', 'logo.JPG' → 'jpeg'); null for anything else. */
export function artworkKind(name: string): ArtworkKind | null {
  const match = /\.([a-z]+)$/i.exec(name.trim());
  return (match?.[1] && KIND_BY_EXTENSION[match[1].toLowerCase()]) || null;
}

/**
 * The upload button's pre-check of a chosen file, before any byte is sent (the server checks again):
 * the refusal the buyer sees, or null.
 */
export function artworkPreCheck(name: string, size: number): string | null {
  const kind = artworkKind(name);
  if (!kind) return ARTWORK_MESSAGES.wrongType;
  if (size === 0) return ARTWORK_MESSAGES.empty;
  if (size > artworkMaxBytes(kind)) return artworkTooLarge(kind);
  return null;
}

/** R-CUST-06, widened by docs/decisions/044-raster-and-svg-artwork.md: .eps, .pdf, .svg, .png, .jpg and .jpeg, any case. */
export function isAllowedArtworkName(name: string): boolean {
  return artworkKind(name) !== null;
}

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const PDF_MAGIC = ascii("%PDF-");
const EPS_MAGIC = ascii("%!PS-Adobe-");
const EPSF_MARK = ascii(" EPSF-");
/** The binary "DOS EPS" header with an embedded preview: C5 D0 D3 C6. */
const DOS_EPS_MAGIC = Uint8Array.of(0xc5, 0xd0, 0xd3, 0xc6);
/** The signatures that name a file's type by themselves; proof-rules.ts's proofKind reads the same. */
const SIGNATURES: ReadonlyArray<{ kind: "pdf" | "png" | "jpeg"; bytes: Uint8Array }> = [
  { kind: "pdf", bytes: PDF_MAGIC },
  // \x89 'PNG' \r \n \x1a \n
  { kind: "png", bytes: Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) },
  // SOI then the first marker's FF
  { kind: "jpeg", bytes: Uint8Array.of(0xff, 0xd8, 0xff) },
];
const UTF8_BOM = Uint8Array.of(0xef, 0xbb, 0xbf);

/**
 * An SVG's first bytes: text (no NUL, so not UTF-16 or binary) that begins, after an optional BOM
 * and white space, with markup, and opens an <svg element within them. Whether it is safe is the
 * sandboxed reader's question (decision 044), not this one's.
 */
function looksLikeSvg(head: Uint8Array): boolean {
  const body = startsWith(head, UTF8_BOM) ? head.subarray(UTF8_BOM.length) : head;
  if (body.includes(0)) return false;
  const text = String.fromCharCode(...body);
  return /^\s*</.test(text) && /<svg[\s>]/.test(text);
}

function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  if (bytes.length < prefix.length) return false;
  return prefix.every((byte, i) => bytes[i] === byte);
}

/** A PDF, PNG or JPEG by its first bytes; null for anything else. */
export function signatureKind(head: Uint8Array): "pdf" | "png" | "jpeg" | null {
  return SIGNATURES.find((signature) => startsWith(head, signature.bytes))?.kind ?? null;
}

function indexOf(bytes: Uint8Array, needle: Uint8Array, end: number): number {
  outer: for (let i = 0; i + needle.length <= end; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * Whether the first bytes of a file (at least ARTWORK_SNIFF_BYTES, or the whole file if shorter)
 * are what its extension claims: a PDF starts with '%PDF-'; an EPS starts with '%!PS-Adobe-' and
 * says ' EPSF-' on that first line, or is a binary DOS EPS; a PNG and a JPEG start with their
 * signatures; an SVG as looksLikeSvg says. A renamed file would only fail later, at proofing.
 */
export function contentMatchesArtwork(kind: ArtworkKind, head: Uint8Array): boolean {
  if (kind === "pdf" || kind === "png" || kind === "jpeg") return signatureKind(head) === kind;
  if (kind === "svg") return looksLikeSvg(head);
  if (startsWith(head, DOS_EPS_MAGIC)) return true;
  if (!startsWith(head, EPS_MAGIC)) return false;
  let lineEnd = head.findIndex((byte) => byte === 0x0a || byte === 0x0d);
  if (lineEnd === -1) lineEnd = head.length;
  return indexOf(head, EPSF_MARK, lineEnd) !== -1;
}
