/**
 * The names, sorted, of the fields whose value differs between a record before a change and after
 * it (or the changes sent): `fields`, else every key of `after`. Values are compared as JSON (dates
 * as their ISO text, arrays element by element), and null and undefined alike. What an audit entry
 * says an update changed: the names, never the values.
 */
export function changedFields<T extends object>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[] = Object.keys(after) as (keyof T & string)[],
): string[] {
  const json = (value: unknown) => JSON.stringify(value ?? null);
  return fields.filter((field) => json(before[field]) !== json(after[field])).sort();
}
