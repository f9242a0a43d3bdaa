/** Placement sizes, from the catalogue's option texts (docs/decisions/027-artwork-preflight.md). Pure. */

const SIZE = /up to (\d+(?:\.\d+)?) × (\d+(?:\.\d+)?) (cm|mm)/i;

/** "Up to 10 × 5.5 cm, up to 8 thread colours" → 100 × 55 mm; null when the text gives no size. */
export function parsePlacementSize(text: string): { widthMm: number; heightMm: number } | null {
  const match = SIZE.exec(text);
  if (!match) return null;
  const unit = match[3]!.toLowerCase() === "cm" ? 10 : 1;
  return { widthMm: Number(match[1]) * unit, heightMm: Number(match[2]) * unit };
}
