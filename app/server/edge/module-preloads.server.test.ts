import { describe, expect, it } from "vitest";
import { withoutModulePreloads } from "./module-preloads.server";

const HEAD =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-a.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/root-b.js" nonce="n"/>' +
  '<link nonce="n" rel="stylesheet" href="/assets/root-c.css"/></head>';
const BODY =
  '<body><p>Café £5.50 — 帽子</p><link rel="modulepreload" href="/in-body.js"/>' +
  '<script nonce="n" type="module" async="">import "/assets/root-b.js";</script></body></html>';

/** Streams `text` in pieces of `size` bytes, so tags and multi-byte characters are cut across chunks. */
function chunked(text: string, size: number, contentType = "text/html; charset=utf-8") {
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.slice(at, at + size));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { "Content-Type": contentType } });
}

describe("withoutModulePreloads", () => {
  it.each([1, 3, 7, 64, 100_000])(
    "drops the head's module preloads and keeps every other byte (%i-byte chunks)",
    async (size) => {
      const text = await withoutModulePreloads(chunked(HEAD + BODY, size)).text();
      expect(text).toBe(
        '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link nonce="n" rel="stylesheet" href="/assets/root-c.css"/></head>' +
          BODY,
      );
    },
  );

  it("keeps the status and headers", async () => {
    const response = withoutModulePreloads(
      new Response(HEAD + BODY, { status: 404, headers: { "Content-Type": "text/html", "X-Test": "1" } }),
    );
    expect(response.status).toBe(404);
    expect(response.headers.get("X-Test")).toBe("1");
  });

  it("passes anything that is not HTML through untouched", async () => {
    const json = chunked('{"a":"<link rel=\\"modulepreload\\"></head>"}', 5, "application/json");
    expect(await withoutModulePreloads(json).text()).toBe('{"a":"<link rel=\\"modulepreload\\"></head>"}');
  });

  it("passes a document with no </head> through unchanged", async () => {
    const partial = '<html><head><link rel="modulepreload" href="/a.js"/>';
    expect(await withoutModulePreloads(chunked(partial, 4)).text()).toBe(partial);
  });
});
