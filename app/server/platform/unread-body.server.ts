/**
 * Reads to its end, up to a limit, the body a route refused without reading, so the refusal reaches a
 * client still sending it (decisions 009 and 062).
 */
import type { Readable } from "node:stream";

/**
 * The most of an unread request body read to its end. Reading it costs the server as much as it
 * costs whoever sends it, for nothing, and the route that left it unread refused it (a visitor's
 * 50 MB upload without a session; decision 062). Past this the answer goes out and the rest is
 * @hono/node-server's: it drops what arrives for 500 ms more, then closes the connection.
 */
export const UNREAD_BODY_MAX_BYTES = 1024 * 1024;

/**
 * Reads and drops what is left of a request body that its route answered without reading (a 404,
 * 405, 413 or 415 refusal), so the answer can go out on a connection that stays usable. Hono waits
 * only 500 ms for such a body and then resets the connection, and a client still sending it (a slow
 * upload, a busy machine) loses the answer, or its next request on that connection.
 * Says false when the body was cut off or longer than `maxBytes`: that connection will not be reused.
 */
export function finishReadingBody(body: Readable, maxBytes = UNREAD_BODY_MAX_BYTES): Promise<boolean> {
  if (body.readableEnded) return Promise.resolve(true);
  if (body.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let size = 0;
    const settle = (whole: boolean) => {
      body.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      resolve(whole);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        body.pause();
        settle(false);
      }
    };
    const onEnd = () => settle(true);
    const onError = () => settle(false);
    const onClose = () => settle(body.readableEnded);
    // Whatever the route had reading the body (a web stream over it) has given up on it, and its
    // listener would pause the body again as its own unread queue fills.
    body.removeAllListeners("data");
    body.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
    body.resume();
  });
}
