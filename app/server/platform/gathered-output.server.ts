/** React's streamed page gathered into one piece per flush before it crosses the web stream, compression and socket. */
import { Transform, type TransformCallback } from "node:stream";

/** The most a gathered piece holds before it goes on regardless of a flush. */
const PIECE_BYTES = 64 * 1024;

/**
 * React's output gathered into one piece per flush (decision 089). React writes a page in 2 kB
 * pieces and calls `flush()` each time it has written all it can for now (the shell, then each
 * Suspense boundary as it resolves); each piece then crossed the web stream, the compression and
 * the socket on its own, which cost more CPU than rendering the page's cards. Gathered, a page goes
 * out in as few pieces as React's flushes, and still streams at each of them.
 */
export class GatheredOutput extends Transform {
  #pieces: Buffer[] = [];
  #bytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.#pieces.push(chunk);
    this.#bytes += chunk.length;
    if (this.#bytes >= PIECE_BYTES) this.flush();
    done();
  }

  /** What React has written so far goes on as one piece. */
  flush() {
    if (this.#bytes === 0) return;
    const piece = this.#pieces.length === 1 ? this.#pieces[0]! : Buffer.concat(this.#pieces, this.#bytes);
    this.#pieces = [];
    this.#bytes = 0;
    this.push(piece);
  }

  override _flush(done: TransformCallback) {
    this.flush();
    done();
  }
}
