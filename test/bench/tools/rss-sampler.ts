import { readFile } from 'node:fs/promises';

/** Samples a process's resident set from /proc every `intervalMs`; `stop` returns the largest seen. */
export function sampleRss(pid: number, intervalMs = 25): { stop(): number } {
  let peak = 0;
  const timer = setInterval(() => {
    readFile(`/proc/${pid}/status`, 'utf8').then(
      (status) => {
        const kib = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
        peak = Math.max(peak, kib * 1024);
      },
      () => undefined, // the process has exited
    );
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}
