import { randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { combineCrc, shiftFor } from "./crc32-combine.server";

describe("the CRC of joined pieces from the pieces' CRCs", () => {
  it("is zlib's CRC of the joined bytes, for empty, short, odd and long pieces", () => {
    const lengths = [0, 1, 2, 3, 7, 8, 31, 32, 255, 256, 1_000, 4_096, 49_152, 65_535, 65_536, 300_001];
    for (const a of lengths) {
      for (const b of [0, 1, 5, 32, 4_096, 49_153]) {
        const [first, second] = [randomBytes(a), randomBytes(b)];
        const joined = combineCrc(crc32(first), crc32(second), shiftFor(b));
        expect(joined, `${a} then ${b} bytes`).toBe(crc32(Buffer.concat([first, second])));
      }
    }
  });

  it("chains over many pieces as a page with holes is built", () => {
    const pieces = Array.from({ length: 12 }, (_, n) => randomBytes(n * 997));
    let crc = 0;
    for (const piece of pieces) crc = combineCrc(crc, crc32(piece), shiftFor(piece.length));
    expect(crc).toBe(crc32(Buffer.concat(pieces)));
  });

  it("leaves a CRC as it is when nothing follows", () => {
    expect(combineCrc(0x12345678, 0, shiftFor(0))).toBe(0x12345678);
  });
});
