const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Rows are keyed by UUIDs; anything else in a URL can be refused without a query. */
export function isUuid(value: unknown): value is string {
  // The length first: a long path segment is refused before the pattern reads it (DESIGN decision 19).
  return typeof value === "string" && value.length === 36 && UUID.test(value);
}
