/** The shape of a row's id, so an id from a URL or a form that cannot be one is refused before any query. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Rows are keyed by UUIDs; anything else in a URL can be refused without a query. */
export function isUuid(value: unknown): value is string {
  // The length first: a long path segment is refused before the pattern reads it (decision 062).
  return typeof value === "string" && value.length === 36 && UUID.test(value);
}
