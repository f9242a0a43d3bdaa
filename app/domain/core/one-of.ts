/** A type guard that accepts exactly the strings in `values` (an enum's ids from a request or a row). */
export function oneOf<T extends string>(values: readonly T[]): (value: unknown) => value is T {
  const allowed: readonly string[] = values;
  return (value: unknown): value is T => typeof value === "string" && allowed.includes(value);
}

/** A table's keys in their written order: the ids of an enum whose labels the table holds. */
export function keysOf<K extends string>(table: Readonly<Record<K, unknown>>): readonly [K, ...K[]] {
  return Object.keys(table) as [K, ...K[]];
}
