import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { greyPng } from "../../../tests/setup/artwork-corpus";
import {
  PICTURE_MAX_BYTES,
  PICTURE_WIDTHS,
  type PictureRefusal,
  type PreparedPicture,
  preparePicture,
  sniffPicture,
} from "./product-pictures.server";

/** A photo-like picture: a navy product on a light ground, `width` × `height`, in `format`. */
async function photo(width: number, height: number, format: "jpeg" | "png" | "webp", exif = false) {
  const product = await sharp({
    create: { width: Math.round(width / 2), height: Math.round(height / 2), channels: 3, background: "#1f2a56" },
  })
    .png()
    .toBuffer();
  let image = sharp({ create: { width, height, channels: 3, background: "#eeeeee" } }).composite([
    { input: product, gravity: "centre" },
  ]);
  if (exif) image = image.withExif({ IFD0: { Copyright: "Jane Smith", Artist: "Jane Smith", Orientation: "6" } });
  return new Uint8Array(await image.toFormat(format).toBuffer());
}

const prepared = (result: PreparedPicture | PictureRefusal): PreparedPicture => {
  if ("code" in result) throw new Error(`refused: ${result.message}`);
  return result;
};
const refused = (result: PreparedPicture | PictureRefusal): PictureRefusal => {
  if (!("code" in result)) throw new Error("prepared a picture that should have been refused");
  return result;
};

describe("sniffPicture: what the first bytes say", () => {
  it("knows JPEG, PNG and WebP, and nothing else", async () => {
    expect(sniffPicture(await photo(400, 400, "jpeg"))).toBe("jpeg");
    expect(sniffPicture(await photo(400, 400, "png"))).toBe("png");
    expect(sniffPicture(await photo(400, 400, "webp"))).toBe("webp");
    expect(sniffPicture(new TextEncoder().encode("GIF89a……"))).toBeNull();
    expect(sniffPicture(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffPicture(new TextEncoder().encode("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
    expect(sniffPicture(new Uint8Array())).toBeNull();
  });
});

describe("preparePicture: the renders the pages use", () => {
  it.each([
    ["jpeg", "image/jpeg"],
    ["png", "image/png"],
    ["webp", "image/webp"],
  ] as const)(
    "makes square WebP renders at 320, 400 and 1200 px from a %s, keeping the original",
    async (format, type) => {
      const bytes = await photo(1600, 1000, format);
      const picture = prepared(await preparePicture(bytes, type));
      expect(picture.original).toMatchObject({ format, width: 1600, height: 1000, bytes });
      expect(picture.renders.map((r) => [r.width, r.height])).toEqual(PICTURE_WIDTHS.map((w) => [w, w]));
      for (const render of picture.renders) {
        const meta = await sharp(render.bytes).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(["webp", render.width, render.height]);
        expect(render.sha256).toMatch(/^[0-9a-f]{64}$/);
      }
      // Letterboxed on white, not cropped: the top row of a wide picture is the ground, white.
      const { data } = await sharp(picture.renders[1]!.bytes).raw().toBuffer({ resolveWithObject: true });
      expect([...data.subarray(0, 3)].every((channel) => channel > 245)).toBe(true);
    },
  );

  it("leaves the camera's metadata behind and turns the picture as the camera held it", async () => {
    const bytes = await photo(1200, 800, "jpeg", true);
    expect((await sharp(bytes).metadata()).exif).toBeDefined();
    const picture = prepared(await preparePicture(bytes, "image/jpeg"));
    for (const render of picture.renders) {
      const meta = await sharp(render.bytes).metadata();
      expect([meta.exif, meta.icc, meta.xmp, meta.orientation]).toEqual([undefined, undefined, undefined, undefined]);
    }
    // Orientation 6: the 1200 × 800 landscape is a portrait once turned, so the product sits
    // in a tall box: the left edge of the square is white ground, the middle is navy.
    const { data, info } = await sharp(picture.renders[1]!.bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    expect(at(200, 200).every((c) => c < 120)).toBe(true);
    expect(at(5, 200).every((c) => c > 200)).toBe(true);
  });

  it("renders the same file to the same bytes, so names made from their hash are stable", async () => {
    const bytes = await photo(800, 800, "png");
    const [a, b] = [
      prepared(await preparePicture(bytes, "image/png")),
      prepared(await preparePicture(bytes, "image/png")),
    ];
    expect(a.renders.map((r) => r.sha256)).toEqual(b.renders.map((r) => r.sha256));
  });
});

describe("preparePicture: what is refused before anything is decoded", () => {
  it("refuses a file over 20 MB by its size alone", async () => {
    const big = new Uint8Array(PICTURE_MAX_BYTES + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect(refused(await preparePicture(big, "image/jpeg"))).toEqual({
      code: "too_large",
      message: "Pictures can be up to 20.0 MB; this one is 20.0 MB.",
    });
  });

  it("refuses what is not a JPEG, PNG or WebP whatever it is sent as", async () => {
    const gif = new TextEncoder().encode("GIF89a\x01\x00\x01\x00");
    const svg = new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>");
    for (const [bytes, type] of [
      [gif, "image/gif"],
      [svg, "image/png"],
      [new TextEncoder().encode("%PDF-1.7"), "image/jpeg"],
    ] as const) {
      expect(refused(await preparePicture(bytes, type))).toEqual({
        code: "not_a_picture",
        message: "Upload a JPEG, PNG or WebP picture.",
      });
    }
  });

  it("refuses a file whose bytes are another format than it claims", async () => {
    const png = await photo(500, 500, "png");
    expect(refused(await preparePicture(png, "image/jpeg"))).toEqual({
      code: "type_mismatch",
      message: "This file is a PNG picture but was sent as image/jpeg; upload it again as it is.",
    });
    expect(refused(await preparePicture(png, "")).code).toBe("type_mismatch");
    expect(prepared(await preparePicture(png, "image/PNG; charset=binary")).original.format).toBe("png");
  });

  it("refuses a PNG claiming 50,000 × 50,000 px from its header, before decoding a pixel", async () => {
    const bomb = greyPng(50_000, 50_000, 1);
    expect(bomb.byteLength).toBeLessThan(1024);
    expect(refused(await preparePicture(bomb, "image/png"))).toEqual({
      code: "too_many_pixels",
      message: "Pictures can be up to 8,000 px on a side; this one is 50,000 × 50,000 px.",
    });
  });

  it("refuses a picture too small to show sharply on a card", async () => {
    expect(refused(await preparePicture(await photo(640, 300, "jpeg"), "image/jpeg"))).toEqual({
      code: "too_small",
      message: "Pictures need to be at least 400 px on each side to look sharp; this one is 640 × 300 px.",
    });
  });

  it("refuses a truncated file as unreadable", async () => {
    const whole = await photo(900, 900, "png");
    const cut = whole.subarray(0, Math.floor(whole.byteLength / 2));
    expect(refused(await preparePicture(cut, "image/png"))).toEqual({
      code: "unreadable",
      message: "This PNG picture could not be read. Save it again and upload it.",
    });
  });
});
