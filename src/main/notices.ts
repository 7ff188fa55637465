import type { EventPayload } from '../shared/contract';
import type { JobExtra, JobState, JobView } from '../shared/jobs';

/** A native notification's text. The main process is English-only for now (see docs/desktop.md). */
export interface Notice {
  title: string;
  body: string;
}

/** What could not be had, per extra, in the notification's words. */
const EXTRA_NOT_HAD: Readonly<Record<JobExtra, string>> = {
  subtitles: 'Subtitles not saved',
  subtitle_embed: 'Subtitles not embedded in the video',
  tags: "The post's details not written into the file",
  sidecar: "The post's details not written beside the file",
};

/** "Download finished, with 1 problem", naming each under the title: a done job never hides what it could not have. */
function finishedNotice(job: JobView): Notice {
  const problems = job.problems ?? [];
  if (problems.length === 0) return { title: 'Download finished', body: job.title };
  return {
    title: `Download finished, with ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`,
    body: [job.title, ...problems.map((problem) => `${EXTRA_NOT_HAD[problem.extra]}: ${problem.message}`)].join('\n'),
  };
}

/** A notice when a job has just finished or failed; nothing for progress or repeated updates. */
export function jobNotice(previous: JobState | undefined, job: JobView): Notice | undefined {
  if (previous === job.state) return undefined;
  if (job.state === 'done' && job.kind === 'post') return finishedNotice(job);
  if (job.state === 'done') return { title: 'Playlist queued', body: `${job.title}: ${job.itemsQueued ?? 0} posts` };
  if (job.state === 'failed') {
    return { title: 'Download failed', body: `${job.title}: ${job.error?.message ?? 'unknown error'}` };
  }
  return undefined;
}

export function balanceNotice(alert: EventPayload<'credits.alert'>): Notice {
  const balance = alert.balance.toLocaleString('en');
  if (alert.threshold === 0 || alert.balance <= 0) {
    return { title: 'Out of credits', body: 'The queue is paused until credits are added to your account.' };
  }
  return { title: 'Credits running low', body: `${balance} credits left (below ${alert.threshold.toLocaleString('en')}).` };
}

/** A copied link, offered for a preview: clicking shows it on the Grab screen, where nothing is downloaded until the user asks. */
export function clipboardLinkNotice(link: string): Notice {
  return { title: 'Preview this link?', body: `${link}\nClick to see it in Trove before downloading.` };
}

/** After a subscription's run: "3 new posts from @creator", or why it stopped early; nothing when it found nothing. */
export function subscriptionNotice(ran: EventPayload<'subscription.ran'>): Notice | undefined {
  const name = ran.username ? `@${ran.username}` : ran.title;
  if (ran.run.outcome === 'done') {
    if (ran.run.found === 0) return undefined;
    return { title: 'New posts', body: `${ran.run.found} new ${ran.run.found === 1 ? 'post' : 'posts'} from ${name}` };
  }
  const found = ran.run.found > 0 ? `${ran.run.found} new ${ran.run.found === 1 ? 'post' : 'posts'} queued. ` : '';
  return { title: `Subscription stopped: ${name}`, body: `${found}${ran.run.message ?? ''}`.trim() };
}
