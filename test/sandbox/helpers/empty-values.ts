/** JSON paths (a.b[0].c) of every null or "" value anywhere in `value`. */
export function emptyValuePaths(value: unknown, path = '$'): string[] {
  if (value === null || value === '') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => emptyValuePaths(item, `${path}[${i}]`));
  if (typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => emptyValuePaths(item, `${path}.${key}`));
  return [];
}
