/**
 * The stored shape of a preflight report (docs/decisions/027-artwork-preflight.md; app/domain/artwork/preflight.ts, bounded by boundReport),
 * apart from the draft's schemas so the server's parser runner can hold a sandboxed worker's answer
 * to it without loading the catalogue.
 */
import { z } from "zod";
import { OVER_LIMITS, REPORT_LIMITS, UNREADABLE_REASONS } from "./preflight";
import { RASTER_FORMATS } from "./preflight-image";

const text = (max: number) => z.string().max(max, `Keep this under ${max} characters`);
const mm = z.number().nonnegative().max(100_000);
const colourUse = z.object({
  rgb: z.boolean(),
  cmyk: z.boolean(),
  gray: z.boolean(),
  spot: z.array(text(REPORT_LIMITS.name)).max(REPORT_LIMITS.spot),
});
/** A preflight report as stored with its file. */
export const preflightReportSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("pdf"),
    pages: z.number().int().nonnegative(),
    pageWidthMm: mm,
    pageHeightMm: mm,
    encrypted: z.boolean(),
    vector: z.boolean(),
    images: z
      .array(
        z.object({
          widthPx: z.number().int().positive(),
          heightPx: z.number().int().positive(),
          widthMm: mm,
          heightMm: mm,
        }),
      )
      .max(REPORT_LIMITS.images),
    colours: colourUse,
    fonts: z.array(z.object({ name: text(REPORT_LIMITS.name), embedded: z.boolean() })).max(REPORT_LIMITS.fonts),
    smallestTextMm: mm.nullable(),
  }),
  z.object({
    kind: z.literal("eps"),
    boundingBox: z.object({ widthMm: mm, heightMm: mm }).nullable(),
    raster: z.boolean(),
    dsc: z.record(text(REPORT_LIMITS.name), text(REPORT_LIMITS.dscValue)),
    colours: colourUse,
    preview: z.object({ format: z.enum(["tiff", "wmf"]), bytes: z.number().int().nonnegative() }).nullable(),
    pictureOff: z.literal(true).optional(),
  }),
  z.object({
    kind: z.literal("raster"),
    format: z.enum(RASTER_FORMATS),
    widthPx: z.number().int().positive().max(1_000_000),
    heightPx: z.number().int().positive().max(1_000_000),
    ppi: z.number().positive().max(100_000).nullable(),
    alpha: z.boolean(),
    colours: colourUse,
  }),
  z.object({
    kind: z.literal("svg"),
    size: z.object({ widthMm: mm, heightMm: mm }).nullable(),
    raster: z.boolean(),
    colours: colourUse,
  }),
  z.object({ kind: z.literal("unreadable"), reason: z.enum(UNREADABLE_REASONS) }),
  z.object({ kind: z.literal("unchecked"), overLimit: z.enum(OVER_LIMITS) }),
]);
