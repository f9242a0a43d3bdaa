/**
 * CRC-32 (gzip's) of joined pieces from the pieces' own CRCs and lengths, without reading their
 * bytes again: CRC(A + B) = CRC(A) · x^(8·|B|) mod P + CRC(B), in GF(2) polynomials written in
 * the reflected bit order gzip uses. A cached page's pieces are checked once, when the page is
 * cached; each response then pays for its nonce's few bytes and a few multiplications, not for
 * the whole page (spliced-gzip.server.ts).
 */

/** gzip's polynomial, reflected. */
const POLY = 0xedb88320;
/** The polynomial 1 (x⁰), reflected: the top bit. */
const ONE = 0x80000000;

/** a(x) · b(x) mod P. */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  let factor = b >>> 0;
  for (let bit = ONE; bit !== 0; bit >>>= 1) {
    if (a & bit) product ^= factor;
    factor = factor & 1 ? (factor >>> 1) ^ POLY : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) mod P for k = 0 … 31: each the square of the one before, starting from x¹. */
const X_POWER_OF_TWO: number[] = [];
for (let k = 0, power = ONE >>> 1; k < 32; k += 1) {
  X_POWER_OF_TWO.push(power);
  power = multiplyModP(power, power);
}

/** x^(8·bytes) mod P: what a CRC is multiplied by when `bytes` more bytes follow it. */
export function shiftFor(bytes: number): number {
  let result = ONE;
  // 8·bytes = bytes · 2³: square-and-multiply over the bits of `bytes`, starting at x^(2³).
  for (let n = bytes, k = 3; n > 0; n = Math.floor(n / 2), k += 1) {
    if (n % 2 === 1) result = multiplyModP(X_POWER_OF_TWO[k % 32]!, result);
  }
  return result;
}

/** The CRC of A followed by B, from CRC(A), CRC(B) and `shift` = shiftFor(|B|). */
export function combineCrc(crcA: number, crcB: number, shift: number): number {
  return (multiplyModP(shift, crcA) ^ crcB) >>> 0;
}
