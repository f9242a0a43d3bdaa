/**
 * What a product's gallery holds (docs/decisions/066-catalogue-is-data.md): how many pictures, what
 * each says of itself in words, and what staff are told when an upload or a change is refused.
 */

/** The most pictures a product's gallery holds. */
export const MAX_PICTURES = 12;
/** What an alt text may be: the database holds 300 characters. */
export const PICTURE_ALT_MAX = 300;

export const PICTURE_MESSAGES = {
  noFile: "Choose a picture to upload.",
  alt: `Describe the picture for people who can't see it, in up to ${PICTURE_ALT_MAX} characters.`,
  colour: "Choose one of the product's colours, or none.",
  full: `A product can have up to ${MAX_PICTURES} pictures: remove one first.`,
  noSuchPicture: "That picture is no longer on the product. Reload the page.",
  alreadyFirst: "That picture is already the first.",
} as const;

/**
 * An upload's words as the form sent them: the alt text, trimmed, required and at most 300
 * characters, and the colour it shows, if one (the product's own colours are checked where they are kept).
 */
export function pictureWords(
  alt: unknown,
  colour: unknown,
): { ok: true; alt: string; colour: string | null } | { ok: false; field: "alt" | "colour"; message: string } {
  const text = typeof alt === "string" ? alt.trim() : "";
  if (text.length === 0 || text.length > PICTURE_ALT_MAX)
    return { ok: false, field: "alt", message: PICTURE_MESSAGES.alt };
  if (colour !== null && typeof colour !== "string")
    return { ok: false, field: "colour", message: PICTURE_MESSAGES.colour };
  return { ok: true, alt: text, colour: colour || null };
}
