/**
 * A Cookie request header read as name and value pairs, in the order sent: the one reader for the
 * page cache, the price toggle and the sign-up claim. A value keeps any "=" it holds; a part
 * without "=" is a name with an empty value.
 */
export function parseCookies(header: string | null | undefined): [string, string][] {
  if (!header) return [];
  return header
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf("=");
      return at === -1 ? [part, ""] : [part.slice(0, at), part.slice(at + 1)];
    });
}

/** The first value sent for cookie `name`, or null. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  return parseCookies(header).find(([cookieName]) => cookieName === name)?.[1] ?? null;
}

/**
 * Whether the cookies the shop sets at `origin` (its public origin) are Secure: on https only, so a
 * local run over plain http still keeps them.
 */
export const securesCookies = (origin: string): boolean => origin.startsWith("https://");
