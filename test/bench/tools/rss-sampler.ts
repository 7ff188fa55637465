import { readFile } from 'node:fs/promises';

/** The resident set at its sampled peak, split as the kernel counts it (/proc/<pid>/smaps_rollup). */
export interface RssPeak {
  rssBytes: number;
  /** Anonymous memory: the malloc heap, V8's spaces, buffers. */
  anonymousBytes: number;
  /** File-backed pages mapped by the process (its binary, libraries): the page cache of files it writes is not here. */
  fileBytes: number;
}

const field = (text: string, name: string): number => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;

/** Samples a process's resident set from /proc every `intervalMs`; `stop` returns the largest seen, with its split. */
export function sampleRss(pid: number, intervalMs = 25): { stop(): RssPeak } {
  let peak: RssPeak = { rssBytes: 0, anonymousBytes: 0, fileBytes: 0 };
  const timer = setInterval(() => {
    readFile(`/proc/${pid}/smaps_rollup`, 'utf8').then(
      (rollup) => {
        const rssBytes = field(rollup, 'Rss');
        if (rssBytes <= peak.rssBytes) return;
        const anonymousBytes = field(rollup, 'Anonymous');
        peak = { rssBytes, anonymousBytes, fileBytes: rssBytes - anonymousBytes - field(rollup, 'Pss_Shmem') };
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
