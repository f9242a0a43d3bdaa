import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { precompress, splicedGzip } from "./spliced-gzip.server";

const page = (nonce: string) =>
  `<!DOCTYPE html><html><head><script nonce="${nonce}">window.__a=1</script></head><body>${"<p>Branded mugs from £4.20 — 50+ </p>".repeat(2_000)}<script nonce="${nonce}" type="module">import("/assets/entry.js")</script></body></html>`;

describe("a page gzipped once and sent with each response's nonce", () => {
  it("unzips to the page with the new nonce in every place, as a strict gunzip reads it", () => {
    const text = precompress(page("OLD").split('nonce="OLD"'));
    for (const nonce of ["c2VjcmV0LW5vbmNlLTE=", "YW5vdGhlci1vbmU="]) {
      expect(gunzipSync(splicedGzip(text, `nonce="${nonce}"`)).toString("utf8")).toBe(page(nonce));
    }
  });

  it("is about as small as gzipping the whole page", () => {
    const text = precompress(page("OLD").split('nonce="OLD"'));
    const spliced = splicedGzip(text, 'nonce="bmV3"');
    expect(spliced.length).toBeLessThan(page("bmV3").length / 20);
  });

  it("holds a page with no hole, holes at either end, empty pieces and multi-byte text", () => {
    for (const pieces of [["£ only text — no nonce"], ["", "middle", ""], ["a", "", "b"], [""]]) {
      const spliced = splicedGzip(precompress(pieces), "«N»");
      expect(gunzipSync(spliced).toString("utf8")).toBe(pieces.join("«N»"));
    }
  });

  it("refuses a hole longer than one stored block", () => {
    expect(() => splicedGzip(precompress(["a", "b"]), "x".repeat(70_000))).toThrow(/one stored block/);
  });
});
