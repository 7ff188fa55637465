import type { PlayerMoment } from './use-moment-playback';

/** The moment in a library address, #/library/<id>/said/<startMs>/<language>; undefined for any other. */
export function momentOf(action: string | undefined, rest: readonly string[]): PlayerMoment | undefined {
  const [startMs, language] = rest;
  if (action !== 'said' || startMs === undefined || !/^\d+$/.test(startMs) || !language) return undefined;
  return { startMs: Number(startMs), language };
}
