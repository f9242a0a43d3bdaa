import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createHtmlCache, PAGE_COOKIES } from "./html-cache.server";

const PAGE = (nonce: string) =>
  `<!DOCTYPE html><html><head><script nonce="${nonce}">1</script></head><body><p>Caps</p><script nonce="${nonce}">2</script></body></html>`;

function html(body: string, init: { status?: number; headers?: Record<string, string> } = {}) {
  return new Response(body, {
    status: init.status ?? 200,
    headers: { "Content-Type": "text/html; charset=utf-8", ...init.headers },
  });
}

function setup(options: { ttlMs?: number; staleMs?: number; maxEntries?: number } = {}) {
  let clock = 1_000;
  const cache = createHtmlCache({
    ttlMs: options.ttlMs ?? 10_000,
    staleMs: options.staleMs ?? 60_000,
    maxEntries: options.maxEntries ?? 10,
    safeCookies: ["promo_closed"],
    now: () => clock,
  });
  const advance = (ms: number) => (clock += ms);
  /** Renders `body` through the cache the way server.ts does, reading the response to the end. */
  async function render(url: string, body: Response, nonce: string, cookie?: string) {
    const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
    const key = cache.keyFor(request);
    if (key === undefined) return body.text();
    const text = await cache.store(key, body, nonce).text();
    await cache.settled();
    return text;
  }
  return { cache, advance, render };
}

