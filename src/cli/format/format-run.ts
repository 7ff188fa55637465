import type { JobView } from '../../shared/jobs';
import { nextStep } from '../next-step';
import { jobLine } from './format-job';
import { problemLines } from './format-problems';

/** The files a run wrote, in job order. */
export const filesOfRun = (jobs: readonly JobView[]): string[] => jobs.filter((job) => job.state === 'done').flatMap((job) => job.files);

/** Per job, what a script needs: where it ended and what it wrote. */
export function jobSummary(job: JobView): Record<string, unknown> {
  return {
    id: job.id,
    kind: job.kind,
    url: job.url,
    title: job.title,
    state: job.state,
    ...(job.parentId !== undefined && { parentId: job.parentId }),
    ...(job.pauseReason !== undefined && { pauseReason: job.pauseReason }),
    ...(job.libraryPostId !== undefined && { libraryPostId: job.libraryPostId }),
    files: job.files,
    ...(job.problems !== undefined && { problems: job.problems }),
    ...(job.error !== undefined && { error: job.error }),
  };
}

/**
 * The closing summary of `get` and `queue resume|retry`: counts, what went wrong and why
 * (jobs not done, then extras asked for that done jobs could not have), the files.
 */
export function runSummaryLines(jobs: readonly JobView[]): string[] {
  const posts = jobs.filter((job) => job.kind === 'post');
  const done = posts.filter((job) => job.state === 'done').length;
  const problems = jobs.filter((job) => job.state !== 'done');
  const withProblems = jobs.filter((job) => job.state === 'done' && job.problems !== undefined);
  const problemCount = withProblems.reduce((sum, job) => sum + (job.problems?.length ?? 0), 0);
  const listsNotDone = problems.filter((job) => job.kind === 'playlist').length;
  const postsNotDone = problems.length - listsNotDone;
  const files = filesOfRun(jobs);
  return [
    jobs.length === 0
      ? 'Nothing was downloaded.'
      : `${done} of ${posts.length} ${posts.length === 1 ? 'post' : 'posts'} done${postsNotDone > 0 ? `, ${postsNotDone} not` : ''}` +
        (problemCount > 0 ? `, with ${problemCount} ${problemCount === 1 ? 'problem' : 'problems'}` : '') +
        (listsNotDone > 0 ? `; ${listsNotDone} ${listsNotDone === 1 ? 'profile or playlist' : 'profiles or playlists'} not done.` : '.'),
    ...problems.flatMap((job) => {
      const hint = job.error ? (nextStep(job.error) ?? retryHint(job.id, job.error.retryable)) : pausedHint(job);
      return [`  ${jobLine(job)}`, ...(hint !== undefined ? [`    → ${hint}`] : [])];
    }),
    ...withProblems.flatMap((job) => [`  ${jobLine(job)}`, ...problemLines(job)]),
    ...(files.length > 0 ? ['Files:', ...files.map((file) => `  ${file}`)] : []),
  ];
}

/** A retry is offered unless the engine says it cannot help: it would only fail the same way. */
const retryHint = (id: number, retryable: boolean | undefined): string | undefined =>
  retryable === false ? undefined : `Run \`trove queue retry ${id}\` to try again.`;

function pausedHint(job: JobView): string | undefined {
  if (job.state !== 'paused') return undefined;
  if (job.pauseReason === undefined) return undefined;
  const held = job.pauseReason === 'out_of_credits' || job.pauseReason === 'key_required' ? nextStep({ code: job.pauseReason }) : undefined;
  return held ?? 'Run `trove queue resume` to continue.';
}
