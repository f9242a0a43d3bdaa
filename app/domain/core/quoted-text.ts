/** The most of one piece of a buyer's text a mail quotes, in characters (docs/decisions/036-mail-to-confirmed-addresses.md). */
export const QUOTED_TEXT_MAX = 300;

/**
 * Text a buyer typed (a note, a company name, a PO reference, what they asked us to quote), made
 * fit to quote in a mail (decision 036): control, zero-width and direction-changing characters
 * become spaces, white space runs become one space, at most QUOTED_TEXT_MAX characters are kept
 * ("…" says more was typed), and what a mail client would turn into a link is broken: "://"
 * becomes "[:]//" and a dot before letters becomes "[.]", so "https://pay.example" reads
 * "https[:]//pay[.]example" and no address, domain or URL is clickable.
 */
export function quotableText(text: string): string {
  const flat = text
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  const chars = Array.from(flat);
  const bounded =
    chars.length > QUOTED_TEXT_MAX
      ? `${chars
          .slice(0, QUOTED_TEXT_MAX - 1)
          .join("")
          .trimEnd()}…`
      : flat;
  return bounded.replace(/:\/\//g, "[:]//").replace(/\.(?=\p{L})/gu, "[.]");
}
