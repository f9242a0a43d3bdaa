/** Text a person typed, made one line: what a search, a name or a listed person is stored as. Pure. */

/**
 * Text as typed, on one line: control characters (a NUL, which no stored text may hold, a tab, a
 * line break) are spaces, runs of spaces one, and the ends trimmed.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
export const oneLine = (text: string): string => text.replace(/[\u0000-\u001f\u007f\s]+/g, " ").trim();
