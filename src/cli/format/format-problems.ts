import type { JobExtra, JobProblem, JobView } from '../../shared/jobs';

/** What could not be had, per extra: the CLI's words (the app's are in its locales). */
const EXTRA_NOT_HAD: Readonly<Record<JobExtra, string>> = {
  subtitles: 'Subtitles not saved',
  subtitle_embed: 'Subtitles not embedded into the video',
  tags: "The post's details not written into the file",
  sidecar: "The post's details not written beside the file",
};

/** "done, with 1 problem": how a done job whose extras were not all had reads in a line. */
export function doneWithProblems(job: Pick<JobView, 'problems'>): string {
  const count = job.problems?.length ?? 0;
  return count === 0 ? 'done' : `done, with ${count} ${count === 1 ? 'problem' : 'problems'}`;
}

/** What to type next for a problem, when something can help: saving the subtitles again once the cause is gone. */
function problemHint(problem: JobProblem, link: string): string | undefined {
  if (problem.extra !== 'subtitles') return undefined;
  if (problem.code === 'out_of_credits') return `Top up your credits, then run \`trove subtitles ${link}\` to save them.`;
  if (problem.code === 'network_error' || problem.code === 'server_error' || problem.code === 'timeout' || problem.code === 'too_many_requests') {
    return `Run \`trove subtitles ${link}\` later to save them.`;
  }
  return undefined;
}

/** One line per problem ("Subtitles not saved: [unsupported_site] …"), with what to do next under it. */
export function problemLines(job: Pick<JobView, 'problems' | 'url'>): string[] {
  return (job.problems ?? []).flatMap((problem) => {
    const hint = problemHint(problem, job.url);
    return [`    ${EXTRA_NOT_HAD[problem.extra]}: [${problem.code}] ${problem.message}`, ...(hint !== undefined ? [`      → ${hint}`] : [])];
  });
}
