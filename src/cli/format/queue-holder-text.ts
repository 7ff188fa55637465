import type { QueueHolder } from '../../shared/contract';

const FACES: Record<QueueHolder['face'], string> = {
  app: 'the Trove app',
  web: 'Trove in a browser (`trove serve`)',
  cli: 'another `trove` command',
};

/** Said when the jobs of a run wait in the queue another process runs; `holder` names it when it said who it is. */
export function queuedElsewhereNotice(holder: QueueHolder | null): string {
  const who = holder
    ? `${FACES[holder.face]} (process ${holder.pid}, since ${new Date(holder.startedAt).toLocaleTimeString()})`
    : 'another Trove';
  return `The downloads of this data folder are run by ${who}: the jobs were added to its queue and are followed here until they end. If it ends first, this one goes on with them.`;
}
