/**
 * Brand kits: logos (artwork files, reusable), brand colours (hex) and default
 * placement notes, kept per account (an organisation, or a buyer without one). Bounded so a kit
 * stays a kit: 20 logos, 20 colours, notes as long as a draft's placement details. Pure.
 */
import { DRAFT_LIMITS } from "../core/draft-base";

export const BRAND_KIT_LIMITS = { logos: 20, colours: 20, placementNotes: DRAFT_LIMITS.placementDetails } as const;

export const BRAND_KIT_MESSAGES = {
  tooManyLogos: `A brand kit keeps at most ${BRAND_KIT_LIMITS.logos} logos: remove one first.`,
  tooManyColours: `A brand kit keeps at most ${BRAND_KIT_LIMITS.colours} colours.`,
  notesTooLong: `Keep the placement notes under ${BRAND_KIT_LIMITS.placementNotes} characters.`,
  noLogo: "That logo isn't in your brand kit any more.",
  saved: "Brand kit saved.",
  removed: "Logo removed from your brand kit.",
  rateLimited: "Too many changes at once. Please try again later.",
  /** Decision 035: members read the organisation's kit; owners and admins change it. */
  readOnly: "Only your organisation's owners and admins can change its brand kit.",
} as const;

export type BrandKitView = {
  colours: string[];
  placementNotes: string;
  logos: { id: string; name: string; size: number; createdAt: string }[];
};

const HEX = /^#?[0-9a-f]{6}$/;

/**
 * Brand colours as the buyer types them, separated by commas, spaces or new lines: each a
 * six-digit hex, with or without '#', in any case; kept as '#rrggbb', once each, in the order given.
 */
export function parseBrandColours(text: string): { ok: true; colours: string[] } | { ok: false; message: string } {
  if (text.length > 20 * BRAND_KIT_LIMITS.colours) return { ok: false, message: BRAND_KIT_MESSAGES.tooManyColours };
  const parts = text
    .split(/[\s,;]/)
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  const colours: string[] = [];
  for (const part of parts) {
    if (part.length > 7 || !HEX.test(part)) {
      return { ok: false, message: `"${part.slice(0, 12)}" is not a colour: use six hex digits, like #1F2A56.` };
    }
    const hex = part.startsWith("#") ? part : `#${part}`;
    if (!colours.includes(hex)) colours.push(hex);
  }
  if (colours.length > BRAND_KIT_LIMITS.colours) return { ok: false, message: BRAND_KIT_MESSAGES.tooManyColours };
  return { ok: true, colours };
}

/** The placement notes, trimmed; null when too long. */
export function cleanPlacementNotes(text: string): string | null {
  const notes = text.trim();
  return notes.length > BRAND_KIT_LIMITS.placementNotes ? null : notes;
}

/** What step 2's placement details become when the buyer takes the kit's notes: kept, then added. */
export function withPlacementNotes(
  current: string,
  notes: string,
  max: number = DRAFT_LIMITS.placementDetails,
): string {
  const mine = current.trim();
  if (mine === "") return notes.slice(0, max);
  if (mine.includes(notes)) return current;
  return `${mine}\n${notes}`.slice(0, max);
}
