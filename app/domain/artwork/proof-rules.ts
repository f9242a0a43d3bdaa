/**
 * Design proofs that staff upload for an order (REQUIREMENTS B-3): which files
 * are accepted, how big, and the messages staff see. The bytes decide the type, never the name
 * or the browser's Content-Type: a proof is opened by a buyer, so a renamed HTML page or script
 * must not reach them as a "PDF". Pure: no I/O.
 */
import { cleanArtworkName, signatureKind } from "./artwork-rules";

/** 20 MB, counted as 20 × 1024 × 1024 bytes: a print-ready mock-up PDF fits, a raw photo shoot doesn't. */
export const PROOF_MAX_BYTES = 20 * 1024 * 1024;
/** Enough bytes to recognise every accepted signature (PNG's is the longest, 8). */
export const PROOF_SNIFF_BYTES = 8;
/** For <input type="file" accept>; only narrows the picker, the server reads the bytes. */
export const PROOF_ACCEPT = ".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg";

export type ProofKind = "pdf" | "png" | "jpeg";

export const PROOF_CONTENT_TYPES: Readonly<Record<ProofKind, string>> = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
};

export const PROOF_FILE_MESSAGES = {
  missing: "Choose the proof file to upload.",
  empty: "The proof file is empty.",
  tooLarge: "Proofs can be at most 20 MB.",
  wrongType: "A proof must be a PDF, PNG or JPEG file. This file is none of those.",
} as const;

/** The proof's type from its first bytes, or null when it is not a PDF, PNG or JPEG. */
export function proofKind(head: Uint8Array): ProofKind | null {
  return signatureKind(head);
}

const EXTENSIONS: Readonly<Record<ProofKind, readonly string[]>> = {
  pdf: [".pdf"],
  png: [".png"],
  jpeg: [".jpg", ".jpeg"],
};

/**
 * The name the proof is kept and downloaded under: the uploader's file name cleaned like an
 * artwork name, with the extension of what the bytes really are, so a buyer's computer opens it
 * with the right program ('mockup' → 'mockup.pdf', 'proof.pdf' holding a PNG → 'proof.pdf.png').
 */
export function proofFileName(raw: string, kind: ProofKind): string {
  const cleaned = cleanArtworkName(raw) || "proof";
  const lower = cleaned.toLowerCase();
  if (EXTENSIONS[kind].some((ext) => lower.endsWith(ext))) return cleaned;
  return cleanArtworkName(`${cleaned}${EXTENSIONS[kind][0]}`);
}
