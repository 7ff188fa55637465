/**
 * The v1 rule "a field without a value is omitted": drops undefined, null and "" at every
 * depth of a JSON-like value. Arrays keep their length except for such holes.
 */
export function omitEmpty<T>(value: T): T {
  if (Array.isArray(value)) return value.filter((item) => !isEmpty(item)).map(omitEmpty) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, field]) => !isEmpty(field))
        .map(([name, field]) => [name, omitEmpty(field)]),
    ) as T;
  }
  return value;
}

const isEmpty = (value: unknown): boolean => value === undefined || value === null || value === '';
