import type { ServiceClient } from '../api';
import type { SubtitleRefusals } from './subtitle-refusals';

/**
 * The client with every subtitle listing's answer told to the refusals table, whoever asks
 * (a job, the Subtitles screen, `trove subtitles`): Trove learns per site from the service
 * where subtitles can work. Canceled or unanswered calls say nothing about the site.
 */
export function learningSubtitleSupport(client: ServiceClient, refusals: SubtitleRefusals): ServiceClient {
  return {
    ...client,
    async extractSubtitles(url, options) {
      const answer = await client.extractSubtitles(url, options);
      refusals.learn(url, answer.ok ? { ok: true } : { ok: false, code: answer.error.code, message: answer.error.message });
      return answer;
    },
  };
}
