/**
 * Runs each variant `repetitions` times, alternating their order round by round
 * (A B, B A, A B, …) so that drift in the machine's load hits every variant alike.
 * Returns the samples of each variant, in the order they were taken.
 */
export async function alternate<K extends string>(
  repetitions: number,
  variants: Record<K, (round: number) => Promise<number>>,
): Promise<Record<K, number[]>> {
  const names = Object.keys(variants) as K[];
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < repetitions; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) samples[name].push(await variants[name](round));
  }
  return samples;
}
