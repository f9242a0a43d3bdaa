/**
 * A file's size as a buyer or staff member reads it (a 125-byte file once showed
 * "0 kB"). Under 1 kB in bytes, under 1 MB in whole kB, above that in MB to one decimal; a kB
 * and an MB are 1024 of the unit below, as the upload limits count them (ARTWORK_MAX_BYTES).
 */
const KB = 1024;
const MB = 1024 * KB;

export function formatFileSize(bytes: number): string {
  if (bytes < KB) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  // Rounding must not turn 1023.6 kB into "1024 kB": that is 1.0 MB.
  const kb = Math.round(bytes / KB);
  if (bytes < MB && kb < KB) return `${kb} kB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}
