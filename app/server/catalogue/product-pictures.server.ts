/**
 * A product picture as staff upload it (docs/decisions/066-catalogue-is-data.md), made into the
 * files the pages use: WebP renders at the widths the cards and the zoom view take, square on a
 * white ground so no part of the product is cut off, turned as the camera held it, with every
 * piece of metadata (camera, place, owner) left behind. A file is judged before anything is
 * decoded: its size, what its first bytes say it is against what it claims to be, and its size in
 * pixels as its header gives it, so a decompression bomb is refused without being opened.
 *
 * Staff alone upload pictures (the catalogue permission), so libvips runs in this process with
 * its pixel limit; the files of strangers go through the sandbox instead (decision 063).
 */
import { createHash } from "node:crypto";
import sharp, { type Metadata } from "sharp";

/** The largest picture staff may upload: a full-resolution camera JPEG fits. */
export const PICTURE_MAX_BYTES = 20 * 1024 * 1024;
/** The longest side a picture may have, and the shortest a card can be drawn from without blur. */
export const PICTURE_MAX_SIDE = 8000;
export const PICTURE_MIN_SIDE = 400;
/** The square renders: the cards' srcset (320, 400) and the zoom view (1200). */
export const PICTURE_WIDTHS = [320, 400, 1200] as const;

const FORMATS = {
  jpeg: { type: "image/jpeg", name: "JPEG" },
  png: { type: "image/png", name: "PNG" },
  webp: { type: "image/webp", name: "WebP" },
} as const;
export type PictureFormat = keyof typeof FORMATS;

export type PictureRefusal = {
  code: "too_large" | "not_a_picture" | "type_mismatch" | "too_many_pixels" | "too_small" | "unreadable";
  message: string;
};

export type PictureFile = { width: number; height: number; bytes: Uint8Array; sha256: string };

export type PreparedPicture = {
  /** The upload as it came, kept so the renders can be made again; never served. */
  original: PictureFile & { format: PictureFormat };
  /** One WebP per PICTURE_WIDTHS entry, in that order. */
  renders: PictureFile[];
};

// libvips' own cache only keeps decoded images for re-use a shop never makes.
sharp.cache(false);

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
const px = (n: number) => n.toLocaleString("en-GB");

/** What a file's first bytes say it is: JPEG, PNG or WebP, or null for anything else. */
export function sniffPicture(bytes: Uint8Array): PictureFormat | null {
  const starts = (offset: number, signature: readonly number[]) =>
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts(0, [0xff, 0xd8, 0xff])) return "jpeg";
  if (starts(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts(0, [0x52, 0x49, 0x46, 0x46]) && starts(8, [0x57, 0x45, 0x42, 0x50])) return "webp";
  return null;
}

const refuse = (code: PictureRefusal["code"], message: string): PictureRefusal => ({ code, message });

/**
 * Judges an upload and makes its renders, or says why it cannot be used. `declaredType` is the
 * Content-Type the upload came with; a file whose bytes are another format is refused.
 */
export async function preparePicture(
  bytes: Uint8Array,
  declaredType: string,
): Promise<PreparedPicture | PictureRefusal> {
  if (bytes.byteLength > PICTURE_MAX_BYTES) {
    return refuse(
      "too_large",
      `Pictures can be up to ${megabytes(PICTURE_MAX_BYTES)}; this one is ${megabytes(bytes.byteLength)}.`,
    );
  }
  const format = sniffPicture(bytes);
  if (format === null) return refuse("not_a_picture", "Upload a JPEG, PNG or WebP picture.");
  const declared = declaredType.split(";")[0]?.trim().toLowerCase();
  if (declared !== FORMATS[format].type) {
    return refuse(
      "type_mismatch",
      `This file is a ${FORMATS[format].name} picture but was sent as ${declared || "no type"}; upload it again as it is.`,
    );
  }

  let header: Metadata;
  try {
    // The header only: no pixel is decoded here, so its claimed size can be read whatever it is.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return refuse("unreadable", `This ${FORMATS[format].name} picture could not be read. Save it again and upload it.`);
  }
  const { width = 0, height = 0 } = header;
  if (header.format !== format) return refuse("not_a_picture", "Upload a JPEG, PNG or WebP picture.");
  if (width > PICTURE_MAX_SIDE || height > PICTURE_MAX_SIDE) {
    return refuse(
      "too_many_pixels",
      `Pictures can be up to ${px(PICTURE_MAX_SIDE)} px on a side; this one is ${px(width)} × ${px(height)} px.`,
    );
  }
  if (Math.min(width, height) < PICTURE_MIN_SIDE) {
    return refuse(
      "too_small",
      `Pictures need to be at least ${PICTURE_MIN_SIDE} px on each side to look sharp; this one is ${px(width)} × ${px(height)} px.`,
    );
  }

  const open = () =>
    sharp(bytes, { limitInputPixels: PICTURE_MAX_SIDE * PICTURE_MAX_SIDE, failOn: "error", sequentialRead: true });
  try {
    const renders: PictureFile[] = [];
    for (const side of PICTURE_WIDTHS) {
      const { data, info } = await open()
        .autoOrient()
        .resize({ width: side, height: side, fit: "contain", background: "#ffffff" })
        .flatten({ background: "#ffffff" })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      renders.push({ width: info.width, height: info.height, bytes: data, sha256: sha256(data) });
    }
    return { original: { format, width, height, bytes, sha256: sha256(bytes) }, renders };
  } catch {
    return refuse("unreadable", `This ${FORMATS[format].name} picture could not be read. Save it again and upload it.`);
  }
}
