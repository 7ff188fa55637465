/** A copy of `set` with `member` in it or not: for checkbox selections kept in React state. */
export function withMember<T>(set: ReadonlySet<T>, member: T, present: boolean): ReadonlySet<T> {
  const next = new Set(set);
  if (present) next.add(member);
  else next.delete(member);
  return next;
}
