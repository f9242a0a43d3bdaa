import { describe, expect, it } from "vitest";
import { GatheredOutput } from "./gathered-output.server";

/** Every piece the output lets go of, as text, in order. */
function piecesOf(output: GatheredOutput): string[] {
  const pieces: string[] = [];
  output.on("data", (piece: Buffer) => pieces.push(piece.toString()));
  return pieces;
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("GatheredOutput", () => {
  it("lets what was written go as one piece at each flush, as React streams a page", async () => {
    const output = new GatheredOutput();
    const pieces = piecesOf(output);
    output.write("<html><body>");
    output.write("<main>");
    await settled();
    expect(pieces).toEqual([]);
    output.flush();
    await settled();
    expect(pieces).toEqual(["<html><body><main>"]);
    // A flush with nothing new written sends nothing.
    output.flush();
    output.write("<template>later</template>");
    output.flush();
    await settled();
    expect(pieces).toEqual(["<html><body><main>", "<template>later</template>"]);
  });

  it("lets what is left go when it ends, and a full piece go before a flush", async () => {
    const output = new GatheredOutput();
    const pieces = piecesOf(output);
    const big = "x".repeat(40 * 1024);
    output.write(big);
    output.write(big);
    await settled();
    expect(pieces.map((piece) => piece.length)).toEqual([80 * 1024]);
    output.end("</html>");
    await new Promise((resolve) => output.on("end", resolve));
    expect(pieces.at(-1)).toBe("</html>");
    expect(pieces.join("")).toBe(`${big}${big}</html>`);
  });
});