describe("the signed-out page cache", () => {
  it("replays a page with the new response's nonce in every place the old one was", async () => {
    const { cache, render } = setup();
    expect(await render("http://shop.test/product/8", html(PAGE("first")), "first")).toBe(PAGE("first"));
    const key = cache.keyFor(new Request("http://shop.test/product/8"))!;
    const replay = cache.lookup(key, "second");
    expect(replay?.stale).toBe(false);
    expect(replay?.response.status).toBe(200);
    expect(replay?.response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(await replay?.response.text()).toBe(PAGE("second"));
  });

  it("sends a visitor who accepts gzip the page gzipped, with their own nonce", async () => {
    const { cache, render } = setup();
    await render("http://shop.test/product/8", html(PAGE("first")), "first");
    const key = cache.keyFor(new Request("http://shop.test/product/8"))!;
    for (const nonce of ["second", "third"]) {
      const replay = cache.lookup(key, nonce, true);
      const bytes = Buffer.from(await replay!.response.arrayBuffer());
      expect(replay?.response.headers.get("Content-Encoding")).toBe("gzip");
      expect(replay?.response.headers.get("Content-Length")).toBe(String(bytes.length));
      expect(replay?.response.headers.get("Vary")).toContain("Accept-Encoding");
      expect(gunzipSync(bytes).toString("utf8")).toBe(PAGE(nonce));
    }
  });

  it("never caches a request that carries a session or any unknown cookie", () => {
    const { cache } = setup();
    const withSession = new Request("http://shop.test/", { headers: { Cookie: "better-auth.session_token=abc" } });
    const mixed = new Request("http://shop.test/", { headers: { Cookie: "promo_closed=1; other=2" } });
    expect(cache.keyFor(withSession)).toBeUndefined();
    expect(cache.keyFor(mixed)).toBeUndefined();
  });

  it("keeps the promotion-closed page apart from the default one", () => {
    const { cache } = setup();
    const closed = cache.keyFor(new Request("http://shop.test/", { headers: { Cookie: "promo_closed=1" } }));
    const open = cache.keyFor(new Request("http://shop.test/"));
    expect(closed).toBeDefined();
    expect(open).toBeDefined();
    expect(closed).not.toBe(open);
  });

  it("keys on the query string and skips writes and React Router data requests", () => {
    const { cache } = setup();
    expect(cache.keyFor(new Request("http://shop.test/products?search=cap"))).not.toBe(
      cache.keyFor(new Request("http://shop.test/products?search=mat")),
    );
    expect(cache.keyFor(new Request("http://shop.test/contact", { method: "POST" }))).toBeUndefined();
    expect(cache.keyFor(new Request("http://shop.test/products.data"))).toBeUndefined();
    expect(cache.keyFor(new Request("http://shop.test/__manifest?paths=%2F"))).toBeUndefined();
  });

  it.each([
    ["a 404", html(PAGE("n"), { status: 404 })],
    ["a response that sets a cookie", html(PAGE("n"), { headers: { "Set-Cookie": "a=1" } })],
    ["a no-store response", html(PAGE("n"), { headers: { "Cache-Control": "no-store" } })],
    ["a private response", html(PAGE("n"), { headers: { "Cache-Control": "private, max-age=0" } })],
    ["JSON", new Response("{}", { headers: { "Content-Type": "application/json" } })],
    ["a document cut short", html("<!DOCTYPE html><html><body>")],
  ])("does not keep %s", async (_name, response) => {
    const { cache, render } = setup();
    await render("http://shop.test/page", response, "n");
    expect(cache.size()).toBe(0);
  });

  it("serves a page past its time to live as stale, and drops it once it is past the stale window", async () => {
    const { cache, advance, render } = setup({ ttlMs: 5_000, staleMs: 20_000 });
    await render("http://shop.test/", html(PAGE("a")), "a");
    const key = cache.keyFor(new Request("http://shop.test/"))!;
    advance(4_999);
    expect(cache.lookup(key, "b")?.stale).toBe(false);
    advance(1);
    expect(cache.lookup(key, "b")?.stale).toBe(true);
    advance(20_000);
    expect(cache.lookup(key, "b")).toBeUndefined();
  });

  it("revalidates a stale page with one background render however many visitors ask", async () => {
    const { cache, advance, render } = setup({ ttlMs: 5_000 });
    await render("http://shop.test/", html(PAGE("old")), "old");
    const key = cache.keyFor(new Request("http://shop.test/"))!;
    advance(6_000);
    let renders = 0;
    const renderAgain = async () => {
      renders += 1;
      return { response: html(PAGE("new").replace("Caps", "Mats")), nonce: "new" };
    };
    for (let i = 0; i < 5; i++) {
      expect(cache.lookup(key, "v")?.stale).toBe(true);
      cache.revalidate(key, renderAgain);
    }
    await cache.settled();
    expect(renders).toBe(1);
    const fresh = cache.lookup(key, "z");
    expect(fresh?.stale).toBe(false);
    expect(await fresh?.response.text()).toBe(PAGE("z").replace("Caps", "Mats"));
  });

  it("forgets a page whose background render can no longer be cached", async () => {
    const { cache, advance, render } = setup({ ttlMs: 5_000 });
    await render("http://shop.test/product/8", html(PAGE("a")), "a");
    const key = cache.keyFor(new Request("http://shop.test/product/8"))!;
    advance(6_000);
    cache.revalidate(key, async () => ({ response: html(PAGE("b"), { status: 404 }), nonce: "b" }));
    await cache.settled();
    expect(cache.lookup(key, "c")).toBeUndefined();
  });

  it("forgets every page at once, and keeps no render begun before it", async () => {
    const { cache, advance, render } = setup({ ttlMs: 5_000 });
    await render("http://shop.test/product/8", html(PAGE("a")), "a");
    await render("http://shop.test/products", html(PAGE("b")), "b");
    const key = cache.keyFor(new Request("http://shop.test/product/8"))!;
    advance(6_000);
    let finish: (page: { response: Response; nonce: string }) => void = () => undefined;
    cache.revalidate(key, () => new Promise((resolve) => (finish = resolve)));
    cache.forget();
    expect(cache.size()).toBe(0);
    finish({ response: html(PAGE("old")), nonce: "old" });
    await cache.settled();
    expect(cache.lookup(key, "c")).toBeUndefined();
    // A render begun after it is kept as before.
    await render("http://shop.test/product/8", html(PAGE("new")), "new");
    expect(await cache.lookup(key, "d")?.response.text()).toBe(PAGE("d"));
  });

  it("holds at most maxEntries pages, dropping the oldest", async () => {
    const { cache, render } = setup({ maxEntries: 2 });
    for (const path of ["/a", "/b", "/c"]) await render(`http://shop.test${path}`, html(PAGE("n")), "n");
    expect(cache.size()).toBe(2);
    expect(cache.lookup(cache.keyFor(new Request("http://shop.test/a"))!, "m")).toBeUndefined();
    expect(cache.lookup(cache.keyFor(new Request("http://shop.test/c"))!, "m")).toBeDefined();
  });

  it("never replays a page rendered with prices inc VAT to a visitor reading them ex VAT, or the reverse", async () => {
    // The server's own list of page cookies (server.ts), not the test's.
    const cache = createHtmlCache({ ttlMs: 10_000, staleMs: 60_000, maxEntries: 10, safeCookies: PAGE_COOKIES });
    const request = (cookie?: string) =>
      new Request("http://shop.test/product/8", { headers: cookie ? { Cookie: cookie } : {} });
    const incKey = cache.keyFor(request("prices=inc"));
    const exKey = cache.keyFor(request("prices=ex"));
    const noneKey = cache.keyFor(request());
    const bannerKey = cache.keyFor(request("promo_closed=1; prices=inc"));
    expect(incKey).toBeDefined();
    expect(exKey).toBeDefined();
    expect(new Set([incKey, exKey, noneKey, bannerKey]).size).toBe(4);

    const incPage = html(PAGE("n").replace("Caps", "£6.60 inc VAT"));
    await cache.store(incKey!, incPage, "n").text();
    await cache.settled();
    expect(await cache.lookup(incKey!, "m")?.response.text()).toContain("inc VAT");
    expect(cache.lookup(exKey!, "m")).toBeUndefined();
    expect(cache.lookup(noneKey!, "m")).toBeUndefined();
    expect(cache.lookup(bannerKey!, "m")).toBeUndefined();
  });
});
