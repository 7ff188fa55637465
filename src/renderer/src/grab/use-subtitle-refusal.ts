import { useEffect, useState } from 'react';
import { siteOf } from '../../../shared/price-quote';
import type { SubtitleRefusal } from '../../../shared/subtitles';
import { useClient } from '../api/client-context';

/**
 * Whether the service has refused to list subtitles on the site of `link` (learned by the
 * engine from its answers, `subtitles.refusals`): then Grab does not offer subtitles there.
 * Asked once per preview card; unknown (offered) until it answers.
 */
export function useSubtitleRefusal(link: string | undefined): SubtitleRefusal | undefined {
  const { api } = useClient();
  const [refusal, setRefusal] = useState<SubtitleRefusal | undefined>(undefined);
  useEffect(() => {
    const site = link === undefined ? undefined : siteOf(link);
    if (site === undefined) return;
    let current = true;
    void api['subtitles.refusals']({}).then((answer) => {
      if (current && answer.ok) setRefusal(answer.value.refusals.find((known) => known.site === site));
    });
    return () => {
      current = false;
    };
  }, [api, link]);
  return refusal;
}
