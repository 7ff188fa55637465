import type { TFunction } from 'i18next';
import type { JobProblem } from '../../../shared/jobs';
import { errorWordsKey } from '../errors/error-words';

/**
 * A done job's problems in the user's words, each "what could not be had: why"
 * ("Subtitles not saved: That site is not supported by the service."), for its one line
 * in the queue row; the engine's messages (the specifics) go in its tooltip.
 */
export function problemWords(t: TFunction, problems: readonly JobProblem[]): { text: string; details: string } {
  const words = problems.map((problem) => t('queue.problem', { extra: t(`queue.extraNotHad.${problem.extra}`), reason: t(errorWordsKey(problem.code)) }));
  return { text: words.join(' · '), details: problems.map((problem, index) => `${words[index] ?? ''} ${problem.message}`).join('\n') };
}
