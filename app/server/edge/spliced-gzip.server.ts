/**
 * Decision 001: a cached page gzipped once, yet sent with each response's own CSP nonce. Gzipping the
 * page for every response was the largest cost of replaying it (the page is 50 kB). The text
 * between the nonces is compressed once, each piece by a compressor of its own ending on a byte
 * boundary (a sync flush), so no piece refers back into another; each response's nonce goes
 * between them as a stored (uncompressed) deflate block, and the gzip trailer's checksum is
 * combined for that response from the pieces' checksums, taken once, and the nonce's
 * (crc32-combine.server.ts), so a response reads only its nonce's bytes. The result is one
 * ordinary gzip stream (RFC 1951 and 1952).
 */
import { constants, crc32, deflateRawSync } from "node:zlib";
import { combineCrc, shiftFor } from "./crc32-combine.server";

export interface Precompressed {
  /** The text between the holes, as sent. */
  plain: Buffer[];
  /** Each piece of `plain` deflated on its own; the last one ends the deflate stream. */
  deflated: Buffer[];
  /** Each piece's CRC-32, and what a CRC is multiplied by when the piece follows it. */
  crcs: number[];
  shifts: number[];
}

/** Compresses the text around the holes once: `pieces` are what lies between them, in order. */
export function precompress(pieces: readonly string[]): Precompressed {
  const plain = pieces.map((piece) => Buffer.from(piece, "utf8"));
  const deflated = plain.map((piece, n) =>
    deflateRawSync(piece, { finishFlush: n === plain.length - 1 ? constants.Z_FINISH : constants.Z_SYNC_FLUSH }),
  );
  return {
    plain,
    deflated,
    crcs: plain.map((piece) => crc32(piece)),
    shifts: plain.map((piece) => shiftFor(piece.length)),
  };
}

/** shiftFor of a hole's length: the same for every response of a page (a nonce's length is fixed). */
const holeShifts = new Map<number, number>();
function holeShift(bytes: number): number {
  let shift = holeShifts.get(bytes);
  if (shift === undefined) {
    shift = shiftFor(bytes);
    holeShifts.set(bytes, shift);
  }
  return shift;
}

/** Gzip's header: deflate, no name or time, unknown system. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** A non-final stored block holding `bytes` (at most 65,535), starting on a byte boundary. */
function storedBlock(bytes: Buffer): Buffer {
  const block = Buffer.alloc(5 + bytes.length);
  block[0] = 0; // BFINAL 0, BTYPE 00 (stored), then padding to the byte's end
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

/** The gzip of the pieces with `hole` written between each two of them. */
export function splicedGzip(text: Precompressed, hole: string): Buffer {
  const filler = Buffer.from(hole, "utf8");
  if (filler.length > 0xffff) throw new Error("a hole's text must fit one stored block");
  const block = storedBlock(filler);
  const fillerCrc = crc32(filler);
  const fillerShift = holeShift(filler.length);
  const chunks: Buffer[] = [HEADER];
  let crc = 0;
  let size = 0;
  text.plain.forEach((piece, n) => {
    if (n > 0) {
      chunks.push(block);
      crc = combineCrc(crc, fillerCrc, fillerShift);
      size += filler.length;
    }
    chunks.push(text.deflated[n] as Buffer);
    crc = combineCrc(crc, text.crcs[n]!, text.shifts[n]!);
    size += piece.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(trailer);
  return Buffer.concat(chunks);
}
