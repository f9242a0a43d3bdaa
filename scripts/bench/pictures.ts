/**
 * Product pictures (docs/decisions/066-catalogue-is-data.md): a 12-megapixel camera JPEG (4000 ×
 * 3000 px of noise, which does not compress, so nothing is cheaper than a real photo) made into
 * every render the pages use, in this process as the server does it. Reported: the median time of
 * five, and this process's peak resident memory over its resident memory before (VmRSS sampled
 * every 10 ms, so Linux only).
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { PICTURE_WIDTHS, preparePicture } from "../../app/server/catalogue/product-pictures.server";
import type { Row } from "./table";

const MB = 1024 * 1024;
const RUNS = 5;

const residentBytes = () => Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1]) * 1024;

export async function pictureRows(): Promise<Row[]> {
  const [width, height] = [4000, 3000];
  const jpeg = new Uint8Array(
    await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
  const times: number[] = [];
  let growth = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const before = residentBytes();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, residentBytes())), 10);
    const started = performance.now();
    const result = await preparePicture(jpeg, "image/jpeg");
    times.push((performance.now() - started) / 1000);
    clearInterval(sampler);
    if ("code" in result) throw new Error(`the benchmark picture was refused: ${result.message}`);
    growth = Math.max(growth, peak - before);
  }
  const median = times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  const subject = `12 MP JPEG (${(jpeg.byteLength / MB).toFixed(1)} MB) to WebP ${PICTURE_WIDTHS.join(", ")} px`;
  return [
    {
      benchmark: "Product picture",
      subject,
      result: `${median.toFixed(2)} s (median of ${RUNS})`,
      target: "≤ 2 s",
      met: median <= 2,
    },
    {
      benchmark: "Product picture",
      subject: `${subject}: memory growth`,
      result: `${(growth / MB).toFixed(0)} MB (the most of ${RUNS})`,
      target: "≤ 300 MB",
      met: growth <= 300 * MB,
    },
  ];
}
