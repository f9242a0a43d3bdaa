import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { finishReadingBody, UNREAD_BODY_MAX_BYTES } from "./unread-body.server";

const body = (...chunks: string[]) =>
  Readable.from(
    chunks.map((c) => Buffer.from(c)),
    { objectMode: false },
  );

describe("finishReadingBody", () => {
  it("reads an unread body to its end", async () => {
    const stream = body("a".repeat(1000), "b".repeat(1000));
    expect(await finishReadingBody(stream)).toBe(true);
    expect(stream.readableEnded).toBe(true);
  });

  it("reads what a route left after reading the start", async () => {
    const stream = body("head", "rest");
    stream.read(4);
    expect(await finishReadingBody(stream)).toBe(true);
  });

  it("reads on past a reader the route abandoned, which pauses the body when its queue is full", async () => {
    const stream = body("a".repeat(1000), "b".repeat(1000), "c".repeat(1000));
    stream.on("data", () => stream.pause());
    expect(await finishReadingBody(stream)).toBe(true);
  });

  it("stops past the limit and says the connection must close", async () => {
    expect(await finishReadingBody(body("a".repeat(600), "b".repeat(600)), 1000)).toBe(false);
  });

  it("reads at most 1 MB of a refused body unless told otherwise", async () => {
    expect(UNREAD_BODY_MAX_BYTES).toBeLessThanOrEqual(1024 * 1024);
    const megabyte = "a".repeat(1024 * 1024);
    expect(await finishReadingBody(body(megabyte))).toBe(true);
    expect(await finishReadingBody(body(megabyte, "b"))).toBe(false);
  });

  it("says false for a body cut off by the client", async () => {
    const stream = new Readable({ read() {} });
    const reading = finishReadingBody(stream);
    stream.push("partial");
    stream.destroy(new Error("aborted"));
    expect(await reading).toBe(false);
  });
});
