/**
 * Artwork upload rules (R-CUST-05/06, A-17, B-6): which files are accepted, how big, and the
 * messages the buyer sees. Shared by the upload button (client-side pre-check) and
 * app/server/artwork.server.ts, which also checks the bytes. Pure: no I/O.
 */
import { DRAFT_LIMITS } from "./draft-base";

/** 50 MB, counted as 50 × 1024 × 1024 bytes (B-6). */
export const ARTWORK_MAX_BYTES = 50 * 1024 * 1024;
/** Bytes one user may upload in 24 hours (issue 13 item 6): four files at the limit. */
export const ARTWORK_BYTES_PER_DAY = 200 * 1024 * 1024;
/** Files on one draft; a logo plus variants fits, an accidental folder upload doesn't. */
export const ARTWORK_MAX_FILES = DRAFT_LIMITS.files;
/** Bytes read before deciding whether the content is really a PDF or EPS. */
export const ARTWORK_SNIFF_BYTES = 1024;
/** For <input type="file" accept>; the server decides, this only narrows the picker. */
export const ARTWORK_ACCEPT = ".pdf,.eps,application/pdf,application/postscript";

/** R-CUST-05: the upload button's tooltip. */
export const ARTWORK_TOOLTIP = "Only .EPS or .PDF files are accepted.";

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
  /** 415: wrong extension (R-CUST-06). */
  wrongType: "Only .EPS or .PDF files are accepted.",
  /** 415: right extension, wrong bytes (e.g. a PNG renamed logo.pdf). */
  notArtwork: "This file isn't a valid PDF or EPS. Export your artwork as .PDF or .EPS and upload that.",
  /** 409 */
  tooMany: `You can upload at most ${DRAFT_LIMITS.files} files per order.`,
  /** 404 */
  notFound: "That file isn't on this order any more.",
  /** 403: an account whose e-mail address is not confirmed (issue 13 item 6). */
  unverified:
    "Please confirm your e-mail address before uploading artwork. You can confirm it, or add one, on your account page.",
  /** 429: over ARTWORK_BYTES_PER_DAY. */
  /** 429: over CHECKS_PER_HOUR, saying when (a London clock time) and in how many minutes. */
  tooManyChecks: (at: string, minutes: number) =>
    `You've sent ${CHECKS_PER_HOUR} files for checking in the last hour. You can upload again at ${at} (in ${minutes} minute${minutes === 1 ? "" : "s"}).`,
  quota: `You can upload at most ${ARTWORK_BYTES_PER_DAY / (1024 * 1024)} MB of artwork in a day. Please try again tomorrow, or e-mail your files to us instead.`,
} as const;

export type ArtworkKind = "pdf" | "eps";

export const ARTWORK_CONTENT_TYPES: Readonly<Record<ArtworkKind, string>> = {
  pdf: "application/pdf",
  eps: "application/postscript",
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

/** 'pdf' or 'eps' by extension, case-insensitive ('logo.PDF' → 'pdf'); null for anything else. */
export function artworkKind(name: string): ArtworkKind | null {
  const match = /\.(pdf|eps)$/i.exec(name.trim());
  if (!match?.[1]) return null;
  return match[1].toLowerCase() === "pdf" ? "pdf" : "eps";
}

/** R-CUST-06: only .eps and .pdf, any case. */
export function isAllowedArtworkName(name: string): boolean {
  return artworkKind(name) !== null;
}

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const PDF_MAGIC = ascii("%PDF-");
const EPS_MAGIC = ascii("%!PS-Adobe-");
const EPSF_MARK = ascii(" EPSF-");
/** The binary "DOS EPS" header with an embedded preview: C5 D0 D3 C6. */
const DOS_EPS_MAGIC = Uint8Array.of(0xc5, 0xd0, 0xd3, 0xc6);

function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  if (bytes.length < prefix.length) return false;
  return prefix.every((byte, i) => bytes[i] === byte);
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
 * says ' EPSF-' on that first line, or is a binary DOS EPS. Print shops need real vector files,
 * and a renamed PNG would only fail later, at proofing.
 */
export function contentMatchesArtwork(kind: ArtworkKind, head: Uint8Array): boolean {
  if (kind === "pdf") return startsWith(head, PDF_MAGIC);
  if (startsWith(head, DOS_EPS_MAGIC)) return true;
  if (!startsWith(head, EPS_MAGIC)) return false;
  let lineEnd = head.findIndex((byte) => byte === 0x0a || byte === 0x0d);
  if (lineEnd === -1) lineEnd = head.length;
  return indexOf(head, EPSF_MARK, lineEnd) !== -1;
}
