export type ProgressReport = (bytes: number, total: number | undefined, speed: number) => void;

export interface ProgressTracker {
  /** A stream about to come down; its size if the service said it. */
  expect(key: string, total: number | undefined): void;
  update(key: string, done: number, total: number | undefined, speed: number): void;
  finish(key: string, size: number): void;
}

/** Sums the progress of the downloads of one job into one figure for the faces. */
export function progressTracker(report: ProgressReport): ProgressTracker {
  const bytes = new Map<string, number>();
  const totals = new Map<string, number | undefined>();
  const speeds = new Map<string, number>();
  const send = (): void => {
    const known = [...totals.values()];
    const total = known.every((value) => value !== undefined) ? known.reduce<number>((sum, value) => sum + (value ?? 0), 0) : undefined;
    const sum = (map: Map<string, number>): number => [...map.values()].reduce((a, b) => a + b, 0);
    report(sum(bytes), total, sum(speeds));
  };
  return {
    expect(key, total) {
      if (!totals.has(key)) totals.set(key, total);
    },
    update(key, done, total, speed) {
      bytes.set(key, done);
      if (total !== undefined) totals.set(key, total);
      speeds.set(key, speed);
      send();
    },
    finish(key, size) {
      bytes.set(key, size);
      totals.set(key, size);
      speeds.set(key, 0);
      send();
    },
  };
}
