/**
 * Drops keys whose value is undefined. Renaming legacy fields must not turn an absent
 * field into a present-but-undefined one: the model's rule is "absent stays absent".
 */
export function omitUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}
